#!/usr/bin/env bash
# Stops the broker that scripts/kafka/start.sh started from DATADIR, by the PID in its PID
# file: SIGTERM (a clean shutdown), then SIGKILL if it is still there after a timeout.
#
#   scripts/kafka/stop.sh DATADIR [TIMEOUT_SECONDS]
set -euo pipefail
. "$(dirname "$0")/lib.sh"

[ $# -ge 1 ] || die "usage: stop.sh DATADIR [TIMEOUT_SECONDS]"
pidfile=$1/kafka.pid
timeout=${2:-30}
[ -f "$pidfile" ] || { echo "stop.sh: no $pidfile, nothing to stop" >&2; exit 0; }
pid=$(cat "$pidfile")
case $pid in '' | *[!0-9]*) die "$pidfile does not hold a PID" ;; esac

# Only signal the process if it is still our broker (a PID can be reused after a crash).
if ! kill -0 "$pid" 2>/dev/null || ! tr '\0' ' ' <"/proc/$pid/cmdline" 2>/dev/null | grep -q 'kafka\.Kafka'; then
	echo "stop.sh: broker PID $pid is not running" >&2
	rm -f "$pidfile"
	exit 0
fi
t0=$(now)
kill -TERM "$pid"
for _ in $(seq $((timeout * 10))); do
	kill -0 "$pid" 2>/dev/null || break
	sleep 0.1
done
if kill -0 "$pid" 2>/dev/null; then
	echo "stop.sh: broker PID $pid ignored SIGTERM for ${timeout}s; sending SIGKILL" >&2
	kill -KILL "$pid" 2>/dev/null || true
fi
rm -f "$pidfile"
echo "stop.sh: broker PID $pid stopped in $(elapsed "$t0")s" >&2
