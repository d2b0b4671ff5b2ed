//go:build containertest

package container

import (
	"context"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/testcontainers/testcontainers-go"
	tcexec "github.com/testcontainers/testcontainers-go/exec"
	"github.com/testcontainers/testcontainers-go/wait"
)

// The image under test must behave like apache/kafka at its entry point: KAFKA_* variables
// become server.properties entries by the official renaming rules, and with none set the
// built-in single-node default (advertising localhost:9092) is used. (That Kafka accepts
// the result is shown by TestContainerBrokerRunsReferenceScenario; here the rendering is
// read as soon as the entry script hands over to the broker.)
func TestImageTakesOfficialKafkaEnv(t *testing.T) {
	img := testImage(t)
	withEnv := kraftEnv()
	withEnv["KAFKA_ADVERTISED_LISTENERS"] = "PLAINTEXT://localhost:9092,BROKER://localhost:9093"
	withEnv["KAFKA_LOG_RETENTION_MS"] = "604800001"
	withEnv["KAFKA_FOO__BAR___BAZ"] = "renamed" // '__' -> '_', '___' -> '-'

	cases := []struct {
		name    string
		env     map[string]string
		want    []string // lines of the rendered /opt/kafka/config/server.properties
		notWant []string
	}{
		{
			name: "official variables",
			env:  withEnv,
			want: []string{
				"node.id=1",
				"process.roles=broker,controller",
				"controller.quorum.voters=1@localhost:9094",
				"inter.broker.listener.name=BROKER",
				"advertised.listeners=PLAINTEXT://localhost:9092,BROKER://localhost:9093",
				"offsets.topic.replication.factor=1",
				"log.retention.ms=604800001",
				"foo_bar-baz=renamed",
			},
		},
		{
			name:    "no variables: built-in single node",
			env:     nil,
			want:    []string{"process.roles=broker,controller", "advertised.listeners=PLAINTEXT://localhost:9092", "listeners=PLAINTEXT://:9092,CONTROLLER://:9093"},
			notWant: []string{"foo_bar-baz"},
		},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
			defer cancel()
			quietTestcontainers()
			opts := []testcontainers.ContainerCustomizer{
				testcontainers.WithLabels(ownLabels()),
				testcontainers.WithWaitStrategy(wait.ForLog("===> Launching").WithStartupTimeout(2 * time.Minute)),
			}
			if tc.env != nil {
				opts = append(opts, testcontainers.WithEnv(tc.env))
			}
			c, err := testcontainers.Run(ctx, img, opts...)
			if c != nil {
				defer func() { _ = c.Terminate(context.Background(), testcontainers.StopTimeout(0)) }()
			}
			if err != nil {
				t.Fatalf("run %s: %v", img, err)
			}
			code, out, err := c.Exec(ctx, []string{"cat", "/opt/kafka/config/server.properties"}, tcexec.Multiplexed())
			if err != nil || code != 0 {
				t.Fatalf("read server.properties: exit %d, %v", code, err)
			}
			b, _ := io.ReadAll(out)
			lines := map[string]bool{}
			for _, l := range strings.Split(string(b), "\n") {
				lines[strings.TrimSpace(l)] = true
			}
			for _, w := range tc.want {
				if !lines[w] {
					t.Errorf("server.properties lacks %q:\n%s", w, b)
				}
			}
			for _, nw := range tc.notWant {
				if strings.Contains(string(b), nw) {
					t.Errorf("server.properties should not contain %q:\n%s", nw, b)
				}
			}
		})
	}
}
