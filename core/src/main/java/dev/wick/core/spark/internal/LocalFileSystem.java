package dev.wick.core.spark.internal;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.attribute.PosixFilePermission;
import java.util.EnumSet;
import java.util.Set;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RawLocalFileSystem;
import org.apache.hadoop.fs.permission.FsAction;
import org.apache.hadoop.fs.permission.FsPermission;
import org.apache.hadoop.io.nativeio.NativeIO;

/**
 * Hadoop's local file system (with its checksum files), except that permissions are set through
 * Java's POSIX file attributes. Without Hadoop's native library, which Spark's distributions do not
 * load, Hadoop sets the permission of every file and folder it creates by starting a {@code chmod}
 * process, a few milliseconds each: a Spark write of two files makes about ten. Wick's local
 * sessions name this class as {@code fs.file.impl}. Permissions Java cannot express (the sticky,
 * setuid and setgid bits) and file systems without POSIX attributes go to Hadoop's own way.
 */
public final class LocalFileSystem extends org.apache.hadoop.fs.LocalFileSystem {
  /** Hadoop creates file systems by this constructor. */
  public LocalFileSystem() {
    super(new PosixPermissions());
  }

  /** Hadoop's raw local file system with {@link #setPermission} through Java. */
  static final class PosixPermissions extends RawLocalFileSystem {
    @Override
    public void setPermission(Path p, FsPermission permission) throws IOException {
      if (NativeIO.isAvailable() || (permission.toShort() & ~0777) != 0) {
        super.setPermission(p, permission);
        return;
      }
      try {
        Files.setPosixFilePermissions(pathToFile(p).toPath(), posix(permission));
      } catch (UnsupportedOperationException e) {
        super.setPermission(p, permission);
      }
    }

    private static Set<PosixFilePermission> posix(FsPermission permission) {
      Set<PosixFilePermission> out = EnumSet.noneOf(PosixFilePermission.class);
      add(
          out,
          permission.getUserAction(),
          PosixFilePermission.OWNER_READ,
          PosixFilePermission.OWNER_WRITE,
          PosixFilePermission.OWNER_EXECUTE);
      add(
          out,
          permission.getGroupAction(),
          PosixFilePermission.GROUP_READ,
          PosixFilePermission.GROUP_WRITE,
          PosixFilePermission.GROUP_EXECUTE);
      add(
          out,
          permission.getOtherAction(),
          PosixFilePermission.OTHERS_READ,
          PosixFilePermission.OTHERS_WRITE,
          PosixFilePermission.OTHERS_EXECUTE);
      return out;
    }

    private static void add(
        Set<PosixFilePermission> out,
        FsAction action,
        PosixFilePermission read,
        PosixFilePermission write,
        PosixFilePermission execute) {
      if (action.implies(FsAction.READ)) {
        out.add(read);
      }
      if (action.implies(FsAction.WRITE)) {
        out.add(write);
      }
      if (action.implies(FsAction.EXECUTE)) {
        out.add(execute);
      }
    }
  }
}
