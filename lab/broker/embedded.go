package broker

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"errors"
	"fmt"
	"net"
	"os"
	"strconv"
	"sync"
	"syscall"
	"time"

	"github.com/twmb/franz-go/pkg/kfake"
	"github.com/twmb/franz-go/pkg/kgo"
	"github.com/twmb/franz-go/pkg/kmsg"
)

// DefaultPort is the port the course's code uses (localhost:9092).
const DefaultPort = 9092

// EmbeddedConfig chooses where the embedded broker listens and keeps its data.
type EmbeddedConfig struct {
	// Port: 0 = 9092 when free, else a free port the OS picks (Bootstrap says which);
	// -1 = always a free port (tests: never race for 9092); N > 0 = exactly N, or an error.
	Port int
	// DataDir persists topics, records and committed offsets across restarts.
	// Empty = memory only (tests, benchmarks).
	DataDir string
}

// embeddedBrokerConfigs are broker settings kafkalab gives kfake at start. kfake runs
// retention and compaction on a ticker whose period it reads from log.cleaner.backoff.ms
// (its default: 1 hour); 5 minutes is Kafka's log.retention.check.interval.ms.
// DescribeConfigs still reports Kafka's meaning of that key (15000, see kafkadefaults.go).
var embeddedBrokerConfigs = map[string]string{
	"log.cleaner.backoff.ms": "300000",
}

// Embedded is franz-go's kfake running in this process as ONE Kafka broker on 127.0.0.1.
//
// What it shares with a real single Kafka broker: the wire protocol (every client tried:
// kgo, kcat, sarama, kafka-go, the Java client's partitioner via kgo), one broker id 0,
// replication factor 1 (asking for more gives INVALID_REPLICATION_FACTOR, as Kafka does),
// auto topic creation on with 1 partition (Kafka's auto.create.topics.enable=true and
// num.partitions=1), and Kafka's defaults in DescribeConfigs (segment.bytes 1073741824,
// default.replication.factor 1, num.partitions 1, ...; see kafkadefaults.go).
//
// Retention: kfake deletes single record batches older than retention.ms (or beyond
// retention.bytes) while Kafka deletes whole segments (1 GiB by default), so on a real
// broker a small retention.ms on a fresh topic deletes nothing until the segment rolls.
// kafkalab keeps kfake's per-batch deletion but runs it every 5 minutes, like Kafka's
// log.retention.check.interval.ms, instead of kfake's hourly timer. Lessons must NOT rely
// on time or size retention to show records disappearing: they use DeleteRecords
// (kafka-delete-records.sh), which moves the log start offset exactly as on Kafka (a
// reader below it gets OFFSET_OUT_OF_RANGE, Spark's failOnDataLoss trips the same way).
//
// Kafka 4.3.1's own Java tools (kafka-topics, console producer/consumer, get-offsets,
// consumer-groups, delete-records, configs) print what they print against a real broker
// (toolsdiff_apachekafka_test.go), except the node id (0 here; 1 in Kafka's sample KRaft
// config) and __consumer_offsets, which kfake keeps internally and never lists as a topic.
//
// What Kafka refuses, it refuses too, with Kafka's error codes and messages (kafkarules.go,
// checked against a real broker by rules_apachekafka_test.go): topic names, every topic
// config's type, range and allowed values, unknown config names, partition counts and
// replication factors, and Kafka's own bounds (10000 partitions in one CreateTopics
// request, a 55 MiB Fetch answer, 100 MiB requests). Its own bounds, since kfake keeps
// every partition in memory and saves each one when it stops: MaxPartitionsPerTopic
// (10000) and MaxPartitionsInAll (20000), refused at once with a message that says so.
//
// Other differences lessons must not show: no real replication (ISR always equals the
// replicas, min.insync.replicas is never enforced), and topic compression.type and
// message.timestamp.type=LogAppendTime are stored but not applied.
type Embedded struct {
	cluster *kfake.Cluster
	addr    string
	dataDir string
	lock    *os.File

	closeOnce sync.Once
	closeErr  error
}

// StartEmbedded starts the embedded broker. With a DataDir it reloads what an earlier run
// stored there; only one broker may use a DataDir at a time.
func StartEmbedded(ctx context.Context, cfg EmbeddedConfig) (*Embedded, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if cfg.Port < -1 || cfg.Port > 65535 {
		return nil, fmt.Errorf("embedded broker: port %d is not a TCP port: use --port N with N between 1 and 65535", cfg.Port)
	}
	e := &Embedded{dataDir: cfg.DataDir}
	// The port first: a busy port must not leave a new, empty data folder behind.
	ln, err := listen(cfg.Port, DefaultPort)
	if err != nil {
		return nil, err
	}
	e.addr = ln.Addr().String()
	if cfg.DataDir != "" {
		lock, err := lockDataDir(cfg.DataDir)
		if err != nil {
			ln.Close()
			return nil, err
		}
		e.lock = lock
	}

	handed := false
	rules := newKafkaRules()
	opts := []kfake.Opt{
		kfake.NumBrokers(1),
		kfake.ListenFn(func(string, string) (net.Listener, error) {
			if handed {
				return nil, errors.New("embedded broker: only one listener")
			}
			handed = true
			return &filterListener{Listener: ln, rewrite: kafkaDefaults(cfg.DataDir, rules)}, nil
		}),
		kfake.ClusterID(newClusterID()), // replaced by the stored one when DataDir has one
		kfake.AllowAutoTopicCreation(),
		kfake.DefaultNumPartitions(1),
		kfake.GroupMaxSessionTimeout(30 * time.Minute), // Kafka's group.max.session.timeout.ms
		kfake.BrokerConfigs(embeddedBrokerConfigs),
	}
	if cfg.DataDir != "" {
		opts = append(opts, kfake.DataDir(cfg.DataDir))
	}
	c, err := kfake.NewCluster(opts...)
	if err != nil {
		ln.Close()
		e.unlock()
		if cfg.DataDir != "" {
			return nil, fmt.Errorf("embedded broker: cannot load its data folder %s (%v): move the folder away or choose another with --data DIR", cfg.DataDir, err)
		}
		return nil, fmt.Errorf("embedded broker: %w", err)
	}
	rules.controlRequests(c)
	e.cluster = c
	if cfg.DataDir != "" {
		if err := e.learnTopics(ctx, rules); err != nil {
			_ = e.Close(context.WithoutCancel(ctx))
			return nil, err
		}
	}
	return e, nil
}

// learnTopics lists the topics a data folder brought back: kfake cannot list them to the
// rules, which count every topic's partitions against MaxPartitionsInAll.
func (e *Embedded) learnTopics(ctx context.Context, rules *kafkaRules) error {
	ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	cl, err := kgo.NewClient(kgo.SeedBrokers(e.addr))
	if err != nil {
		return fmt.Errorf("embedded broker: %w", err)
	}
	defer cl.Close()
	resp, err := kmsg.NewPtrMetadataRequest().RequestWith(ctx, cl)
	if err != nil {
		return fmt.Errorf("embedded broker: cannot list the topics in %s: %w", e.dataDir, err)
	}
	for _, t := range resp.Topics {
		if t.Topic != nil {
			rules.census.saw(*t.Topic)
		}
	}
	return nil
}

// listen opens the broker's socket on 127.0.0.1 (never on other interfaces: the lab's
// broker has no authentication). Port 0 tries preferred first.
func listen(port, preferred int) (net.Listener, error) {
	switch port {
	case -1:
		return net.Listen("tcp", "127.0.0.1:0")
	case 0:
		ln, err := net.Listen("tcp", net.JoinHostPort("127.0.0.1", strconv.Itoa(preferred)))
		if err == nil {
			return ln, nil
		}
		return net.Listen("tcp", "127.0.0.1:0")
	}
	ln, err := net.Listen("tcp", net.JoinHostPort("127.0.0.1", strconv.Itoa(port)))
	if err != nil {
		if errors.Is(err, syscall.EADDRINUSE) {
			return nil, fmt.Errorf("embedded broker: port %d on 127.0.0.1 is already in use: choose another with --port N, or stop the program using it", port)
		}
		return nil, fmt.Errorf("embedded broker: cannot listen on 127.0.0.1:%d (%v): choose another port with --port N", port, err)
	}
	return ln, nil
}

// newClusterID makes an id shaped like Kafka's (16 random bytes, URL-safe base64, 22 chars).
func newClusterID() string {
	var b [16]byte
	_, _ = rand.Read(b[:])
	return base64.RawURLEncoding.EncodeToString(b[:])
}

// Bootstrap returns the one address clients dial, e.g. 127.0.0.1:9092.
func (e *Embedded) Bootstrap() []string { return []string{e.addr} }

// Kind returns "embedded".
func (e *Embedded) Kind() string { return "embedded" }

// Port returns the TCP port the broker listens on.
func (e *Embedded) Port() int {
	_, p, _ := net.SplitHostPort(e.addr)
	n, _ := strconv.Atoi(p)
	return n
}

// DataDir returns the folder the broker persists to ("" = memory only).
func (e *Embedded) DataDir() string { return e.dataDir }

// Cluster exposes kfake for lessons that inject faults (Cluster().Fault) or inspect state.
func (e *Embedded) Cluster() *kfake.Cluster { return e.cluster }

// ApplyRetention runs the retention check now instead of waiting for the 5-minute timer.
// It deletes per batch, not per segment as Kafka does (see the type's comment).
func (e *Embedded) ApplyRetention() { e.cluster.ApplyRetention() }

// Close stops the broker. kfake refuses new connections, answers or drops what is in
// flight, then writes every partition's state to DataDir and closes its files, so every
// write a client saw acknowledged is there at the next start. If ctx ends first, Close
// returns its error while the shutdown finishes in the background.
func (e *Embedded) Close(ctx context.Context) error {
	e.closeOnce.Do(func() {
		done := make(chan struct{})
		go func() {
			e.cluster.Close()
			e.unlock()
			close(done)
		}()
		select {
		case <-done:
		case <-ctx.Done():
			e.closeErr = fmt.Errorf("embedded broker: still saving its data when told to stop waiting: %w", ctx.Err())
		}
	})
	return e.closeErr
}

func (e *Embedded) unlock() {
	if e.lock != nil {
		unlockDataDir(e.lock)
		e.lock = nil
	}
}
