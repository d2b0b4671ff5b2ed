# Shared settings for the Apache Kafka scripts (sourced, not run).
# The version and cache folder live here so fetch, start and the image build agree.

KAFKA_VERSION=4.3.1
KAFKA_SCRIPTS_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# The jars survive between runs outside the repo; KAFKALAB_KAFKA_CACHE moves them.
KAFKA_CACHE_DIR=${KAFKALAB_KAFKA_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/kafkalab/kafka-$KAFKA_VERSION}
KAFKA_LIBS_DIR=$KAFKA_CACHE_DIR/libs

die() { echo "$(basename "$0"): $*" >&2; exit 1; }

# need_tool CMD DEBIAN_PACKAGE: installs the package with apt-get when CMD is missing and we
# are root; otherwise stops with a sentence saying what to install.
need_tool() {
	command -v "$1" >/dev/null 2>&1 && return 0
	if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
		echo "$(basename "$0"): $1 is missing; installing Debian package $2" >&2
		{ apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$2"; } >&2 ||
			die "could not install $2 with apt-get; install it (it provides $1) and run again"
		command -v "$1" >/dev/null 2>&1 || die "$2 was installed but $1 is still not on PATH"
		return 0
	fi
	die "$1 is missing: install $2 (apt-get install $2) and run again"
}

# java_major prints the major version of the java on PATH (17, 21...).
java_major() {
	java -version 2>&1 | sed -n '1s/.*version "\([0-9]*\).*/\1/p'
}

need_java() {
	need_tool java default-jre-headless
	local major
	major=$(java_major)
	[ -n "$major" ] && [ "$major" -ge 17 ] ||
		die "Kafka $KAFKA_VERSION needs Java 17 or newer, found '${major:-unknown}': install openjdk-17-jre-headless"
}

# now prints seconds since the epoch with a fraction; elapsed START prints seconds since START.
now() { date +%s.%N; }
elapsed() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.1f", b - a }'; }

REPO_ROOT=$(cd "$KAFKA_SCRIPTS_DIR/../.." && pwd)
TOOLS_BIN=$KAFKA_CACHE_DIR/bin

# build_tools compiles the small Go helpers (waitkafka, freeport) into $TOOLS_BIN. Go's build
# cache makes this a no-op when nothing changed, and it always matches the checked-out source.
build_tools() {
	need_tool go golang-go
	mkdir -p "$TOOLS_BIN"
	(cd "$REPO_ROOT" && go build -o "$TOOLS_BIN/" ./scripts/kafka/waitkafka ./scripts/kafka/freeport) ||
		die "could not build scripts/kafka/waitkafka and freeport"
}

# kafka_jvm_opts are the JVM flags kafka-server-start.sh / kafka-run-class.sh use, trimmed.
kafka_jvm_opts() {
	echo "${KAFKA_HEAP_OPTS:--Xmx1G} -XX:+UseG1GC -XX:MaxGCPauseMillis=20 -XX:InitiatingHeapOccupancyPercent=35 -XX:+ExplicitGCInvokesConcurrent -XX:MaxInlineLevel=15 -Djava.awt.headless=true"
}
