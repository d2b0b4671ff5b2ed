package stateful

import "math/bits"

// javaHashMap follows the bins of java.util.concurrent.ConcurrentHashMap, the map Spark's
// HDFS-backed state store keeps a partition's keys in, so that iterating the state (complete
// mode, append-mode eviction) visits keys in Spark's order: bins in index order, each bin in
// insertion order, with resizes splitting bins as the JDK's transfer does. Only keys and
// their hashes are kept.
type javaHashMap struct {
	table   [][]javaMapNode
	count   int
	sizeCtl int
	hashes  map[string]int32 // spread hash of each key present
}

type javaMapNode struct {
	hash int32 // spread hash
	key  string
}

const javaMapMaxCapacity = 1 << 30

func newJavaHashMap() *javaHashMap { return &javaHashMap{hashes: map[string]int32{}} }

// copyJavaHashMap is a new map given prev's entries with putAll, as a state store version
// starts from the previous one.
func copyJavaHashMap(prev *javaHashMap) *javaHashMap {
	m := newJavaHashMap()
	m.presize(prev.count)
	for _, b := range prev.table {
		for _, nd := range b {
			m.insert(nd)
		}
	}
	return m
}

func spreadHash(h int32) int32 { return (h ^ int32(uint32(h)>>16)) & 0x7fffffff }

func tableSizeFor(c int) int {
	if c <= 1 {
		return 1
	}
	n := 1 << bits.Len(uint(c-1))
	return min(n, javaMapMaxCapacity)
}

// presize is tryPresize(size).
func (m *javaHashMap) presize(size int) {
	c := javaMapMaxCapacity
	if size < javaMapMaxCapacity>>1 {
		c = tableSizeFor(size + size>>1 + 1)
	}
	for {
		if m.table == nil {
			n := max(m.sizeCtl, c)
			m.table = make([][]javaMapNode, n)
			m.sizeCtl = n - n>>2
			continue
		}
		if c <= m.sizeCtl || len(m.table) >= javaMapMaxCapacity {
			return
		}
		m.transfer()
	}
}

// put adds key with its row hash; a key already present keeps its place.
func (m *javaHashMap) put(key string, rowHash int32) {
	if _, ok := m.hashes[key]; ok {
		return
	}
	m.insert(javaMapNode{hash: spreadHash(rowHash), key: key})
}

func (m *javaHashMap) insert(nd javaMapNode) {
	m.hashes[nd.key] = nd.hash
	if m.table == nil {
		n := 16
		if m.sizeCtl > 0 {
			n = m.sizeCtl
		}
		m.table = make([][]javaMapNode, n)
		m.sizeCtl = n - n>>2
	}
	i := int(nd.hash) & (len(m.table) - 1)
	before := len(m.table[i])
	m.table[i] = append(m.table[i], nd)
	if before >= 8 && len(m.table) < 64 {
		// treeifyBin on a small table grows it instead.
		m.presize(len(m.table) << 1)
	}
	m.count++
	for m.count >= m.sizeCtl && len(m.table) < javaMapMaxCapacity {
		m.transfer()
	}
}

// transfer doubles the table: each bin splits on hash&n; the run of nodes at its tail that
// go the same way moves as it is, the nodes before it are prepended one by one.
func (m *javaHashMap) transfer() {
	n := len(m.table)
	next := make([][]javaMapNode, 2*n)
	for i, b := range m.table {
		if len(b) == 0 {
			continue
		}
		last := 0
		runBit := b[0].hash & int32(n)
		for j := 1; j < len(b); j++ {
			if bit := b[j].hash & int32(n); bit != runBit {
				runBit, last = bit, j
			}
		}
		var lo, hi []javaMapNode
		if runBit == 0 {
			lo = append(lo, b[last:]...)
		} else {
			hi = append(hi, b[last:]...)
		}
		for j := 0; j < last; j++ {
			if b[j].hash&int32(n) == 0 {
				lo = append([]javaMapNode{b[j]}, lo...)
			} else {
				hi = append([]javaMapNode{b[j]}, hi...)
			}
		}
		next[i], next[i+n] = lo, hi
	}
	m.table = next
	m.sizeCtl = (n << 1) - (n >> 1)
}

func (m *javaHashMap) remove(key string) {
	h, ok := m.hashes[key]
	if !ok {
		return
	}
	delete(m.hashes, key)
	i := int(h) & (len(m.table) - 1)
	b := m.table[i]
	for j, nd := range b {
		if nd.key == key {
			m.table[i] = append(b[:j:j], b[j+1:]...)
			m.count--
			return
		}
	}
}

// keys lists the keys in iteration order.
func (m *javaHashMap) keys() []string {
	out := make([]string, 0, m.count)
	for _, b := range m.table {
		for _, nd := range b {
			out = append(out, nd.key)
		}
	}
	return out
}
