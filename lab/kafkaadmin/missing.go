package kafkaadmin

// Tools from Kafka's operations pages that kafkalab names but does not run yet: a learner
// who types one gets a sentence saying so, not "unknown command".
func init() {
	for _, m := range []struct{ name, summary, why string }{
		{"kafka-dump-log.sh", "Decode Kafka's log segment files.",
			"the embedded broker keeps no segment files; read records with kafka-console-consumer.sh --property print.offset=true"},
	} {
		registerTool(&tool{name: m.name, summary: m.summary + " (not in kafkalab yet)", missing: m.why})
	}
}
