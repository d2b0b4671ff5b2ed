# The terminal UI end to end: the real binary driven in tmux (scripts/tui-e2e.sh installs
# tmux with apt-get when it is missing and fails, never skips, when it cannot).
TEST_TIERS += test-tui

.PHONY: test-tui
test-tui: build
	@echo "== tier: terminal UI end to end (tmux)"
	@scripts/tui-e2e.sh ./$(BIN)
