package kafkaadmin

// Tools from Kafka's operations pages that kafkalab names but does not run yet: a learner
// who types one gets a sentence saying so, not "unknown command".
func init() {
	for _, m := range []struct{ name, summary, why string }{
		{"kafka-leader-election.sh", "Elect preferred or unclean leaders for partitions.",
			"the lab's broker is a single node, so every partition already has its only replica as leader; try it on a multi-broker Kafka cluster"},
		{"kafka-dump-log.sh", "Decode Kafka's log segment files.",
			"the embedded broker keeps no segment files; read records with kafka-console-consumer.sh --property print.offset=true"},
	} {
		registerTool(&tool{name: m.name, summary: m.summary + " (not in kafkalab yet)", missing: m.why})
	}
}
