package kafkatools

// Kafka's tools print some tables straight from a java.util.HashMap keyed by TopicPartition,
// so their row order is the map's iteration order. These helpers reproduce it, so that our
// rows come out in the same order as Kafka's for the same partitions.

// topicPartition is one partition of one topic.
type topicPartition struct {
	topic     string
	partition int32
}

// javaStringHash is Java's String.hashCode (for the ASCII names Kafka allows).
func javaStringHash(s string) int32 {
	var h int32
	for i := 0; i < len(s); i++ {
		h = 31*h + int32(s[i])
	}
	return h
}

// javaHashMapOrder returns tps in the order a HashMap iterates them after they were put in
// the given order: by bucket ((h ^ h>>>16) & (capacity-1), with TopicPartition.hashCode
// 31*(31+partition)+topic.hashCode() and the default capacity 16 doubled whenever the map is
// more than 3/4 full), and within a bucket in insertion order.
func javaHashMapOrder(tps []topicPartition) []topicPartition {
	capacity := 16
	for len(tps) > capacity*3/4 {
		capacity *= 2
	}
	bucket := func(tp topicPartition) int {
		h := 31*(31+tp.partition) + javaStringHash(tp.topic)
		u := uint32(h)
		return int((u ^ u>>16) & uint32(capacity-1))
	}
	buckets := make([][]topicPartition, capacity)
	for _, tp := range tps {
		b := bucket(tp)
		buckets[b] = append(buckets[b], tp)
	}
	out := make([]topicPartition, 0, len(tps))
	for _, b := range buckets {
		out = append(out, b...)
	}
	return out
}

// javaSizedHashMapOrder returns keys in the order a java.util.HashMap made with
// new HashMap<>(initial) iterates them after they were put in the given order: its table
// starts at the next power of two of initial (at least 1) and doubles whenever the size
// passes 3/4 of it, so 3 keys put in a map sized 3 sit in 4 buckets and 4 keys in 8; by
// bucket ((h ^ h>>>16) & (capacity-1)), in a bucket by insertion.
func javaSizedHashMapOrder(keys []string, initial int) []string {
	return javaSizedHashMapOrderBy(keys, javaStringHash, initial)
}

// javaSizedHashMapOrderBy is javaSizedHashMapOrder for keys of any type, with their Java
// hashCode.
func javaSizedHashMapOrderBy[K any](keys []K, hash func(K) int32, initial int) []K {
	capacity := 1
	for capacity < initial {
		capacity *= 2
	}
	for n := 1; n <= len(keys); n++ {
		if n > capacity*3/4 {
			capacity *= 2
		}
	}
	buckets := make([][]K, capacity)
	for _, k := range keys {
		u := uint32(hash(k))
		b := int((u ^ u>>16) & uint32(capacity-1))
		buckets[b] = append(buckets[b], k)
	}
	out := make([]K, 0, len(keys))
	for _, b := range buckets {
		out = append(out, b...)
	}
	return out
}
