package stateful

import (
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"math/big"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/kafkalab/kafkalab/engine/sparkerrors"
	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// The state data source (spark.read.format("statestore")) and the state metadata source
// (format("state-metadata")): batch reads of a streaming query's checkpoint that show what
// each stateful operator keeps. A state row is shown as Spark shows it: the key and value
// structs of the operator's state schema file, and the partition it lives in. The bytes
// may be kafkalab's own encoding (codec.go), mapped to Spark's buffer layout here, or
// Spark's UnsafeRow when real Spark wrote the checkpoint.

// StateReadOptions are the state data source's options, checked as Spark checks them.
type StateReadOptions struct {
	Checkpoint string // the checkpoint folder
	Location   string // the folder as Spark's messages name it (file:/...)
	BatchID    int64
	OperatorID int
	StoreName  string // "default" unless given
	JoinSide   string // "left", "right" or "none"

	ChangeFeed             bool
	ChangeStart, ChangeEnd int64
}

// String is Spark's StateSourceOptions.toString, which its errors quote.
func (o StateReadOptions) String() string {
	s := fmt.Sprintf("StateSourceOptions(checkpointLocation=%s, batchId=%d, operatorId=%d, storeName=%s, joinSide=%s, stateVarName=None)",
		o.Location, o.BatchID, o.OperatorID, o.StoreName, o.JoinSide)
	if o.ChangeFeed {
		s += fmt.Sprintf(", changeStartBatchId=%d, changeEndBatchId=%d", o.ChangeStart, o.ChangeEnd)
	}
	return s + ")"
}

func stdsError(kind sparkerrors.Kind, class string, params ...string) error {
	return sparkerrors.New(kind, class, params...)
}

func invalidOption(name, msg string) error {
	return stdsError(sparkerrors.SparkRuntimeException, "STDS_INVALID_OPTION_VALUE.WITH_MESSAGE", "optionName", name, "message", msg)
}

// ParseStateOptions reads the options (keys lower-cased) of a statestore read of the
// checkpoint folder dir, in the order Spark validates them.
func ParseStateOptions(dir, location string, opts map[string]string) (StateReadOptions, error) {
	o := StateReadOptions{Checkpoint: dir, Location: location, StoreName: "default", JoinSide: "none"}
	num := func(name string) (int64, bool, error) {
		v, ok := opts[strings.ToLower(name)]
		if !ok {
			return 0, false, nil
		}
		n, err := strconv.ParseInt(strings.TrimSpace(v), 10, 64)
		if err != nil {
			return 0, true, &sparkerrors.Error{Kind: sparkerrors.NumberFormatException, Message: fmt.Sprintf("For input string: %q", v)}
		}
		return n, true, nil
	}
	op, _, err := num("operatorId")
	if err != nil {
		return o, err
	}
	if op < 0 {
		return o, stdsError(sparkerrors.SparkRuntimeException, "STDS_INVALID_OPTION_VALUE.IS_NEGATIVE", "optionName", "operatorId")
	}
	o.OperatorID = int(op)
	if v, ok := opts["storename"]; ok {
		o.StoreName = strings.TrimSpace(v)
		if o.StoreName == "" {
			return o, stdsError(sparkerrors.SparkRuntimeException, "STDS_INVALID_OPTION_VALUE.IS_EMPTY", "optionName", "storeName")
		}
	}
	if v, ok := opts["joinside"]; ok {
		switch v {
		case "left", "right", "none":
			o.JoinSide = v
		default:
			return o, invalidOption("joinSide", "Valid values are left,right,none")
		}
	}
	if o.JoinSide != "none" && o.StoreName != "default" {
		return o, stdsError(sparkerrors.SparkRuntimeException, "STDS_CONFLICT_OPTIONS", "options", "['joinSide', 'storeName']")
	}
	batch, hasBatch, err := num("batchId")
	if err != nil {
		return o, err
	}
	o.ChangeFeed = strings.EqualFold(strings.TrimSpace(opts["readchangefeed"]), "true")
	start, hasStart, err := num("changeStartBatchId")
	if err != nil {
		return o, err
	}
	end, hasEnd, err := num("changeEndBatchId")
	if err != nil {
		return o, err
	}
	_, snapStart := opts["snapshotstartbatchid"]
	_, snapPart := opts["snapshotpartitionid"]
	if o.ChangeFeed {
		switch {
		case o.JoinSide != "none":
			return o, stdsError(sparkerrors.SparkRuntimeException, "STDS_CONFLICT_OPTIONS", "options", "['joinSide', 'readChangeFeed']")
		case hasBatch:
			return o, stdsError(sparkerrors.SparkRuntimeException, "STDS_CONFLICT_OPTIONS", "options", "['batchId', 'readChangeFeed']")
		case snapStart:
			return o, stdsError(sparkerrors.SparkRuntimeException, "STDS_CONFLICT_OPTIONS", "options", "['snapshotStartBatchId', 'readChangeFeed']")
		case snapPart:
			return o, stdsError(sparkerrors.SparkRuntimeException, "STDS_CONFLICT_OPTIONS", "options", "['snapshotPartitionId', 'readChangeFeed']")
		case !hasStart:
			return o, stdsError(sparkerrors.SparkRuntimeException, "STDS_REQUIRED_OPTION_UNSPECIFIED", "optionName", "changeStartBatchId")
		}
		if !hasEnd {
			if end, err = lastCommitted(dir, location); err != nil {
				return o, err
			}
		}
		if start < 0 {
			return o, stdsError(sparkerrors.SparkRuntimeException, "STDS_INVALID_OPTION_VALUE.IS_NEGATIVE", "optionName", "changeStartBatchId")
		}
		if end < start {
			return o, invalidOption("changeEndBatchId", fmt.Sprintf("changeEndBatchId cannot be smaller than changeStartBatchId. Please check the input to changeEndBatchId, or if you are using its default value, make sure that changeStartBatchId is less than %d.", end))
		}
		o.ChangeStart, o.ChangeEnd, o.BatchID = start, end, end
		return o, nil
	}
	if hasStart {
		return o, invalidOption("changeStartBatchId", "Only specify this option when readChangeFeed is set to true.")
	}
	if hasEnd {
		return o, invalidOption("changeEndBatchId", "Only specify this option when readChangeFeed is set to true.")
	}
	if snapStart || snapPart {
		return o, fmt.Errorf("kafkalab does not support the statestore options snapshotStartBatchId and snapshotPartitionId yet: read a batch with option batchId, or run the script on real Spark with `kafkalab export`")
	}
	if !hasBatch {
		if batch, err = lastCommitted(dir, location); err != nil {
			return o, err
		}
	}
	if batch < 0 {
		return o, stdsError(sparkerrors.SparkRuntimeException, "STDS_INVALID_OPTION_VALUE.IS_NEGATIVE", "optionName", "batchId")
	}
	o.BatchID = batch
	return o, nil
}

// numericNames lists the entries of dir whose names are whole numbers, ascending.
func numericNames(dir string) []int64 {
	ents, _ := os.ReadDir(dir)
	var out []int64
	for _, e := range ents {
		if n, err := strconv.ParseInt(e.Name(), 10, 64); err == nil {
			out = append(out, n)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i] < out[j] })
	return out
}

// lastCommitted is the newest batch of the checkpoint's commit log.
func lastCommitted(dir, location string) (int64, error) {
	ids := numericNames(filepath.Join(dir, "commits"))
	if len(ids) == 0 {
		return 0, stdsError(sparkerrors.SparkRuntimeException, "STDS_COMMITTED_BATCH_UNAVAILABLE", "checkpointLocation", location)
	}
	return ids[len(ids)-1], nil
}

// operatorMeta is state/<op>/_metadata/metadata (OperatorStateMetadataV1).
type operatorMeta struct {
	OperatorInfo struct {
		OperatorID   int64  `json:"operatorId"`
		OperatorName string `json:"operatorName"`
	} `json:"operatorInfo"`
	StateStoreInfo []struct {
		StoreName        string `json:"storeName"`
		NumColsPrefixKey int    `json:"numColsPrefixKey"`
		NumPartitions    int    `json:"numPartitions"`
	} `json:"stateStoreInfo"`
}

func readOperatorMeta(opDir string) (*operatorMeta, error) {
	raw, err := os.ReadFile(filepath.Join(opDir, "_metadata", "metadata"))
	if err != nil {
		return nil, err
	}
	version, body, ok := strings.Cut(string(raw), "\n")
	if !ok || version != "v1" {
		return nil, fmt.Errorf("operator metadata %s: version %q is not v1", opDir, version)
	}
	m := &operatorMeta{}
	if err := json.Unmarshal([]byte(body), m); err != nil {
		return nil, fmt.Errorf("operator metadata %s: %w", opDir, err)
	}
	return m, nil
}

// readSchemaFile reads a state schema file (SchemaWriterV1 or V2, see schemaFile).
func readSchemaFile(path string) (key, value *sqltypes.StructType, err error) {
	raw, err := os.ReadFile(path)
	if err != nil {
		return nil, nil, err
	}
	b := raw
	utf := func() (string, bool) {
		if len(b) < 2 {
			return "", false
		}
		n := int(binary.BigEndian.Uint16(b))
		if len(b) < 2+n {
			return "", false
		}
		s := string(b[2 : 2+n])
		b = b[2+n:]
		return s, true
	}
	version, ok := utf()
	if !ok {
		return nil, nil, fmt.Errorf("state schema %s is truncated", path)
	}
	var js [2]string
	for i := range js {
		switch version {
		case "v1":
			if js[i], ok = utf(); !ok {
				return nil, nil, fmt.Errorf("state schema %s is truncated", path)
			}
		case "v2":
			if len(b) < 4 {
				return nil, nil, fmt.Errorf("state schema %s is truncated", path)
			}
			n := int(binary.BigEndian.Uint32(b))
			b = b[4:]
			var sb strings.Builder
			for c := 0; c < n; c++ {
				s, ok := utf()
				if !ok {
					return nil, nil, fmt.Errorf("state schema %s is truncated", path)
				}
				sb.WriteString(s)
			}
			js[i] = sb.String()
		default:
			return nil, nil, fmt.Errorf("state schema %s has version %q, not v1 or v2", path, version)
		}
	}
	if key, err = sqltypes.ParseSchemaJSON(js[0]); err != nil {
		return nil, nil, fmt.Errorf("state schema %s: %w", path, err)
	}
	if value, err = sqltypes.ParseSchemaJSON(js[1]); err != nil {
		return nil, nil, fmt.Errorf("state schema %s: %w", path, err)
	}
	return key, value, nil
}

// stateKind is how a store's values are laid out in kafkalab's encoding.
type stateKind int

const (
	kindGeneric   stateKind = iota // every value field in order (join stores)
	kindAggregate                  // aggregation buffers (aggbuf.go)
	kindSession                    // a session window's sessions (sessionwindow.go)
	kindDedup                      // nothing, or the expiry of dropDuplicatesWithinWatermark
)

// stateStoreReader reads one store of an operator.
type stateStoreReader struct {
	opDir      string
	storeName  string // "" for the default store
	kind       stateKind
	key, value *sqltypes.StructType
}

func (r *stateStoreReader) store(parts int) *store {
	return &store{dir: r.opDir, parts: parts, version: -1, storeName: r.storeName}
}

// rawRecord is one state record's bytes.
type rawRecord struct{ key, val []byte }

func rawCodec() valueCodec {
	return valueCodec{
		encode: func(b []byte, e *entry) ([]byte, error) { return append(b, e.value.([]byte)...), nil },
		decode: func(_, val []byte, e *entry) error { e.value = val; return nil },
	}
}

// ReadStateStore reads the state the options select: its schema and each partition's rows.
func ReadStateStore(o StateReadOptions) (*sqltypes.StructType, [][]sqltypes.Row, error) {
	opDir := filepath.Join(o.Checkpoint, "state", strconv.Itoa(o.OperatorID))
	// Spark reads the operators' metadata as of the batch first, which needs the batch
	// committed: a batch past the last commit is refused before anything else.
	last, err := lastCommitted(o.Checkpoint, o.Location)
	if err != nil {
		return nil, nil, err
	}
	if o.BatchID > last {
		return nil, nil, stdsError(sparkerrors.SparkRuntimeException, "STDS_COMMITTED_BATCH_UNAVAILABLE", "checkpointLocation", o.Location)
	}
	schemaErr := func(err error) error {
		e := sparkerrors.New(sparkerrors.SparkRuntimeException, "STDS_FAILED_TO_READ_STATE_SCHEMA", "sourceOptions", o.String())
		e.Cause = err
		return e
	}
	meta, _ := readOperatorMeta(opDir)
	opName := ""
	if meta != nil {
		opName = meta.OperatorInfo.OperatorName
	}
	r := &stateStoreReader{opDir: opDir}
	var idxStore *stateStoreReader // a join side's keyWithIndexToValue store
	switch {
	case o.JoinSide != "none":
		counts := &stateStoreReader{opDir: opDir, storeName: o.JoinSide + "-keyToNumValues"}
		k, _, err := readSchemaFile(filepath.Join(opDir, "0", counts.storeName, "_metadata", "schema"))
		if err != nil {
			return nil, nil, schemaErr(err)
		}
		idxStore = &stateStoreReader{opDir: opDir, storeName: o.JoinSide + "-keyWithIndexToValue"}
		ik, iv, err := readSchemaFile(filepath.Join(opDir, "0", idxStore.storeName, "_metadata", "schema"))
		if err != nil {
			return nil, nil, schemaErr(err)
		}
		idxStore.key, idxStore.value = ik, iv
		value := iv
		if n := len(iv.Fields); n > 0 && iv.Fields[n-1].Name == "matched" && iv.Fields[n-1].Type == sqltypes.Boolean {
			value = &sqltypes.StructType{Fields: iv.Fields[:n-1]}
		}
		r.key, r.value = k, value
	default:
		if o.StoreName != "default" {
			r.storeName = o.StoreName
		}
		k, v, err := readSchemaFile(filepath.Join(opDir, "0", r.storeName, "_metadata", "schema"))
		if err != nil {
			return nil, nil, schemaErr(err)
		}
		r.key, r.value = k, v
		switch opName {
		case "stateStoreSave":
			r.kind = kindAggregate
		case "sessionWindowStateStoreSaveExec":
			r.kind = kindSession
		case "dedupe", "dedupeWithinWatermark":
			r.kind = kindDedup
		}
	}
	schema := &sqltypes.StructType{}
	if o.ChangeFeed {
		schema.Fields = append(schema.Fields, field("batch_id", sqltypes.Long, true), field("change_type", sqltypes.String, true))
	}
	schema.Fields = append(schema.Fields, field("key", r.key, true), field("value", r.value, true), field("partition_id", sqltypes.Integer, true))

	if _, err := os.Stat(filepath.Join(o.Checkpoint, "offsets", strconv.FormatInt(o.BatchID, 10))); err != nil {
		return nil, nil, stdsError(sparkerrors.SparkRuntimeException, "STDS_OFFSET_LOG_UNAVAILABLE", "batchId", strconv.FormatInt(o.BatchID, 10), "checkpointLocation", o.Location)
	}
	parts := len(numericNames(opDir))
	if parts == 0 {
		return nil, nil, stdsError(sparkerrors.SparkRuntimeException, "STDS_NO_PARTITION_DISCOVERED_IN_STATE_STORE", "sourceOptions", o.String())
	}
	out := make([][]sqltypes.Row, parts)
	if o.ChangeFeed {
		for p := 0; p < parts; p++ {
			rows, err := r.changes(p, parts, o.ChangeStart, o.ChangeEnd)
			if err != nil {
				return nil, nil, err
			}
			out[p] = rows
		}
		return schema, out, nil
	}
	for p := 0; p < parts; p++ {
		var rows []sqltypes.Row
		var err error
		if idxStore != nil {
			rows, err = joinSideRows(idxStore, len(r.key.Fields), len(r.value.Fields), p, parts, o.BatchID+1)
		} else {
			rows, err = r.rows(p, parts, o.BatchID+1)
		}
		if err != nil {
			return nil, nil, err
		}
		out[p] = rows
	}
	return schema, out, nil
}

// records is partition p's live records at version v, ordered by key bytes.
func (r *stateStoreReader) records(p, parts int, v int64) ([]rawRecord, error) {
	st := r.store(parts)
	st.entries = map[string]*entry{}
	from := int64(1)
	if snap := st.latestSnapshot(p, v); snap > 0 {
		if err := st.replayRaw(p, st.filePath(p, snap, "snapshot"), snap); err != nil {
			return nil, err
		}
		from = snap + 1
	}
	for ver := from; ver <= v; ver++ {
		if err := st.replayRaw(p, st.deltaPath(p, ver), ver); err != nil {
			return nil, err
		}
	}
	out := make([]rawRecord, 0, len(st.entries))
	for k, e := range st.entries {
		out = append(out, rawRecord{key: []byte(k), val: e.value.([]byte)})
	}
	sort.Slice(out, func(i, j int) bool { return string(out[i].key) < string(out[j].key) })
	return out, nil
}

// replayRaw applies one state file to the entries, keeping values as bytes. A Spark
// checkpoint's state is read as it is, so the UnsafeRow check of replayFile is not wanted.
func (s *store) replayRaw(p int, path string, v int64) error {
	return s.replayFile(p, path, v, rawCodec())
}

func (r *stateStoreReader) rows(p, parts int, v int64) ([]sqltypes.Row, error) {
	recs, err := r.records(p, parts, v)
	if err != nil {
		return nil, err
	}
	var out []sqltypes.Row
	for _, rec := range recs {
		pairs, err := r.decode(rec.key, rec.val)
		if err != nil {
			return nil, err
		}
		for _, kv := range pairs {
			out = append(out, sqltypes.Row{kv[0], kv[1], int32(p)})
		}
	}
	return out, nil
}

// changes is partition p's change feed from batch start to end: each delta file's puts
// (update) and removals (delete, with a NULL value) in file order.
func (r *stateStoreReader) changes(p, parts int, start, end int64) ([]sqltypes.Row, error) {
	st := r.store(parts)
	var out []sqltypes.Row
	for b := start; b <= end; b++ {
		path := st.deltaPath(p, b+1)
		recs, err := readRecords(path)
		if err != nil {
			return nil, err
		}
		for _, rec := range recs {
			if rec.val == nil {
				key, err := r.decodeKey(rec.key)
				if err != nil {
					return nil, err
				}
				out = append(out, sqltypes.Row{b, "delete", key, nil, int32(p)})
				continue
			}
			pairs, err := r.decode(rec.key, rec.val)
			if err != nil {
				return nil, err
			}
			for _, kv := range pairs {
				out = append(out, sqltypes.Row{b, "update", kv[0], kv[1], int32(p)})
			}
		}
	}
	return out, nil
}

// readRecords is a delta file's records in order; a removal has a nil value.
func readRecords(path string) ([]rawRecord, error) {
	raw, err := os.ReadFile(path)
	if err != nil {
		if errors.Is(err, os.ErrNotExist) {
			return nil, fmt.Errorf("state store: %s is missing: the state of that batch was cleaned up or never written; read a later batch", path)
		}
		return nil, fmt.Errorf("state store: %w", err)
	}
	plain, err := lz4Unframe(raw)
	if err != nil {
		return nil, fmt.Errorf("state store: %s is corrupt (%v)", path, err)
	}
	var out []rawRecord
	b := plain
	next := func() (int32, bool) {
		if len(b) < 4 {
			return 0, false
		}
		n := int32(binary.BigEndian.Uint32(b))
		b = b[4:]
		return n, true
	}
	for {
		kl, ok := next()
		if !ok {
			return nil, fmt.Errorf("state store: %s is corrupt (no end marker)", path)
		}
		if kl == -1 {
			return out, nil
		}
		if kl < 0 || int(kl) > len(b) {
			return nil, fmt.Errorf("state store: %s is corrupt (bad key length)", path)
		}
		rec := rawRecord{key: b[:kl]}
		b = b[kl:]
		vl, ok := next()
		if !ok {
			return nil, fmt.Errorf("state store: %s is corrupt (truncated record)", path)
		}
		if vl >= 0 {
			if int(vl) > len(b) {
				return nil, fmt.Errorf("state store: %s is corrupt (bad value length)", path)
			}
			rec.val = b[:vl:vl]
			b = b[vl:]
		}
		out = append(out, rec)
	}
}

// joinSideRows is a join side's buffered rows in partition p: each key's values by index.
func joinSideRows(r *stateStoreReader, nKey, nValue, p, parts int, v int64) ([]sqltypes.Row, error) {
	recs, err := r.records(p, parts, v)
	if err != nil {
		return nil, err
	}
	type item struct {
		key, value sqltypes.Row
		idx        int64
		enc        string
	}
	var items []item
	for _, rec := range recs {
		pairs, err := r.decode(rec.key, rec.val)
		if err != nil {
			return nil, err
		}
		k, val := pairs[0][0], pairs[0][1]
		if len(k) != nKey+1 || len(val) < nValue {
			return nil, fmt.Errorf("state store: a row of %s does not match its schema", r.storeName)
		}
		idx, _ := k[nKey].(int64)
		items = append(items, item{key: k[:nKey], value: val[:nValue], idx: idx, enc: fmt.Sprint(k[:nKey])})
	}
	sort.SliceStable(items, func(i, j int) bool {
		if items[i].enc != items[j].enc {
			return items[i].enc < items[j].enc
		}
		return items[i].idx < items[j].idx
	})
	out := make([]sqltypes.Row, len(items))
	for i, it := range items {
		out[i] = sqltypes.Row{it.key, it.value, int32(p)}
	}
	return out, nil
}

// decodeKey is a record's key row.
func (r *stateStoreReader) decodeKey(key []byte) (sqltypes.Row, error) {
	n := len(r.key.Fields)
	if r.kind == kindSession {
		n-- // the session start is kept in the value
	}
	if r.kind != kindSession {
		// Spark's layout first: kafkalab writes it too for every operator it can.
		if row, err := decodeUnsafeRow(key, r.key); err == nil {
			return row, nil
		}
	}
	d := &decoder{b: key}
	row := make(sqltypes.Row, n)
	for i := range row {
		row[i] = d.value()
	}
	if err := d.end(); err == nil {
		if r.kind == kindSession {
			row = append(row, nil)
		}
		return row, nil
	}
	if unsafeRowShaped(key) {
		return decodeUnsafeRow(key, r.key)
	}
	return nil, fmt.Errorf("state store: a key of operator state %s is not in a format kafkalab reads", r.opDir)
}

// decode is a record as (key, value) rows; a session window record gives one per session.
func (r *stateStoreReader) decode(key, val []byte) ([][2]sqltypes.Row, error) {
	if r.kind != kindSession {
		// Spark's layout first: kafkalab writes it too for every operator it can.
		k, kerr := decodeUnsafeRow(key, r.key)
		v, verr := decodeUnsafeRow(val, r.value)
		if kerr == nil && verr == nil {
			return [][2]sqltypes.Row{{k, v}}, nil
		}
	}
	pairs, err := r.decodeOwn(key, val)
	if err == nil {
		return pairs, nil
	}
	if unsafeRowShaped(key) && unsafeRowShaped(val) {
		k, kerr := decodeUnsafeRow(key, r.key)
		v, verr := decodeUnsafeRow(val, r.value)
		if kerr == nil && verr == nil {
			return [][2]sqltypes.Row{{k, v}}, nil
		}
	}
	return nil, fmt.Errorf("state store: a row of operator state %s is not in a format kafkalab reads: %w", r.opDir, err)
}

// decodeOwn decodes kafkalab's encoding, laying the value out in Spark's state schema.
func (r *stateStoreReader) decodeOwn(key, val []byte) ([][2]sqltypes.Row, error) {
	kd := &decoder{b: key}
	vd := &decoder{b: val}
	switch r.kind {
	case kindAggregate:
		k := make(sqltypes.Row, len(r.key.Fields))
		for i := range k {
			k[i] = kd.value()
		}
		v, err := aggValueRow(vd, r.value.Fields)
		if err != nil {
			return nil, err
		}
		if err := kd.end(); err != nil {
			return nil, err
		}
		return [][2]sqltypes.Row{{k, v}}, vd.end()
	case kindDedup:
		k := make(sqltypes.Row, len(r.key.Fields))
		for i := range k {
			k[i] = kd.value()
		}
		if err := kd.end(); err != nil {
			return nil, err
		}
		v := sqltypes.Row{nil}
		if len(r.value.Fields) == 1 && r.value.Fields[0].Name == "expiresAtMicros" {
			v = sqltypes.Row{vd.varint()}
		}
		return [][2]sqltypes.Row{{k, v}}, vd.end()
	case kindSession:
		return r.sessionRows(kd, vd)
	}
	k := make(sqltypes.Row, len(r.key.Fields))
	for i := range k {
		k[i] = kd.value()
	}
	v := make(sqltypes.Row, len(r.value.Fields))
	for i := range v {
		v[i] = vd.value()
	}
	if err := kd.end(); err != nil {
		return nil, err
	}
	return [][2]sqltypes.Row{{k, v}}, vd.end()
}

// aggValueRow reads aggregation buffers (aggBuf.encode) and lays them out as the fields
// of Spark's buffer schema (schema.go's bufferFields).
func aggValueRow(d *decoder, fields []sqltypes.StructField) (sqltypes.Row, error) {
	var out sqltypes.Row
	for i := 0; i < len(fields); {
		var b aggBuf
		b.n = d.varint()
		b.i = d.varint()
		if p := d.take(8); p != nil {
			b.f = math.Float64frombits(binary.BigEndian.Uint64(p))
		}
		if dv, ok := d.value().(sqltypes.Decimal); ok {
			b.d = dv
		}
		b.v = d.value()
		nv := d.uvarint()
		for j := uint64(0); j < nv && d.err == nil; j++ {
			b.vals = append(b.vals, d.value())
		}
		if d.err != nil {
			return nil, d.err
		}
		f := fields[i]
		next := ""
		if i+1 < len(fields) {
			next = fields[i+1].Name
		}
		switch {
		case f.Name == "count":
			out, i = append(out, b.n), i+1
		case f.Name == "sum" && next == "isEmpty":
			out, i = append(out, decimalAs(b.d, f.Type), b.n == 0), i+2
		case f.Name == "sum" && next == "count":
			var s any = b.f
			if _, ok := f.Type.(sqltypes.DecimalType); ok {
				s = decimalAs(b.d, f.Type)
			} else if b.d.Sign() != 0 {
				// kafkalab sums an avg's decimals as decimals; Spark's DecimalAggregates
				// keeps the double sum of their unscaled values.
				s, _ = new(big.Float).SetInt(b.d.UnscaledBig()).Float64()
			}
			out, i = append(out, s, b.n), i+2
		case f.Name == "sum":
			var s any
			if b.n > 0 {
				switch {
				case f.Type == sqltypes.Long:
					s = b.i
					if u, ok := b.d.UnscaledInt64(); ok && u != 0 {
						s = u // a small decimal's sum, kept unscaled as Spark does
					}
				default:
					s = b.f
				}
			}
			out, i = append(out, s), i+1
		case f.Name == "min" || f.Name == "max":
			out, i = append(out, b.v), i+1
		case f.Name == "first" && next == "valueSet":
			out, i = append(out, b.v, b.n > 0), i+2
		default:
			return nil, fmt.Errorf("kafkalab does not show the state buffer %q of a streaming aggregation yet (approx_count_distinct's sketch): run the script on real Spark with `kafkalab export`", f.Name)
		}
	}
	return out, nil
}

func decimalAs(d sqltypes.Decimal, t sqltypes.DataType) any {
	if dt, ok := t.(sqltypes.DecimalType); ok {
		if r, ok := d.Rescale(dt.Precision, dt.Scale); ok {
			return r
		}
	}
	return d
}

// sessionRows lays a key's sessions out as Spark keeps them: one state row per session,
// keyed by the grouping keys and the session's start, the whole output row as the value.
func (r *stateStoreReader) sessionRows(kd, vd *decoder) ([][2]sqltypes.Row, error) {
	nKeys := len(r.key.Fields) - 1
	keys := make(sqltypes.Row, nKeys)
	for i := range keys {
		keys[i] = kd.value()
	}
	if err := kd.end(); err != nil {
		return nil, err
	}
	winIdx := -1
	for i, f := range r.value.Fields {
		if f.Name == "session_window" {
			winIdx = i
			break
		}
	}
	if winIdx < 0 || winIdx > nKeys {
		return nil, fmt.Errorf("session window state schema has no session_window column")
	}
	n := vd.uvarint()
	var out [][2]sqltypes.Row
	for s := uint64(0); s < n && vd.err == nil; s++ {
		start, end := vd.varint(), vd.varint()
		value := make(sqltypes.Row, 0, len(r.value.Fields))
		value = append(value, keys[:winIdx]...)
		value = append(value, sqltypes.Row{sqltypes.Timestamp(start), sqltypes.Timestamp(end)})
		value = append(value, keys[winIdx:]...)
		bufs, err := aggValueRowPrefix(vd, r.value.Fields[nKeys+1:])
		if err != nil {
			return nil, err
		}
		value = append(value, bufs...)
		k := append(append(sqltypes.Row{}, keys...), sqltypes.Timestamp(start))
		out = append(out, [2]sqltypes.Row{k, value})
	}
	return out, vd.end()
}

// aggValueRowPrefix reads the buffers of one session (the decoder goes on to the next).
func aggValueRowPrefix(d *decoder, fields []sqltypes.StructField) (sqltypes.Row, error) {
	return aggValueRow(d, fields)
}

// StateMetadataSchema is the state-metadata source's schema.
func StateMetadataSchema() *sqltypes.StructType {
	return &sqltypes.StructType{Fields: []sqltypes.StructField{
		field("operatorId", sqltypes.Long, true),
		field("operatorName", sqltypes.String, true),
		field("stateStoreName", sqltypes.String, true),
		field("numPartitions", sqltypes.Integer, true),
		field("minBatchId", sqltypes.Long, true),
		field("maxBatchId", sqltypes.Long, true),
		field("operatorProperties", sqltypes.String, true),
	}}
}

// ReadStateMetadata is one row per state store of each stateful operator in the
// checkpoint, with the range of committed batches.
func ReadStateMetadata(dir, location string) ([]sqltypes.Row, error) {
	stateDir := filepath.Join(dir, "state")
	if _, err := os.Stat(stateDir); err != nil {
		return nil, &sparkerrors.Error{Kind: sparkerrors.SparkException, Message: fmt.Sprintf("java.io.FileNotFoundException: File %s/state does not exist", location)}
	}
	batches := numericNames(filepath.Join(dir, "commits"))
	minB, maxB := int64(-1), int64(-1)
	if len(batches) > 0 {
		minB, maxB = batches[0], batches[len(batches)-1]
	}
	var out []sqltypes.Row
	for _, op := range numericNames(stateDir) {
		m, err := readOperatorMeta(filepath.Join(stateDir, strconv.FormatInt(op, 10)))
		if err != nil {
			return nil, stdsError(sparkerrors.SparkRuntimeException, "STDS_FAILED_TO_READ_OPERATOR_METADATA", "checkpointLocation", location, "batchId", strconv.FormatInt(maxB, 10))
		}
		for _, s := range m.StateStoreInfo {
			out = append(out, sqltypes.Row{m.OperatorInfo.OperatorID, m.OperatorInfo.OperatorName, s.StoreName,
				int32(s.NumPartitions), minB, maxB, ""})
		}
	}
	return out, nil
}
