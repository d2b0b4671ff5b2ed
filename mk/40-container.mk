# Tier: the container broker for real. Installs podman + runc when missing, starts a podman
# API service (stopped by PID at the end), builds the local image localhost/kafkalab-kafka:4.3.1
# (no registry needed; cached by its inputs) and runs lab/broker/container's tests through
# testcontainers-go against it. See scripts/podman/.
TEST_TIERS += test-container

.PHONY: test-container
test-container:
	@bash scripts/podman/tier.sh
