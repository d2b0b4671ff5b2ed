package broker

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/twmb/franz-go/pkg/kgo"

	"github.com/kafkalab/kafkalab/engine/testharness/testkit"
)

func sortedLines(s string) []string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	slices.Sort(lines)
	return lines
}

func TestKcatAgainstEmbedded(t *testing.T) {
	kcat := testkit.Kcat(t)
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	e := startTest(t, t.TempDir())
	addr := e.Bootstrap()[0]
	cl, adm := testClient(t, e)
	for _, topic := range []string{"orders", "kcat-orders"} {
		if _, err := adm.CreateTopic(ctx, 3, 1, nil, topic); err != nil {
			t.Fatal(err)
		}
	}

	// kcat reads what franz-go wrote: same partitions, offsets, keys and values.
	for _, o := range referenceOrders {
		if err := cl.ProduceSync(ctx, &kgo.Record{Topic: "orders", Key: []byte(o.key), Value: []byte(o.value)}).FirstErr(); err != nil {
			t.Fatal(err)
		}
	}
	got := sortedLines(testkit.RunKcat(t, ctx, kcat, "", "-b", addr, "-C", "-t", "orders", "-e", "-q", "-f", `%p %o %k %s\n`))
	want := []string{
		"0 0 1001 " + referenceOrders[0].value,
		"0 1 1002 " + referenceOrders[1].value,
		"0 2 1001 " + referenceOrders[3].value,
		"1 0 1003 " + referenceOrders[2].value,
		"1 1 1004 " + referenceOrders[4].value,
	}
	if !slices.Equal(got, want) {
		t.Fatalf("kcat read:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}

	// kcat's metadata shows one broker, replication factor 1.
	md := testkit.RunKcat(t, ctx, kcat, "", "-b", addr, "-L", "-t", "orders")
	for _, w := range []string{" 1 brokers:", "broker 0 at " + addr, `topic "orders" with 3 partitions:`, "partition 2, leader 0, replicas: 0, isrs: 0"} {
		if !strings.Contains(md, w) {
			t.Errorf("kcat -L output lacks %q:\n%s", w, md)
		}
	}

	// kcat writes with Java's partitioner (murmur2_random); franz-go reads the same placement.
	testkit.RunKcat(t, ctx, kcat, "1001:a\n1002:b\n1003:c\n1004:d\n", "-b", addr, "-P", "-t", "kcat-orders", "-K:", "-X", "partitioner=murmur2_random")
	cons, _ := testClient(t, e, kgo.ConsumeTopics("kcat-orders"), kgo.ConsumeResetOffset(kgo.NewOffset().AtStart()))
	var placed []string
	for len(placed) < 4 {
		fs := cons.PollFetches(ctx)
		if err := fs.Err0(); err != nil {
			t.Fatal(err)
		}
		fs.EachRecord(func(r *kgo.Record) {
			placed = append(placed, string(r.Key)+"->p"+string(rune('0'+r.Partition))+":"+string(r.Value))
		})
	}
	slices.Sort(placed)
	if want := "[1001->p0:a 1002->p0:b 1003->p1:c 1004->p1:d]"; "["+strings.Join(placed, " ")+"]" != want {
		t.Fatalf("kcat-produced placement %v, want %s", placed, want)
	}
}
