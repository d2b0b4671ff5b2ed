package delta

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// AlterSchema commits a version that only changes the table's schema, as delta-spark's ALTER
// TABLE commands do: commitInfo (the operation, the parameters edit returns with the new
// schema, no metrics, a blind append since no file is read) and the metaData with the new
// schema.
func (t *Table) AlterSchema(ctx context.Context, op string, now time.Time, edit func(*sqltypes.StructType) (*sqltypes.StructType, []KV, error)) (int64, error) {
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
	schema, params, err := edit(snap.Schema)
	if err != nil {
		return -1, err
	}
	md := *snap.Metadata
	md.SchemaString = schema.JSON()
	at := nowOr(now)
	ci := &CommitInfo{
		Timestamp:           at.UnixMilli(),
		Operation:           op,
		OperationParameters: params,
		ReadVersion:         int64p(snap.Version),
		IsolationLevel:      "Serializable",
		IsBlindAppend:       boolp(true),
		EngineInfo:          EngineInfo,
		TxnID:               newUUID(),
	}
	p := &pendingCommit{info: ci, metadata: &md}
	v := snap.Version + 1
	if err := t.commit(v, p.lines()); err != nil {
		if errors.Is(err, ErrConcurrentCommit) {
			return -1, fmt.Errorf("delta table %s: %w", t.path, ErrConcurrentChange)
		}
		return -1, err
	}
	return v, t.afterCommit(snap, p)
}

// ColumnParam is a column as ADD COLUMNS and CHANGE COLUMN log it in operationParameters:
// {"name":..,"type":..,"nullable":..,"metadata":{..}}, the type by its type name.
func ColumnParam(w *jw, f sqltypes.StructField) {
	w.obj()
	w.key("name").str(f.Name)
	w.key("type").str(f.Type.TypeName())
	w.key("nullable").boolean(f.Nullable)
	md := f.Metadata
	if md == nil {
		md = map[string]any{}
	}
	b, _ := json.Marshal(md)
	w.key("metadata").raw(string(b))
	w.endObj()
}

// AddColumnsParams is ADD COLUMNS's operationParameters: the added columns.
func AddColumnsParams(cols []sqltypes.StructField) []KV {
	w := &jw{}
	w.arr()
	for _, c := range cols {
		w.obj()
		w.key("column")
		ColumnParam(w, c)
		w.endObj()
	}
	w.endArr()
	return []KV{{Key: "columns", Value: w.String()}}
}

// ChangeColumnParams is CHANGE COLUMN's operationParameters: the column as it now is.
func ChangeColumnParams(col sqltypes.StructField) []KV {
	w := &jw{}
	ColumnParam(w, col)
	return []KV{{Key: "column", Value: w.String()}}
}
