// Package ratesource is Spark's generated streaming sources: "rate" (rows per second of
// wall-clock time since the query first started) and "rate-micro-batch" (a fixed number
// of rows per batch with a fixed clock). Both produce (timestamp, value) rows, values
// counting up from 0, spread over numPartitions tasks the way Spark spreads them.
package ratesource

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/kafkalab/kafkalab/engine/rowiter"
	"github.com/kafkalab/kafkalab/engine/sqltypes"
	"github.com/kafkalab/kafkalab/engine/stream"
)

// Schema is both sources' row shape.
func Schema() *sqltypes.StructType {
	return &sqltypes.StructType{Fields: []sqltypes.StructField{
		{Name: "timestamp", Type: sqltypes.TimestampType{}, Nullable: true},
		{Name: "value", Type: sqltypes.Long, Nullable: true},
	}}
}

// options reads the sources' options case-insensitively.
type options map[string]string

func (o options) get(name string) (string, bool) {
	for k, v := range o {
		if strings.EqualFold(k, name) {
			return v, true
		}
	}
	return "", false
}

func (o options) long(name string, def int64) (int64, error) {
	v, ok := o.get(name)
	if !ok {
		return def, nil
	}
	n, err := strconv.ParseInt(strings.TrimSpace(v), 10, 64)
	if err != nil {
		return 0, fmt.Errorf("Invalid value '%s' for option '%s': it must be an integer", v, name)
	}
	return n, nil
}

// task is one partition's share of a batch: values first, first+step, ... below end.
type task struct {
	partition      int
	first, end     int64
	step           int64
	timestampMicro func(value int64) int64
}

func (t *task) Description() string {
	return fmt.Sprintf("rate partition %d [%d, %d)", t.partition, t.first, t.end)
}

// Open makes the task's rows as they are read, chunkRows at a time.
func (t *task) Open(chunkRows int) rowiter.Iter {
	next := t.first
	return rowiter.Func(func(ctx context.Context) ([]sqltypes.Row, error) {
		if next >= t.end {
			return nil, io.EOF
		}
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		rows := make([]sqltypes.Row, 0, min(int64(chunkRows), (t.end-next+t.step-1)/t.step))
		for ; next < t.end && len(rows) < chunkRows; next += t.step {
			rows = append(rows, sqltypes.Row{sqltypes.Timestamp(t.timestampMicro(next)), next})
		}
		return rows, nil
	}, nil)
}

// spread makes numPartitions tasks over the values [start, end), partition p taking
// start+p, start+p+numPartitions, ... as Spark's rate readers do.
func spread(numPartitions int, start, end int64, ts func(int64) int64) []stream.SourceTask {
	out := make([]stream.SourceTask, numPartitions)
	for p := range out {
		out[p] = &task{partition: p, first: start + int64(p), end: end, step: int64(numPartitions), timestampMicro: ts}
	}
	return out
}

// ---- rate-micro-batch ----

// MicroBatch is format("rate-micro-batch").
type MicroBatch struct {
	rowsPerBatch, startTimestamp, advanceMs int64
	numPartitions                           int

	mu           sync.Mutex
	frozen       string // availableNow: the one batch's end
	availableNow bool
}

type microOffset struct {
	Offset    int64 `json:"offset"`
	Timestamp int64 `json:"timestamp"`
}

func (o microOffset) json() string {
	return fmt.Sprintf(`{"offset":%d,"timestamp":%d}`, o.Offset, o.Timestamp)
}

func parseMicroOffset(s string) (microOffset, error) {
	var o microOffset
	if _, err := fmt.Sscanf(s, `{"offset":%d,"timestamp":%d}`, &o.Offset, &o.Timestamp); err != nil {
		return o, fmt.Errorf("rate-micro-batch: offset %q is not {\"offset\":N,\"timestamp\":MS}: %w", s, err)
	}
	return o, nil
}

// NewMicroBatch checks the options as Spark's RatePerMicroBatchProvider does.
// defaultPartitions is the session's default parallelism.
func NewMicroBatch(opts map[string]string, defaultPartitions int) (*MicroBatch, error) {
	o := options(opts)
	rows, err := o.long("rowsPerBatch", 0)
	if err != nil {
		return nil, err
	}
	if rows <= 0 {
		return nil, fmt.Errorf("Invalid value '%d'. The option 'rowsPerBatch' must be positive", rows)
	}
	parts, err := o.long("numPartitions", int64(defaultPartitions))
	if err != nil {
		return nil, err
	}
	if parts <= 0 || parts > math.MaxInt32 {
		return nil, fmt.Errorf("Invalid value '%d'. The option 'numPartitions' must be positive", parts)
	}
	start, err := o.long("startTimestamp", 0)
	if err != nil {
		return nil, err
	}
	if start < 0 {
		return nil, fmt.Errorf("Invalid value '%d'. The option 'startTimestamp' must be non-negative", start)
	}
	adv, err := o.long("advanceMillisPerBatch", 1000)
	if err != nil {
		return nil, err
	}
	if adv < 0 || adv > math.MaxInt32 {
		return nil, fmt.Errorf("Invalid value '%d'. The option 'advanceMillisPerBatch' must be non-negative", adv)
	}
	return &MicroBatch{rowsPerBatch: rows, numPartitions: int(parts), startTimestamp: start, advanceMs: adv}, nil
}

func (m *MicroBatch) Description() string {
	return fmt.Sprintf("RatePerMicroBatchStream[rowsPerBatch=%d, numPartitions=%d, startTimestamp=%d, advanceMsPerBatch=%d]",
		m.rowsPerBatch, m.numPartitions, m.startTimestamp, m.advanceMs)
}

func (m *MicroBatch) Schema() *sqltypes.StructType { return Schema() }

// OpenMetadata: rate-micro-batch keeps no file under sources/.
func (m *MicroBatch) OpenMetadata(string) error { return nil }

func (m *MicroBatch) InitialOffsets(context.Context) (string, error) {
	return microOffset{0, m.startTimestamp}.json(), nil
}

func (m *MicroBatch) PrepareForAvailableNow(context.Context) error {
	m.mu.Lock()
	m.availableNow = true
	m.mu.Unlock()
	return nil
}

// LatestOffsets is one batch further: rowsPerBatch more rows, the clock advanced. Under
// availableNow the first answer is the target for good (one batch).
func (m *MicroBatch) LatestOffsets(_ context.Context, start string) (string, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.availableNow && m.frozen != "" {
		return m.frozen, nil
	}
	s, err := parseMicroOffset(start)
	if err != nil {
		return "", err
	}
	end := s.Offset + m.rowsPerBatch
	if end < s.Offset {
		end = math.MaxInt64
	}
	next := microOffset{end, s.Timestamp + m.advanceMs}.json()
	if m.availableNow {
		m.frozen = next
	}
	return next, nil
}

func (m *MicroBatch) ReportLatestOffset() string { return "" }

// PlanTasks: every row of a batch carries the batch's start time.
func (m *MicroBatch) PlanTasks(_ context.Context, start, end string) ([]stream.SourceTask, error) {
	s, err := parseMicroOffset(start)
	if err != nil {
		return nil, err
	}
	e, err := parseMicroOffset(end)
	if err != nil {
		return nil, err
	}
	if s.Offset > e.Offset || s.Timestamp > e.Timestamp {
		return nil, fmt.Errorf("rate-micro-batch: the batch ends (%s) before it starts (%s)", end, start)
	}
	if s.Offset == e.Offset {
		return nil, nil
	}
	micros := s.Timestamp * 1000
	return spread(m.numPartitions, s.Offset, e.Offset, func(int64) int64 { return micros }), nil
}

func (m *MicroBatch) Close() error { return nil }

// ---- rate ----

// Rate is format("rate"): rowsPerSecond rows for every second since the query first
// started (after a ramp-up), offsets being those seconds.
type Rate struct {
	rowsPerSecond, rampUpSeconds int64
	numPartitions                int
	partitionsGiven              string
	now                          func() time.Time

	mu           sync.Mutex
	creationMs   int64
	lastMs       int64
	frozen       string
	availableNow bool
}

// NewRate checks the options as Spark's RateStreamProvider does.
func NewRate(opts map[string]string, defaultPartitions int, now func() time.Time) (*Rate, error) {
	o := options(opts)
	rps, err := o.long("rowsPerSecond", 1)
	if err != nil {
		return nil, err
	}
	if rps <= 0 {
		return nil, fmt.Errorf("Invalid value '%d'. The option 'rowsPerSecond' must be positive", rps)
	}
	ramp := int64(0)
	if v, ok := o.get("rampUpTime"); ok {
		secs, err := timeStringAsSeconds(v)
		if err != nil {
			return nil, err
		}
		if secs < 0 {
			return nil, fmt.Errorf("Invalid value '%d'. The option 'rampUpTime' must not be negative", secs)
		}
		ramp = secs
	}
	given, _ := o.get("numPartitions")
	parts, err := o.long("numPartitions", int64(defaultPartitions))
	if err != nil {
		return nil, err
	}
	if parts <= 0 || parts > math.MaxInt32 {
		return nil, fmt.Errorf("Invalid value '%d'. The option 'numPartitions' must be positive", parts)
	}
	if ramp > math.MaxInt64/rps {
		return nil, fmt.Errorf("Integer overflow. Max offset with %d rowsPerSecond is %d, but 'rampUpTimeSeconds' is %d.", rps, math.MaxInt64/rps, ramp)
	}
	if now == nil {
		now = time.Now
	}
	return &Rate{rowsPerSecond: rps, rampUpSeconds: ramp, numPartitions: int(parts), partitionsGiven: given, now: now}, nil
}

// timeStringAsSeconds reads "5s", "2m", "1h" or plain seconds, as Spark's
// JavaUtils.timeStringAsSec.
func timeStringAsSeconds(s string) (int64, error) {
	t := strings.ToLower(strings.TrimSpace(s))
	units := []struct {
		suffix string
		secs   float64
	}{{"us", 1e-6}, {"ms", 1e-3}, {"min", 60}, {"s", 1}, {"m", 60}, {"h", 3600}, {"d", 86400}}
	mult := 1.0
	for _, u := range units {
		if strings.HasSuffix(t, u.suffix) {
			t, mult = strings.TrimSuffix(t, u.suffix), u.secs
			break
		}
	}
	n, err := strconv.ParseInt(strings.TrimSpace(t), 10, 64)
	if err != nil {
		return 0, fmt.Errorf("Invalid time string %q for option 'rampUpTime': use a number with a unit, e.g. 5s", s)
	}
	return int64(float64(n) * mult), nil
}

func (r *Rate) Description() string {
	parts := r.partitionsGiven
	if parts == "" {
		parts = "default"
	}
	// Spark's RateStreamMicroBatchStream.toString has no closing bracket.
	return fmt.Sprintf("RateStreamV2[rowsPerSecond=%d, rampUpTimeSeconds=%d, numPartitions=%s", r.rowsPerSecond, r.rampUpSeconds, parts)
}

func (r *Rate) Schema() *sqltypes.StructType { return Schema() }

// OpenMetadata reads the query's start time from sources/<i>/0 ("v1\n<ms>"), or writes
// the current time there on the first run.
func (r *Rate) OpenMetadata(dir string) error {
	file := filepath.Join(dir, "0")
	data, err := os.ReadFile(file)
	switch {
	case err == nil:
		content := string(data)
		if !strings.HasPrefix(content, "v") || !strings.Contains(content, "\n") {
			return fmt.Errorf("rate source: %s is malformed: no version line", file)
		}
		version, rest, _ := strings.Cut(content, "\n")
		if version != "v1" {
			return fmt.Errorf("rate source: %s has version %s; kafkalab reads v1", file, version)
		}
		ms, err := strconv.ParseInt(strings.TrimSpace(rest), 10, 64)
		if err != nil {
			return fmt.Errorf("rate source: %s does not hold a start time: %q", file, rest)
		}
		r.mu.Lock()
		r.creationMs, r.lastMs = ms, ms
		r.mu.Unlock()
		return nil
	case !errors.Is(err, os.ErrNotExist):
		return fmt.Errorf("rate source: %w", err)
	}
	ms := r.now().UnixMilli()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("rate source: %w", err)
	}
	tmp, err := os.CreateTemp(dir, ".0.*.tmp")
	if err != nil {
		return fmt.Errorf("rate source: %w", err)
	}
	_, werr := tmp.WriteString("v1\n" + strconv.FormatInt(ms, 10))
	cerr := tmp.Close()
	if werr == nil {
		werr = cerr
	}
	if werr == nil {
		werr = os.Rename(tmp.Name(), file)
	}
	if werr != nil {
		os.Remove(tmp.Name())
		return fmt.Errorf("rate source: writing %s: %w", file, werr)
	}
	r.mu.Lock()
	r.creationMs, r.lastMs = ms, ms
	r.mu.Unlock()
	return nil
}

func (r *Rate) InitialOffsets(context.Context) (string, error) { return "0", nil }

func (r *Rate) PrepareForAvailableNow(context.Context) error {
	r.mu.Lock()
	r.availableNow = true
	r.mu.Unlock()
	return nil
}

// LatestOffsets is the whole seconds elapsed since the start time.
func (r *Rate) LatestOffsets(context.Context, string) (string, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.availableNow && r.frozen != "" {
		return r.frozen, nil
	}
	if now := r.now().UnixMilli(); r.lastMs < now {
		r.lastMs = now
	}
	off := strconv.FormatInt((r.lastMs-r.creationMs)/1000, 10)
	if r.availableNow {
		r.frozen = off
	}
	return off, nil
}

func (r *Rate) ReportLatestOffset() string { return "" }

// valueAtSecond is how many rows exist after the given second: a linear ramp-up, then
// rowsPerSecond a second.
func valueAtSecond(seconds, rowsPerSecond, rampUp int64) int64 {
	delta := rowsPerSecond / (rampUp + 1)
	if seconds <= rampUp {
		if seconds%2 == 1 {
			return (seconds + 1) / 2 * seconds * delta
		}
		return seconds / 2 * (seconds + 1) * delta
	}
	return valueAtSecond(rampUp, rowsPerSecond, rampUp) + (seconds-rampUp)*rowsPerSecond
}

// PlanTasks spreads the batch's rows over its seconds: value v gets the time
// start + round((v-first) * ms-per-value).
func (r *Rate) PlanTasks(_ context.Context, start, end string) ([]stream.SourceTask, error) {
	s, err := strconv.ParseInt(start, 10, 64)
	if err != nil {
		return nil, fmt.Errorf("rate source: offset %q is not a number of seconds", start)
	}
	e, err := strconv.ParseInt(end, 10, 64)
	if err != nil {
		return nil, fmt.Errorf("rate source: offset %q is not a number of seconds", end)
	}
	if s > e {
		return nil, fmt.Errorf("rate source: the batch ends (%d s) before it starts (%d s)", e, s)
	}
	if max := math.MaxInt64 / r.rowsPerSecond; e > max {
		return nil, fmt.Errorf("Integer overflow. Max offset with %d rowsPerSecond is %d, but it's %d now.", r.rowsPerSecond, max, e)
	}
	r.mu.Lock()
	if t := e*1000 + r.creationMs; r.lastMs < t {
		r.lastMs = t
	}
	base := r.creationMs + s*1000
	r.mu.Unlock()
	first := valueAtSecond(s, r.rowsPerSecond, r.rampUpSeconds)
	last := valueAtSecond(e, r.rowsPerSecond, r.rampUpSeconds)
	if first == last {
		return nil, nil
	}
	msPerValue := float64((e-s)*1000) / float64(last-first)
	return spread(r.numPartitions, first, last, func(v int64) int64 {
		return (base + int64(math.Round(float64(v-first)*msPerValue))) * 1000
	}), nil
}

func (r *Rate) Close() error { return nil }
