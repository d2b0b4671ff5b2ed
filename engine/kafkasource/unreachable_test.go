package kafkasource

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/kafkalab/kafkalab/engine/sqltypes"
	"github.com/kafkalab/kafkalab/engine/testharness/testkit"
)

// A read whose broker is gone waits kafkaConsumer.pollTimeoutMs for records, then says
// first of all that the broker did not answer, and which offsets it was reading.
func TestReadFromVanishedBrokerNamesTheBroker(t *testing.T) {
	addr := fmt.Sprintf("127.0.0.1:%d", testkit.FreePort(t)) // nothing listens there
	opts, err := ParseStreamOptions(map[string]string{"kafka.bootstrap.servers": addr, "subscribe": "orders",
		"kafkaConsumer.pollTimeoutMs": "500"})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	err = ReadRange(ctx, opts, OffsetRange{TopicPartition{"orders", 1}, 7, 13}, func(sqltypes.Row) error {
		t.Fatal("a row from a broker that is gone")
		return nil
	})
	var bu *BrokerUnreachableError
	if !errors.As(err, &bu) || bu.Bootstrap != addr {
		t.Fatalf("error = %v (%T), want a *BrokerUnreachableError for %s", err, err, addr)
	}
	want := "kafka: the broker at " + addr + " did not answer while reading offsets 7 to 12 of orders-1 for 500ms and then listing earliest offsets ("
	if !strings.HasPrefix(err.Error(), want) || !strings.HasSuffix(err.Error(), "); check that it is running and that kafka.bootstrap.servers is right") {
		t.Fatalf("error = %v\nwant it to start with %s", err, want)
	}
}
