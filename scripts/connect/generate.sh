#!/usr/bin/env bash
# Generates engine/connect/sparkconnectpb from Spark's .proto files (fetched from Maven
# Central, see fetch-protos.sh) with the plugins pinned in protogen/go.mod, and writes its
# MANIFEST. OUT=DIR writes elsewhere (the tier regenerates into a temporary folder and diffs).
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
echo "generate.sh: Spark Connect $SPARK_CONNECT_VERSION Go code in $out" >&2
