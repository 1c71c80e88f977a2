package dev.wick.examples.data;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.SplittableRandom;
import java.util.UUID;
import org.apache.avro.Schema;
import org.apache.avro.file.CodecFactory;
import org.apache.avro.file.DataFileWriter;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericDatumWriter;
import org.apache.avro.generic.GenericRecord;

/**
 * Makes the bundled example track plays ({@code examples/data/track_plays/}): deterministic (fixed
 * seed), with a realistic shape: track popularity follows a Zipf-like law, a few heavy users,
 * countries skewed towards a handful of markets, some plays with no country, and a few plays (about
 * 0.3%) that break {@code TrackPlay.avsc}'s semantic types, as logging bugs do: a truncated user
 * id, a country that is no ISO code, a negative duration. {@code wick validate} finds them.
 *
 * <p>Run: {@code java -cp ... dev.wick.examples.data.ExampleData examples/data/track_plays 20000}.
 */
public final class ExampleData {
  private static final String BASE62 =
      "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
  private static final List<String> COUNTRIES =
      List.of(
          "SE", "US", "GB", "DE", "BR", "MX", "FR", "JP", "IN", "ES", "NL", "AU", "CA", "PL", "IT");
  private static final long START_MS = 1_767_225_600_000L; // 2026-01-01T00:00:00Z

  private ExampleData() {}

  public static void main(String[] args) throws IOException {
    Path out = Path.of(args.length > 0 ? args[0] : "examples/data/track_plays");
    int plays = args.length > 1 ? Integer.parseInt(args[1]) : 20_000;
    Schema schema;
    try (var in = ExampleData.class.getResourceAsStream("/TrackPlay.avsc")) {
      schema = new Schema.Parser().parse(in);
    }
    Files.createDirectories(out);
    write(schema, out.resolve("part-00000.avro").toFile(), plays, 42L);
  }

  static void write(Schema schema, File file, int plays, long seed) throws IOException {
    SplittableRandom random = new SplittableRandom(seed);
    String[] tracks = ids(random, 500);
    String[] users = ids(random, 2_000);
    Schema platform = schema.getField("platform").schema();
    // Faults come from a stream of their own, so the valid plays are the same with or without them.
    SplittableRandom faults = new SplittableRandom(seed ^ 0xFA17L);
    try (DataFileWriter<GenericRecord> writer =
        new DataFileWriter<>(new GenericDatumWriter<GenericRecord>(schema))) {
      writer.setCodec(CodecFactory.deflateCodec(6));
      // A sync marker from the seed (Avro picks a random one) makes the file byte-for-byte
      // repeatable.
      byte[] sync = new byte[16];
      new SplittableRandom(seed ^ 0x5EEDL).nextBytes(sync);
      writer.create(schema, new java.io.FileOutputStream(file), sync);
      for (int i = 0; i < plays; i++) {
        GenericRecord r = new GenericData.Record(schema);
        r.put("play_id", new UUID(random.nextLong(), random.nextLong()).toString());
        r.put("user_id", users[zipf(random, users.length, 0.6)]);
        r.put("track_id", tracks[zipf(random, tracks.length, 1.1)]);
        r.put(
            "country",
            random.nextInt(50) == 0 ? null : COUNTRIES.get(zipf(random, COUNTRIES.size(), 1.0)));
        r.put("played_at", START_MS + random.nextLong(7L * 24 * 3600 * 1000));
        r.put(
            "ms_played",
            (long)
                (random.nextInt(10) == 0
                    ? random.nextInt(30_000)
                    : 30_000 + random.nextInt(240_000)));
        r.put(
            "platform",
            new GenericData.EnumSymbol(platform, platform.getEnumSymbols().get(random.nextInt(4))));
        r.put("shuffle", random.nextBoolean());
        plantFault(faults, r);
        writer.append(r);
      }
    }
  }

  /** Breaks one semantic type in about one play of 300. */
  private static void plantFault(SplittableRandom faults, GenericRecord r) {
    if (faults.nextInt(300) != 0) {
      return;
    }
    switch (faults.nextInt(3)) {
      case 0 -> r.put("user_id", r.get("user_id").toString().substring(1)); // 21 characters
      case 1 -> r.put("country", List.of("XX", "UK", "se").get(faults.nextInt(3)));
      default -> r.put("ms_played", -1L - faults.nextInt(1_000));
    }
  }

  private static String[] ids(SplittableRandom random, int n) {
    String[] out = new String[n];
    for (int i = 0; i < n; i++) {
      StringBuilder id = new StringBuilder(22);
      for (int j = 0; j < 22; j++) {
        id.append(BASE62.charAt(random.nextInt(62)));
      }
      out[i] = id.toString();
    }
    return out;
  }

  /** An index in [0, n) drawn with probability proportional to 1 / (rank + 1)^s. */
  private static int zipf(SplittableRandom random, int n, double s) {
    // Inverse-CDF on the continuous approximation: fast and deterministic for a fixed seed.
    double u = random.nextDouble();
    if (Math.abs(s - 1.0) < 1e-9) {
      return (int) Math.min(n - 1, Math.floor(Math.exp(u * Math.log(n + 1.0)) - 1));
    }
    double a = 1 - s;
    double x = Math.pow(u * (Math.pow(n + 1.0, a) - 1) + 1, 1 / a) - 1;
    return (int) Math.min(n - 1, Math.max(0, Math.floor(x)));
  }
}
