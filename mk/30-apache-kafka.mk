# Tier: tests against a real Apache Kafka 4.3.1 broker (KRaft, one node on 127.0.0.1),
# started from the jars on Maven Central (cached in ~/.cache/kafkalab/kafka-4.3.1) and stopped
# by PID even on failure. Installs Java/Maven with apt-get when missing. See scripts/kafka/.
TEST_TIERS += test-apache-kafka

.PHONY: test-apache-kafka
test-apache-kafka:
	@bash scripts/kafka/tier.sh
