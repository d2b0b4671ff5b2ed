# The whole course, headless, on the embedded broker: every step of every lesson must pass,
# exercises in both directions (starter fails, solution passes).
TEST_TIERS += test-course

.PHONY: test-course
test-course: build
	@echo "== tier: kafkalab check (embedded broker)"
	@home=$$(mktemp -d); trap 'rm -rf "$$home"' EXIT; \
	KAFKALAB_HOME="$$home" ./$(BIN) check
