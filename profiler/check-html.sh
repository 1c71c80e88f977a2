#!/usr/bin/env bash
# Opens the profiler's HTML report in headless Chromium and checks the DOM and a screenshot
# (ProfileHtmlBrowserTest). Installs Debian's chromium when it is missing.
# Usage: profiler/check-html.sh    (from anywhere; CI: bash profiler/check-html.sh)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
if ! command -v chromium >/dev/null 2>&1; then
  echo "[check-html] installing chromium..." >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >&2
  apt-get install -y -qq chromium >&2
fi
export WICK_CHROMIUM="$(command -v chromium)"
export WICK_REQUIRE_BROWSER=1
cd "$root"
# The test skips (JUnit assumption) without Chromium; here Chromium is present, so it must run.
mvn -B -q verify -pl profiler -am -Dspotless.check.skip=true \
  -Dtest=ProfileHtmlBrowserTest -Dsurefire.failIfNoSpecifiedTests=false
report="profiler/target/surefire-reports/dev.wick.profiler.ProfileHtmlBrowserTest.txt"
grep -q "Tests run: 2, Failures: 0, Errors: 0, Skipped: 0" "$report" || { cat "$report"; exit 1; }
echo "[check-html] headless Chromium rendered the report with its charts."
