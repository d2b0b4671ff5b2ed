package kafkatools

import (
	"bytes"
	"context"
	"fmt"
	"strings"
	"testing"
)

// BenchmarkConsoleProduceConsume sends 100,000 keyed reference-sized JSON lines through
// kafka-console-producer.sh and reads them back with kafka-console-consumer.sh, both
// against the embedded broker. Run: go test -run '^$' -bench ConsoleProduce -benchtime 1x ./lab/kafkatools/
func BenchmarkConsoleProduceConsume(b *testing.B) {
	const n = 100_000
	var in strings.Builder
	for i := range n {
		fmt.Fprintf(&in, `%d:{"order_id":%d,"customer_id":"C%02d","status":"placed","amount":25.5,"event_time":"2026-10-01T09:15:00Z"}`+"\n", 1000+i%500, 1000+i%500, i%50)
	}
	input := in.String()
	for i := 0; b.Loop(); i++ {
		bs := startBroker(b)
		topic := fmt.Sprintf("bench%d", i)
		io := func(stdin string) (IO, *bytes.Buffer) {
			var out bytes.Buffer
			return IO{Stdin: strings.NewReader(stdin), Stdout: &out, Stderr: &out}, &out
		}
		ctx := context.Background()
		pio, pout := io("")
		if Run(ctx, "kafka-topics.sh", []string{"--create", "--topic", topic, "--partitions", "3"}, pio, []string{bs}) != 0 {
			b.Fatal(pout.String())
		}
		pio, pout = io(input)
		if Run(ctx, "kafka-console-producer.sh", []string{"--topic", topic, "--property", "parse.key=true", "--property", "key.separator=:"}, pio, []string{bs}) != 0 {
			b.Fatal(pout.String())
		}
		cio, cout := io("")
		if Run(ctx, "kafka-console-consumer.sh", []string{"--topic", topic, "--from-beginning", "--max-messages", fmt.Sprint(n)}, cio, []string{bs}) != 0 {
			b.Fatal(cout.String())
		}
		if got := strings.Count(cout.String(), "\n"); got != n+1 {
			b.Fatalf("consumed %d lines, want %d", got-1, n)
		}
	}
	b.ReportMetric(float64(n), "records/op")
}
