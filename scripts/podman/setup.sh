#!/usr/bin/env bash
# Makes a Docker-compatible container engine available for the container tests: installs
# podman and runc when missing, writes the engine settings that work on these machines
# (runc, cgroupfs, vfs storage; see shared/spec/containers.md), and starts
# `podman system service` on a socket in STATEDIR.
#
#   scripts/podman/setup.sh STATEDIR      # prints DOCKER_HOST=unix://STATEDIR/podman.sock
#   scripts/podman/stop.sh STATEDIR       # stops the service by its PID
set -euo pipefail
me=$(basename "$0")
die() { echo "$me: $*" >&2; exit 1; }

[ $# -eq 1 ] || die "usage: setup.sh STATEDIR"
mkdir -p "$1"
state=$(cd "$1" && pwd)
sock=$state/podman.sock
pidfile=$state/podman.pid

if ! command -v podman >/dev/null 2>&1 || ! command -v runc >/dev/null 2>&1; then
	[ "$(id -u)" = 0 ] || die "podman and runc are missing and we are not root: install them (apt-get install podman runc)"
	echo "$me: installing podman and runc with apt-get" >&2
	{ apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq podman runc; } >&2 ||
		die "apt-get could not install podman and runc"
fi

# Settings seen working here: crun fails under this machine's hybrid cgroups, runc works;
# vfs storage needs no overlay support from the kernel. Written only when different, so a
# second run leaves the files (and their timestamps) alone.
write_if_changed() {
	local file=$1 content=$2
	if [ ! -f "$file" ] || [ "$(cat "$file")" != "$content" ]; then
		mkdir -p "$(dirname "$file")"
		printf '%s\n' "$content" >"$file"
		echo "$me: wrote $file" >&2
	fi
}
if [ "$(id -u)" = 0 ]; then
	write_if_changed /etc/containers/containers.conf '[containers]
default_ulimits = []
[engine]
cgroup_manager = "cgroupfs"
runtime = "runc"'
	write_if_changed /etc/containers/storage.conf '[storage]
driver = "vfs"
runroot = "/run/containers/storage"
graphroot = "/var/lib/containers/storage"'
fi

if [ -f "$pidfile" ] && kill -0 "$(cat "$pidfile")" 2>/dev/null; then
	echo "$me: podman service already runs (PID $(cat "$pidfile"))" >&2
else
	rm -f "$sock"
	nohup podman system service --time=0 "unix://$sock" >"$state/podman-service.log" 2>&1 </dev/null &
	echo $! >"$pidfile"
fi

# Ready when the API answers through the socket, as testcontainers will use it.
for _ in $(seq 150); do
	if [ -S "$sock" ] && podman --url "unix://$sock" version >/dev/null 2>&1; then
		echo "DOCKER_HOST=unix://$sock"
		exit 0
	fi
	kill -0 "$(cat "$pidfile")" 2>/dev/null || { cat "$state/podman-service.log" >&2; die "podman system service exited"; }
	sleep 0.2
done
cat "$state/podman-service.log" >&2
die "podman system service did not answer on $sock within 30s"
