package kafkasource

import (
	"sort"

	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// PlanOrder orders a micro-batch's partitions as Spark plans its read tasks: task i reads
// the i-th partition and writes part-0000i of a file sink, so the order decides which file
// holds which partition. Spark walks the keys of its map of end offsets
// (KafkaOffsetReaderAdmin.getOffsetRangesFromResolvedOffsets), which comes from the Kafka
// admin client's ListOffsets answer, a java.util.HashMap: up to four partitions Scala keeps
// that map's iteration order (Map1..Map4); from five on it builds an immutable Scala
// HashMap, iterated in its trie's order. Both orders follow TopicPartition.hashCode.
// Checked against real Spark 4.2 (kafka-clients 3.9.2) on topics of 3, 4 and 5 partitions
// (planorder_test.go).
func PlanOrder(tps []TopicPartition) []TopicPartition {
	out := append([]TopicPartition(nil), tps...)
	sortTPs(out) // the tie-break: equal hashes keep topic, partition order
	if len(out) <= 4 {
		return javaHashMapOrder(out)
	}
	return champOrder(out, 0)
}

// topicPartitionHash is Kafka's TopicPartition.hashCode.
func topicPartitionHash(tp TopicPartition) int32 {
	return 31*(31+tp.Partition) + sqltypes.JavaStringHash(tp.Topic)
}

// javaHashMapOrder is a java.util.HashMap's iteration order of the keys: by bucket, the
// spread hash (h ^ h>>>16) masked by the table size (16, doubled while the keys exceed 3/4
// of it).
func javaHashMapOrder(tps []TopicPartition) []TopicPartition {
	size := uint32(16)
	for uint32(len(tps)) > size*3/4 {
		size *= 2
	}
	bucket := func(tp TopicPartition) uint32 {
		h := uint32(topicPartitionHash(tp))
		return (h ^ h>>16) & (size - 1)
	}
	sort.SliceStable(tps, func(i, j int) bool { return bucket(tps[i]) < bucket(tps[j]) })
	return tps
}

// champImprove is scala.collection.Hashing.improve, the hash an immutable HashMap files a
// key under.
func champImprove(h int32) uint32 {
	x := h + ^(h << 9)
	x ^= int32(uint32(x) >> 14)
	x += x << 4
	return uint32(x ^ int32(uint32(x)>>10))
}

// champOrder is an immutable Scala 2.13 HashMap's iteration order: each trie node lists the
// keys alone in their 5-bit slice of the improved hash first (by slice), then descends into
// the slices that hold several keys (by slice).
func champOrder(tps []TopicPartition, shift uint) []TopicPartition {
	if len(tps) < 2 || shift >= 32 {
		return tps
	}
	slices := map[uint32][]TopicPartition{}
	for _, tp := range tps {
		s := champImprove(topicPartitionHash(tp)) >> shift & 31
		slices[s] = append(slices[s], tp)
	}
	keys := make([]uint32, 0, len(slices))
	for s := range slices {
		keys = append(keys, s)
	}
	sort.Slice(keys, func(i, j int) bool { return keys[i] < keys[j] })
	var out []TopicPartition
	for _, s := range keys {
		if len(slices[s]) == 1 {
			out = append(out, slices[s][0])
		}
	}
	for _, s := range keys {
		if len(slices[s]) > 1 {
			out = append(out, champOrder(slices[s], shift+5)...)
		}
	}
	return out
}
