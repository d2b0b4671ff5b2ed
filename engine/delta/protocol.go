package delta

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/kafkalab/kafkalab/engine/sparkerrors"
)

// UpgradeProtocol is DeltaTable.upgradeTableProtocol(reader, writer) as delta-spark 4.4
// commits it: a SET TBLPROPERTIES version whose properties are the two versions, carrying the
// table's metaData unchanged and the new protocol action. Asking for the versions the table
// has is a no-op; lower ones are DELTA_INVALID_PROTOCOL_DOWNGRADE. kafkalab honours up to
// reader 1 and writer 4 (CHECK constraints, change data feed, generated columns are writer
// 3-4 features); higher versions (column mapping, table features) are refused.
func (t *Table) UpgradeProtocol(ctx context.Context, reader, writer int, now time.Time) (int64, error) {
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
	cur := defaultProtocol
	if snap.Protocol != nil {
		cur = *snap.Protocol
	}
	if reader < cur.MinReaderVersion || writer < cur.MinWriterVersion {
		return -1, sparkerrors.New(sparkerrors.AnalysisException, "DELTA_INVALID_PROTOCOL_DOWNGRADE",
			"oldProtocol", fmt.Sprintf("%d,%d", cur.MinReaderVersion, cur.MinWriterVersion),
			"newProtocol", fmt.Sprintf("%d,%d", reader, writer))
	}
	if reader == cur.MinReaderVersion && writer == cur.MinWriterVersion {
		return snap.Version, nil
	}
	if reader > 1 || writer > 4 {
		return -1, fmt.Errorf("kafkalab's Delta tables support protocol versions up to reader 1 and writer 4; upgradeTableProtocol(%d, %d) asks for features (column mapping, table features) kafkalab does not have yet: run it on real Spark with kafkalab export", reader, writer)
	}
	props := []KV{{Key: "delta.minReaderVersion", Value: strconv.Itoa(reader)}, {Key: "delta.minWriterVersion", Value: strconv.Itoa(writer)}}
	ci := setPropertiesCommit(snap, props, now)
	md := *snap.Metadata
	proto := Protocol{MinReaderVersion: reader, MinWriterVersion: writer}
	p := &pendingCommit{info: ci, metadata: &md, protocol: &proto}
	v := snap.Version + 1
	if err := t.commit(v, p.lines()); err != nil {
		if errors.Is(err, ErrConcurrentCommit) {
			return -1, fmt.Errorf("delta table %s: %w", t.path, ErrConcurrentChange)
		}
		return -1, err
	}
	return v, t.afterCommit(snap, p)
}
