package engine

import (
	"context"
	"fmt"
	"strings"

	"github.com/kafkalab/kafkalab/engine/kafkasource"
	"github.com/kafkalab/kafkalab/engine/rowiter"
	"github.com/kafkalab/kafkalab/engine/sqltypes"
	"github.com/kafkalab/kafkalab/engine/stream"
)

// kafkaSink is writeStream.format("kafka"): every batch's rows become records, as Spark's
// Kafka sink writes them (value required; key, topic, partition and headers columns
// optional; the topic option wins over a topic column). Like Spark's, it is at-least-once:
// a batch re-run after a crash writes its records again.
type kafkaSink struct {
	bootstrap []string
	topic     string // the topic option, "" for the topic column
}

// newKafkaSink checks the query's columns when the query starts, as Spark does before the
// first batch.
func newKafkaSink(opts options) (*kafkaSink, error) {
	if err := checkProducerOptions(&opts); err != nil {
		return nil, err
	}
	bs, ok := opts.get("kafka.bootstrap.servers")
	if !ok || strings.TrimSpace(bs) == "" {
		return nil, fmt.Errorf("Option 'kafka.bootstrap.servers' must be specified for configuring Kafka consumer")
	}
	// The columns (value, key, topic, headers) are checked by the first batch, not here:
	// Spark validates them when the stream thread plans the write, after offsets/0 is
	// logged, so start() succeeds and the query fails.
	topic, _ := opts.get("topic")
	return &kafkaSink{bootstrap: kafkasource.SplitBootstrap(bs), topic: topic}, nil
}

// Description is what Spark's progress shows for the Kafka sink (the class name; Spark
// adds an object hash that differs on every run).
func (k *kafkaSink) Description() string {
	return "org.apache.spark.sql.kafka010.KafkaSourceProvider$KafkaTable"
}

func (k *kafkaSink) AddBatch(ctx context.Context, b *stream.SinkBatch) error {
	schema := b.Schema
	if schema == nil {
		schema = &sqltypes.StructType{}
	}
	// Each task writes its rows in order, task after task, as Spark's tasks would when
	// they run one at a time.
	tasks, err := rowiter.CollectTasks(ctx, b.Tasks)
	if err != nil {
		return err
	}
	var rows []sqltypes.Row
	for _, t := range tasks {
		rows = append(rows, t...)
	}
	recs, err := kafkasource.RecordsFromRows(schema, rows, k.topic)
	if err != nil {
		return err
	}
	return kafkasource.WriteRecords(ctx, k.bootstrap, k.topic, recs)
}

// checkProducerOptions refuses the producer settings Spark's Kafka writer manages itself
// (batch and streaming writes alike), with Spark's IllegalArgumentException texts.
func checkProducerOptions(opts *options) error {
	if _, ok := opts.get("kafka.key.serializer"); ok {
		return illegalArgument("Kafka option 'key.serializer' is not supported as keys are serialized with ByteArraySerializer.")
	}
	if _, ok := opts.get("kafka.value.serializer"); ok {
		return illegalArgument("Kafka option 'value.serializer' is not supported as values are serialized with ByteArraySerializer.")
	}
	return nil
}
