package dev.wick.core.io;

import dev.wick.core.WickException;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.GlobExpander;
import org.apache.hadoop.fs.GlobPattern;
import org.apache.hadoop.fs.Path;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.catalyst.TableIdentifier;
import org.apache.spark.sql.catalyst.catalog.SessionCatalog;

/**
 * The one rule for whether an output touches an input: it may not be an input, lie inside one, or
 * contain one, whatever spelling either uses.
 *
 * <p>An input is compared as the set of paths it could name. A glob (in any part, braces with
 * slashes included) is compared part by part against the output, so that {@code /dat?/plays} is
 * refused for {@code /data/plays}, {@code /data/plays/x} and {@code /data}, but not for {@code
 * /data/other}; an output inside the folder whose entries a glob's last part picks ({@code in/x}
 * for {@code in/*.parquet}) is refused too, and the files a glob matches today are compared through
 * their real paths. Local paths are compared with symbolic links resolved on both sides, {@code ..}
 * and {@code .} resolved, and {@code file:} or plain spellings alike; other file systems through
 * their own qualification, so that {@code hdfs://nn/x} and {@code hdfs://nn:8020/x} are one path
 * when the file system says so. A catalog table ({@code table:NAME}) is compared as its location in
 * the warehouse.
 */
final class Overlap {
  /** How many files of a glob input are compared one by one (past that, the pattern alone). */
  private static final int MAX_MATCHES = 10_000;

  private Overlap() {}

  /** Fails with a usage error when {@code output} overlaps one of {@code inputs}. */
  static void check(SparkSession spark, Path output, Collection<String> inputs) {
    Configuration conf = spark.sparkContext().hadoopConfiguration();
    FileSystem outFs = Locations.fileSystem(output, output.toString(), conf);
    List<List<String>> outForms = forms(output);
    for (String input : inputs) {
      if (input == null) {
        continue;
      }
      Optional<LakeTable> lake = LakeTable.parse(input);
      if (lake.isPresent() && lake.get().path().isEmpty()) {
        continue; // an Iceberg table named through its catalog: no path of ours to compare
      }
      Path in =
          input.startsWith(DatasetReader.TABLE_PREFIX)
              ? tableLocation(spark, input.substring(DatasetReader.TABLE_PREFIX.length()))
              : lake.map(t -> t.path().get()).orElseGet(() -> Locations.path(input));
      FileSystem inFs = Locations.fileSystem(in, input, conf);
      Path qualifiedIn;
      try {
        qualifiedIn = outFs.makeQualified(inFs.makeQualified(in));
      } catch (IllegalArgumentException e) {
        continue; // another file system than the output's: no overlap possible
      }
      Relation r = relation(outForms, qualifiedIn, inFs);
      if (r != Relation.APART) {
        throw refused(output, input, r);
      }
    }
  }

  enum Relation {
    SAME,
    INSIDE,
    CONTAINS,
    APART
  }

  private static WickException refused(Path output, String input, Relation r) {
    String out = Locations.display(output);
    return WickException.usage(
        switch (r) {
          case SAME ->
              "Output "
                  + out
                  + " is the input "
                  + input
                  + "; Wick never writes over its inputs, choose another output path.";
          case INSIDE ->
              "Output "
                  + out
                  + " lies inside the input "
                  + input
                  + "; Wick never writes into its inputs, choose a path outside it.";
          default ->
              "Output "
                  + out
                  + " contains the input "
                  + input
                  + "; writing it would destroy the input, choose another output path.";
        });
  }

  /** How the output relates to everything {@code input} (a path or a glob) could name. */
  private static Relation relation(List<List<String>> outForms, Path input, FileSystem inFs) {
    String text = input.toUri().getPath();
    List<String> patterns;
    try {
      patterns = GlobExpander.expand(text);
    } catch (IOException e) {
      patterns = List.of(text);
    }
    boolean local = "file".equals(input.toUri().getScheme());
    for (String pattern : patterns) {
      List<String> parts = parts(pattern);
      List<List<String>> inForms = new ArrayList<>();
      inForms.add(parts);
      if (local) {
        inForms.add(realPrefix(parts));
      }
      for (List<String> in : inForms) {
        for (List<String> out : outForms) {
          Relation r = compare(out, in);
          if (r != Relation.APART) {
            return r;
          }
          // A glob's last part picks files in a folder: an output inside that folder is refused.
          if (!in.isEmpty()
              && isGlob(in.get(in.size() - 1))
              && compare(out, in.subList(0, in.size() - 1)) == Relation.INSIDE) {
            return Relation.INSIDE;
          }
        }
      }
    }
    if (isGlob(text)) {
      try {
        FileStatus[] matched = inFs.globStatus(input);
        if (matched != null) {
          for (int i = 0; i < Math.min(matched.length, MAX_MATCHES); i++) {
            for (List<String> match : forms(matched[i].getPath())) {
              for (List<String> out : outForms) {
                Relation r = compare(out, match);
                if (r != Relation.APART) {
                  return r;
                }
              }
            }
          }
        }
      } catch (IOException | RuntimeException e) {
        // the patterns above already cover what the glob could match
      }
    }
    return Relation.APART;
  }

  /** The output compared part by part with an input pattern whose parts may be globs. */
  static Relation compare(List<String> out, List<String> in) {
    int n = Math.min(out.size(), in.size());
    for (int i = 0; i < n; i++) {
      if (!matches(in.get(i), out.get(i))) {
        return Relation.APART;
      }
    }
    if (out.size() == in.size()) {
      return Relation.SAME;
    }
    return out.size() > in.size() ? Relation.INSIDE : Relation.CONTAINS;
  }

  private static boolean matches(String pattern, String name) {
    if (!isGlob(pattern)) {
      return pattern.equals(name);
    }
    try {
      return new GlobPattern(pattern).matches(name);
    } catch (RuntimeException e) {
      return true; // a pattern Hadoop cannot read could match anything: refuse, to be safe
    }
  }

  private static boolean isGlob(String text) {
    for (int i = 0; i < text.length(); i++) {
      if ("*?[{\\".indexOf(text.charAt(i)) >= 0) {
        return true;
      }
    }
    return false;
  }

  /** The spellings of a path to compare: as written, and for a local path with links resolved. */
  private static List<List<String>> forms(Path path) {
    List<String> parts = parts(path.toUri().getPath());
    Set<List<String>> out = new LinkedHashSet<>();
    out.add(parts);
    if ("file".equals(path.toUri().getScheme())) {
      out.add(realPrefix(parts));
    }
    return new ArrayList<>(out);
  }

  /** The parts of a path with {@code .} and {@code ..} resolved as Hadoop does, by their text. */
  static List<String> parts(String path) {
    List<String> out = new ArrayList<>();
    for (String p : path.split("/")) {
      if (p.isEmpty() || p.equals(".")) {
        continue;
      }
      if (p.equals("..")) {
        if (!out.isEmpty()) {
          out.remove(out.size() - 1);
        }
        continue;
      }
      out.add(p);
    }
    return out;
  }

  /**
   * The parts of a local path with symbolic links resolved on its longest existing prefix of plain
   * (non-glob) parts; the rest as written.
   */
  private static List<String> realPrefix(List<String> parts) {
    int literal = 0;
    while (literal < parts.size() && !isGlob(parts.get(literal))) {
      literal++;
    }
    for (int k = literal; k > 0; k--) {
      java.nio.file.Path prefix =
          java.nio.file.Path.of("/", parts.subList(0, k).toArray(String[]::new));
      if (Files.exists(prefix)) {
        try {
          List<String> out = new ArrayList<>(parts(prefix.toRealPath().toString()));
          out.addAll(parts.subList(k, parts.size()));
          return out;
        } catch (IOException | RuntimeException e) {
          return parts;
        }
      }
    }
    return parts;
  }

  /** Where a catalog table's files are, or would be when it is created. */
  private static Path tableLocation(SparkSession spark, String name) {
    TableIdentifier id = Tables.identifier(spark, name);
    SessionCatalog catalog =
        ((org.apache.spark.sql.classic.SparkSession) spark).sessionState().catalog();
    URI location;
    try {
      location =
          catalog.tableExists(id)
              ? catalog.getTableMetadata(id).location()
              : catalog.defaultTablePath(id);
    } catch (Exception e) {
      // SessionCatalog throws checked Spark exceptions that Java cannot see declared.
      throw WickException.usage(
          "Cannot find where table " + name + " keeps its files (" + Locations.message(e) + ").",
          e);
    }
    return new Path(location);
  }
}
