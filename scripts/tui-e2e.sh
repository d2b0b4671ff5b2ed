#!/usr/bin/env bash
# End-to-end test of kafkalab's terminal UI: drives the real binary in tmux (120x40) the way
# a learner would, reads the screen with capture-pane, and checks that
#   - course mode opens, with the embedded broker started;
#   - the first lesson's first steps run and the partitions pane shows offsets moving;
#   - a streaming lesson's checkpoint appears (offsets/0, then offsets/1) in the live panes;
#   - q quits: exit code 0, the terminal is back (no alternate screen, no mouse mode,
#     cursor visible) and the progress file records the finished steps.
# Usage: scripts/tui-e2e.sh [path/to/kafkalab]   (default: bin/kafkalab, built if missing)
set -euo pipefail

cd "$(dirname "$0")/.."
BIN=${1:-bin/kafkalab}
if [[ ! -x $BIN ]]; then
	go build -o "$BIN" ./cmd/kafkalab
fi
BIN=$(cd "$(dirname "$BIN")" && pwd)/$(basename "$BIN")

if ! command -v tmux >/dev/null; then
	if [[ $(id -u) == 0 ]] && command -v apt-get >/dev/null; then
		apt-get update -qq >/dev/null && apt-get install -y -qq tmux >/dev/null
	fi
fi
if ! command -v tmux >/dev/null; then
	echo "tui-e2e: tmux is needed (apt-get install tmux)" >&2
	exit 1
fi

home=$(mktemp -d)
session="kafkalab-e2e-$$"
sock="kafkalab-e2e-$$"
tm() { tmux -L "$sock" "$@"; }
cleanup() {
	tm kill-server 2>/dev/null || true
	rm -rf "$home"
}
trap cleanup EXIT

screen() { tm capture-pane -p -t "$session"; }
fail() {
	echo "tui-e2e: FAIL: $*" >&2
	echo "---- screen ----" >&2
	screen >&2 || true
	exit 1
}
# wait_for REGEX [SECONDS]: until the screen matches.
wait_for() {
	local re=$1 secs=${2:-30} i
	for ((i = 0; i < secs * 10; i++)); do
		if screen | grep -Eq -- "$re"; then return 0; fi
		sleep 0.1
	done
	fail "waited ${secs}s for /$re/"
}
keys() { tm send-keys -t "$session" "$@"; }
# next_step N: go on to step N of the lesson and wait until the screen shows it, so the
# next run_step cannot take the previous step's result for its own.
next_step() {
	keys n
	wait_for "step $1/" 10
}

# run_step: run the current step (answering a prediction with 1) and wait for its result.
run_step() {
	keys Enter
	wait_for 'Passed|Not yet|predict before you run|Nothing to run' 90
	if screen | grep -q 'predict before you run'; then
		keys 1
		wait_for 'Passed|Not yet' 90
	fi
}

start=$(date +%s%N)
tm new-session -d -s "$session" -x 120 -y 40 \
	"env KAFKALAB_HOME='$home' TERM=xterm-256color '$BIN' --port -1; echo KAFKALAB-EXIT=\$?; sleep 120"
# Poll without sleeping for the first frame, to time it (tmux's own capture cost included).
for ((i = 0; i < 2000; i++)); do
	if screen | grep -q 'Lesson 1/'; then break; fi
done
wait_for 'Lesson 1/' 10
echo "tui-e2e: first frame after $((($(date +%s%N) - start) / 1000000)) ms (process start, tmux and capture included)"
wait_for '● embedded 127\.0\.0\.1:[0-9]+' 30
echo "tui-e2e: broker up after $((($(date +%s%N) - start) / 1000000)) ms"

# Lesson 1: create the topic, describe it, send keyed events.
run_step
wait_for 'Passed' 5
wait_for 'clicks · 3 partitions · 0 events' 10
next_step 2
run_step
next_step 3
run_step
wait_for 'clicks · 3 partitions · [1-9][0-9]* events' 10
screen | grep -Eq 'p0 .*\[0,[1-9][0-9]*\)' || fail "partition 0's end offset did not move"
echo "tui-e2e: lesson 1 steps 1-3 ran; partitions and offsets moved on screen"

# Lesson 4 (a fresh lesson): the read writes a checkpoint; a second run writes offsets/1.
keys l
wait_for 'lessons · enter opens' 5
keys Down Down Down Enter
wait_for 'Lesson 4/' 5
for step in 1 2 3 4; do
	run_step
	next_step $((step + 1))
done
wait_for 'checkpoints/' 10
wait_for 'offsets/1: ' 10
# The query's own progress, from the engine's events, sits under its checkpoint.
wait_for 'query .*batch [0-9]+: [0-9,]+ rows? in' 10
echo "tui-e2e: lesson 4 steps ran; the checkpoint's offsets files and the query's progress appeared in the live panes"

keys q
wait_for 'KAFKALAB-EXIT=' 30
screen | grep -q 'KAFKALAB-EXIT=0' || fail "kafkalab exited non-zero"
[[ $(tm display -p -t "$session" '#{alternate_on}') == 0 ]] || fail "still in the alternate screen"
[[ $(tm display -p -t "$session" '#{mouse_any_flag}') == 0 ]] || fail "mouse reporting left on"
[[ $(tm display -p -t "$session" '#{cursor_flag}') == 1 ]] || fail "cursor left hidden"
if screen | grep -q 'topics · partitions'; then fail "the UI is still drawn after quitting"; fi
progress=$home/state/progress.txt
[[ -f $progress ]] || fail "no progress file at $progress"
grep -q '^done 01-topics-partitions-offsets 1 2 3' "$progress" || fail "progress lacks lesson 1 steps: $(cat "$progress")"
grep -q '^current 04-read-to-table ' "$progress" || fail "progress lacks the current place: $(cat "$progress")"
echo "tui-e2e: PASS (terminal restored, progress saved)"
