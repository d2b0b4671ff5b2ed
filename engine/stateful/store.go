package stateful

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/google/uuid"

	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// store is one stateful operator's state in one query's checkpoint, Spark's
// HDFSBackedStateStoreProvider layout:
//
//	state/<opId>/_metadata/metadata            operator metadata (Spark's JSON)
//	state/<opId>/<partition>/<version>.delta   the changes a batch made to that partition
//	state/<opId>/<partition>/<version>.snapshot every live key of the partition (see maintain)
//
// Version = batch id + 1; every partition writes a delta every batch, even an empty one.
// A delta file is Spark's record stream: for a put, int32 key length, key bytes, int32
// value length, value bytes; for a removal, int32 key length, key bytes, int32 -1; then
// int32 -1 at the end (big-endian), compressed in lz4-java's block format (lz4block.go).
// An operator whose codec has fileKey writes keys and values as Spark's UnsafeRows of its
// state schemas (sparkrow.go), so Spark resumes kafkalab's checkpoints and kafkalab
// Spark's; in memory its keys stay in kafkalab's encoding (codec.go), which the files of
// other operators still use. Rows neither way reads are refused with an error naming the
// file and the fix.
//
// The store keeps every live key in memory; a batch loads version N (from memory when the
// previous batch of this process left it there, else from the newest snapshot and the
// deltas after it) and commits N+1. A snapshot has the same framing with puts only.
type store struct {
	dir    string
	opID   int
	opName string
	parts  int
	// metaParts, when set, is the numPartitions the operator metadata gives instead of
	// parts (an operator that runs as one task in a query of several shuffle partitions).
	metaParts int
	version   int64 // version the entries hold; -1 while a batch is changing them
	entries   map[string]*entry
	// changes of the running batch, by partition
	puts    [][]*entry
	removes [][]*entry
	// sizeBytes is the encoded size of all live keys and values.
	sizeBytes int64
	hits      int64
	misses    int64
	// keySchema and valueSchema describe the state rows for the schema file (Spark's
	// names and types); prefixKeyCols is numColsPrefixKey of the operator metadata.
	keySchema, valueSchema *sqltypes.StructType
	prefixKeyCols          int
	// retain is spark.sql.streaming.minBatchesToRetain; lastSnapshot the newest snapshot.
	retain       int
	lastSnapshot int64
	// storeName, when set, is one of an operator's several named stores (a stream-stream
	// join's left-keyToNumValues...): its files sit in <partition>/<storeName>/, and the
	// operator writes the operator metadata itself.
	storeName string
	// order, when an operator tracks it, holds each partition's keys as Spark's state map
	// iterates them (javamap.go), for the version the entries hold.
	order []*javaHashMap
}

// entry is one key's state. value is the operator's (decoded) value; enc caches its last
// encoding for size accounting.
type entry struct {
	key   string // encoded key bytes
	part  int
	value any
	size  int
	dirty bool
}

// valueCodec turns entries into a state file's records and back. decode gets a record's
// key and value bytes as the file holds them and may set e.key (the in-memory key).
// fileKey, when set, is the key's bytes in the files (Spark's UnsafeRow) and memKey its
// inverse for removal records; without them the file key is e.key.
type valueCodec struct {
	encode  func(b []byte, e *entry) ([]byte, error)
	decode  func(key, val []byte, e *entry) error
	fileKey func(b []byte, e *entry) ([]byte, error)
	memKey  func(fileKey []byte) (string, error)
	// records and apply, when set, keep an entry as several records (Spark's session
	// windows: a row per session). records appends e's framed records for the mode;
	// apply replays one record (val nil for a removal) into the entries.
	records func(buf []byte, e *entry, mode recordMode) ([]byte, error)
	apply   func(entries map[string]*entry, p int, key, val []byte) error
}

// recordMode says which records codec.records writes for an entry.
type recordMode int

const (
	recordsPut      recordMode = iota // a changed entry: its rows, and removals of rows it lost
	recordsRemove                     // a removed entry: removals of all its rows
	recordsSnapshot                   // a snapshot: its rows only
)

// keyBytes is e's key as the files hold it.
func (c *valueCodec) keyBytes(b []byte, e *entry) ([]byte, error) {
	if c.fileKey == nil {
		return append(b, e.key...), nil
	}
	return c.fileKey(b, e)
}

func newStore(checkpoint string, opID int, opName string, parts int, conf map[string]string) *store {
	retain := 100
	if n, err := strconv.Atoi(conf["spark.sql.streaming.minBatchesToRetain"]); err == nil && n > 0 {
		retain = n
	}
	return &store{dir: filepath.Join(checkpoint, "state", strconv.Itoa(opID)), opID: opID, opName: opName,
		parts: parts, version: -1, retain: retain}
}

// load makes the entries hold version v. lookups is how many times Spark's operator asks
// each partition's provider for the version per batch (2 for an aggregation's restore and
// save, 1 for a deduplication), for the loadedMapCache metrics.
func (s *store) load(v int64, codec valueCodec, lookups int) error {
	if s.version == v && s.entries != nil {
		if v > 0 {
			s.hits += int64(s.parts * lookups)
		}
		s.resetChanges()
		return nil
	}
	if v > 0 {
		s.misses += int64(s.parts)
		s.hits += int64(s.parts * (lookups - 1))
	}
	s.entries = map[string]*entry{}
	s.order = nil
	s.sizeBytes = 0
	for p := 0; p < s.parts; p++ {
		from := int64(1)
		if snap := s.latestSnapshot(p, v); snap > 0 {
			if err := s.replayFile(p, s.filePath(p, snap, "snapshot"), snap, codec); err != nil {
				s.version = -1
				return err
			}
			from = snap + 1
		}
		for ver := from; ver <= v; ver++ {
			if err := s.replay(p, ver, codec); err != nil {
				s.version = -1
				return err
			}
		}
	}
	for _, e := range s.entries {
		s.sizeBytes += int64(e.size)
	}
	s.version = v
	s.resetChanges()
	return nil
}

func (s *store) resetChanges() {
	s.puts = make([][]*entry, s.parts)
	s.removes = make([][]*entry, s.parts)
}

func (s *store) deltaPath(p int, v int64) string { return s.filePath(p, v, "delta") }

func (s *store) filePath(p int, v int64, kind string) string {
	return filepath.Join(s.partDir(p), strconv.FormatInt(v, 10)+"."+kind)
}

// partDir is the folder of partition p's files.
func (s *store) partDir(p int) string {
	return filepath.Join(s.dir, strconv.Itoa(p), s.storeName)
}

// files lists a partition's state files by version: kind "delta" or "snapshot".
func (s *store) files(p int) map[int64][]string {
	out := map[int64][]string{}
	ents, _ := os.ReadDir(s.partDir(p))
	for _, e := range ents {
		name := e.Name()
		dot := strings.LastIndexByte(name, '.')
		if dot <= 0 || strings.HasPrefix(name, ".") {
			continue
		}
		v, err := strconv.ParseInt(name[:dot], 10, 64)
		if err != nil {
			continue
		}
		if kind := name[dot+1:]; kind == "delta" || kind == "snapshot" {
			out[v] = append(out[v], kind)
		}
	}
	return out
}

// latestSnapshot is the newest snapshot version <= v of partition p (0 for none).
func (s *store) latestSnapshot(p int, v int64) int64 {
	best := int64(0)
	for ver, kinds := range s.files(p) {
		for _, k := range kinds {
			if k == "snapshot" && ver <= v && ver > best {
				best = ver
			}
		}
	}
	return best
}

// Spark's maintenance (minDeltasForSnapshot 10, minBatchesToRetain 100), run right after a
// commit instead of on a 60-second timer, so that runs are reproducible: a snapshot of
// every partition once 10 deltas piled up since the last one, and files no longer needed
// to rebuild the last minBatchesToRetain versions deleted. Disk use stays flat.
const minDeltasForSnapshot = 10

func (s *store) maintain(v int64, codec valueCodec) error {
	if s.lastSnapshot == 0 {
		s.lastSnapshot = s.latestSnapshot(0, v)
	}
	if v-s.lastSnapshot >= minDeltasForSnapshot {
		byPart := make([][]*entry, s.parts)
		for _, e := range s.entries {
			byPart[e.part] = append(byPart[e.part], e)
		}
		var buf, scratch, kb []byte
		for p := 0; p < s.parts; p++ {
			buf = buf[:0]
			sort.Slice(byPart[p], func(i, j int) bool { return byPart[p][i].key < byPart[p][j].key })
			for _, e := range byPart[p] {
				var err error
				if codec.records != nil {
					if buf, err = codec.records(buf, e, recordsSnapshot); err != nil {
						return err
					}
					continue
				}
				if kb, err = codec.keyBytes(kb[:0], e); err != nil {
					return err
				}
				if scratch, err = codec.encode(scratch[:0], e); err != nil {
					return err
				}
				buf = appendRecord(buf, kb, scratch)
			}
			buf = binary.BigEndian.AppendUint32(buf, 0xFFFFFFFF)
			if err := writeAtomic(s.filePath(p, v, "snapshot"), lz4Frame(buf)); err != nil {
				return err
			}
		}
		s.lastSnapshot = v
	}
	if s.retain <= 0 {
		return nil
	}
	earliest := v - int64(s.retain) + 1
	if earliest <= 1 {
		return nil
	}
	for p := 0; p < s.parts; p++ {
		// Keep everything from the newest snapshot at or before the earliest retained version.
		keepFrom := int64(1)
		if snap := s.latestSnapshot(p, earliest); snap > 0 {
			keepFrom = snap
		}
		for ver, kinds := range s.files(p) {
			if ver >= keepFrom {
				continue
			}
			for _, k := range kinds {
				os.Remove(s.filePath(p, ver, k))
			}
		}
	}
	return nil
}

func appendRecord(buf []byte, key, val []byte) []byte {
	buf = binary.BigEndian.AppendUint32(buf, uint32(len(key)))
	buf = append(buf, key...)
	buf = binary.BigEndian.AppendUint32(buf, uint32(len(val)))
	return append(buf, val...)
}

func (s *store) replay(p int, v int64, codec valueCodec) error {
	return s.replayFile(p, s.deltaPath(p, v), v, codec)
}

func (s *store) replayFile(p int, path string, v int64, codec valueCodec) error {
	raw, err := os.ReadFile(path)
	if err != nil {
		if errors.Is(err, os.ErrNotExist) {
			return fmt.Errorf("state store: %s is missing: the checkpoint's state for batch %d is incomplete; restore the folder or start with a new checkpoint", path, v-1)
		}
		return fmt.Errorf("state store: %w", err)
	}
	corrupt := func(why string) error {
		return fmt.Errorf("state store: %s is corrupt (%s); restore the folder or start with a new checkpoint", path, why)
	}
	plain, err := lz4Unframe(raw)
	if err != nil {
		return corrupt(err.Error())
	}
	r := bytes.NewReader(plain)
	readInt := func() (int32, error) {
		var b [4]byte
		if _, err := io.ReadFull(r, b[:]); err != nil {
			return 0, err
		}
		return int32(binary.BigEndian.Uint32(b[:])), nil
	}
	for {
		kl, err := readInt()
		if err != nil {
			return corrupt("no end marker")
		}
		if kl == -1 {
			return nil
		}
		if kl < 0 || kl > 1<<24 {
			return corrupt("bad key length")
		}
		key := make([]byte, kl)
		if _, err := io.ReadFull(r, key); err != nil {
			return corrupt("truncated key")
		}
		vl, err := readInt()
		if err != nil {
			return corrupt("truncated record")
		}
		if vl == -1 && codec.apply != nil {
			if err := codec.apply(s.entries, p, key, nil); err != nil {
				return unreadableState(path, err)
			}
			continue
		}
		if vl == -1 {
			mk := string(key)
			if codec.memKey != nil {
				if mk, err = codec.memKey(key); err != nil {
					return unreadableState(path, err)
				}
			}
			delete(s.entries, mk)
			continue
		}
		if vl < 0 || vl > 1<<26 {
			return corrupt("bad value length")
		}
		val := make([]byte, vl)
		if _, err := io.ReadFull(r, val); err != nil {
			return corrupt("truncated value")
		}
		if codec.apply != nil {
			if err := codec.apply(s.entries, p, key, val); err != nil {
				return unreadableState(path, err)
			}
			continue
		}
		e := &entry{key: string(key), part: p, size: len(key) + len(val)}
		if err := codec.decode(key, val, e); err != nil {
			return unreadableState(path, err)
		}
		s.entries[e.key] = e
	}
}

// unsafeRowShaped reports whether a record's key or value could be a Spark UnsafeRow: a
// whole number of 8-byte words (null bits, one slot per field, padded variable-width data).
func unsafeRowShaped(b []byte) bool { return len(b)%8 == 0 }

// unreadableState is the error for a state row that is neither this operator's state in
// Spark's UnsafeRow layout nor in kafkalab's own encoding: a checkpoint of another query
// (other grouping columns or aggregates), a state kafkalab does not read yet, or a
// damaged file. Resuming would give wrong rows, so the query stops.
func unreadableState(path string, why error) error {
	return fmt.Errorf("state store: %s holds a state row this query's operator cannot read (%v): the checkpoint was written by a different query, by a state format kafkalab does not read yet, or is damaged. Give the query a new checkpointLocation (it starts from the source's startingOffsets with empty state), or run the script on real Spark with `kafkalab export`", path, why)
}

// put records e as changed in this batch.
func (s *store) put(e *entry) {
	if !e.dirty {
		e.dirty = true
		s.puts[e.part] = append(s.puts[e.part], e)
	}
}

// remove deletes e from the state.
func (s *store) remove(e *entry) {
	delete(s.entries, e.key)
	s.sizeBytes -= int64(e.size)
	s.removes[e.part] = append(s.removes[e.part], e)
	e.dirty = false // a removed key's pending put is dropped below
}

// commit writes version v's delta files (every partition) and the operator metadata.
func (s *store) commit(v int64, codec valueCodec) error {
	if err := s.writeMetadata(); err != nil {
		return err
	}
	var buf, scratch, kb []byte
	for p := 0; p < s.parts; p++ {
		buf = buf[:0]
		for _, e := range s.puts[p] {
			if !e.dirty {
				continue // removed after it was put
			}
			e.dirty = false
			var err error
			if codec.records != nil {
				before := len(buf)
				if buf, err = codec.records(buf, e, recordsPut); err != nil {
					return err
				}
				if _, live := s.entries[e.key]; live {
					s.sizeBytes += int64(len(buf) - before - e.size)
				}
				e.size = len(buf) - before
				continue
			}
			if kb, err = codec.keyBytes(kb[:0], e); err != nil {
				return err
			}
			scratch, err = codec.encode(scratch[:0], e)
			if err != nil {
				return err
			}
			buf = appendRecord(buf, kb, scratch)
			n := len(kb) + len(scratch)
			if _, live := s.entries[e.key]; live {
				s.sizeBytes += int64(n - e.size)
			}
			e.size = n
		}
		for _, e := range s.removes[p] {
			var err error
			if codec.records != nil {
				if buf, err = codec.records(buf, e, recordsRemove); err != nil {
					return err
				}
				continue
			}
			if kb, err = codec.keyBytes(kb[:0], e); err != nil {
				return err
			}
			buf = binary.BigEndian.AppendUint32(buf, uint32(len(kb)))
			buf = append(buf, kb...)
			buf = binary.BigEndian.AppendUint32(buf, 0xFFFFFFFF)
		}
		buf = binary.BigEndian.AppendUint32(buf, 0xFFFFFFFF)
		if err := writeAtomic(s.deltaPath(p, v), lz4Frame(buf)); err != nil {
			return err
		}
	}
	if err := s.maintain(v, codec); err != nil {
		return err
	}
	s.version = v
	s.resetChanges()
	return nil
}

func (s *store) writeMetadata() error {
	path := filepath.Join(s.dir, "_metadata", "metadata")
	if _, err := os.Stat(path); err != nil && s.storeName == "" {
		n := s.parts
		if s.metaParts > 0 {
			n = s.metaParts
		}
		body := fmt.Sprintf(`v1`+"\n"+`{"operatorInfo":{"operatorId":%d,"operatorName":"%s"},"stateStoreInfo":[{"storeName":"default","numColsPrefixKey":%d,"numPartitions":%d}]}`,
			s.opID, s.opName, s.prefixKeyCols, n)
		if err := writeAtomic(path, []byte(body)); err != nil {
			return err
		}
	}
	if s.keySchema == nil {
		return nil
	}
	path = filepath.Join(s.partDir(0), "_metadata", "schema")
	if _, err := os.Stat(path); err == nil {
		return nil
	}
	return writeAtomic(path, schemaFile(s.keySchema, s.valueSchema))
}

// schemaFile is Spark's state schema file (SchemaWriterV2): writeUTF("v2"), then for the
// key and the value schema the number of chunks and each chunk of its JSON as writeUTF.
func schemaFile(key, value *sqltypes.StructType) []byte {
	utf := func(b []byte, str string) []byte {
		b = binary.BigEndian.AppendUint16(b, uint16(len(str)))
		return append(b, str...)
	}
	b := utf(nil, "v2")
	for _, st := range []*sqltypes.StructType{key, value} {
		js := st.JSON()
		var chunks []string
		for len(js) > 65535 {
			chunks, js = append(chunks, js[:65535]), js[65535:]
		}
		chunks = append(chunks, js)
		b = binary.BigEndian.AppendUint32(b, uint32(len(chunks)))
		for _, c := range chunks {
			b = utf(b, c)
		}
	}
	return b
}

// writeAtomic writes a hidden temporary file and renames it over path, as Spark's
// checkpoint file manager does (a re-run batch replaces its delta).
func writeAtomic(path string, data []byte) error {
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("state store: %w", err)
	}
	tmp := filepath.Join(dir, "."+filepath.Base(path)+"."+uuid.NewString()+".tmp")
	if err := os.WriteFile(tmp, data, 0o644); err != nil {
		return fmt.Errorf("state store: %w", err)
	}
	if err := os.Rename(tmp, path); err != nil {
		os.Remove(tmp)
		return fmt.Errorf("state store: %w", err)
	}
	return nil
}

// writeAtomicOnce writes path unless it exists.
func writeAtomicOnce(path string, data []byte) error {
	if _, err := os.Stat(path); err == nil {
		return nil
	}
	return writeAtomic(path, data)
}
