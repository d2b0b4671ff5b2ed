# Tier: Kafka's tools (lab/kafkatools) interoperate with kcat (librdkafka, a client that is not
# franz-go): kcat reads exactly what kafka-console-producer.sh wrote (partitions, offsets,
# keys, values of the course's reference scenario), and kafka-console-consumer.sh reads what
# kcat wrote. Installs kcat with apt-get when missing; a missing kcat then fails the tier.
TEST_TIERS += test-kcat

.PHONY: test-kcat
test-kcat:
	@command -v kcat >/dev/null 2>&1 || { \
		echo "test-kcat: installing kcat with apt-get"; \
		SUDO=; [ "$$(id -u)" = 0 ] || SUDO=sudo; \
		$$SUDO apt-get update -qq && \
		$$SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq kcat >/dev/null; }
	KAFKALAB_REQUIRE_KCAT=1 CI=$${CI:-true} $(GO) test -count=1 -run 'TestKcat|TestConsoleConsumerReadsWhatKcatWrote' -v ./lab/kafkatools/
