package kafkasource

import (
	"context"
	"strings"
	"testing"
	"time"
)

func TestParseStreamOptions(t *testing.T) {
	base := func(kv ...string) map[string]string {
		m := map[string]string{"kafka.bootstrap.servers": "localhost:9092", "subscribe": "orders"}
		for i := 0; i < len(kv); i += 2 {
			if kv[i+1] == "<unset>" {
				delete(m, kv[i])
				continue
			}
			m[kv[i]] = kv[i+1]
		}
		return m
	}
	errCases := []struct {
		name string
		opts map[string]string
		want string
	}{
		{"ending offsets", base("endingOffsets", "latest"), "ending offset not valid in streaming queries"},
		{"no strategy", base("subscribe", "<unset>"), "One of the following options must be specified for Kafka source: subscribe, subscribepattern, assign"},
		{"two strategies", base("subscribePattern", "ord.*"), "Only one of the following options can be specified"},
		{"empty subscribe", base("subscribe", " , "), "No topics to subscribe to as specified value for option 'subscribe' is ' , '"},
		{"bad assign", base("subscribe", "<unset>", "assign", "orders"), "No topicpartitions to assign as specified value for option 'assign' is 'orders'"},
		{"no bootstrap", base("kafka.bootstrap.servers", "<unset>"), "Option 'kafka.bootstrap.servers' must be specified for configuring Kafka consumer"},
		{"auto offset reset", base("kafka.auto.offset.reset", "earliest"), "Kafka option 'auto.offset.reset' is not supported"},
		{"key deserializer", base("kafka.key.deserializer", "x"), "Kafka option 'key.deserializer' is not supported"},
		{"auto commit", base("kafka.enable.auto.commit", "true"), "Kafka option 'enable.auto.commit' is not supported"},
		{"min partitions", base("minPartitions", "0"), "minPartitions must be positive"},
		{"max offsets", base("maxOffsetsPerTrigger", "-3"), "'maxOffsetsPerTrigger' must be a positive whole number"},
		{"fail on data loss", base("failOnDataLoss", "maybe"), "'failOnDataLoss' must be true or false"},
		{"bad starting json", base("startingOffsets", "{orders}"), `expected offsets like {"topicA"`},
	}
	for _, c := range errCases {
		t.Run(c.name, func(t *testing.T) {
			_, err := ParseStreamOptions(c.opts)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("error = %v, want it to contain %q", err, c.want)
			}
		})
	}

	// A maxOffsetsPerTrigger that is not a number passes load() and fails the query when
	// it starts, with Java's parse error, as in Spark.
	lazy, err := ParseStreamOptions(base("maxOffsetsPerTrigger", "ten"))
	if err != nil || lazy.StartErr == nil || lazy.StartErr.Error() != `For input string: "ten"` {
		t.Fatalf("maxOffsetsPerTrigger=ten: err %v, StartErr %v", err, lazy.StartErr)
	}
	if _, err := (&Stream{opts: lazy}).InitialOffsets(context.Background()); err == nil || err.Error() != `For input string: "ten"` {
		t.Fatalf("start with maxOffsetsPerTrigger=ten: %v", err)
	}

	o, err := ParseStreamOptions(map[string]string{
		"KAFKA.BOOTSTRAP.SERVERS": "a:1, b:2", "Subscribe": "orders, audit", "STARTINGOFFSETS": "Earliest",
		"maxOffsetsPerTrigger": "10", "minPartitions": "4", "failOnDataLoss": "FALSE", "includeHeaders": "true",
		"kafkaConsumer.pollTimeoutMs": "1500",
	})
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(o.Bootstrap, "|") != "a:1|b:2" || strings.Join(o.Subscribe, "|") != "orders|audit" ||
		o.StartingOffsets.Kind != LimitEarliest || o.MaxOffsetsPerTrigger != 10 || o.MinPartitions != 4 ||
		o.FailOnDataLoss || !o.IncludeHeaders || o.PollTimeout != 1500*time.Millisecond {
		t.Fatalf("parsed %+v", o)
	}
	if d := o.Description(); d != "KafkaV2[Subscribe[orders, audit]]" {
		t.Fatalf("Description = %s", d)
	}
	o, err = ParseStreamOptions(base())
	if err != nil || o.StartingOffsets.Kind != LimitLatest || !o.FailOnDataLoss {
		t.Fatalf("defaults: %+v %v", o, err)
	}
	o, err = ParseStreamOptions(base("subscribe", "<unset>", "assign", `{"orders":[0,1]}`))
	if err != nil || o.Description() != "KafkaV2[Assign[orders-0, orders-1]]" {
		t.Fatalf("assign: %v %v", o, err)
	}
}

func TestParseBatchOptions(t *testing.T) {
	base := map[string]string{"kafka.bootstrap.servers": "localhost:9092", "subscribe": "orders"}
	o, err := ParseBatchOptions(base)
	if err != nil || o.StartingOffsets.Kind != LimitEarliest || o.EndingOffsets.Kind != LimitLatest {
		t.Fatalf("defaults: %+v %v", o, err)
	}
	for _, c := range []struct{ k, v, want string }{
		{"startingOffsets", "latest", "starting offset can't be latest for batch queries on Kafka"},
		{"endingOffsets", "earliest", "ending offset can't be earliest for batch queries on Kafka"},
		{"startingOffsets", `{"orders":{"0":-1}}`, "startingOffsets for orders-0 can't be latest for batch queries on Kafka"},
		{"endingOffsets", `{"orders":{"0":-2}}`, "ending offset for orders-0 can't be earliest for batch queries on Kafka"},
	} {
		m := map[string]string{c.k: c.v}
		for k, v := range base {
			m[k] = v
		}
		if _, err := ParseBatchOptions(m); err == nil || err.Error() != c.want {
			t.Errorf("%s=%s: error %v, want %q", c.k, c.v, err, c.want)
		}
	}
}
