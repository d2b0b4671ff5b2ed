#!/usr/bin/env bash
# Fetches Spark's Connect protocol definitions (spark/connect/*.proto inside the
# spark-connect jar on Maven Central) into the cache and prints the folder holding them.
# FRESH=1 fetches again even when a copy is cached (the tier does, to see a changed artifact).
# Usage: scripts/connect/fetch-protos.sh
set -euo pipefail
. "$(dirname "$0")/lib.sh"

if [ -z "${FRESH:-}" ] && [ -f "$CONNECT_PROTO_DIR/.complete" ]; then
	echo "$CONNECT_PROTO_DIR"
	exit 0
fi
command -v mvn >/dev/null || die "mvn is missing: install Debian package maven and run again"
command -v unzip >/dev/null || die "unzip is missing: install Debian package unzip and run again"
start=$(now)
tmp=$CONNECT_CACHE_DIR/protos.tmp.$$
rm -rf "$tmp"
mkdir -p "$tmp/jar"
trap 'rm -rf "$tmp"' EXIT
# -U: a "not found" cached by an earlier attempt is asked again.
mvn -B -U -Dstyle.color=never dependency:copy -Dartifact="$SPARK_CONNECT_ARTIFACT" -Dtransitive=false \
	-DoutputDirectory="$tmp/jar" >"$tmp/mvn.log" 2>&1 || {
	tail -n 30 "$tmp/mvn.log" >&2
	die "mvn could not fetch $SPARK_CONNECT_ARTIFACT from Maven Central"
}
jar=$(ls "$tmp"/jar/*.jar)
unzip -q -o "$jar" 'spark/connect/*.proto' -d "$tmp/out" || die "$jar holds no spark/connect/*.proto"
touch "$tmp/out/.complete"
rm -rf "$CONNECT_PROTO_DIR"
mv "$tmp/out" "$CONNECT_PROTO_DIR"
printf 'fetch-protos.sh: %s protos in %s (%ss)\n' "$SPARK_CONNECT_ARTIFACT" "$CONNECT_PROTO_DIR" "$(elapsed "$start")" >&2
echo "$CONNECT_PROTO_DIR"
