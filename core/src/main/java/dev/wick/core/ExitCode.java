package dev.wick.core;

/** The documented exit codes of the {@code wick} command and of {@code Jobs.main}. */
public enum ExitCode {
  /** Success. */
  OK(0),
  /** The check ran and failed: diff beyond threshold, drift detected, too many invalid records. */
  CHECK_FAILED(1),
  /** A usage or input error the user can fix. */
  USAGE(2),
  /** Anything else. */
  INTERNAL(3);

  private final int code;

  ExitCode(int code) {
    this.code = code;
  }

  public int code() {
    return code;
  }
}
