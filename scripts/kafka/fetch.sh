#!/usr/bin/env bash
# Downloads Apache Kafka's broker and tools jars from Maven Central into the cache folder
# (reused when complete) and prints that libs folder. Usage: scripts/kafka/fetch.sh
set -euo pipefail
. "$(dirname "$0")/lib.sh"

pom=$KAFKA_SCRIPTS_DIR/pom.xml
stamp=$KAFKA_LIBS_DIR/.complete
want=$(sha256sum "$pom" | cut -d' ' -f1)

# The stamp is written last and holds the pom's hash: a half-finished copy or a changed pom
# is fetched again.
if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ] && [ -f "$KAFKA_LIBS_DIR/kafka_2.13-$KAFKA_VERSION.jar" ]; then
	echo "$KAFKA_LIBS_DIR"
	exit 0
fi

need_java
need_tool mvn maven
start=$(now)
tmp=$KAFKA_CACHE_DIR/libs.tmp.$$
rm -rf "$tmp"
mkdir -p "$KAFKA_CACHE_DIR"
trap 'rm -rf "$tmp"' EXIT
mvn -B -Dstyle.color=never -f "$pom" dependency:copy-dependencies -DincludeScope=runtime \
	-DoutputDirectory="$tmp" >"$KAFKA_CACHE_DIR/mvn.log" 2>&1 || {
	tail -n 40 "$KAFKA_CACHE_DIR/mvn.log" >&2
	die "mvn could not fetch org.apache.kafka:kafka_2.13:$KAFKA_VERSION from Maven Central (full log: $KAFKA_CACHE_DIR/mvn.log)"
}
[ -f "$tmp/kafka_2.13-$KAFKA_VERSION.jar" ] || die "mvn finished but kafka_2.13-$KAFKA_VERSION.jar is not in $tmp"
echo "$want" >"$tmp/.complete"
rm -rf "$KAFKA_LIBS_DIR"
mv "$tmp" "$KAFKA_LIBS_DIR"
trap - EXIT
printf 'fetch.sh: Kafka %s jars in %s (%ss)\n' "$KAFKA_VERSION" "$KAFKA_LIBS_DIR" "$(elapsed "$start")" >&2
echo "$KAFKA_LIBS_DIR"
