# Shared by ./wick and examples/run (sourced; $root is the project's root): when a jar is older than
# the sources, build it, one build at a time, without ever changing a jar a running command has
# open. wick.jar is assembled under a temporary name and moved into place in one rename, so that a
# wick already running keeps the jar it opened and a wick starting sees the old jar or the new one,
# never a half-written one.

# True when FILE is missing or a source of the build is newer than it.
older_than_sources() {
  [ ! -f "$1" ] && return 0
  [ -n "$(find "$root" -path "$root/.git" -prune -o -path '*/target' -prune -o \
      \( -name '*.java' -o -name 'pom.xml' -o -path '*/src/main/resources/*' -o -name '*.avsc' \) \
      -newer "$1" -type f -print -quit)" ]
}

# build_jars LABEL MODULE STALE: builds MODULE and the modules it needs unless STALE (a function)
# says, under the build lock, that another run has built them meanwhile. wick.jar is assembled only
# when it is stale itself. The build's output goes to a log, shown only when it fails.
build_jars() {
  local label="$1" module="$2" stale="$3"
  mkdir -p "$root/cli/target"
  exec 9>"$root/cli/target/.wick-build.lock"
  flock 9
  if "$stale"; then
    echo "[$label] building (the first run downloads dependencies; this takes a few minutes)..." >&2
    local log tmp_name skip=false
    log="$(mktemp)"
    tmp_name="wick-building-$$"
    older_than_sources "$root/cli/target/wick.jar" || skip=true
    if ! (cd "$root" && mvn -B -q -DskipTests -Dspotless.check.skip=true -pl "$module" -am package \
        -Dwick.jar.name="$tmp_name" -Dassembly.skipAssembly="$skip" >"$log" 2>&1); then
      tail -n 40 "$log" >&2
      rm -f "$log" "$root/cli/target/$tmp_name.jar"
      echo "[$label] the build failed; run 'mvn -pl $module -am package' to see why." >&2
      exit 3
    fi
    rm -f "$log"
    if [ "$skip" = false ]; then
      mv -f "$root/cli/target/$tmp_name.jar" "$root/cli/target/wick.jar"
    fi
  fi
  exec 9>&-
}
