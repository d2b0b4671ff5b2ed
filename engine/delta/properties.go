package delta

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/kafkalab/kafkalab/engine/sparkerrors"
)

// appendOnlyKey is the table property that makes a table refuse anything but appends.
const appendOnlyKey = "delta.appendOnly"

// AssertRemovable is Delta's check before a command that removes data (DELETE, UPDATE,
// MERGE, an overwrite): a table with delta.appendOnly = true refuses it. name is the table
// as the learner named it, for the message.
func (s *Snapshot) AssertRemovable(name string) error {
	if s == nil || s.Metadata == nil || !strings.EqualFold(strings.TrimSpace(s.Metadata.Configuration[appendOnlyKey]), "true") {
		return nil
	}
	return sparkerrors.New(sparkerrors.UnsupportedOperationException, "DELTA_CANNOT_MODIFY_APPEND_ONLY",
		"table_name", name, "config", appendOnlyKey+"=false")
}

// SetProperties is ALTER TABLE ... SET TBLPROPERTIES: one SET TBLPROPERTIES version whose
// metaData carries the table's configuration with props set (in the given order, which the
// operation parameters keep). It returns the new version.
func (t *Table) SetProperties(ctx context.Context, props []KV, now time.Time) (int64, error) {
	if err := ctx.Err(); err != nil {
		return -1, err
	}
	snap, err := t.Snapshot()
	if err != nil {
		return -1, err
	}
	if snap.Version < 0 {
		return -1, fmt.Errorf("delta table %s does not exist", t.path)
	}
	md := *snap.Metadata
	md.Configuration = make(map[string]string, len(snap.Metadata.Configuration)+len(props))
	for k, v := range snap.Metadata.Configuration {
		md.Configuration[k] = v
	}
	for _, kv := range props {
		md.Configuration[kv.Key] = kv.Value
	}
	ci := setPropertiesCommit(snap, props, now)
	p := &pendingCommit{info: ci, metadata: &md, protocol: protocolFor(snap.Protocol, &md)}
	v := snap.Version + 1
	if err := t.commit(v, p.lines()); err != nil {
		if errors.Is(err, ErrConcurrentCommit) {
			return -1, fmt.Errorf("delta table %s: %w", t.path, ErrConcurrentChange)
		}
		return -1, err
	}
	return v, t.afterCommit(snap, p)
}

// Properties are SHOW TBLPROPERTIES's rows: the table's configuration, then its protocol
// versions, keys sorted.
func (s *Snapshot) Properties() []KV {
	var out []KV
	for k, v := range s.Metadata.Configuration {
		out = append(out, KV{Key: k, Value: v})
	}
	if s.Protocol != nil {
		out = append(out, KV{Key: "delta.minReaderVersion", Value: fmt.Sprint(s.Protocol.MinReaderVersion)},
			KV{Key: "delta.minWriterVersion", Value: fmt.Sprint(s.Protocol.MinWriterVersion)})
		// A protocol that names its features lists each as delta.feature.<name>.
		seen := map[string]bool{}
		for _, f := range append(slices.Clone(s.Protocol.ReaderFeatures), s.Protocol.WriterFeatures...) {
			if !seen[f] {
				seen[f] = true
				out = append(out, KV{Key: "delta.feature." + f, Value: "supported"})
			}
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Key < out[j].Key })
	return out
}

// SupportedProperty reports whether kafkalab's Delta tables honour a table property: its
// own keys (anything outside delta.*) and the delta.* ones it acts on.
func SupportedProperty(key string) bool {
	if !strings.HasPrefix(strings.ToLower(key), "delta.") {
		return true
	}
	switch strings.ToLower(key) {
	case "delta.appendonly", "delta.deletedfileretentionduration", "delta.checkpointinterval", "delta.enablechangedatafeed":
		return true
	}
	return false
}

// protocolFor is the protocol action a metadata change needs, nil when the table's
// protocol already supports it: turning the change data feed on in a table below writer
// version 4 moves it to writer version 7 naming its features, changeDataFeed first and then
// those its old version implied, newest first (corpus dl29: a version-2 table's ALTER TABLE
// commits changeDataFeed, invariants, appendOnly, as a new table with the feed has them).
func protocolFor(cur *Protocol, md *Metadata) *Protocol {
	if cur == nil || !ChangeFeedEnabled(md) || cur.MinWriterVersion >= 4 && cur.MinWriterVersion < 7 {
		return nil
	}
	if cur.MinWriterVersion >= 7 {
		if slices.Contains(cur.WriterFeatures, "changeDataFeed") {
			return nil
		}
		p := *cur
		p.WriterFeatures = append(slices.Clone(cur.WriterFeatures), "changeDataFeed")
		return &p
	}
	p := Protocol{MinReaderVersion: cur.MinReaderVersion, MinWriterVersion: 7, WriterFeatures: []string{"changeDataFeed"}}
	for v := min(cur.MinWriterVersion, len(legacyWriterFeatures)-1); v >= 2; v-- {
		f := legacyWriterFeatures[v]
		for i := len(f) - 1; i >= 0; i-- {
			p.WriterFeatures = append(p.WriterFeatures, f[i])
		}
	}
	return &p
}

// setPropertiesCommit is the commitInfo of a SET TBLPROPERTIES version (ALTER TABLE SET
// TBLPROPERTIES, upgradeTableProtocol), as delta-spark logs it.
func setPropertiesCommit(snap *Snapshot, props []KV, now time.Time) *CommitInfo {
	return &CommitInfo{
		Timestamp:           nowOr(now).UnixMilli(),
		Operation:           "SET TBLPROPERTIES",
		OperationParameters: []KV{{Key: "properties", Value: propertiesParam(props)}},
		ReadVersion:         int64p(snap.Version),
		IsolationLevel:      "Serializable",
		IsBlindAppend:       boolp(true),
		EngineInfo:          EngineInfo,
		TxnID:               newUUID(),
	}
}
