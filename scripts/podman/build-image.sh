#!/usr/bin/env bash
# Builds the local Kafka image localhost/kafkalab-kafka:4.3.1 without any registry: a root
# filesystem assembled here (a jlink'ed Java runtime with the shared libraries it needs, a
# static busybox for the shell, Apache Kafka's jars from scripts/kafka/fetch.sh, and the entry
# script /etc/kafka/docker/run that takes the official apache/kafka image's KAFKA_* settings),
# then `podman import`. Skipped when the image exists and was built from the same inputs.
#
#   scripts/podman/build-image.sh [IMAGE]      # prints the image name
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../kafka/lib.sh"
me=build-image.sh

image=${1:-localhost/kafkalab-kafka:$KAFKA_VERSION}
command -v podman >/dev/null 2>&1 || die "podman is missing: run scripts/podman/setup.sh first"
libs=$("$KAFKA_SCRIPTS_DIR/fetch.sh")

# A JDK (for jlink and its jmods) and a static shell.
need_tool jlink openjdk-17-jdk-headless
jdk=$(dirname "$(dirname "$(readlink -f "$(command -v jlink)")")")
[ -d "$jdk/jmods" ] || die "$jdk has no jmods folder, which jlink needs: install openjdk-17-jdk-headless"
# busybox-static's /bin/busybox runs with no libraries inside the image.
static_busybox() { [ -x /bin/busybox ] && { ldd /bin/busybox 2>&1 || true; } | grep -q 'not a dynamic'; }
if ! static_busybox; then
	[ "$(id -u)" = 0 ] || die "a static busybox is needed: install busybox-static"
	echo "$me: installing busybox-static" >&2
	{ apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq busybox-static; } >&2 ||
		die "could not install busybox-static with apt-get"
fi

# The image's identity: everything that goes into it. Equal hash, same image: skip the build.
inputs=$(
	{
		# Relative names: a clone elsewhere (CI) has the same inputs.
		(cd "$here" && sha256sum build-image.sh image/*)
		sha256sum <"$KAFKA_SCRIPTS_DIR/pom.xml"
		cat "$libs/.complete"
		"$jdk/bin/java" -version 2>&1
		/bin/busybox 2>&1 | sed -n 1p
	} | sha256sum | cut -d' ' -f1
)
have=$(podman image inspect --format '{{index .Labels "org.kafkalab.inputs"}}' "$image" 2>/dev/null || true)
old_id=$(podman image inspect --format '{{.Id}}' "$image" 2>/dev/null || true)
if [ "$have" = "$inputs" ]; then
	echo "$me: $image is up to date (inputs $inputs)" >&2
	echo "$image"
	exit 0
fi

t0=$(now)
work=$KAFKA_CACHE_DIR/image-build
rm -rf "$work"
mkdir -p "$work"
trap 'rm -rf "$work"' EXIT
root=$work/rootfs

# Debian's merged-/usr layout, so library paths from ldd are valid inside the image.
mkdir -p "$root"/{usr/bin,usr/lib/x86_64-linux-gnu,usr/lib64,etc,tmp,opt/kafka/config,etc/kafka/docker,etc/kafka/secrets,var/lib/kafka/data,mnt/shared/config,root,proc,sys,dev,run}
ln -s usr/bin "$root/bin"
ln -s usr/bin "$root/sbin"
ln -s usr/lib "$root/lib"
ln -s usr/lib64 "$root/lib64"
chmod 1777 "$root/tmp"

# The Java runtime: only the modules Kafka, its tools and their libraries use.
modules=java.base,java.compiler,java.datatransfer,java.desktop,java.instrument,java.logging,java.management,java.management.rmi,java.naming,java.net.http,java.prefs,java.rmi,java.scripting,java.security.jgss,java.security.sasl,java.sql,java.transaction.xa,java.xml,jdk.crypto.ec,jdk.crypto.cryptoki,jdk.jfr,jdk.management,jdk.management.agent,jdk.naming.dns,jdk.net,jdk.security.auth,jdk.security.jgss,jdk.unsupported,jdk.zipfs
"$jdk/bin/jlink" --module-path "$jdk/jmods" --add-modules "$modules" --strip-debug --no-header-files \
	--no-man-pages --compress=2 --output "$root/opt/java" >&2 || die "jlink failed"
# A class-data-sharing archive for the trimmed runtime makes each JVM start faster.
"$root/opt/java/bin/java" -Xshare:dump >/dev/null 2>&1 || true
ln -s ../../opt/java/bin/java "$root/usr/bin/java"

# The shared libraries the runtime links to, from this machine (glibc and friends).
{
	ldd "$root/opt/java/bin/java"
	find "$root/opt/java" -name '*.so' -exec ldd {} \; 2>/dev/null
} | awk '/=> \// { print $3 } /^\t\/[^ ]+ \(/ { print $1 }' | sort -u | while read -r lib; do
	case $lib in "$root"*) continue ;; esac
	dest=$root/usr${lib#/usr}
	case $lib in /lib64/*) dest=$root/usr/lib64/${lib##*/} ;; /lib/*) dest=$root/usr$lib ;; esac
	mkdir -p "$(dirname "$dest")"
	cp -L "$lib" "$dest"
done

# busybox provides sh, sed, grep, sleep... for the entry scripts.
cp /bin/busybox "$root/usr/bin/busybox"
for applet in $(/bin/busybox --list); do
	[ -e "$root/usr/bin/$applet" ] || ln -s busybox "$root/usr/bin/$applet"
done

printf 'root:x:0:0:root:/root:/bin/sh\nappuser:x:1000:1000::/home/appuser:/bin/sh\n' >"$root/etc/passwd"
printf 'root:x:0:\nappuser:x:1000:\n' >"$root/etc/group"
printf 'hosts: files dns\n' >"$root/etc/nsswitch.conf"

mkdir -p "$root/opt/kafka/libs"
cp "$libs"/*.jar "$root/opt/kafka/libs/"
cp "$here"/image/server.properties "$here"/image/log4j2.yaml "$here"/image/tools-log4j2.yaml "$root/etc/kafka/docker/"
cp "$here"/image/server.properties "$root/opt/kafka/config/server.properties"
install -m 0755 "$here/image/run" "$root/etc/kafka/docker/run"

# Smoke test of the runtime before it becomes an image (runs on this machine's kernel).
"$root/opt/java/bin/java" -cp "$root/opt/kafka/libs/*" kafka.tools.StorageTool random-uuid >/dev/null 2>&1 ||
	die "the assembled Java runtime cannot run Kafka's StorageTool"

t1=$(now)
tar -C "$root" --numeric-owner -cf - . | podman import \
	--change 'CMD ["/etc/kafka/docker/run"]' \
	--change 'WORKDIR /' \
	--change 'EXPOSE 9092' \
	--change 'ENV PATH=/opt/java/bin:/usr/bin:/bin' \
	--change 'ENV JAVA_HOME=/opt/java' \
	--change "LABEL org.kafkalab.inputs=$inputs" \
	--change "LABEL org.opencontainers.image.title=kafkalab-kafka" \
	--change "LABEL org.opencontainers.image.description=Apache Kafka $KAFKA_VERSION (jars from Maven Central) for kafkalab tests" \
	--change "LABEL org.opencontainers.image.version=$KAFKA_VERSION" \
	- "$image" >&2 || die "podman import failed"
# The replaced image would only take disk space (vfs storage keeps whole copies).
if [ -n "$old_id" ] && [ "$old_id" != "$(podman image inspect --format '{{.Id}}' "$image")" ]; then
	podman rmi "$old_id" >/dev/null 2>&1 || true
fi
echo "$me: built $image ($(du -sh "$root" | cut -f1) rootfs; assembled in $(awk -v a="$t0" -v b="$t1" 'BEGIN{printf "%.1f", b-a}')s, imported in $(elapsed "$t1")s, total $(elapsed "$t0")s)" >&2
echo "$image"
