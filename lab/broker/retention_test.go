package broker

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/twmb/franz-go/pkg/kadm"
	"github.com/twmb/franz-go/pkg/kerr"
	"github.com/twmb/franz-go/pkg/kgo"
)

// Lessons show deleted data with DeleteRecords (see Embedded's comment). These tests pin
// the Kafka behaviour they rely on: the log start offset moves, survives a restart, and a
// reader below it gets OFFSET_OUT_OF_RANGE (what Spark's failOnDataLoss reacts to).
func TestEmbeddedDeleteRecordsLikeKafka(t *testing.T) {
	dir := t.TempDir()
	ctx := testCtx(t)
	e := startTest(t, dir)
	cl, adm := testClient(t, e)
	if _, err := adm.CreateTopic(ctx, 1, 1, nil, "orders"); err != nil {
		t.Fatal(err)
	}
	for i := range 5 {
		if err := cl.ProduceSync(ctx, &kgo.Record{Topic: "orders", Value: orderJSON(i)}).FirstErr(); err != nil {
			t.Fatal(err)
		}
	}
	offs := kadm.Offsets{}
	offs.Add(kadm.Offset{Topic: "orders", Partition: 0, At: 3, LeaderEpoch: -1})
	dr, err := adm.DeleteRecords(ctx, offs)
	if err != nil {
		t.Fatal(err)
	}
	if r, _ := dr.Lookup("orders", 0); r.Err != nil || r.LowWatermark != 3 {
		t.Fatalf("DeleteRecords: %+v, want low watermark 3", r)
	}
	cl.Close()
	if err := e.Close(ctx); err != nil {
		t.Fatal(err)
	}

	e2 := startTest(t, dir)
	_, adm2 := testClient(t, e2)
	starts, err := adm2.ListStartOffsets(ctx, "orders")
	if err != nil {
		t.Fatal(err)
	}
	ends, err := adm2.ListEndOffsets(ctx, "orders")
	if err != nil {
		t.Fatal(err)
	}
	if s, _ := starts.Lookup("orders", 0); s.Offset != 3 {
		t.Fatalf("start offset after restart = %d, want 3", s.Offset)
	}
	if e, _ := ends.Lookup("orders", 0); e.Offset != 5 {
		t.Fatalf("end offset after restart = %d, want 5", e.Offset)
	}

	// A reader that wants offset 1 and has no reset policy fails as on Kafka.
	reader, _ := testClient(t, e2,
		kgo.ConsumePartitions(map[string]map[int32]kgo.Offset{"orders": {0: kgo.NewOffset().At(1)}}),
		kgo.ConsumeResetOffset(kgo.NoResetOffset()))
	fctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	var fetchErr error
	for fetchErr == nil && fctx.Err() == nil {
		fs := reader.PollFetches(fctx)
		fs.EachError(func(_ string, _ int32, err error) { fetchErr = err })
		if fs.NumRecords() > 0 {
			t.Fatalf("read %d records below the log start offset", fs.NumRecords())
		}
	}
	if !errors.Is(fetchErr, kerr.OffsetOutOfRange) {
		t.Fatalf("reading offset 1 after deleting up to 3: %v, want OFFSET_OUT_OF_RANGE", fetchErr)
	}
}

// TestEmbeddedApplyRetentionIsPerBatch documents the difference from Kafka: an expired
// batch goes at once, where Kafka would keep it until its whole (1 GiB) segment expires.
func TestEmbeddedApplyRetentionIsPerBatch(t *testing.T) {
	e := startTest(t, "")
	ctx := testCtx(t)
	cl, adm := testClient(t, e)
	if _, err := adm.CreateTopic(ctx, 1, 1, map[string]*string{"retention.ms": str("3600000")}, "orders"); err != nil {
		t.Fatal(err)
	}
	old := time.Now().Add(-2 * time.Hour)
	for i, ts := range []time.Time{old, old, time.Now()} {
		if err := cl.ProduceSync(ctx, &kgo.Record{Topic: "orders", Value: orderJSON(i), Timestamp: ts}).FirstErr(); err != nil {
			t.Fatal(err)
		}
	}
	e.ApplyRetention()
	starts, err := adm.ListStartOffsets(ctx, "orders")
	if err != nil {
		t.Fatal(err)
	}
	if s, _ := starts.Lookup("orders", 0); s.Offset != 2 {
		t.Fatalf("start offset after retention = %d, want 2 (the two expired batches gone)", s.Offset)
	}
}
