package kafkaadmin

import (
	"encoding/json"
	"strings"
	"testing"
)

// The orders Kafka 4.3.1's LogDirsCommand printed (its HashMaps' iteration orders), read from
// its output on a real broker.
func TestJavaHashOrder(t *testing.T) {
	for _, tc := range []struct {
		put, want []string
	}{
		{[]string{"version", "brokers"}, []string{"brokers", "version"}},
		{[]string{"broker", "logDirs"}, []string{"broker", "logDirs"}},
		{[]string{"logDir", "error", "partitions"}, []string{"partitions", "error", "logDir"}},
		{[]string{"partition", "size", "offsetLag", "isFuture"}, []string{"partition", "size", "offsetLag", "isFuture"}},
	} {
		got := javaHashOrder(tc.put, javaStringHash)
		if strings.Join(got, ",") != strings.Join(tc.want, ",") {
			t.Errorf("keys %v: order %v, Kafka's %v", tc.put, got, tc.want)
		}
	}
	// Partitions of topic "perf": Kafka printed perf-1 before perf-0.
	got := javaHashOrder([]int32{0, 1}, func(p int32) int32 { return 31*(31+p) + javaStringHash("perf") })
	if got[0] != 1 || got[1] != 0 {
		t.Errorf("perf partitions in order %v, Kafka's [1 0]", got)
	}
	b, err := json.Marshal(jsonObject{{"version", 1}, {"brokers", []any{}}})
	if err != nil || string(b) != `{"brokers":[],"version":1}` {
		t.Errorf("jsonObject: %s %v", b, err)
	}
}
