#!/usr/bin/env bash
# The test-container tier (mk/40-container.mk): a podman API service (started here, stopped
# by PID at the end), the local Kafka image (built once, cached by its inputs), then the
# container backend's tests through testcontainers-go: start the broker with container.Start,
# run the reference scenario through the bootstrap it returns, Close, and no labelled
# container may be left behind.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../kafka/lib.sh"
cd "$REPO_ROOT"

t_all=$(now)
state=$(mktemp -d "${TMPDIR:-/tmp}/kafkalab-container.XXXXXX")
cleanup() {
	local rc=$?
	# Containers our tests failed to remove would otherwise outlive the run.
	if command -v podman >/dev/null 2>&1; then
		left=$(podman ps -aq --filter label=org.kafkalab.managed=true 2>/dev/null || true)
		if [ -n "$left" ]; then
			echo "test-container: removing leftover kafkalab containers: $left" >&2
			podman rm -f -v $left >/dev/null 2>&1 || true
		fi
	fi
	"$here/stop.sh" "$state" || true
	rm -rf "$state"
	exit "$rc"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

t=$(now)
DOCKER_HOST=$("$here/setup.sh" "$state" | sed -n 's/^DOCKER_HOST=//p')
[ -n "$DOCKER_HOST" ] || die "scripts/podman/setup.sh gave no DOCKER_HOST"
export DOCKER_HOST
t_setup=$(elapsed "$t")

t=$(now)
image=$("$here/build-image.sh")
t_image=$(elapsed "$t")
export KAFKALAB_TEST_IMAGE=$image
export TESTCONTAINERS_RYUK_DISABLED=true

echo "test-container: image $image, engine $DOCKER_HOST"
t=$(now)
go test -count=1 -timeout 15m -v -tags containertest ./lab/broker/container 2>&1 | tee "$state/go-test.log" |
	grep -E '^(=== RUN|--- |PASS|FAIL|ok|panic)|container broker .* answered|Close took|_test.go:' || true
[ "${PIPESTATUS[0]}" = 0 ] || { cat "$state/go-test.log" >&2; die "the container tests failed"; }
t_tests=$(elapsed "$t")

# The tests' process is gone: any container with our label now is a leak.
left=$(podman ps -aq --filter label=org.kafkalab.managed=true)
[ -z "$left" ] || die "kafkalab containers left after the tests: $left"

# ---- kafkalab check in a container -------------------------------------------------------
# The whole course against a broker that kafkalab starts itself through testcontainers-go
# (--broker container, through its kafkalab-container helper built beside it), on the
# locally built image; afterwards no container may be left.
t=$(now)
go build -o "$state/" ./cmd/kafkalab ./cmd/kafkalab-container
echo "test-container: kafkalab check --broker container --image $KAFKALAB_TEST_IMAGE"
KAFKALAB_HOME="$state/home" "$state/kafkalab" check --broker container --image "$KAFKALAB_TEST_IMAGE"
t_check=$(elapsed "$t")
left=$(podman ps -aq --filter label=org.kafkalab.managed=true)
[ -z "$left" ] || die "kafkalab check left containers behind: $left"

echo "test-container: passed (podman setup ${t_setup}s, image ${t_image}s, tests ${t_tests}s, course check ${t_check}s, tier total $(elapsed "$t_all")s)"
