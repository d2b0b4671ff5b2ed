// Package kafkatools runs Apache Kafka's command-line tools as kafkalab lab commands: the same
// names, flags and output as the Kafka 4.x scripts, spoken over the Kafka protocol with
// franz-go, so they work against the embedded broker, a container or any existing cluster.
// The CLI registers each tool as a subcommand; the lab runs a lesson's command lines (split
// by the lessons package) with Run.
//
// The documented subset (anything else is refused with a one-line error naming the option):
//
//	kafka-topics.sh --bootstrap-server B
//	    --create --topic T [--partitions N] [--replication-factor R] [--config k=v ...] [--if-not-exists]
//	    --list [--topic REGEX] [--exclude-internal]
//	    --describe [--topic REGEX] [--if-exists] [--exclude-internal] [--topics-with-overrides |
//	      --under-replicated-partitions | --unavailable-partitions | --under-min-isr-partitions |
//	      --at-min-isr-partitions]
//	    --delete --topic REGEX [--if-exists]
//	    --alter --topic REGEX --partitions N [--if-exists]   (increase only)
//	kafka-console-producer.sh --bootstrap-server B --topic T [--property parse.key=true
//	    --property key.separator=: ...] [--producer-property acks=all ...]
//	    [--compression-codec none|gzip|snappy|lz4|zstd] [--request-required-acks -1|1|0] [--sync]
//	    Reads lines from stdin (LineMessageReader: parse.key, key.separator, parse.headers,
//	    headers.delimiter, headers.separator, headers.key.separator, null.marker, ignore.error).
//	    Keyed records are placed with Kafka's murmur2 partitioner, as the Java client does.
//	kafka-console-consumer.sh --bootstrap-server B --topic T | --include REGEX
//	    [--from-beginning] [--partition P [--offset O|earliest|latest]] [--group G]
//	    [--max-messages N] [--timeout-ms MS] [--isolation-level read_committed]
//	    [--property print.key=true|print.partition=true|print.offset=true|print.timestamp=true|
//	    print.delivery=true|print.epoch=true|print.headers=true|print.value=false|key.separator=S|
//	    line.separator=S|headers.separator=S|null.literal=S|key.deserializer=C|value.deserializer=C]
//	    [--key-deserializer C] [--value-deserializer C] (C: String, Long, Integer or Short
//	    Deserializer of org.apache.kafka.common.serialization)
//	    Output is DefaultMessageFormatter's; "Processed a total of N messages" goes to stderr.
//	kafka-get-offsets.sh --bootstrap-server B [--topic REGEX] [--partitions 0,1]
//	    [--topic-partitions RULES] [--time latest|-1|earliest|-2|max-timestamp|-3|EPOCH_MS]
//	    Prints topic:partition:offset lines (GetOffsetShell).
//	kafka-consumer-groups.sh --bootstrap-server B --list [--state]
//	    | --describe (--group G | --all-groups) [--offsets | --members | --state] [--verbose]
//	    | --reset-offsets (--group G | --all-groups) (--topic T[:P,P] ... | --all-topics)
//	      (--to-earliest | --to-latest | --to-offset N | --shift-by N | --to-current |
//	      --to-datetime YYYY-MM-DDTHH:mm:SS.sss | --by-duration PnDTnHnMnS | --from-file CSV)
//	      [--dry-run | --execute] [--export]
//	    | --delete (--group G ... | --all-groups)
//	    | --delete-offsets --group G --topic T[:P,P] ...
//	kafka-delete-records.sh --bootstrap-server B --offset-json-file F
//	kafka-configs.sh --bootstrap-server B --entity-type topics [--entity-name T]
//	    --describe [--all] | --alter [--add-config k=v,k2=v2] [--delete-config k,k2]
//	kafka-configs.sh --bootstrap-server B --entity-type brokers (--entity-name ID | --entity-default)
//	    --describe [--all] | --alter ...   (--describe without a name: every broker, then the default)
//	kafka-configs.sh --bootstrap-server B --entity-type users | clients (--entity-name N | --entity-default)
//	    [--entity-type clients (--entity-name N | --entity-default)]
//	    --describe | --alter [--add-config producer_byte_rate=R,...] [--delete-config ...]
//	    (client quotas, of a user, a client or a user and client pair; the names pair with the
//	    types in order; an entity's values in the order of the HashMap Kafka's admin client
//	    sizes for their count, the broker's order between names of one bucket)
//	kafka-configs.sh --bootstrap-server B --entity-type groups | client-metrics [--entity-name N]
//	    --describe [--all] | --alter --entity-name N [--add-config k=v,...] [--delete-config k,...]
//	    (a group's configs, e.g. consumer.session.timeout.ms, whether or not the group exists; a
//	    client metrics subscription's metrics, interval.ms, match; without a name every group,
//	    then the ones with configs only, or every subscription)
//
// Kafka 4.x's newer option names --reader-property (producer) and --formatter-property
// (consumer) work as well as --property, and --command-property as well as
// --producer-property and --consumer-property.
//
// Every tool also takes --help, --version and --command-config FILE (a properties file: the
// producer and consumer apply its settings under --command-property's; SASL and TLS settings
// are refused). --bootstrap-server may be left out: Run then uses the default it is given (the
// CLI passes the lab's running broker).
//
// Differences from Kafka, on purpose: errors are one line on stderr naming the fix, with exit
// code 1 (Kafka's consumer-groups tool prints errors on stdout and exits 0); unknown topic
// config names are refused before the request, as a real broker would (some test brokers
// accept anything); --property, --producer-property and --consumer-property print no
// deprecation note on stdout, and the console consumer no KIP-848 note on stderr (Kafka 4.3
// does: the course's expected outputs predate them); the console producer refuses a topic
// that does not exist (Kafka's producer has a real broker auto-create it); no SASL or TLS.
//
// Output is checked byte for byte against Apache Kafka 4.3.1's own tools on a real broker
// (realkafka_test.go, run by the test-apache-kafka tier).
package kafkatools
