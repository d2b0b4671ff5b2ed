// Package lab is the learner's world: a broker, one workspace folder per lesson, the runner
// that executes a lesson's steps for real and checks what they produced, and the console
// (the sandbox's prompt, `kafkalab run`). It is the only door between a screen and the
// engine: the TUI, `kafkalab check` and the tests all drive a Lab, and read what happens
// as plain-data Events.
package lab

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/twmb/franz-go/pkg/kadm"
	"github.com/twmb/franz-go/pkg/kerr"
	"github.com/twmb/franz-go/pkg/kgo"

	"github.com/kafkalab/kafkalab/lab/broker"
	"github.com/kafkalab/kafkalab/lab/learner"
	"github.com/kafkalab/kafkalab/lab/observe"
	"github.com/kafkalab/kafkalab/lab/pyrun"
	"github.com/kafkalab/kafkalab/lessons"
)

// CourseAddress is the broker address lessons are written against, as a learner would
// write it. The lab points it at its own broker.
const CourseAddress = "localhost:9092"

// Lab runs lessons against one broker, with one workspace folder per lesson under Root.
type Lab struct {
	broker    broker.Broker
	root      string
	lessons   []*lessons.Lesson
	observe   func(Event)
	runner    pyrun.Runner
	snapshots bool
	// stepTimeout bounds a step in Check (0: DefaultStepTimeout).
	stepTimeout time.Duration
	client      *kgo.Client
	admin       *kadm.Client
	live        *kgo.Client // the snapshots' client (see Snapshot)
	work        *learner.Work
}

// Options configure a Lab.
type Options struct {
	// Root holds the workspaces: <Root>/<lesson id>.
	Root string
	// Lessons is the course; Continues links are resolved against it.
	Lessons []*lessons.Lesson
	// Observe receives events as steps run (nil = none). It must not block for long.
	Observe func(Event)
	// Runner runs the scripts (nil = pyrun.InProcess).
	Runner pyrun.Runner
	// Snapshots makes every step record the broker and its workspace before and after it,
	// what changed, and why a read found nothing (StepResult.Changes, .Explanation): what
	// the live panes show. A headless check leaves it off.
	Snapshots bool
	// Work keeps the learner's copies of step files, which RunWork runs (nil = the
	// folder WorkFolder(Root)).
	Work *learner.Work
	// StepTimeout bounds each step of Check: its scripts are stopped there (0:
	// DefaultStepTimeout).
	StepTimeout time.Duration
}

// New makes a Lab on a running broker.
func New(b broker.Broker, opts Options) (*Lab, error) {
	if opts.Root == "" {
		return nil, errors.New("lab: no workspace root given")
	}
	if err := checkAssets(opts.Lessons); err != nil {
		return nil, err
	}
	root, err := filepath.Abs(opts.Root)
	if err != nil {
		return nil, fmt.Errorf("lab: workspace root %s: %w", opts.Root, err)
	}
	if err := os.MkdirAll(root, 0o755); err != nil {
		return nil, fmt.Errorf("lab: create workspace root: %w", err)
	}
	cl, err := broker.NewClient(b, kgo.RequestTimeoutOverhead(5*time.Second))
	if err != nil {
		return nil, err
	}
	observe := opts.Observe
	if observe == nil {
		observe = func(Event) {}
	}
	runner := opts.Runner
	if runner == nil {
		runner = pyrun.InProcess{}
	}
	// The snapshots get a client of their own: kgo serves metadata from a cache for
	// MetadataMinAge (5 s by default), which would hide a topic created a moment ago.
	live, err := broker.NewClient(b, kgo.MetadataMinAge(100*time.Millisecond))
	if err != nil {
		cl.Close()
		return nil, err
	}
	work := opts.Work
	if work == nil {
		work = learner.NewWork(WorkFolder(root))
	}
	return &Lab{broker: b, root: root, lessons: opts.Lessons, observe: observe, runner: runner,
		snapshots: opts.Snapshots, stepTimeout: opts.StepTimeout, client: cl, admin: kadm.NewClient(cl), live: live, work: work}, nil
}

// Close releases the Lab's Kafka clients (not the broker, which the caller owns).
func (l *Lab) Close() {
	l.client.Close()
	l.live.Close()
}

// Snapshot records the broker's topics and a workspace folder (ws "" = the broker only),
// for the live panes.
func (l *Lab) Snapshot(ctx context.Context, ws string) *observe.Snapshot {
	return observe.Collect(ctx, observe.Admin{Client: l.live}, ws)
}

// Broker is the broker the lab runs against.
func (l *Lab) Broker() broker.Broker { return l.broker }

// Bootstrap is the broker address as one string.
func (l *Lab) Bootstrap() string { return strings.Join(l.broker.Bootstrap(), ",") }

// Workspace is the folder where a lesson's files, tables and checkpoints live.
func (l *Lab) Workspace(lessonID string) string { return filepath.Join(l.root, lessonID) }

// StartLesson prepares a lesson's starting state: a fresh workspace and none of its topics,
// or, for a lesson that continues another, a copy of that lesson's workspace and its topics.
func (l *Lab) StartLesson(ctx context.Context, lesson *lessons.Lesson) error {
	ws := l.Workspace(lesson.ID)
	if err := os.RemoveAll(ws); err != nil {
		return fmt.Errorf("reset workspace %s: %w", ws, err)
	}
	if err := l.dropSnapshots(lesson.ID); err != nil {
		return fmt.Errorf("reset %s's exercises: %w", lesson.ID, err)
	}
	inherited, inheritedGroups := map[string]bool{}, map[string]bool{}
	if lesson.Continues != "" {
		prev, ok := lessons.Find(l.lessons, lesson.Continues)
		if !ok {
			return fmt.Errorf("lesson %s continues %s, which is not in the course", lesson.ID, lesson.Continues)
		}
		if err := copyTree(l.Workspace(prev.ID), ws); err != nil {
			return fmt.Errorf("start %s from %s's workspace: %w", lesson.ID, prev.ID, err)
		}
		for p := prev; p != nil; {
			for _, t := range p.Topics {
				inherited[t] = true
			}
			for _, g := range p.Groups {
				inheritedGroups[g] = true
			}
			if p.Continues == "" {
				break
			}
			p, _ = lessons.Find(l.lessons, p.Continues)
		}
	}
	if err := os.MkdirAll(ws, 0o755); err != nil {
		return fmt.Errorf("create workspace %s: %w", ws, err)
	}
	var drop, dropGroups []string
	for _, t := range lesson.Topics {
		if !inherited[t] {
			drop = append(drop, t)
		}
	}
	for _, g := range lesson.Groups {
		if !inheritedGroups[g] {
			dropGroups = append(dropGroups, g)
		}
	}
	if err := l.deleteTopics(ctx, drop); err != nil {
		return err
	}
	return l.deleteGroups(ctx, dropGroups)
}

// deleteGroups removes the lesson's consumer groups (see DeleteGroups).
func (l *Lab) deleteGroups(ctx context.Context, groups []string) error {
	if err := DeleteGroups(ctx, l.admin, groups); err != nil {
		return fmt.Errorf("%w (broker %s)", err, l.Bootstrap())
	}
	return nil
}

// DeleteGroups removes consumer groups (a group outlives its topics on a broker). A group
// that does not exist is fine; one with running members is not, since their commits would
// bring it back. A broker that has just started may still be creating __consumer_offsets,
// and answers that no coordinator is available: that is retried for up to a minute.
func DeleteGroups(ctx context.Context, adm *kadm.Client, groups []string) error {
	if len(groups) == 0 {
		return nil
	}
	deadline := time.Now().Add(time.Minute)
	for {
		resp, err := adm.DeleteGroups(ctx, groups...)
		if err == nil {
			for _, g := range groups {
				r, ok := resp[g]
				switch {
				case !ok || r.Err == nil || errors.Is(r.Err, kerr.GroupIDNotFound):
				case errors.Is(r.Err, kerr.NonEmptyGroup):
					return fmt.Errorf("consumer group %s still has running members: stop its consumers, then start the lesson again", g)
				case coordinatorNotReady(r.Err):
					err = r.Err
				default:
					return fmt.Errorf("delete consumer group %s: %w", g, r.Err)
				}
			}
			if err == nil {
				return nil
			}
		}
		if !coordinatorNotReady(err) || time.Now().After(deadline) {
			return fmt.Errorf("delete consumer groups %v: %w", groups, err)
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(200 * time.Millisecond):
		}
	}
}

func coordinatorNotReady(err error) bool {
	return errors.Is(err, kerr.CoordinatorNotAvailable) || errors.Is(err, kerr.CoordinatorLoadInProgress) || errors.Is(err, kerr.NotCoordinator)
}

// deleteTopics removes topics and waits until the broker no longer lists them, so that a
// lesson can create them again at once (real Kafka deletes asynchronously).
func (l *Lab) deleteTopics(ctx context.Context, topics []string) error {
	if len(topics) == 0 {
		return nil
	}
	resp, err := l.admin.DeleteTopics(ctx, topics...)
	if err != nil {
		return fmt.Errorf("delete topics %v on %s: %w", topics, l.Bootstrap(), err)
	}
	for _, r := range resp {
		if r.Err != nil && !errors.Is(r.Err, kerr.UnknownTopicOrPartition) {
			return fmt.Errorf("delete topic %s: %w", r.Topic, r.Err)
		}
	}
	deadline := time.Now().Add(30 * time.Second)
	for {
		md, err := l.admin.ListTopics(ctx, topics...)
		if err != nil {
			return fmt.Errorf("list topics on %s: %w", l.Bootstrap(), err)
		}
		left := 0
		for _, t := range md {
			if t.Err == nil {
				left++
			}
		}
		if left == 0 {
			return nil
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("topics %v are still there 30s after deleting them", topics)
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(100 * time.Millisecond):
		}
	}
}

// copyTree copies a folder (missing source = nothing to copy).
func copyTree(src, dst string) error {
	if _, err := os.Stat(src); errors.Is(err, os.ErrNotExist) {
		return nil
	}
	return filepath.Walk(src, func(p string, info os.FileInfo, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(src, p)
		if err != nil {
			return err
		}
		target := filepath.Join(dst, rel)
		if info.IsDir() {
			return os.MkdirAll(target, 0o755)
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(target, data, info.Mode().Perm())
	})
}

// Records reads up to n records of a topic's partition from offset from, for the record
// browser: keys, values, offsets, timestamps and headers, with the partition's bounds.
func (l *Lab) Records(ctx context.Context, topic string, partition int32, from int64, n int) (*observe.Page, error) {
	return observe.ReadRecords(ctx, []kgo.Opt{kgo.SeedBrokers(l.broker.Bootstrap()...)}, topic, partition, from, n)
}
