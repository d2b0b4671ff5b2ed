//go:build apachekafka

package broker

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/twmb/franz-go/pkg/kadm"
	"github.com/twmb/franz-go/pkg/kgo"
)

// TestRefusalsMatchApacheKafka sends every request of refusalCases to a real Apache Kafka
// 4.3.1 broker (the test-apache-kafka tier's, KAFKALAB_TEST_BOOTSTRAP) and to the embedded
// broker, and requires the same error codes and messages from both, and from the golden
// file the unit tests hold the embedded broker to. With -update it rewrites that file from
// the real broker's answers.
func TestRefusalsMatchApacheKafka(t *testing.T) {
	real := os.Getenv("KAFKALAB_TEST_BOOTSTRAP")
	if real == "" {
		t.Fatal("KAFKALAB_TEST_BOOTSTRAP is not set: run this test with make test-apache-kafka")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	rcl, err := kgo.NewClient(kgo.SeedBrokers(real), kgo.RetryTimeout(30*time.Second))
	if err != nil {
		t.Fatal(err)
	}
	defer rcl.Close()
	e := startTest(t, "")
	ecl, _ := testClient(t, e)

	run := fmt.Sprintf("r%06d", rand.IntN(1_000_000)) // the real broker is shared with other tests
	defer deleteTopicsWithPrefix(t, rcl, run)
	golden := map[string]string{}
	if !*updateGolden {
		golden = readRefusalsGolden(t)
	}
	fromKafka := map[string]string{}
	compared := 0
	for i, c := range refusalCases {
		t.Run(c.name, func(t *testing.T) {
			prefix := fmt.Sprintf("%sc%02d", run, i)
			ours, err := runRefusalCase(ctx, ecl, c, prefix)
			if err != nil {
				t.Fatalf("embedded broker: %v", err)
			}
			if c.embeddedOnly != "" {
				// Not sent to Kafka: it would load the shared broker for minutes.
				fromKafka[c.name] = ours
				t.Logf("embedded only (%s): %s", c.embeddedOnly, ours)
				return
			}
			kafka, err := runRefusalCase(ctx, rcl, c, prefix)
			if err != nil {
				t.Fatalf("Kafka: %v", err)
			}
			fromKafka[c.name] = kafka
			compared++
			if ours != kafka {
				t.Errorf("embedded broker answers\n%s\nApache Kafka answers\n%s", ours, kafka)
			}
			if !*updateGolden && golden[c.name] != kafka {
				t.Errorf("the golden file says\n%s\nApache Kafka answers\n%s\n(go test -tags apachekafka -run TestRefusalsMatchApacheKafka -update ./lab/broker rewrites it)", golden[c.name], kafka)
			}
		})
	}
	t.Logf("%d cases compared with Apache Kafka, %d embedded-only", compared, len(refusalCases)-compared)
	if *updateGolden && !t.Failed() {
		if err := os.WriteFile(refusalsGolden, formatRefusals(fromKafka), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func deleteTopicsWithPrefix(t *testing.T, cl *kgo.Client, prefix string) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	adm := kadm.NewClient(cl)
	topics, err := adm.ListTopics(ctx)
	if err != nil {
		t.Logf("cleanup: %v", err)
		return
	}
	var mine []string
	for _, name := range topics.Names() {
		if strings.HasPrefix(name, prefix) {
			mine = append(mine, name)
		}
	}
	if len(mine) > 0 {
		if _, err := adm.DeleteTopics(ctx, mine...); err != nil {
			t.Logf("cleanup: %v", err)
		}
	}
}
