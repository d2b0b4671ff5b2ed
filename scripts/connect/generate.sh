#!/usr/bin/env bash
# Generates engine/connect/sparkconnectpb from Spark's .proto files (fetched from Maven
# Central, see fetch-protos.sh) with the plugins pinned in protogen/go.mod, and writes its
# MANIFEST; then engine/connect/deltaconnectpb from Delta Lake's Connect messages as the pinned
# delta-spark's Python package ships them (delta-descriptors.py; their .proto artifact is not
# on Maven Central). OUT=DIR / DELTA_OUT=DIR write elsewhere (the tier regenerates and diffs).
# Usage: scripts/connect/generate.sh   (or: make connect-proto)
set -euo pipefail
. "$(dirname "$0")/lib.sh"

protos=$(bash "$CONNECT_SCRIPTS_DIR/fetch-protos.sh")
out=${OUT:-$PB_DIR}
cd "$CONNECT_SCRIPTS_DIR/protogen"
ver() { go list -m -f '{{.Version}}' "$1"; }
go run . -protos "$protos" -out "$out" -spark "$SPARK_CONNECT_VERSION" -artifact "$SPARK_CONNECT_ARTIFACT" \
	-gen-go "$(ver google.golang.org/protobuf)" -gen-go-grpc "$(ver google.golang.org/grpc/cmd/protoc-gen-go-grpc)"
gofmt -l "$out" | grep . && die "generated code is not gofmt-clean"

[ -x "$CONNECT_VENV/bin/python" ] || die "no venv at $CONNECT_VENV: run scripts/connect/tier.sh once (it installs pyspark-client and delta-spark)"
delta_out=${DELTA_OUT:-$DELTA_PB_DIR}
delta_set=$(mktemp)
trap 'rm -f "$delta_set"' EXIT
"$CONNECT_VENV/bin/python" "$CONNECT_SCRIPTS_DIR/delta-descriptors.py" "$delta_set" ||
	die "cannot read delta-spark's descriptors (pip install --no-deps delta-spark==$DELTA_SPARK_VERSION into $CONNECT_VENV)"
go run . -protos "$protos" -out "$delta_out" -delta-set "$delta_set" -delta "$DELTA_SPARK_VERSION" \
	-delta-source "PyPI delta-spark==$DELTA_SPARK_VERSION delta/connect/proto/*_pb2.py" -gen-go "$(ver google.golang.org/protobuf)"
gofmt -l "$delta_out" | grep . && die "generated Delta code is not gofmt-clean"
echo "generate.sh: Spark Connect $SPARK_CONNECT_VERSION Go code in $out" >&2
