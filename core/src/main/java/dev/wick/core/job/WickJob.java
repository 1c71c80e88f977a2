package dev.wick.core.job;

/**
 * A production Spark job. It reads and writes only through its {@link JobContext}, so that the same
 * code runs for real under {@link Jobs#main} and with in-memory data under {@code JobTest}.
 *
 * <pre>{@code
 * public final class TrackPlayCountJob implements WickJob {
 *   public void run(JobContext ctx, Args args) {
 *     Dataset<Row> plays = ctx.read(Io.avro(args.string("plays"), TrackPlay.class));
 *     ctx.write(Io.text(args.string("out")), plays.groupBy("track_id").count()...);
 *   }
 *   public static void main(String[] args) { Jobs.main(new TrackPlayCountJob(), args); }
 * }
 * }</pre>
 */
@FunctionalInterface
public interface WickJob {
  void run(JobContext ctx, Args args) throws Exception;
}
