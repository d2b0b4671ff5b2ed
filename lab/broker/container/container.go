// Package container starts a Kafka broker in a container with testcontainers-go, in KRaft
// single-node mode, and returns its bootstrap address.
//
// It works with the official apache/kafka image (the default) and with any image whose
// /etc/kafka/docker/run takes the same KAFKA_* environment variables, such as the
// localhost/kafkalab-kafka image that scripts/podman/build-image.sh builds for the tests.
//
// The client port is published on the engine host's loopback, 127.0.0.1, and clients dial
// 127.0.0.1: the broker has no authentication, so it is never published on the network,
// and traffic never goes through the engine's bridge network. Docker Desktop and podman
// machine forward their loopback ports to this machine's. Only a remote engine
// (DOCKER_HOST=tcp://HOST:PORT) publishes on all its interfaces, dialled at HOST, and
// TESTCONTAINERS_HOST_OVERRIDE names the address to dial when neither fits (kafkalab in a
// container, the engine outside it).
//
// The broker must advertise the address clients reach it on, which includes the host port
// the engine maps, known only once the container runs. So the container's entry point waits
// for a starter script; a PostStart hook writes it with that address and it then execs
// /etc/kafka/docker/run.
//
// Ryuk (testcontainers' reaper) is switched off, because its image cannot always be pulled;
// instead every container carries the labels LabelManaged and LabelPID, Close removes it,
// and Start removes the containers of kafkalab processes that are gone.
package container

import (
	"context"
	"errors"
	"fmt"
	"net"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/testcontainers/testcontainers-go"
	"github.com/twmb/franz-go/pkg/kadm"
	"github.com/twmb/franz-go/pkg/kgo"
)

// DefaultImage is the official image the course targets.
const DefaultImage = "apache/kafka:4.3.1"

// Config chooses the image to run.
type Config struct {
	Image string // empty means DefaultImage

	// StartTimeout bounds the whole start: pulling the image when it is not there,
	// creating the container and waiting for the broker to answer. 0 means 5 minutes.
	StartTimeout time.Duration

	// EngineTimeout bounds the first check that a container engine answers. 0 means 3 s.
	EngineTimeout time.Duration

	// Env adds or overrides broker settings in the official image's form, e.g.
	// {"KAFKA_LOG_RETENTION_CHECK_INTERVAL_MS": "1000"}. The listeners are kafkalab's.
	Env map[string]string
}

// Broker is a running container broker.
type Broker struct {
	bootstrap []string
	image     string
	ctr       *testcontainers.DockerContainer
	startID   string

	closeOnce sync.Once
	closeErr  error
}

// Bootstrap returns the host:port addresses clients dial.
func (b *Broker) Bootstrap() []string { return b.bootstrap }

// Kind names the backend.
func (b *Broker) Kind() string { return "container" }

// Image names the image the container runs.
func (b *Broker) Image() string { return b.image }

// ContainerID is the engine's id of the container.
func (b *Broker) ContainerID() string {
	if b.ctr == nil {
		return ""
	}
	return b.ctr.GetContainerID()
}

// Close stops and removes the container (and its anonymous volumes). Calling it again
// returns the first result.
func (b *Broker) Close(ctx context.Context) error { return b.closeWith(ctx, closeStopTimeout) }

// closeWith gives the broker stopTimeout to shut down before the engine kills it. The data
// goes with the container, so there is nothing to flush that anyone could read later.
func (b *Broker) closeWith(ctx context.Context, stopTimeout time.Duration) error {
	b.closeOnce.Do(func() {
		if b.ctr == nil {
			return
		}
		b.closeErr = safely(func() error {
			if err := b.ctr.Terminate(ctx, testcontainers.StopTimeout(stopTimeout)); err != nil {
				return fmt.Errorf("container broker: remove container %s: %w", shortID(b.ctr.GetContainerID()), err)
			}
			return nil
		})
	})
	return b.closeErr
}

// Ports inside the container. Clients use 9092 (mapped to a random host port); the broker
// talks to itself on 9093 and the KRaft controller listens on 9094.
const (
	clientPort     = "9092/tcp"
	starterPath    = "/tmp/kafkalab-start.sh"
	defaultStart   = 5 * time.Minute
	defaultEngine  = 3 * time.Second
	readyPollDelay = 250 * time.Millisecond

	closeStopTimeout = 5 * time.Second
)

// kraftEnv is a single KRaft node in the official image's variables. The advertised
// listeners are added by the starter script once the mapped port is known.
func kraftEnv() map[string]string {
	return map[string]string{
		"KAFKA_NODE_ID":                                          "1",
		"KAFKA_PROCESS_ROLES":                                    "broker,controller",
		"KAFKA_LISTENERS":                                        "PLAINTEXT://0.0.0.0:9092,BROKER://0.0.0.0:9093,CONTROLLER://0.0.0.0:9094",
		"KAFKA_LISTENER_SECURITY_PROTOCOL_MAP":                   "PLAINTEXT:PLAINTEXT,BROKER:PLAINTEXT,CONTROLLER:PLAINTEXT",
		"KAFKA_CONTROLLER_LISTENER_NAMES":                        "CONTROLLER",
		"KAFKA_CONTROLLER_QUORUM_VOTERS":                         "1@localhost:9094",
		"KAFKA_INTER_BROKER_LISTENER_NAME":                       "BROKER",
		"KAFKA_OFFSETS_TOPIC_REPLICATION_FACTOR":                 "1",
		"KAFKA_TRANSACTION_STATE_LOG_REPLICATION_FACTOR":         "1",
		"KAFKA_TRANSACTION_STATE_LOG_MIN_ISR":                    "1",
		"KAFKA_SHARE_COORDINATOR_STATE_TOPIC_REPLICATION_FACTOR": "1",
		"KAFKA_SHARE_COORDINATOR_STATE_TOPIC_MIN_ISR":            "1",
		"KAFKA_GROUP_INITIAL_REBALANCE_DELAY_MS":                 "0",
		"KAFKA_NUM_PARTITIONS":                                   "1",
		"KAFKA_LOG_DIRS":                                         "/var/lib/kafka/data",
	}
}

// containerEnv is kraftEnv with the caller's settings on top, except the listener
// settings the starter script and the port mapping depend on.
func containerEnv(extra map[string]string) map[string]string {
	env := kraftEnv()
	for k, v := range extra {
		switch k {
		case "KAFKA_LISTENERS", "KAFKA_ADVERTISED_LISTENERS", "KAFKA_LISTENER_SECURITY_PROTOCOL_MAP",
			"KAFKA_INTER_BROKER_LISTENER_NAME", "KAFKA_CONTROLLER_LISTENER_NAMES":
			continue
		}
		env[k] = v
	}
	return env
}

// waitForStarter is the entry point: wait for the starter script, then run it.
const waitForStarter = "while [ ! -f " + starterPath + " ]; do sleep 0.1; done; exec sh " + starterPath

// starterScript exports the advertised listeners for hostPort and hands over to the
// image's own entry script.
func starterScript(hostPort string) string {
	return "#!/bin/sh\n" +
		"# Written by kafkalab once the engine had mapped the client port.\n" +
		"export KAFKA_ADVERTISED_LISTENERS='PLAINTEXT://" + hostPort + ",BROKER://localhost:9093'\n" +
		"exec /etc/kafka/docker/run\n"
}

// Start runs the image and waits until the broker answers a Metadata request.
//
// Without a container engine it returns, within Config.EngineTimeout, an error that
// matches ErrNoEngine and reads as one sentence saying how to fix it.
func Start(ctx context.Context, cfg Config) (b *Broker, err error) {
	err = safely(func() error {
		var startErr error
		b, startErr = start(ctx, cfg)
		return startErr
	})
	if err != nil {
		return nil, err
	}
	return b, nil
}

func start(ctx context.Context, cfg Config) (*Broker, error) {
	quietTestcontainers()
	if cfg.Image == "" {
		cfg.Image = DefaultImage
	}
	if cfg.StartTimeout <= 0 {
		cfg.StartTimeout = defaultStart
	}
	if cfg.EngineTimeout <= 0 {
		cfg.EngineTimeout = defaultEngine
	}

	if err := checkEngine(ctx, cfg.EngineTimeout); err != nil {
		return nil, err
	}

	ctx, cancel := context.WithTimeout(ctx, cfg.StartTimeout)
	defer cancel()

	// Leftovers of kafkalab processes that died without Close; a failure here must not stop
	// this start, the next one tries again.
	_, _ = removeOrphans(ctx)

	// startID marks this attempt's container, so a start cancelled while the engine was
	// still creating it (and testcontainers returned no handle) can find and remove it.
	labels := ownLabels()
	startID := newStartID()
	labels[LabelStart] = startID

	pub, err := publishing(ctx)
	if err != nil {
		return nil, fmt.Errorf("container broker: %w", err)
	}
	var advertised string
	opts := []testcontainers.ContainerCustomizer{
		testcontainers.WithExposedPorts(clientPort),
		testcontainers.WithHostConfigModifier(pub.bind),
		testcontainers.WithEnv(containerEnv(cfg.Env)),
		testcontainers.WithLabels(labels),
		testcontainers.WithEntrypoint("sh", "-c"),
		testcontainers.WithCmd(waitForStarter),
		testcontainers.WithLifecycleHooks(testcontainers.ContainerLifecycleHooks{
			PostStarts: []testcontainers.ContainerHook{
				func(ctx context.Context, c testcontainers.Container) error {
					port, err := c.MappedPort(ctx, clientPort)
					if err != nil {
						return fmt.Errorf("read the mapped port: %w", err)
					}
					hostPort := net.JoinHostPort(pub.dial, port.Port())
					advertised = hostPort
					return c.CopyToContainer(ctx, []byte(starterScript(hostPort)), starterPath, 0o755)
				},
			},
		}),
	}
	ctr, err := runContainer(ctx, cfg.Image, startID, opts)
	b := &Broker{image: cfg.Image, ctr: ctr, startID: startID}
	if err != nil {
		return nil, errors.Join(startError(cfg.Image, err), b.cleanup(ctx))
	}
	b.bootstrap = []string{advertised}

	if err := waitReady(ctx, b); err != nil {
		return nil, errors.Join(err, b.cleanup(ctx))
	}
	return b, nil
}

// abandonWait is how long a cancelled Start still waits for the engine to finish creating
// the container it asked for, so that it can remove it before returning.
const abandonWait = 15 * time.Second

// runContainer is testcontainers.Run, except that cancelling ctx does not cut the engine
// off halfway: a create request the engine has already taken would leave a container
// that nobody holds a handle to. The engine is given abandonWait to finish, and the
// container is then removed; if it takes longer, the removal carries on in the background
// (and a container that still escapes is swept by the next Start once this process is gone).
func runContainer(ctx context.Context, image, startID string, opts []testcontainers.ContainerCustomizer) (*testcontainers.DockerContainer, error) {
	deadline, hasDeadline := ctx.Deadline()
	runCtx, runCancel := context.WithCancel(context.WithoutCancel(ctx))
	if hasDeadline {
		runCtx, runCancel = context.WithDeadline(context.WithoutCancel(ctx), deadline)
	}
	type result struct {
		c   *testcontainers.DockerContainer
		err error
	}
	done := make(chan result, 1)
	go func() {
		var r result
		r.err = safely(func() error {
			var err error
			r.c, err = testcontainers.Run(runCtx, image, opts...)
			return err
		})
		done <- r
	}()

	select {
	case r := <-done:
		runCancel()
		return r.c, r.err
	case <-ctx.Done():
	}
	abandoned := func(r result) {
		b := &Broker{ctr: r.c, startID: startID}
		_ = b.cleanup(context.Background())
	}
	select {
	case r := <-done:
		runCancel()
		abandoned(r)
	case <-time.After(abandonWait):
		runCancel()
		go func() { abandoned(<-done) }()
	}
	return nil, fmt.Errorf("start of the container was cancelled: %w", ctx.Err())
}

// cleanup removes the container of a failed start at once, even when ctx was cancelled
// (Ctrl-C during the start), but never waits on the engine for more than half a minute.
func (b *Broker) cleanup(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 30*time.Second)
	defer cancel()
	return errors.Join(b.closeWith(ctx, 0), removeStarted(ctx, b.startID))
}

// startError turns testcontainers' error into one that names the image and the likely fix.
func startError(image string, err error) error {
	msg := err.Error()
	switch {
	case errors.Is(err, context.Canceled):
		return fmt.Errorf("container broker: start of %s cancelled: %w", image, err)
	case strings.Contains(msg, "no such image") || strings.Contains(msg, "image not known") ||
		strings.Contains(msg, "pull access denied") || strings.Contains(msg, "manifest unknown") ||
		strings.Contains(msg, "pull"):
		return fmt.Errorf("container broker: image %s is not available (not present locally and it could not be pulled); pull or build it, or choose another with --image: %w", image, err)
	case errors.Is(err, context.DeadlineExceeded):
		return fmt.Errorf("container broker: starting %s took too long: %w", image, err)
	}
	return fmt.Errorf("container broker: start %s: %w", image, err)
}

// waitReady polls with Metadata requests until the broker lists itself. If the container
// exits first, the error carries the end of its log.
func waitReady(ctx context.Context, b *Broker) error {
	var last error
	for {
		if ok, state := running(ctx, b.ctr); !ok {
			return fmt.Errorf("container broker: the %s container stopped before Kafka answered (%s); its log ends with:\n%s",
				b.image, state, logTail(b.ctr, 20))
		}
		advertised, err := metadataOnce(ctx, b.bootstrap)
		if err == nil {
			// Clients connect to what the broker advertises, so it must be the address
			// that reached it; anything else would fail later, far from the cause.
			if len(advertised) != 1 || advertised[0] != b.bootstrap[0] {
				return fmt.Errorf("container broker: Kafka in %s answers at %s but advertises %v; the image must take KAFKA_ADVERTISED_LISTENERS like apache/kafka",
					b.image, b.bootstrap[0], advertised)
			}
			return nil
		}
		last = err
		select {
		case <-ctx.Done():
			return fmt.Errorf("container broker: Kafka in %s did not answer at %s in time: %w (last attempt: %v)%s; its log ends with:\n%s",
				b.image, strings.Join(b.bootstrap, ","), ctx.Err(), last, inContainerHint(), logTail(b.ctr, 20))
		case <-time.After(readyPollDelay):
		}
	}
}

// metadataOnce sends one Metadata request and returns the addresses the broker advertises.
func metadataOnce(ctx context.Context, seeds []string) ([]string, error) {
	cl, err := kgo.NewClient(kgo.SeedBrokers(seeds...), kgo.DialTimeout(2*time.Second), kgo.RequestRetries(0))
	if err != nil {
		return nil, err
	}
	defer cl.Close()
	attempt, cancel := context.WithTimeout(ctx, 3*time.Second)
	defer cancel()
	md, err := kadm.NewClient(cl).BrokerMetadata(attempt)
	if err != nil {
		return nil, err
	}
	if len(md.Brokers) == 0 {
		return nil, errors.New("metadata lists no brokers yet")
	}
	var addrs []string
	for _, b := range md.Brokers {
		addrs = append(addrs, net.JoinHostPort(b.Host, strconv.Itoa(int(b.Port))))
	}
	return addrs, nil
}

func running(ctx context.Context, c *testcontainers.DockerContainer) (bool, string) {
	st, err := c.State(ctx)
	if err != nil {
		// Not knowing is not a reason to stop waiting; the timeout still applies.
		return true, ""
	}
	if st.Running {
		return true, ""
	}
	return false, "exit code " + strconv.Itoa(st.ExitCode)
}

// logTail returns the last n lines of the container's log, for error messages.
func logTail(c *testcontainers.DockerContainer, n int) string {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	rc, err := c.Logs(ctx)
	if err != nil {
		return "(log unavailable: " + err.Error() + ")"
	}
	defer rc.Close()
	var sb strings.Builder
	buf := make([]byte, 32<<10)
	for {
		k, err := rc.Read(buf)
		sb.Write(buf[:k])
		if err != nil || sb.Len() > 4<<20 {
			break
		}
	}
	lines := strings.Split(strings.TrimRight(sb.String(), "\n"), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "\n")
}

func shortID(id string) string {
	if len(id) > 12 {
		return id[:12]
	}
	return id
}

// safely runs f and turns a panic (testcontainers has panicked on a missing engine in
// earlier versions) into an error.
func safely(f func() error) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("container broker: internal error in the container engine client: %v", r)
		}
	}()
	return f()
}
