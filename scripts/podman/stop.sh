#!/usr/bin/env bash
# Stops the podman API service that scripts/podman/setup.sh started in STATEDIR, by its PID.
#
#   scripts/podman/stop.sh STATEDIR
set -euo pipefail
me=$(basename "$0")
[ $# -eq 1 ] || { echo "usage: $me STATEDIR" >&2; exit 1; }
pidfile=$1/podman.pid
[ -f "$pidfile" ] || { echo "$me: no $pidfile, nothing to stop" >&2; exit 0; }
pid=$(cat "$pidfile")
# Signal it only if that PID is still our podman service (a PID can be reused).
if kill -0 "$pid" 2>/dev/null && tr '\0' ' ' <"/proc/$pid/cmdline" 2>/dev/null | grep -q 'podman system service'; then
	kill -TERM "$pid"
	for _ in $(seq 100); do
		kill -0 "$pid" 2>/dev/null || break
		sleep 0.1
	done
	kill -0 "$pid" 2>/dev/null && kill -KILL "$pid" 2>/dev/null
	echo "$me: podman service PID $pid stopped" >&2
fi
rm -f "$pidfile" "$1/podman.sock"
