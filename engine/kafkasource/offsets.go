package kafkasource

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// TopicPartition names one partition of a topic.
type TopicPartition struct {
	Topic     string
	Partition int32
}

// String prints it as Kafka's Java client does ("orders-0").
func (tp TopicPartition) String() string { return tp.Topic + "-" + strconv.Itoa(int(tp.Partition)) }

// PartitionOffsets maps each partition to an offset. In a checkpoint the offset is the NEXT
// one to read (the exclusive end of the batch that produced it).
type PartitionOffsets map[TopicPartition]int64

// Special offsets in startingOffsets/endingOffsets JSON (Spark's KafkaOffsetRangeLimit).
const (
	OffsetLatest   int64 = -1
	OffsetEarliest int64 = -2
)

// sortedPartitions returns the keys ordered by topic, then partition.
func (po PartitionOffsets) sortedPartitions() []TopicPartition {
	tps := make([]TopicPartition, 0, len(po))
	for tp := range po {
		tps = append(tps, tp)
	}
	sort.Slice(tps, func(i, j int) bool {
		if tps[i].Topic != tps[j].Topic {
			return tps[i].Topic < tps[j].Topic
		}
		return tps[i].Partition < tps[j].Partition
	})
	return tps
}

// Equal reports whether both maps hold the same partitions and offsets.
func (po PartitionOffsets) Equal(other PartitionOffsets) bool {
	if len(po) != len(other) {
		return false
	}
	for tp, o := range po {
		if v, ok := other[tp]; !ok || v != o {
			return false
		}
	}
	return true
}

// Clone copies the map.
func (po PartitionOffsets) Clone() PartitionOffsets {
	c := make(PartitionOffsets, len(po))
	for tp, o := range po {
		c[tp] = o
	}
	return c
}

// JSON encodes the offsets exactly as Spark's JsonUtils.partitionOffsets does:
// `{"orders":{"0":2,"1":1,"2":0}}`. Spark builds the JSON from Scala 2.13 mutable HashMaps,
// so keys come out in that map's iteration order; scalaHashOrder reproduces it (for
// partition ids that is ascending; for several topics it is the hash order Spark prints).
func (po PartitionOffsets) JSON() string {
	byTopic := map[string][]TopicPartition{}
	var topics []string
	for _, tp := range po.sortedPartitions() {
		if _, ok := byTopic[tp.Topic]; !ok {
			topics = append(topics, tp.Topic)
		}
		byTopic[tp.Topic] = append(byTopic[tp.Topic], tp)
	}
	topics = scalaHashOrderStrings(topics)
	var b strings.Builder
	b.WriteByte('{')
	for i, t := range topics {
		if i > 0 {
			b.WriteByte(',')
		}
		tb, _ := json.Marshal(t)
		b.Write(tb)
		b.WriteString(":{")
		parts := make([]int32, len(byTopic[t]))
		for j, tp := range byTopic[t] {
			parts[j] = tp.Partition
		}
		for j, p := range scalaHashOrderInts(parts) {
			if j > 0 {
				b.WriteByte(',')
			}
			b.WriteByte('"')
			b.WriteString(strconv.Itoa(int(p)))
			b.WriteString(`":`)
			b.WriteString(strconv.FormatInt(po[TopicPartition{t, p}], 10))
		}
		b.WriteByte('}')
	}
	b.WriteByte('}')
	return b.String()
}

// String is the JSON form.
func (po PartitionOffsets) String() string { return po.JSON() }

const offsetsExample = `{"topicA":{"0":23,"1":-1},"topicB":{"0":-2}}`

// ParseOffsets decodes offset JSON (`{"orders":{"0":2}}`), as in a checkpoint or in the
// startingOffsets/endingOffsets options.
func ParseOffsets(s string) (PartitionOffsets, error) {
	bad := fmt.Errorf("kafka: expected offsets like %s, got %s", offsetsExample, s)
	dec := json.NewDecoder(bytes.NewReader([]byte(s)))
	dec.UseNumber()
	var raw map[string]map[string]json.Number
	if err := dec.Decode(&raw); err != nil || raw == nil {
		return nil, bad
	}
	if dec.More() {
		return nil, bad
	}
	po := PartitionOffsets{}
	for topic, parts := range raw {
		if parts == nil {
			return nil, bad
		}
		for ps, num := range parts {
			p, err := strconv.ParseInt(ps, 10, 32)
			if err != nil {
				return nil, bad
			}
			o, err := strconv.ParseInt(string(num), 10, 64)
			if err != nil {
				return nil, bad
			}
			po[TopicPartition{topic, int32(p)}] = o
		}
	}
	return po, nil
}

// TopicOffsets reads offset JSON lines (a batch's ranges, a checkpoint's offsets/N, one line
// per source) and merges the Kafka ones by topic and partition, for screens that show
// them. Lines that are not Kafka offsets are skipped; ok is false when none was.
func TopicOffsets(lines ...string) (offsets map[string]map[int32]int64, ok bool) {
	out := map[string]map[int32]int64{}
	for _, l := range lines {
		if !strings.HasPrefix(strings.TrimSpace(l), "{") {
			continue
		}
		po, err := ParseOffsets(l)
		if err != nil {
			continue
		}
		ok = true
		for tp, off := range po {
			if out[tp.Topic] == nil {
				out[tp.Topic] = map[int32]int64{}
			}
			out[tp.Topic][tp.Partition] = off
		}
	}
	return out, ok
}

const assignExample = `{"topicA":[0,1],"topicB":[0,1]}`

// ParseAssign decodes the assign option (`{"orders":[0,1]}`) into partitions in the order
// given (topics sorted).
func ParseAssign(s string) ([]TopicPartition, error) {
	var raw map[string][]int32
	if err := json.Unmarshal([]byte(s), &raw); err != nil || raw == nil {
		return nil, fmt.Errorf("kafka: expected assign like %s, got %s", assignExample, s)
	}
	topics := make([]string, 0, len(raw))
	for t := range raw {
		topics = append(topics, t)
	}
	sort.Strings(topics)
	var tps []TopicPartition
	for _, t := range topics {
		for _, p := range raw[t] {
			tps = append(tps, TopicPartition{t, p})
		}
	}
	return tps, nil
}

// Scala 2.13 mutable.HashMap iteration order: buckets by (improved hash & (capacity-1)),
// within a bucket ascending by improved hash; capacity starts at 16 and doubles when an
// insertion makes size reach 3/4 of it.
func scalaCapacity(n int) int {
	c := 16
	for i := 1; i <= n; i++ {
		if i >= c*3/4 {
			c *= 2
		}
	}
	return c
}

func improveHash(h int32) int32 { return h ^ int32(uint32(h)>>16) }

type hashed[T any] struct {
	v T
	h int32
}

func scalaOrder[T any](vals []hashed[T]) []T {
	mask := int32(scalaCapacity(len(vals)) - 1)
	sort.SliceStable(vals, func(i, j int) bool {
		bi, bj := vals[i].h&mask, vals[j].h&mask
		if bi != bj {
			return bi < bj
		}
		return vals[i].h < vals[j].h
	})
	out := make([]T, len(vals))
	for i, v := range vals {
		out[i] = v.v
	}
	return out
}

func scalaHashOrderStrings(s []string) []string {
	vals := make([]hashed[string], len(s))
	for i, v := range s {
		vals[i] = hashed[string]{v, improveHash(sqltypes.JavaStringHash(v))}
	}
	return scalaOrder(vals)
}

func scalaHashOrderInts(s []int32) []int32 {
	vals := make([]hashed[int32], len(s))
	for i, v := range s {
		vals[i] = hashed[int32]{v, improveHash(v)}
	}
	return scalaOrder(vals)
}
