package engine

import (
	"context"
	"fmt"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/kafkalab/kafkalab/engine/delta"
	"github.com/kafkalab/kafkalab/engine/plan"
	"github.com/kafkalab/kafkalab/engine/rowiter"
	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// DELETE and UPDATE on a Delta table, as delta-spark 4.4 runs them without deletion vectors
// (the default for a new table): the files holding a row the condition selects are read
// again and rewritten without the deleted rows, or with the updated ones; the other files
// stay. The commit logs the condition as Spark's optimizer leaves it, in Catalyst's text.

// Assignment is one column = value of an update's set or an insert's values; Value is a SQL
// expression string or a *Column.
type Assignment struct {
	Column string
	Value  any
}

// DefaultParallelism is the number of cores Spark's local master gives its scans and
// parallelize: local[N] in spark.master, else 2 (what a two-core machine's local[*] gives;
// spark.default.parallelism overrides both).
func (s *Session) DefaultParallelism() int {
	if n, err := strconv.Atoi(s.Conf().GetOr("spark.default.parallelism", "")); err == nil && n > 0 {
		return n
	}
	m := strings.TrimSpace(s.Conf().GetOr("spark.master", ""))
	if m == "local" {
		return 1
	}
	if sub := localMasterRe().FindStringSubmatch(m); sub != nil {
		if sub[1] == "*" {
			return min(runtime.NumCPU(), 2)
		}
		if n, err := strconv.Atoi(sub[1]); err == nil && n > 0 {
			return n
		}
	}
	return 2
}

// Compiled at first use: a package-level regexp is compiled at every process start
// (kafkalab run's script child too), which start-up cannot afford (#18).
var localMasterRe = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^local\[(\*|\d+)(?:,\s*\d+)?\]$`) })

func (s *Session) shufflePartitions() int {
	n, err := strconv.Atoi(s.Conf().GetOr(ConfShufflePartitions, "200"))
	if err != nil || n <= 0 {
		return 200
	}
	return n
}

// exprIDs hands out n consecutive expression ids, as Spark's analyzer numbers the
// attributes of each relation it resolves.
func (s *Session) exprIDs(n int) int64 {
	return s.nextExprID.Add(int64(n)) - int64(n)
}

// exprOf turns a condition or value argument into an expression: a SQL string or a Column.
func exprOf(v any, what string) (plan.Expr, error) {
	switch x := v.(type) {
	case nil:
		return nil, nil
	case string:
		e, err := plan.ParseExpression(x)
		if err != nil {
			return nil, err
		}
		return e, nil
	case *Column:
		if x == nil {
			return nil, nil
		}
		if x.err != nil {
			return nil, x.err
		}
		return x.expr, nil
	}
	return nil, notExpectedType(what, "Column or str", v)
}

// boolCondition resolves a condition and checks it is a boolean.
func boolCondition(e plan.Expr, scope *plan.Scope, clause string) (plan.Bound, error) {
	if e == nil {
		return nil, nil
	}
	b, err := plan.Resolve(e, scope)
	if err != nil {
		return nil, err
	}
	switch b.DataType().(type) {
	case sqltypes.BooleanType, sqltypes.NullType:
		return b, nil
	}
	return nil, &plan.AnalysisError{Class: "DATATYPE_MISMATCH.FILTER_NOT_BOOLEAN", Message: fmt.Sprintf(
		"Cannot resolve %q due to data type mismatch: Filter expression %q of type %q is not a boolean.", b.SQL(), b.SQL(), b.DataType().SQL())}
}

func isTrue(ec *plan.EvalContext, b plan.Bound, row sqltypes.Row) (bool, error) {
	if b == nil {
		return true, nil
	}
	v, err := b.Eval(ec, row)
	if err != nil {
		return false, err
	}
	return v == true, nil
}

// targetScope is the table's columns as a DeltaTable names them: by its alias, else by its
// catalog name.
func (dt *DeltaTable) targetScope(schema *sqltypes.StructType) *plan.Scope {
	q := dt.qualifier
	if dt.alias != "" {
		q = []string{dt.alias}
	}
	return dt.s.newScope(schema, q)
}

// attrNamer numbers a scope's columns from first, as Catalyst prints them.
func attrNamer(first int64) plan.AttrNamer {
	return func(i int, f sqltypes.StructField) string { return plan.AttrName(f.Name, first+int64(i), f.Type) }
}

// tableFiles reads every active file of a snapshot once.
type tableFiles struct {
	snap *delta.Snapshot
	rows map[string][]sqltypes.Row
}

func readTableFiles(ctx context.Context, snap *delta.Snapshot) (*tableFiles, error) {
	tf := &tableFiles{snap: snap, rows: map[string][]sqltypes.Row{}}
	for _, f := range snap.Files {
		rows, err := snap.ReadFileRows(ctx, f)
		if err != nil {
			return nil, err
		}
		tf.rows[f.Add.Path] = rows
	}
	return tf, nil
}

// widen pads every row with NULLs to width columns: the table's rows under a schema that
// gained columns.
func (tf *tableFiles) widen(width int) {
	for path, rows := range tf.rows {
		for i, r := range rows {
			if len(r) < width {
				w := make(sqltypes.Row, width)
				copy(w, r)
				rows[i] = w
			}
		}
		tf.rows[path] = rows
	}
}

// scanTasks groups files as Spark's scan of them would and returns each task's rows.
func (tf *tableFiles) scanTasks(files []delta.File, parallelism int) [][]sqltypes.Row {
	plan := delta.PlanScan(files, parallelism)
	out := make([][]sqltypes.Row, len(plan))
	for i, task := range plan {
		for _, f := range task {
			out[i] = append(out[i], tf.rows[f.Add.Path]...)
		}
	}
	return out
}

func toDeltaTasks(tasks [][]sqltypes.Row) []delta.Task {
	out := make([]delta.Task, len(tasks))
	for i, rows := range tasks {
		out[i] = delta.Task{ID: i, Rows: rowiter.Slice(rows)}
	}
	return out
}

// Delete is deltaTable.delete([condition]): removes the rows the condition selects (all rows
// without one). A condition no row meets commits nothing.
func (dt *DeltaTable) Delete(ctx context.Context, condition any) error {
	_, err := dt.DeleteRows(ctx, condition)
	return err
}

// DeleteRows is Delete that also returns how many rows it deleted (the num_affected_rows
// of Delta's DELETE command).
func (dt *DeltaTable) DeleteRows(ctx context.Context, condition any) (int64, error) {
	start := time.Now()
	snap, err := dt.table.Snapshot()
	if err != nil {
		return 0, err
	}
	if err := snap.AssertRemovable(dt.displayName()); err != nil {
		return 0, err
	}
	ec, err := dt.s.evalContext()
	if err != nil {
		return 0, err
	}
	e, err := exprOf(condition, "condition")
	if err != nil {
		return 0, err
	}
	scope := dt.targetScope(snap.Schema)
	pred, err := boolCondition(e, scope, "DELETE")
	if err != nil {
		return 0, err
	}
	metrics := func(copied, deleted int64, scan, rewrite time.Duration) func(delta.ChangeFiles) []delta.KV {
		return func(f delta.ChangeFiles) []delta.KV {
			return []delta.KV{
				kvInt("numRemovedFiles", int64(f.RemovedFiles)), kvInt("numRemovedBytes", f.RemovedBytes),
				kvInt("numCopiedRows", copied), kvInt("numDeletionVectorsAdded", 0),
				kvMs("executionTimeMs", time.Since(start)), kvInt("numDeletionVectorsUpdated", 0),
				kvInt("numAddedFiles", int64(f.AddedFiles)), kvInt("numDeletionVectorsRemoved", 0),
				kvInt("numAddedChangeFiles", int64(f.AddedChangeFiles)), kvInt("numDeletedRows", deleted),
				kvMs("scanTimeMs", scan), kvInt("numAddedBytes", f.AddedBytes), kvMs("rewriteTimeMs", rewrite+f.WriteTime),
			}
		}
	}
	change := delta.Change{Operation: "DELETE", RemovesFirst: true, Now: dt.s.now(), TimeZone: dt.s.Conf().GetOr(ConfTimeZone, "UTC")}
	if pred == nil {
		// Deleting everything only drops the files, keeping each one's row count.
		if len(snap.Files) == 0 {
			return 0, nil
		}
		var deleted int64
		for _, f := range snap.Files {
			n, _ := f.NumRecords()
			deleted += n
		}
		change.Parameters = []delta.KV{{Key: "predicate", Value: delta.PredicateList("true")}}
		change.Remove, change.RemoveStats = snap.Files, delta.NumRecordsStats
		change.Metrics = metrics(0, deleted, time.Since(start), 0)
		_, err = dt.table.CommitChange(ctx, snap, change)
		return deleted, committedIsDone(err)
	}
	tf, err := readTableFiles(ctx, snap)
	if err != nil {
		return 0, err
	}
	var touched []delta.File
	var deleted int64
	for _, f := range snap.Files {
		n := int64(0)
		for _, r := range tf.rows[f.Add.Path] {
			ok, err := isTrue(ec, pred, r)
			if err != nil {
				return 0, err
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
	if len(touched) == 0 {
		return 0, nil
	}
	scanTime := time.Since(start)
	ids := dt.s.exprIDs(len(snap.Schema.Fields))
	text := plan.CatalystString(plan.Simplify(ec, pred), attrNamer(ids), dt.s.Location())
	change.Parameters = []delta.KV{{Key: "predicate", Value: delta.PredicateList(text)}}
	if onlyPartitionColumns(snap, pred) {
		// A predicate on partition columns alone selects whole files: Delta drops them from
		// the log without rewriting anything, each remove keeping its row count.
		change.Remove, change.RemoveStats = touched, delta.NumRecordsStats
		change.Metrics = metrics(0, deleted, scanTime, 0)
		_, err = dt.table.CommitChange(ctx, snap, change)
		return deleted, committedIsDone(err)
	}
	rewriteStart := time.Now()
	tasks := tf.scanTasks(touched, dt.s.DefaultParallelism())
	feed := delta.ChangeFeedEnabled(snap.Metadata)
	var copied int64
	for i, rows := range tasks {
		var keep []sqltypes.Row
		for _, r := range rows {
			ok, err := isTrue(ec, pred, r)
			if err != nil {
				return 0, err
			}
			switch {
			case !ok && feed:
				keep = append(keep, withChange(r, nil))
				copied++
			case !ok:
				keep = append(keep, r)
				copied++
			case feed:
				// With the change data feed on, a deleted row is kept as a change row.
				keep = append(keep, withChange(r, delta.ChangeDelete))
			}
		}
		tasks[i] = keep
	}
	change.Remove, change.Tasks, change.ChangeRows = touched, toDeltaTasks(tasks), feed
	change.Metrics = metrics(copied, deleted, scanTime, time.Since(rewriteStart))
	_, err = dt.table.CommitChange(ctx, snap, change)
	return deleted, committedIsDone(err)
}

// onlyPartitionColumns reports whether a condition reads the table's partition columns and
// nothing else, so that it holds for all of a file's rows or none.
func onlyPartitionColumns(snap *delta.Snapshot, pred plan.Bound) bool {
	parts := snap.PartitionIndexes()
	if len(parts) == 0 {
		return false
	}
	cols := map[int]bool{}
	if !plan.ReadColumns(cols, pred) || len(cols) == 0 {
		return false
	}
	for c := range cols {
		if !slices.Contains(parts, c) {
			return false
		}
	}
	return true
}

// boundAssignment is a resolved set/values entry: the target column and its value.
type boundAssignment struct {
	index int
	value plan.Bound
}

// bindAssignments resolves column = value entries against scope, the target columns named
// as the table has them.
func bindAssignments(set []Assignment, table *sqltypes.StructType, scope *plan.Scope, caseSensitive bool, clause string) ([]boundAssignment, error) {
	var out []boundAssignment
	for _, a := range set {
		idx := -1
		name := a.Column
		if parts := plan.ParseAttributeName(name); len(parts) > 1 {
			// "t.col": the qualifier names the target; nested fields are not assignable here.
			name = parts[len(parts)-1]
		}
		for i, f := range table.Fields {
			if f.Name == name || !caseSensitive && strings.EqualFold(f.Name, name) {
				idx = i
				break
			}
		}
		if idx < 0 {
			return nil, &plan.AnalysisError{Class: "DELTA_MERGE_UNRESOLVED_EXPRESSION", Message: fmt.Sprintf(
				"Cannot resolve %s in %s clause given columns %s.", a.Column, clause, strings.Join(qualifiedNames(scope), ", "))}
		}
		e, err := exprOf(a.Value, "value")
		if err != nil {
			return nil, err
		}
		if e == nil {
			e = plan.Literal{Value: nil, Type: sqltypes.NullType{}}
		}
		b, err := plan.Resolve(e, scope)
		if err != nil {
			return nil, err
		}
		out = append(out, boundAssignment{index: idx, value: b})
	}
	return out, nil
}

func qualifiedNames(s *plan.Scope) []string {
	out := make([]string, len(s.Schema.Fields))
	for i, f := range s.Schema.Fields {
		q := ""
		if i < len(s.Qualifiers) && len(s.Qualifiers[i]) > 0 {
			q = strings.Join(s.Qualifiers[i], ".") + "."
		}
		out[i] = q + f.Name
	}
	return out
}

// apply evaluates assignments over in and writes them into a copy of base (the target row,
// or a row of NULLs for an insert), each cast to its column's type.
func apply(ec *plan.EvalContext, table *sqltypes.StructType, base sqltypes.Row, set []boundAssignment, in sqltypes.Row) (sqltypes.Row, error) {
	out := make(sqltypes.Row, len(table.Fields))
	copy(out, base)
	for _, a := range set {
		v, err := a.value.Eval(ec, in)
		if err != nil {
			return nil, err
		}
		if v != nil {
			if v, err = plan.Convert(ec, v, a.value.DataType(), table.Fields[a.index].Type); err != nil {
				return nil, err
			}
		}
		out[a.index] = v
	}
	return out, nil
}

// Update is deltaTable.update([condition], set): rewrites the files holding rows the
// condition selects, with set applied to those rows. A condition no row meets commits
// nothing.
func (dt *DeltaTable) Update(ctx context.Context, condition any, set []Assignment) error {
	_, err := dt.UpdateRows(ctx, condition, set)
	return err
}

// UpdateRows is Update that also returns how many rows it updated (the num_affected_rows
// of Delta's UPDATE command).
func (dt *DeltaTable) UpdateRows(ctx context.Context, condition any, set []Assignment) (int64, error) {
	start := time.Now()
	if len(set) == 0 {
		return 0, fmt.Errorf("update: set needs at least one column = value")
	}
	snap, err := dt.table.Snapshot()
	if err != nil {
		return 0, err
	}
	if err := snap.AssertRemovable(dt.displayName()); err != nil {
		return 0, err
	}
	ec, err := dt.s.evalContext()
	if err != nil {
		return 0, err
	}
	e, err := exprOf(condition, "condition")
	if err != nil {
		return 0, err
	}
	scope := dt.targetScope(snap.Schema)
	pred, err := boolCondition(e, scope, "UPDATE")
	if err != nil {
		return 0, err
	}
	assigns, err := bindAssignments(set, snap.Schema, scope, dt.s.confBool(ConfCaseSensitive), "UPDATE")
	if err != nil {
		return 0, err
	}
	tf, err := readTableFiles(ctx, snap)
	if err != nil {
		return 0, err
	}
	var touched []delta.File
	for _, f := range snap.Files {
		for _, r := range tf.rows[f.Add.Path] {
			ok, err := isTrue(ec, pred, r)
			if err != nil {
				return 0, err
			}
			if ok {
				touched = append(touched, f)
				break
			}
		}
	}
	if len(touched) == 0 {
		return 0, nil
	}
	scanTime := time.Since(start)
	rewriteStart := time.Now()
	tasks := tf.scanTasks(touched, dt.s.DefaultParallelism())
	feed := delta.ChangeFeedEnabled(snap.Metadata)
	var updated, copied int64
	for i, rows := range tasks {
		out := make([]sqltypes.Row, 0, len(rows))
		for _, r := range rows {
			ok, err := isTrue(ec, pred, r)
			if err != nil {
				return 0, err
			}
			if !ok {
				if feed {
					r = withChange(r, nil)
				}
				out = append(out, r)
				copied++
				continue
			}
			nr, err := apply(ec, snap.Schema, r, assigns, r)
			if err != nil {
				return 0, err
			}
			if feed {
				// Delta's UPDATE with the change data feed on writes, for each updated
				// row, its pre- and post-image as change rows and the new row as data.
				out = append(out, withChange(r, delta.ChangePreimage), withChange(nr, delta.ChangePostimage), withChange(nr, nil))
			} else {
				out = append(out, nr)
			}
			updated++
		}
		tasks[i] = out
	}
	preds := []string{}
	if pred != nil {
		ids := dt.s.exprIDs(len(snap.Schema.Fields))
		preds = append(preds, plan.CatalystString(plan.Simplify(ec, pred), attrNamer(ids), dt.s.Location()))
	}
	rewrite := time.Since(rewriteStart)
	_, err = dt.table.CommitChange(ctx, snap, delta.Change{
		Operation:  "UPDATE",
		Parameters: []delta.KV{{Key: "predicate", Value: delta.PredicateList(preds...)}},
		Remove:     touched,
		Tasks:      toDeltaTasks(tasks),
		ChangeRows: feed,
		Now:        dt.s.now(),
		TimeZone:   dt.s.Conf().GetOr(ConfTimeZone, "UTC"),
		Metrics: func(f delta.ChangeFiles) []delta.KV {
			return []delta.KV{
				kvInt("numRemovedFiles", int64(f.RemovedFiles)), kvInt("numRemovedBytes", f.RemovedBytes),
				kvInt("numCopiedRows", copied), kvInt("numDeletionVectorsAdded", 0),
				kvMs("executionTimeMs", time.Since(start)), kvInt("numDeletionVectorsUpdated", 0),
				kvMs("scanTimeMs", scanTime), kvInt("numAddedFiles", int64(f.AddedFiles)),
				kvInt("numUpdatedRows", updated), kvInt("numDeletionVectorsRemoved", 0),
				kvInt("numAddedChangeFiles", int64(f.AddedChangeFiles)), kvInt("numAddedBytes", f.AddedBytes),
				kvMs("rewriteTimeMs", rewrite+f.WriteTime),
			}
		},
	})
	return updated, committedIsDone(err)
}

func kvInt(k string, v int64) delta.KV { return delta.KV{Key: k, Value: strconv.FormatInt(v, 10)} }
func kvMs(k string, d time.Duration) delta.KV {
	return delta.KV{Key: k, Value: strconv.FormatInt(d.Milliseconds(), 10)}
}

// withChange is a row of a command on a table with the change data feed on: the table's
// columns and its _change_type (nil for a row of the table's new data).
func withChange(r sqltypes.Row, kind any) sqltypes.Row {
	out := make(sqltypes.Row, len(r)+1)
	copy(out, r)
	out[len(r)] = kind
	return out
}
