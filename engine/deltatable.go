package engine

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/kafkalab/kafkalab/engine/delta"
	"github.com/kafkalab/kafkalab/engine/plan"
	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// DeltaTable is delta.tables.DeltaTable: a handle on a Delta table by name or path.
type DeltaTable struct {
	s         *Session
	table     *delta.Table
	qualifier []string // catalog table qualifier, nil for a path
	alias     string   // set by Alias: the name conditions use for the table's columns
}

// Alias is deltaTable.alias(name).
func (dt *DeltaTable) Alias(name string) *DeltaTable {
	c := *dt
	c.alias = name
	return &c
}

// DeltaTableForName is DeltaTable.forName(spark, name).
func (s *Session) DeltaTableForName(ctx context.Context, name string) (*DeltaTable, error) {
	t, err := s.tableIdent(name)
	if err != nil {
		return nil, err
	}
	path, err := s.tablePath(name, t)
	if err != nil {
		return nil, err
	}
	dt, err := s.openDeltaTable(path)
	if err != nil {
		return nil, err
	}
	if ok, _ := dt.table.Exists(); !ok {
		return nil, &plan.AnalysisError{Class: "DELTA_MISSING_DELTA_TABLE", Message: "`" + t + "` is not a Delta table."}
	}
	dt.qualifier = []string{"spark_catalog", s.tableDB(name), t}
	return dt, nil
}

// DeltaTableForPath is DeltaTable.forPath(spark, path).
func (s *Session) DeltaTableForPath(ctx context.Context, path string) (*DeltaTable, error) {
	p, err := s.ResolvePath(path)
	if err != nil {
		return nil, err
	}
	dt, err := s.openDeltaTable(p)
	if err != nil {
		return nil, err
	}
	if ok, _ := dt.table.Exists(); !ok {
		return nil, &notDeltaError{path: p}
	}
	return dt, nil
}

// IsDeltaTable is DeltaTable.isDeltaTable(spark, path). The error is a path a confined
// session refuses.
func (s *Session) IsDeltaTable(path string) (bool, error) {
	p, err := s.ResolvePath(path)
	if err != nil {
		return false, err
	}
	return s.isDeltaTable(p), nil
}

// isDeltaTable reports whether the folder p (resolved) holds a Delta table.
func (s *Session) isDeltaTable(p string) bool {
	t, err := s.delta.Open(p)
	if err != nil {
		return false
	}
	ok, _ := t.Exists()
	return ok
}

func (s *Session) openDeltaTable(path string) (*DeltaTable, error) {
	t, err := s.delta.Open(path)
	if err != nil {
		return nil, err
	}
	return &DeltaTable{s: s, table: t}, nil
}

// Path is the table's folder.
func (dt *DeltaTable) Path() string { return dt.table.Path() }

// ToDF is deltaTable.toDF().
func (dt *DeltaTable) ToDF(ctx context.Context) (*DataFrame, error) {
	return dt.s.readDelta(ctx, dt.table.Path(), dt.qualifier)
}

// historySchema is Delta's DeltaHistory as history() returns it.
var historySchema = sqltypes.MustParseDDL("version BIGINT, timestamp TIMESTAMP, userId STRING, userName STRING, " +
	"operation STRING, operationParameters MAP<STRING, STRING>, " +
	"job STRUCT<jobId: STRING, jobName: STRING, jobRunId: STRING, runId: STRING, jobOwnerId: STRING, triggerType: STRING>, " +
	"notebook STRUCT<notebookId: STRING>, clusterId STRING, readVersion BIGINT, isolationLevel STRING, " +
	"isBlindAppend BOOLEAN, operationMetrics MAP<STRING, STRING>, userMetadata STRING, engineInfo STRING").AsNullable()

// History is deltaTable.history([limit]): one row per commit, newest first; limit <= 0
// means all.
func (dt *DeltaTable) History(ctx context.Context, limit int) (*DataFrame, error) {
	commits, err := dt.table.History()
	if err != nil {
		return nil, err
	}
	if limit > 0 && len(commits) > limit {
		commits = commits[:limit]
	}
	rows := make([]sqltypes.Row, len(commits))
	for i, c := range commits {
		row := make(sqltypes.Row, len(historySchema.Fields))
		row[0] = c.Version
		row[1] = sqltypes.TimestampFromUnixMilli(c.Timestamp)
		row[4] = c.Operation
		row[5] = kvMap(c.OperationParameters)
		if c.ReadVersion != nil {
			row[9] = *c.ReadVersion
		}
		if c.IsolationLevel != "" {
			row[10] = c.IsolationLevel
		}
		if c.IsBlindAppend != nil {
			row[11] = *c.IsBlindAppend
		}
		row[12] = kvMap(c.OperationMetrics)
		if c.UserMetadata != nil {
			row[13] = *c.UserMetadata
		}
		if c.EngineInfo != "" {
			row[14] = c.EngineInfo
		}
		rows[i] = row
	}
	rel := &plan.Relation{Scope: dt.s.newScope(historySchema, nil), Name: "DeltaHistory", Rows: [][]sqltypes.Row{rows}}
	return dt.s.newDF(rel), nil
}

func kvMap(kvs []delta.KV) *sqltypes.MapValue {
	m := &sqltypes.MapValue{}
	for _, kv := range kvs {
		m.Keys = append(m.Keys, kv.Key)
		if kv.Null {
			m.Values = append(m.Values, nil)
		} else {
			m.Values = append(m.Values, kv.Value)
		}
	}
	return m
}

// restoreSchema is the row RESTORE returns.
var restoreSchema = sqltypes.MustParseDDL("table_size_after_restore BIGINT, num_of_files_after_restore BIGINT, " +
	"num_removed_files BIGINT, num_restored_files BIGINT, removed_files_size BIGINT, restored_files_size BIGINT").AsNullable()

// RestoreToVersion is deltaTable.restoreToVersion(version).
func (dt *DeltaTable) RestoreToVersion(ctx context.Context, version int64) (*DataFrame, error) {
	return dt.restore(ctx, delta.RestoreTarget{Version: version})
}

// RestoreToTimestamp is deltaTable.restoreToTimestamp(timestamp): the version the table had
// at that time, read in the session time zone.
func (dt *DeltaTable) RestoreToTimestamp(ctx context.Context, timestamp string) (*DataFrame, error) {
	v, err := dt.versionAt(timestamp)
	var tte *delta.TimeTravelError
	if errors.As(err, &tte) {
		// RESTORE names the same two cases with its own errors.
		switch tte.Class {
		case "DELTA_TIMESTAMP_GREATER_THAN_COMMIT", "DELTA_TIMESTAMP_EARLIER_THAN_COMMIT_RETENTION":
			return nil, dt.restoreTimeError(timestamp, tte.Class == "DELTA_TIMESTAMP_GREATER_THAN_COMMIT")
		}
	}
	if err != nil {
		return nil, err
	}
	return dt.restore(ctx, delta.RestoreTarget{Version: v, Timestamp: timestamp})
}

// restoreTimeError is delta-spark's error for a restore to a time after the last commit
// (or before the first), naming that commit's time as java.sql.Timestamp prints it.
func (dt *DeltaTable) restoreTimeError(requested string, after bool) error {
	hist, err := dt.table.History()
	if err != nil || len(hist) == 0 {
		return err
	}
	class, edge, msg := "DELTA_CANNOT_RESTORE_TIMESTAMP_GREATER", hist[0].Timestamp,
		"Cannot restore table to timestamp (%s) as it is after the latest version available. Please use a timestamp before (%s)"
	if !after {
		class, edge, msg = "DELTA_CANNOT_RESTORE_TIMESTAMP_EARLIER", hist[len(hist)-1].Timestamp,
			"Cannot restore table to timestamp (%s) as it is before the earliest version available. Please use a timestamp after (%s)."
	}
	at := time.UnixMilli(edge).In(dt.s.Location())
	text := strings.TrimSuffix(strings.TrimRight(at.Format("2006-01-02 15:04:05.000"), "0"), ".")
	if !strings.Contains(text, ".") {
		text += ".0"
	}
	return &plan.AnalysisError{Class: class, Message: fmt.Sprintf(msg, requested, text)}
}

func (dt *DeltaTable) restore(ctx context.Context, target delta.RestoreTarget) (*DataFrame, error) {
	res, err := dt.table.Restore(ctx, target, dt.s.now())
	if err = committedIsDone(err); err != nil {
		return nil, err
	}
	row := sqltypes.Row{res.TableSizeAfterRestore, res.NumOfFilesAfterRestore, res.NumRemovedFiles,
		res.NumRestoredFiles, res.RemovedFilesSize, res.RestoredFilesSize}
	rel := &plan.Relation{Scope: dt.s.newScope(restoreSchema, nil), Name: "RestoreTableCommand", Rows: [][]sqltypes.Row{{row}}}
	return dt.s.newDF(rel), nil
}

// versionAt is the version a time travel to the timestamp text ts reads.
func (dt *DeltaTable) versionAt(ts string) (int64, error) {
	return timeTravelVersion(dt.table, ts, dt.s.Location())
}

func timeTravelVersion(t *delta.Table, ts string, loc *time.Location) (int64, error) {
	parsed, ok := sqltypes.ParseTimestamp(ts, loc)
	if !ok {
		return -1, &plan.AnalysisError{Class: "DELTA_TIMESTAMP_INVALID", Message: fmt.Sprintf(
			"The provided timestamp (%s) cannot be converted to a valid timestamp.", ts)}
	}
	return t.VersionAt(parsed, loc)
}

// detailSchema is DESCRIBE DETAIL's row as delta-spark 4.4 returns it.
var detailSchema = sqltypes.MustParseDDL("format STRING, id STRING, name STRING, description STRING, location STRING, " +
	"createdAt TIMESTAMP, lastModified TIMESTAMP, partitionColumns ARRAY<STRING>, clusteringColumns ARRAY<STRING>, " +
	"numFiles BIGINT, sizeInBytes BIGINT, properties MAP<STRING, STRING>, minReaderVersion INT, minWriterVersion INT, " +
	"tableFeatures ARRAY<STRING>").AsNullable()

// Detail is deltaTable.detail(): one row describing the table's latest version.
func (dt *DeltaTable) Detail(ctx context.Context) (*DataFrame, error) {
	d, err := dt.table.Detail()
	if err != nil {
		return nil, err
	}
	strs := func(ss []string) []any {
		out := make([]any, len(ss))
		for i, s := range ss {
			out[i] = s
		}
		return out
	}
	opt := func(s *string) any {
		if s == nil {
			return nil
		}
		return *s
	}
	var created any
	if d.CreatedAt != nil {
		created = sqltypes.TimestampFromUnixMilli(*d.CreatedAt)
	}
	name := opt(d.Name)
	if dt.qualifier != nil {
		// A catalog table is named by its qualified name, as Delta's DESCRIBE DETAIL does.
		name = strings.Join(dt.qualifier, ".")
	}
	row := sqltypes.Row{"delta", d.ID, name, opt(d.Description), d.Location, created,
		sqltypes.TimestampFromUnixMilli(d.LastModified), strs(d.PartitionColumns), []any{}, d.NumFiles, d.Size,
		kvMap(d.Properties), int32(d.MinReaderVersion), int32(d.MinWriterVersion), strs(d.TableFeatures)}
	rel := &plan.Relation{Scope: dt.s.newScope(detailSchema, nil), Name: "DescribeDeltaDetailCommand", Rows: [][]sqltypes.Row{{row}}}
	return dt.s.newDF(rel), nil
}

// UpgradeTableProtocol is deltaTable.upgradeTableProtocol(readerVersion, writerVersion).
func (dt *DeltaTable) UpgradeTableProtocol(ctx context.Context, reader, writer int) error {
	_, err := dt.table.UpgradeProtocol(ctx, reader, writer, dt.s.now())
	return committedIsDone(err)
}

// ConvertToDelta is DeltaTable.convertToDelta(spark, "parquet.`path`"[, partitionSchema]):
// the Parquet folder becomes a Delta table in place (delta.Convert). partitionSchema is the
// partition columns' DDL ("part INT"), "" for a folder without partitions.
func (s *Session) ConvertToDelta(ctx context.Context, identifier, partitionSchema string) (*DeltaTable, error) {
	parts := plan.ParseAttributeName(identifier)
	if len(parts) != 2 || !strings.EqualFold(parts[0], "parquet") {
		return nil, &plan.UnsupportedError{Message: fmt.Sprintf("kafkalab's convertToDelta converts a Parquet folder named parquet.`/path/to/folder`; %q is not one (converting a catalog table or another format is not yet in kafkalab: run it on real Spark with kafkalab export)", identifier)}
	}
	path, err := s.ResolvePath(parts[1])
	if err != nil {
		return nil, err
	}
	var schema *sqltypes.StructType
	if strings.TrimSpace(partitionSchema) != "" {
		if schema, err = sqltypes.ParseDDL(partitionSchema); err != nil {
			return nil, fmt.Errorf("convertToDelta partitionSchema %q: %w", partitionSchema, err)
		}
	}
	if _, err := delta.Convert(ctx, s.delta, path, schema, s.now(), s.Conf().GetOr(ConfTimeZone, "UTC")); committedIsDone(err) != nil {
		return nil, err
	}
	return s.DeltaTableForPath(ctx, path)
}
