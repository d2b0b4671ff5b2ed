# Broker tier: kcat (librdkafka, a client that is not franz-go) against the embedded broker:
# it reads what franz-go wrote and writes with Java's partitioner. Installs kcat when missing.
TEST_TIERS += test-broker-kcat

.PHONY: test-broker-kcat
test-broker-kcat:
	@command -v kcat >/dev/null 2>&1 || { \
		echo "test-broker-kcat: installing kcat with apt-get"; \
		SUDO=; [ "$$(id -u)" = 0 ] || SUDO=sudo; \
		$$SUDO apt-get update -qq && \
		$$SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq kcat >/dev/null; }
	KAFKALAB_REQUIRE_KCAT=1 $(GO) test -count=1 -run 'TestKcat' ./lab/broker/
