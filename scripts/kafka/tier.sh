#!/usr/bin/env bash
# The test-apache-kafka tier (mk/30-apache-kafka.mk): starts a real Apache Kafka broker from
# Maven Central's jars on a free loopback port, runs the Go tests that support a real broker
# against it, and stops it by PID whatever happens.
#
# A package supports a real broker when one of its Go files mentions KAFKALAB_TEST_BOOTSTRAP
# (the env var with the broker's address) or carries the build tag apachekafka; only those
# packages are run, with -tags apachekafka, and in them only the tests of the tagged files, so
# the unit tests are not run twice.
set -euo pipefail
. "$(dirname "$0")/lib.sh"
cd "$REPO_ROOT"

t_all=$(now)
t=$(now)
libs=$("$KAFKA_SCRIPTS_DIR/fetch.sh")
t_fetch=$(elapsed "$t")
build_tools

state=$(mktemp -d "${TMPDIR:-/tmp}/kafkalab-apache-kafka.XXXXXX")
cleanup() {
	local rc=$?
	"$KAFKA_SCRIPTS_DIR/stop.sh" "$state/broker" || true
	if [ "$rc" != 0 ] && [ -f "$state/broker/kafka.log" ]; then
		echo "---- test-apache-kafka failed; last lines of the broker log ----" >&2
		tail -n 30 "$state/broker/kafka.log" >&2 || true
	fi
	rm -rf "$state"
	exit "$rc"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

port=$("$TOOLS_BIN/freeport")
t=$(now)
"$KAFKA_SCRIPTS_DIR/start.sh" "$port" "$state/broker"
t_start=$(elapsed "$t")

export KAFKALAB_TEST_BOOTSTRAP=127.0.0.1:$port
export KAFKALAB_KAFKA_LIBS=$libs
# For tests that need a private broker they can stop and restart (faults): start.sh/stop.sh.
export KAFKALAB_KAFKA_SCRIPTS=$KAFKA_SCRIPTS_DIR

mapfile -t pkgs < <(grep -rlE --include='*.go' 'KAFKALAB_TEST_BOOTSTRAP|^//go:build .*apachekafka' . |
	grep -v -e '^./scripts/kafka/' -e '/testdata/' | xargs -r -n1 dirname | sort -u)
[ "${#pkgs[@]}" -gt 0 ] || die "no Go package supports a real broker (none mentions KAFKALAB_TEST_BOOTSTRAP); this tier would test nothing"
# Narrowing, for one engineer's change (make test runs everything): KAFKALAB_KAFKA_PKGS
# (packages, e.g. "./lab/broker") and KAFKALAB_KAFKA_RUN (go test -run); either skips the
# course check.
narrowed=
run=()
if [ -n "${KAFKALAB_KAFKA_PKGS:-}" ]; then
	read -r -a pkgs <<<"$KAFKALAB_KAFKA_PKGS"
	narrowed=1
fi
if [ -n "${KAFKALAB_KAFKA_RUN:-}" ]; then
	run=(-run "$KAFKALAB_KAFKA_RUN")
	narrowed=1
fi
# Only the tests built for a real broker (the files tagged apachekafka): the packages' other
# tests ran in `make unit` already (13 s of lab/broker and lab/kafkatools, measured at load 11).
if [ -z "${KAFKALAB_KAFKA_RUN:-}" ]; then
	mapfile -t real_tests < <(for p in "${pkgs[@]}"; do grep -lE '^//go:build .*apachekafka' "$p"/*_test.go 2>/dev/null || true; done |
		xargs -r grep -hoE '^func Test[A-Za-z0-9_]+' | sed 's/^func //' | sort -u)
	[ "${#real_tests[@]}" -gt 0 ] || die "no test is tagged apachekafka in ${pkgs[*]}; this tier would test nothing"
	run=(-run "^($(IFS='|'; echo "${real_tests[*]}"))\$")
fi
echo "test-apache-kafka: Apache Kafka $KAFKA_VERSION at $KAFKALAB_TEST_BOOTSTRAP; packages: ${pkgs[*]}${narrowed:+ (narrowed)}"
t=$(now)
go test -count=1 -timeout 25m -tags apachekafka "${run[@]}" "${pkgs[@]}"
t_tests=$(elapsed "$t")
if [ -n "$narrowed" ]; then
	echo "test-apache-kafka: narrowed run passed (jars ${t_fetch}s, broker start ${t_start}s, tests ${t_tests}s, tier total $(elapsed "$t_all")s)"
	exit 0
fi

# ---- kafkalab check against real Apache Kafka --------------------------------------------
# The whole course, every step, on the real broker: a lesson that passes on the embedded
# broker and fails here is a bug in kafkalab.
t=$(now)
go build -o "$state/kafkalab" ./cmd/kafkalab
echo "test-apache-kafka: kafkalab check --broker $KAFKALAB_TEST_BOOTSTRAP"
KAFKALAB_HOME="$state/home" "$state/kafkalab" check --broker "$KAFKALAB_TEST_BOOTSTRAP"
t_check=$(elapsed "$t")

echo "test-apache-kafka: passed (jars ${t_fetch}s, broker start ${t_start}s, tests ${t_tests}s, course check ${t_check}s, tier total $(elapsed "$t_all")s)"
