package kafkasource

import (
	"fmt"
	"testing"
)

// What real Spark 4.2 did: the Kafka partition each part-0000N file of a Delta table held
// after one availableNow batch over a topic with one record per partition.
func TestPlanOrderIsSparks(t *testing.T) {
	tests := []struct {
		topic string
		n     int32
		want  string // partitions in task order
	}{
		{"orders", 3, "[0 1 2]"},
		{"payments", 3, "[0 2 1]"},
		{"payments-x", 3, "[2 0 1]"},
		{"orders-x", 3, "[1 0 2]"},
		{"clicks", 3, "[2 1 0]"},
		{"t4", 4, "[1 0 3 2]"},
		{"pr5", 5, "[4 2 3 0 1]"},
	}
	for _, tc := range tests {
		var tps []TopicPartition
		for p := tc.n - 1; p >= 0; p-- { // the input order must not matter
			tps = append(tps, TopicPartition{tc.topic, p})
		}
		var got []int32
		for _, tp := range PlanOrder(tps) {
			got = append(got, tp.Partition)
		}
		if fmt.Sprint(got) != tc.want {
			t.Errorf("%s with %d partitions: tasks read %v, Spark's read %s", tc.topic, tc.n, got, tc.want)
		}
	}
}

// The trie order of bigger maps, against scala.collection.immutable.HashMap's iterator (run
// on Scala 2.13.18 with Kafka's TopicPartition keys).
func TestPlanOrderBeyondFourIsScalaHashMaps(t *testing.T) {
	for topic, want := range map[string]string{
		"order-status-x": "[0 3 1 4 2]",
		"t8":             "[1 0 3 6 7 2 5 4]",
		"t12":            "[2 6 5 7 10 9 1 4 11 3 8 0]",
	} {
		n := map[string]int32{"order-status-x": 5, "t8": 8, "t12": 12}[topic]
		var tps []TopicPartition
		for p := int32(0); p < n; p++ {
			tps = append(tps, TopicPartition{topic, p})
		}
		var got []int32
		for _, tp := range PlanOrder(tps) {
			got = append(got, tp.Partition)
		}
		if fmt.Sprint(got) != want {
			t.Errorf("%s: %v, Scala's HashMap iterates %s", topic, got, want)
		}
	}
}
