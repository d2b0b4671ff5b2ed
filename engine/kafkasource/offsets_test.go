package kafkasource

import (
	"reflect"
	"strings"
	"testing"
)

func TestOffsetsJSON(t *testing.T) {
	cases := []struct {
		name string
		po   PartitionOffsets
		want string
	}{
		{"reference batch 0", PartitionOffsets{{"orders", 0}: 2, {"orders", 1}: 1, {"orders", 2}: 0}, `{"orders":{"0":2,"1":1,"2":0}}`},
		{"reference batch 1", PartitionOffsets{{"orders", 2}: 0, {"orders", 1}: 2, {"orders", 0}: 3}, `{"orders":{"0":3,"1":2,"2":0}}`},
		{"empty", PartitionOffsets{}, `{}`},
		// 13 partitions: table grows to 32 buckets, still ascending.
		{"many partitions", func() PartitionOffsets {
			po := PartitionOffsets{}
			for p := int32(12); p >= 0; p-- {
				po[TopicPartition{"t", p}] = int64(p) * 10
			}
			return po
		}(), `{"t":{"0":0,"1":10,"2":20,"3":30,"4":40,"5":50,"6":60,"7":70,"8":80,"9":90,"10":100,"11":110,"12":120}}`},
		// Java "a".hashCode()=97 -> bucket 1, "b"=98 -> bucket 2: ascending here.
		{"two topics", PartitionOffsets{{"b", 0}: 1, {"a", 0}: 5}, `{"a":{"0":5},"b":{"0":1}}`},
		// "orders".hashCode() = -1008770331 -> bucket 10; "visits" = -816227192 -> bucket 1.
		{"hash order of topics", PartitionOffsets{{"orders", 0}: 1, {"visits", 0}: 2}, `{"visits":{"0":2},"orders":{"0":1}}`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := c.po.JSON(); got != c.want {
				t.Fatalf("JSON() = %s, want %s", got, c.want)
			}
			back, err := ParseOffsets(c.want)
			if err != nil {
				t.Fatal(err)
			}
			if !back.Equal(c.po) {
				t.Fatalf("round trip: %v != %v", back, c.po)
			}
		})
	}
}

func TestScalaBucketOfOrders(t *testing.T) {
	// Pin the hash arithmetic the topic order relies on (values from Java's String.hashCode).
	if h := javaStringHash("orders"); h != -1008770331 {
		t.Fatalf("hash(orders) = %d", h)
	}
	if h := javaStringHash("visits"); h != -816227192 {
		t.Fatalf("hash(visits) = %d", h)
	}
}

func TestParseOffsetsErrors(t *testing.T) {
	for _, in := range []string{``, `[]`, `{"orders":[0]}`, `{"orders":{"x":1}}`, `{"orders":{"0":1.5}}`, `{"a":{"0":1}} x`} {
		_, err := ParseOffsets(in)
		if err == nil || !strings.Contains(err.Error(), `{"topicA":{"0":23,"1":-1},"topicB":{"0":-2}}`) {
			t.Errorf("ParseOffsets(%q) error = %v, want the example in the message", in, err)
		}
	}
	po, err := ParseOffsets(` { "orders" : { "0" : -2 , "1" : -1 } } `)
	if err != nil || po[TopicPartition{"orders", 0}] != OffsetEarliest || po[TopicPartition{"orders", 1}] != OffsetLatest {
		t.Fatalf("got %v, %v", po, err)
	}
}

func TestParseAssign(t *testing.T) {
	tps, err := ParseAssign(`{"orders":[2,0],"audit":[1]}`)
	if err != nil {
		t.Fatal(err)
	}
	want := []TopicPartition{{"audit", 1}, {"orders", 2}, {"orders", 0}}
	if !reflect.DeepEqual(tps, want) {
		t.Fatalf("got %v want %v", tps, want)
	}
	if _, err := ParseAssign(`{"orders":0}`); err == nil {
		t.Fatal("want error")
	}
}
