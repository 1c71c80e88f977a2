#!/usr/bin/env bash
# Rebuilds the bundled example data under examples/data/ (deterministic: fixed seeds):
#   track_plays/       20,000 Avro track plays (ExampleData)
#   counts_baseline/   TrackPlayCountBaselineJob's output on them (Parquet)
#   counts_candidate/  TrackPlayCountJob --listeners=approx: the "optimized" candidate, whose
#                      approximate listener counts are the regression `wick diff` finds.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
mvn -B -q -DskipTests -Dspotless.check.skip=true -Dassembly.skipAssembly=true -pl examples -am package \
  dependency:build-classpath -Dmdep.includeScope=provided -Dmdep.outputFile=target/classpath.txt
cp="examples/target/classes:$(cat examples/target/classpath.txt)"
opens=(--add-opens=java.base/java.lang=ALL-UNNAMED --add-opens=java.base/java.lang.invoke=ALL-UNNAMED
  --add-opens=java.base/java.nio=ALL-UNNAMED --add-opens=java.base/sun.nio.ch=ALL-UNNAMED
  --add-opens=java.base/java.util=ALL-UNNAMED --add-opens=java.base/java.util.concurrent=ALL-UNNAMED
  --add-opens=java.base/sun.util.calendar=ALL-UNNAMED --add-opens=java.base/java.lang.reflect=ALL-UNNAMED
  --add-opens=java.base/java.io=ALL-UNNAMED --add-opens=java.base/java.net=ALL-UNNAMED)
export SPARK_LOCAL_IP=127.0.0.1
rm -rf examples/data/track_plays examples/data/counts_baseline examples/data/counts_candidate
java "${opens[@]}" -cp "$cp" dev.wick.examples.data.ExampleData examples/data/track_plays 20000
java "${opens[@]}" -cp "$cp" dev.wick.examples.plays.TrackPlayCountBaselineJob \
  --plays=examples/data/track_plays --out=examples/data/counts_baseline --wick.master='local[1]'
java "${opens[@]}" -cp "$cp" dev.wick.examples.plays.TrackPlayCountJob \
  --plays=examples/data/track_plays --out=examples/data/counts_candidate --listeners=approx --wick.master='local[1]'
# Checksums beside the data files are Hadoop's local bookkeeping, not data.
find examples/data -name '.*.crc' -delete
