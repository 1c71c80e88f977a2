package dev.wick.core.io;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A commit killed in the middle of one of its moves, as on an object store, where a folder's rename
 * copies and deletes object by object: the next recovery finishes that move and the output is
 * whole, the new one, with nothing left beside it.
 */
class HalfMovedCommitTest {
  @TempDir Path dir;
  FileSystem fs;
  String id;
  Path out;
  Path staging;
  Path trash;
  Path journal;

  static final Map<String, String> OLD = Map.of("old-1", "o1", "sub/old-2", "o2", "_SUCCESS", "");
  static final Map<String, String> NEW =
      Map.of("new-1", "n1", "sub/new-2", "n2", "sub/new-3", "n3", "_SUCCESS", "");

  @BeforeEach
  void paths() throws IOException {
    fs = FileSystem.getLocal(new Configuration()).getRaw();
    id = UUID.randomUUID().toString();
    out = dir.resolve("out");
    staging = dir.resolve(".wick-staging-out-" + id);
    trash = dir.resolve(".wick-trash-out-" + id);
    journal = dir.resolve(".wick-commit-out-" + id);
  }

  private static void write(Path root, Map<String, String> files) throws IOException {
    for (var e : files.entrySet()) {
      Path f = root.resolve(e.getKey());
      Files.createDirectories(f.getParent());
      Files.writeString(f, e.getValue());
    }
  }

  /** Moves the named files of {@code from} to {@code to}, as a move killed half way leaves them. */
  private static void moveSome(Path from, Path to, String... names) throws IOException {
    for (String n : names) {
      Files.createDirectories(to.resolve(n).getParent());
      Files.move(from.resolve(n), to.resolve(n));
    }
  }

  private static Map<String, String> contents(Path root) throws IOException {
    Map<String, String> m = new TreeMap<>();
    try (Stream<Path> s = Files.walk(root)) {
      for (Path p : s.filter(Files::isRegularFile).toList()) {
        m.put(root.relativize(p).toString(), Files.readString(p));
      }
    }
    return m;
  }

  private void recover() throws IOException {
    CommitJournal.recover(fs, new org.apache.hadoop.fs.Path("file", null, out.toString()));
    assertThat(contents(out)).isEqualTo(new TreeMap<>(NEW));
    try (Stream<Path> s = Files.list(dir)) {
      assertThat(s.map(p -> p.getFileName().toString())).containsExactly("out");
    }
  }

  @Test
  void killedWhileSettingTheOldOutputAsideIsFinished() throws IOException {
    write(out, OLD);
    write(staging, NEW);
    Files.createFile(journal);
    moveSome(out, trash, "old-1", "sub/old-2");
    recover();
  }

  @Test
  void killedWhileMovingTheNewOutputInIsFinished() throws IOException {
    write(trash, OLD);
    write(staging, NEW);
    Files.writeString(journal, "old output set aside\n");
    moveSome(staging, out, "new-1", "sub/new-2");
    // A copy made before the kill whose source was not deleted yet.
    Files.writeString(staging.resolve("new-1"), "n1");
    recover();
  }

  @Test
  void killedAfterSettingTheOldOutputAsideBeforeRecordingItIsFinished() throws IOException {
    write(trash, OLD);
    write(staging, NEW);
    Files.createFile(journal);
    recover();
  }
}
