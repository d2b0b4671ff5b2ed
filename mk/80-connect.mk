# Tier: Spark Connect. The real pyspark-client 4.2.0 (pinned, in a venv under the user cache)
# runs every lesson's scripts through `kafkalab connect`'s engine and must print and write
# what the embedded path does; a notebook-style session, an interrupt, a server restart and
# Apache Spark's Go client run too; Spark's .proto files must still match the pinned ones.
# See scripts/connect/tier.sh.
TEST_TIERS += test-connect

.PHONY: test-connect connect-proto
test-connect:
	@bash scripts/connect/tier.sh

# Regenerates engine/connect/sparkconnectpb from Spark's published .proto files.
connect-proto:
	@bash scripts/connect/generate.sh
