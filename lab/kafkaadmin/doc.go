// Package kafkaadmin runs more of Apache Kafka's command-line tools as kafkalab commands, the
// ones Kafka's quickstart and operations pages use beside those of lab/kafkatools: the same
// names, options and output as Kafka 4.3.1's tools, spoken over the Kafka protocol with
// franz-go, so they work on the embedded broker, a container or any existing cluster.
//
//	kafka-broker-api-versions.sh --bootstrap-server B
//	    Each broker and the API versions it offers, with the version the Java client uses.
//	kafka-cluster.sh cluster-id --bootstrap-server B
//	kafka-metadata-quorum.sh --bootstrap-server B describe --status | --replication [--human-readable]
//	    (a KRaft cluster's controller quorum; the embedded broker has none and says so)
//	kafka-features.sh --bootstrap-server B describe
//	kafka-log-dirs.sh --bootstrap-server B --describe [--topic-list T1,T2] [--broker-list 0,1]
//	kafka-producer-perf-test.sh --topic T --num-records N (--record-size S | --payload-monotonic)
//	    --throughput R|-1 [--producer-props k=v ...] [--producer.config F] [--bootstrap-server B]
//	kafka-consumer-perf-test.sh --bootstrap-server B --topic T --messages N [--group G]
//	    [--from-latest] [--timeout MS] [--show-detailed-stats] [--reporting-interval MS]
//	    [--hide-header] [--date-format F] [--fetch-size N]
//
//	kafka-transactions.sh --bootstrap-server B list [--duration-filter MS] [--transactional-id-pattern RE]
//	kafka-transactions.sh --bootstrap-server B describe --transactional-id ID
//
//	kafka-groups.sh --bootstrap-server B --list [--consumer | --share | --streams |
//	    --group-type classic|consumer|share|streams [--protocol P] | --protocol P]
//	    Every group with its type and protocol (ListGroups v5), in the HashMap order of the ids.
//	kafka-share-groups.sh --bootstrap-server B --list [--state [S,S...]]
//	kafka-streams-groups.sh --bootstrap-server B --list [--state [S,S...]]
//	    (--describe, --delete, --reset-offsets and --delete-offsets are refused as not there yet)
//
//	kafka-acls.sh --bootstrap-server B --list [--topic T | --group G | --cluster | ...] [--principal P]
//	kafka-acls.sh --bootstrap-server B --add | --remove [--force] --allow-principal P [--allow-host H]
//	    [--deny-principal P [--deny-host H]] (--operation OP ... | --producer [--idempotent] | --consumer)
//	    --topic T | --group G | --cluster | --transactional-id ID | --delegation-token D | --user-principal U
//	    [--resource-pattern-type literal|prefixed|any|match]
//	    Kafka's AclCommand over DescribeAcls, CreateAcls and DeleteAcls; resources in the order
//	    of their options and entries as given (add) or sorted (list), where Kafka's own order
//	    changes from run to run. A broker without an authorizer refuses with Kafka's
//	    SecurityDisabledException; the embedded broker keeps ACLs.
//
//	kafka-reassign-partitions.sh --bootstrap-server B
//	    --generate --topics-to-move-json-file F --broker-list 1,2 [--disable-rack-aware]
//	    | --execute --reassignment-json-file F [--throttle BPS] [--additional] [--timeout MS]
//	    | --verify --reassignment-json-file F [--preserve-throttles]
//	    | --cancel --reassignment-json-file F [--preserve-throttles] | --list
//	    ops.html's steps with Kafka 4.3.1's texts: the current assignment with each replica's
//	    log dir, --throttle's topic and broker throttles, cleared by --verify and --cancel.
//	    --generate places replicas round the listed brokers from the first (Kafka starts at a
//	    random one); a move to another log dir ("log_dirs" other than "any") is refused.
//
//	kafka-client-metrics.sh --bootstrap-server B --list | --describe [--name N] | --delete --name N
//	    | --alter (--name N | --generate-name) [--metrics m1,m2] [--interval MS] [--match k1=v1,k2=v2]
//	    KIP-714's client metrics subscriptions (config resources of type CLIENT_METRICS).
//
//	kafka-verifiable-producer.sh --bootstrap-server B --topic T [--max-messages N] [--throughput R]
//	    [--acks -1|0|1] [--value-prefix P] [--repeating-keys K] [--message-create-time MS]
//	    [--producer.config F | --command-config F]
//	    Kafka's system-test producer: one JSON line a event (startup_complete,
//	    producer_send_success/_error, shutdown_complete, tool_data) with Kafka's fields in
//	    Kafka's order; times and the throughput are measurements.
//	kafka-verifiable-consumer.sh --bootstrap-server B --topic T --group-id G [--max-messages N]
//	    [--verbose] [--enable-autocommit] [--reset-policy earliest|latest|none]
//	    [--session-timeout MS] [--group-instance-id ID]
//	    Its consumer in a classic group (range assignor; --group-protocol consumer and
//	    --assignment-strategy are refused): partitions_assigned, record_data, records_consumed,
//	    offsets_committed, partitions_revoked, shutdown_complete, shutdown_requested.
//
//	kafka-e2e-latency.sh --bootstrap-server B --topic T --num-records N --producer-acks 1|all
//	    --record-size S [--record-key-size K] [--num-headers H --record-header-key-size HK
//	    --record-header-size HS] [--command-config F]
//	kafka-e2e-latency.sh B T N 1|all S [F]   (Kafka's deprecated positional form, with its warning)
//	    One record at a time, acknowledged and read back; every 1000th round trip, the average
//	    and three percentiles (measurements). A missing topic is made with one partition.
//
//	kafka-leader-election.sh --bootstrap-server B --election-type preferred|unclean
//	    (--all-topic-partitions | --topic T --partition P | --path-to-json-file F)
//
//	kafka-dump-log.sh --files A.log[,B.log]
//	    One line per record batch of a real Kafka's log segment (shallow iteration); the
//	    embedded broker keeps no segment files. --print-data-log and --deep-iteration are
//	    refused as not there yet.
//
// lab/kafkatools keys the lead's cache of real Spark's results, so these tools live here and
// reuse its exported IO; the CLI and the lesson shell dispatch kafka-*.sh names to whichever
// package has the tool.
//
// Output is compared with Kafka 4.3.1's own tools on a real broker in realkafka_test.go (the
// test-apache-kafka tier), after normalising what differs by nature: ids, host:port, sizes and
// measurements.
package kafkaadmin
