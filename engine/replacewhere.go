package engine

import (
	"context"
	"fmt"
	"strings"

	"github.com/kafkalab/kafkalab/engine/delta"
	"github.com/kafkalab/kafkalab/engine/plan"
	"github.com/kafkalab/kafkalab/engine/rowiter"
	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// replaceWhere is df.write.format("delta").mode("overwrite").option("replaceWhere", cond)
// on an existing table, as delta-spark 4.4 runs it on a table without partitions: the new
// rows must all meet the condition (DELTA_REPLACE_WHERE_MISMATCH otherwise); they are
// written first, then every file holding a row that meets it is removed and its other rows
// copied to new files, all in one WRITE commit whose predicate is the condition as given.
func (w *DataFrameWriter) replaceWhere(ctx context.Context, t *delta.Table, cond string) error {
	s := w.df.s
	snap, err := t.Snapshot()
	if err != nil {
		return err
	}
	dt, err := s.openDeltaTable(t.Path())
	if err != nil {
		return err
	}
	table := snap.Schema
	// The data's columns, by name, in the table's order.
	data := w.df.Schema()
	pos := make([]int, len(table.Fields))
	if len(data.Fields) != len(table.Fields) {
		return replaceWhereSchemaError(t.Path(), table, data)
	}
	for i, f := range table.Fields {
		pos[i] = -1
		for j, d := range data.Fields {
			if strings.EqualFold(f.Name, d.Name) && sqltypes.EqualTypes(f.Type, d.Type, true) {
				pos[i] = j
			}
		}
		if pos[i] < 0 {
			return replaceWhereSchemaError(t.Path(), table, data)
		}
	}
	e, err := plan.ParseExpression(cond)
	if err != nil {
		return fmt.Errorf("option replaceWhere %q: %w", cond, err)
	}
	pred, err := boolCondition(e, dt.targetScope(table), "replaceWhere")
	if err != nil {
		return err
	}
	ec, err := s.evalContext()
	if err != nil {
		return err
	}
	tasks, err := w.df.execute(ctx)
	if err != nil {
		return err
	}
	collected, err := rowiter.CollectTasks(ctx, tasks)
	if err != nil {
		return err
	}
	lead := make([][]sqltypes.Row, len(collected))
	for i, rows := range collected {
		for _, r := range rows {
			out := make(sqltypes.Row, len(pos))
			for k, j := range pos {
				out[k] = r[j]
			}
			if ok, err := isTrue(ec, pred, out); err != nil {
				return err
			} else if !ok {
				return &plan.AnalysisError{Class: "DELTA_REPLACE_WHERE_MISMATCH", Message: fmt.Sprintf(
					"Written data does not conform to partial table overwrite condition or constraint '%s'.", cond)}
			}
			lead[i] = append(lead[i], out)
		}
	}
	tf, err := readTableFiles(ctx, snap)
	if err != nil {
		return err
	}
	var touched []delta.File
	var deleted int64
	for _, f := range snap.Files {
		n := int64(0)
		for _, r := range tf.rows[f.Add.Path] {
			ok, err := isTrue(ec, pred, r)
			if err != nil {
				return err
			}
			if ok {
				n++
			}
		}
		if n > 0 {
			touched = append(touched, f)
			deleted += n
		}
	}
	var copied int64
	var rewrite [][]sqltypes.Row
	// A condition on partition columns alone drops whole files (their row counts kept in
	// the removes); any other one rewrites the rows it does not select.
	partitionOnly := onlyPartitionColumns(snap, pred)
	if len(touched) > 0 && !partitionOnly {
		rewrite = tf.scanTasks(touched, s.DefaultParallelism())
		for i, rows := range rewrite {
			var keep []sqltypes.Row
			for _, r := range rows {
				ok, err := isTrue(ec, pred, r)
				if err != nil {
					return err
				}
				if !ok {
					keep = append(keep, r)
				}
			}
			rewrite[i] = keep
			copied += int64(len(keep))
		}
	}
	var removeStats func(delta.File) string
	if partitionOnly {
		removeStats = delta.NumRecordsStats
	}
	change := delta.Change{
		Operation: "WRITE",
		Parameters: []delta.KV{{Key: "mode", Value: "Overwrite"}, {Key: "partitionBy", Value: delta.PartitionByParam(w.parts)},
			{Key: "predicate", Value: cond}},
		Remove: touched, Lead: toDeltaTasks(lead), Tasks: toDeltaTasks(rewrite), RemoveStats: removeStats,
		Now: s.now(), TimeZone: s.Conf().GetOr(ConfTimeZone, "UTC"),
		Metrics: func(f delta.ChangeFiles) []delta.KV {
			return []delta.KV{
				kvInt("numFiles", int64(f.AddedFiles)), kvInt("numRemovedFiles", int64(f.RemovedFiles)),
				kvInt("numRemovedBytes", f.RemovedBytes), kvInt("numCopiedRows", copied),
				kvInt("numAddedChangeFiles", 0), kvInt("numDeletedRows", deleted),
				kvInt("numOutputRows", f.OutputRows), kvInt("numOutputBytes", f.AddedBytes),
			}
		},
	}
	_, err = t.CommitChange(ctx, snap, change)
	return committedIsDone(err)
}

func replaceWhereSchemaError(path string, table, data *sqltypes.StructType) error {
	return fmt.Errorf("schema mismatch writing to Delta table %s with replaceWhere: the table has %s but the data has %s; select the table's columns before writing",
		path, table.String(), data.String())
}
