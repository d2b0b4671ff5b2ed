package delta

import (
	"encoding/json"
	"fmt"
	"net/url"
	"strings"
)

// The Delta log actions kafkalab writes and reads. Encoding is by hand so every key comes in
// the order Delta's Jackson serializer writes it (case-class field order, nulls omitted).

// Protocol is the protocol action.
type Protocol struct {
	MinReaderVersion int      `json:"minReaderVersion"`
	MinWriterVersion int      `json:"minWriterVersion"`
	ReaderFeatures   []string `json:"readerFeatures,omitempty"`
	WriterFeatures   []string `json:"writerFeatures,omitempty"`
}

// Format is metaData.format.
type Format struct {
	Provider string            `json:"provider"`
	Options  map[string]string `json:"options"`
}

// Metadata is the metaData action.
type Metadata struct {
	ID               string            `json:"id"`
	Name             *string           `json:"name,omitempty"`
	Description      *string           `json:"description,omitempty"`
	Format           Format            `json:"format"`
	SchemaString     string            `json:"schemaString"`
	PartitionColumns []string          `json:"partitionColumns"`
	Configuration    map[string]string `json:"configuration"`
	CreatedTime      *int64            `json:"createdTime,omitempty"`
}

// Txn is the txn (SetTransaction) action: the last batch a streaming query committed.
type Txn struct {
	AppID       string `json:"appId"`
	Version     int64  `json:"version"`
	LastUpdated *int64 `json:"lastUpdated,omitempty"`
}

// AddFile is the add action.
type AddFile struct {
	Path             string            `json:"path"`
	PartitionValues  map[string]string `json:"partitionValues"`
	Size             int64             `json:"size"`
	ModificationTime int64             `json:"modificationTime"`
	DataChange       bool              `json:"dataChange"`
	Stats            string            `json:"stats,omitempty"`
	Tags             map[string]string `json:"tags,omitempty"`
	DeletionVector   json.RawMessage   `json:"deletionVector,omitempty"`
	// partOrder is the table's partitionColumns: Delta writes partitionValues in that order
	// (nil: sorted keys).
	partOrder []string
}

// RemoveFile is the remove action.
type RemoveFile struct {
	Path                 string            `json:"path"`
	DeletionTimestamp    *int64            `json:"deletionTimestamp,omitempty"`
	DataChange           bool              `json:"dataChange"`
	ExtendedFileMetadata *bool             `json:"extendedFileMetadata,omitempty"`
	PartitionValues      map[string]string `json:"partitionValues,omitempty"`
	Size                 *int64            `json:"size,omitempty"`
	Stats                string            `json:"stats,omitempty"`
	partOrder            []string
}

// CommitInfo is the commitInfo action (one per commit, the first line).
type CommitInfo struct {
	// Version is not stored in the line; History fills it from the file name.
	Version             int64   `json:"-"`
	Timestamp           int64   `json:"timestamp"`
	Operation           string  `json:"operation"`
	OperationParameters []KV    `json:"-"`
	ReadVersion         *int64  `json:"readVersion,omitempty"`
	IsolationLevel      string  `json:"isolationLevel,omitempty"`
	IsBlindAppend       *bool   `json:"isBlindAppend,omitempty"`
	OperationMetrics    []KV    `json:"-"`
	UserMetadata        *string `json:"userMetadata,omitempty"`
	EngineInfo          string  `json:"engineInfo,omitempty"`
	TxnID               string  `json:"txnId,omitempty"`
}

// KV is one entry of an ordered string map; Null marks a JSON null value (CREATE TABLE's
// "description":null) and Raw a value written as JSON text rather than as a string
// (RESTORE's "version":3, an overwrite's "isV1SaveAsTableOverwrite":true).
type KV struct {
	Key   string
	Value string
	Null  bool
	Raw   bool
}

func (w *jw) kvMap(m []KV) {
	w.obj()
	for _, e := range m {
		w.key(e.Key)
		switch {
		case e.Null:
			w.null()
		case e.Raw:
			w.raw(e.Value)
		default:
			w.str(e.Value)
		}
	}
	w.endObj()
}

// encodeAction writes one log line: {"<name>":<the action's object>}.
func encodeAction(name string, body func(*jw)) string {
	w := &jw{}
	w.obj()
	w.key(name)
	body(w)
	w.endObj()
	return w.String()
}

func (c *CommitInfo) encode() string {
	w := &jw{}
	w.obj()
	w.key("commitInfo").obj()
	w.key("timestamp").i64(c.Timestamp)
	w.key("operation").str(c.Operation)
	w.key("operationParameters").kvMap(c.OperationParameters)
	if c.ReadVersion != nil {
		w.key("readVersion").i64(*c.ReadVersion)
	}
	if c.IsolationLevel != "" {
		w.key("isolationLevel").str(c.IsolationLevel)
	}
	if c.IsBlindAppend != nil {
		w.key("isBlindAppend").boolean(*c.IsBlindAppend)
	}
	w.key("operationMetrics").kvMap(c.OperationMetrics)
	if c.UserMetadata != nil {
		w.key("userMetadata").str(*c.UserMetadata)
	}
	if c.EngineInfo != "" {
		w.key("engineInfo").str(c.EngineInfo)
	}
	if c.TxnID != "" {
		w.key("txnId").str(c.TxnID)
	}
	w.endObj()
	w.endObj()
	return w.String()
}

// encode is the metaData log line; writeJSON writes the bare object (also used inside the
// version checksum file). The other actions below follow the same pattern.
func (m *Metadata) encode() string { return encodeAction("metaData", m.writeJSON) }

func (m *Metadata) writeJSON(w *jw) {
	w.obj()
	w.key("id").str(m.ID)
	if m.Name != nil {
		w.key("name").str(*m.Name)
	}
	if m.Description != nil {
		w.key("description").str(*m.Description)
	}
	w.key("format").obj()
	w.key("provider").str(m.Format.Provider)
	w.key("options").strMap(m.Format.Options)
	w.endObj()
	w.key("schemaString").str(m.SchemaString)
	w.key("partitionColumns").arr()
	for _, c := range m.PartitionColumns {
		w.str(c)
	}
	w.endArr()
	w.key("configuration").strMap(m.Configuration)
	if m.CreatedTime != nil {
		w.key("createdTime").i64(*m.CreatedTime)
	}
	w.endObj()
}

func (p *Protocol) encode() string { return encodeAction("protocol", p.writeJSON) }

func (p *Protocol) writeJSON(w *jw) {
	w.obj()
	w.key("minReaderVersion").i64(int64(p.MinReaderVersion))
	w.key("minWriterVersion").i64(int64(p.MinWriterVersion))
	if p.ReaderFeatures != nil {
		w.key("readerFeatures").arr()
		for _, f := range p.ReaderFeatures {
			w.str(f)
		}
		w.endArr()
	}
	if p.WriterFeatures != nil {
		w.key("writerFeatures").arr()
		for _, f := range p.WriterFeatures {
			w.str(f)
		}
		w.endArr()
	}
	w.endObj()
}

func (t *Txn) encode() string { return encodeAction("txn", t.writeJSON) }

func (t *Txn) writeJSON(w *jw) {
	w.obj()
	w.key("appId").str(t.AppID)
	w.key("version").i64(t.Version)
	if t.LastUpdated != nil {
		w.key("lastUpdated").i64(*t.LastUpdated)
	}
	w.endObj()
}

func (a *AddFile) encode() string { return encodeAction("add", a.writeJSON) }

func (a *AddFile) writeJSON(w *jw) {
	w.obj()
	w.key("path").str(a.Path)
	w.key("partitionValues").partValues(a.PartitionValues, a.partOrder)
	w.key("size").i64(a.Size)
	w.key("modificationTime").i64(a.ModificationTime)
	w.key("dataChange").boolean(a.DataChange)
	if a.Stats != "" {
		w.key("stats").str(a.Stats)
	}
	if a.Tags != nil {
		w.key("tags").strMap(a.Tags)
	}
	w.endObj()
}

func (r *RemoveFile) encode() string {
	w := &jw{}
	w.obj()
	w.key("remove").obj()
	w.key("path").str(r.Path)
	if r.DeletionTimestamp != nil {
		w.key("deletionTimestamp").i64(*r.DeletionTimestamp)
	}
	w.key("dataChange").boolean(r.DataChange)
	if r.ExtendedFileMetadata != nil {
		w.key("extendedFileMetadata").boolean(*r.ExtendedFileMetadata)
	}
	if r.PartitionValues != nil {
		w.key("partitionValues").partValues(r.PartitionValues, r.partOrder)
	}
	if r.Size != nil {
		w.key("size").i64(*r.Size)
	}
	if r.Stats != "" {
		w.key("stats").str(r.Stats)
	}
	w.endObj()
	w.endObj()
	return w.String()
}

// Action is one decoded log line; exactly one field is set (unknown actions leave all nil).
type Action struct {
	CommitInfo *CommitInfo
	MetaData   *Metadata
	Protocol   *Protocol
	Txn        *Txn
	Add        *AddFile
	Remove     *RemoveFile
	CDC        *AddCDCFile
	// Other names an action kafkalab does not interpret (cdc, domainMetadata, ...).
	Other string
}

// decodeAction parses one log line.
func decodeAction(line []byte) (Action, error) {
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(line, &raw); err != nil {
		return Action{}, fmt.Errorf("not a JSON object: %v", err)
	}
	if len(raw) != 1 {
		return Action{}, fmt.Errorf("an action line must hold exactly one action, found %d keys", len(raw))
	}
	var a Action
	for k, v := range raw {
		var err error
		switch k {
		case "commitInfo":
			a.CommitInfo, err = decodeCommitInfo(v)
		case "metaData":
			a.MetaData = &Metadata{}
			err = json.Unmarshal(v, a.MetaData)
		case "protocol":
			a.Protocol = &Protocol{}
			err = json.Unmarshal(v, a.Protocol)
		case "txn":
			a.Txn = &Txn{}
			err = json.Unmarshal(v, a.Txn)
		case "add":
			a.Add = &AddFile{}
			err = json.Unmarshal(v, a.Add)
		case "remove":
			a.Remove = &RemoveFile{}
			err = json.Unmarshal(v, a.Remove)
		case "cdc":
			a.CDC = &AddCDCFile{}
			err = json.Unmarshal(v, a.CDC)
		default:
			a.Other = k
		}
		if err != nil {
			return Action{}, fmt.Errorf("bad %s action: %v", k, err)
		}
	}
	return a, nil
}

func decodeCommitInfo(v json.RawMessage) (*CommitInfo, error) {
	c := &CommitInfo{}
	if err := json.Unmarshal(v, c); err != nil {
		return nil, err
	}
	var maps struct {
		OperationParameters json.RawMessage `json:"operationParameters"`
		OperationMetrics    json.RawMessage `json:"operationMetrics"`
	}
	if err := json.Unmarshal(v, &maps); err != nil {
		return nil, err
	}
	var err error
	if c.OperationParameters, err = decodeOrderedMap(maps.OperationParameters); err != nil {
		return nil, fmt.Errorf("operationParameters: %w", err)
	}
	if c.OperationMetrics, err = decodeOrderedMap(maps.OperationMetrics); err != nil {
		return nil, fmt.Errorf("operationMetrics: %w", err)
	}
	return c, nil
}

// decodeOrderedMap reads a JSON object of scalar values keeping the key order; non-string
// values keep their JSON text.
func decodeOrderedMap(raw json.RawMessage) ([]KV, error) {
	if len(raw) == 0 || string(raw) == "null" {
		return nil, nil
	}
	dec := json.NewDecoder(strings.NewReader(string(raw)))
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return nil, fmt.Errorf("not an object")
	}
	var out []KV
	for dec.More() {
		kt, err := dec.Token()
		if err != nil {
			return nil, err
		}
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			return nil, err
		}
		e := KV{Key: kt.(string)}
		var s string
		switch {
		case string(v) == "null":
			e.Null = true
		case json.Unmarshal(v, &s) == nil:
			e.Value = s
		default:
			e.Value, e.Raw = string(v), true
		}
		out = append(out, e)
	}
	return out, nil
}

// relPathOf decodes an add/remove path (URL-encoded, relative to the table, or an absolute
// URI) into a file system path relative to the table when possible.
func relPathOf(p string) (string, error) {
	if strings.Contains(p, ":") {
		u, err := url.Parse(p)
		if err != nil {
			return "", err
		}
		if u.Scheme != "" && u.Scheme != "file" {
			return "", fmt.Errorf("file %s is on %s storage, which kafkalab cannot read", p, u.Scheme)
		}
		return u.Path, nil
	}
	return url.PathUnescape(p)
}

// encodePath URL-encodes a relative file path as Delta does (java.net.URI path escaping).
func encodePath(rel string) string {
	return (&url.URL{Path: rel}).EscapedPath()
}
