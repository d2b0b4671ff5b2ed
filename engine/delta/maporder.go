package delta

import (
	"slices"
	"sort"

	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// Delta builds commitInfo.operationParameters and operationMetrics as Scala immutable maps
// and Jackson writes them in the maps' iteration order. A map of up to four entries
// (Map1..Map4) iterates in insertion order; a larger one is a HashMap, a CHAMP trie whose
// iteration order follows the keys' hashes. scalaMapOrder reproduces that order, so a
// commit lists its metrics exactly as delta-spark does (checked against real DELETE,
// UPDATE, MERGE, RESTORE and overwrite commits in the tests).

// scalaMapOrder returns keys (distinct, in insertion order) in the order a Scala 2.13
// immutable.Map built from them iterates.
func scalaMapOrder(keys []string) []string {
	if len(keys) <= 4 {
		return slices.Clone(keys)
	}
	hashes := make(map[string]uint32, len(keys))
	for _, k := range keys {
		hashes[k] = improveHash(uint32(sqltypes.JavaStringHash(k)))
	}
	return champOrder(slices.Clone(keys), hashes, 0)
}

// improveHash is scala.collection.Hashing.improve, applied to a key's hashCode before it
// is placed in the trie.
func improveHash(h uint32) uint32 {
	h += ^(h << 9)
	h ^= h >> 14
	h += h << 4
	return h ^ (h >> 10)
}

// champOrder orders keys at one trie level: keys alone in their 5-bit hash fragment are the
// node's payload and come first, by fragment; then the sub-nodes of the shared fragments,
// by fragment, each ordered one level down. (Keys whose hashes are fully equal land in a
// collision node, in insertion order.)
func champOrder(keys []string, hashes map[string]uint32, shift uint) []string {
	if len(keys) <= 1 {
		return keys
	}
	if shift >= 32 {
		return keys
	}
	groups := map[uint32][]string{}
	for _, k := range keys {
		f := (hashes[k] >> shift) & 31
		groups[f] = append(groups[f], k)
	}
	frags := make([]uint32, 0, len(groups))
	for f := range groups {
		frags = append(frags, f)
	}
	sort.Slice(frags, func(i, j int) bool { return frags[i] < frags[j] })
	var out []string
	for _, f := range frags {
		if g := groups[f]; len(g) == 1 {
			out = append(out, g[0])
		}
	}
	for _, f := range frags {
		if g := groups[f]; len(g) > 1 {
			out = append(out, champOrder(g, hashes, shift+5)...)
		}
	}
	return out
}

// orderedKVs returns kvs in the order scalaMapOrder gives their keys.
func orderedKVs(kvs []KV) []KV {
	keys := make([]string, len(kvs))
	byKey := make(map[string]KV, len(kvs))
	for i, kv := range kvs {
		keys[i] = kv.Key
		byKey[kv.Key] = kv
	}
	out := make([]KV, 0, len(kvs))
	for _, k := range scalaMapOrder(keys) {
		out = append(out, byKey[k])
	}
	return out
}
