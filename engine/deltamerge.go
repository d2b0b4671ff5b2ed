package engine

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/kafkalab/kafkalab/engine/delta"
	"github.com/kafkalab/kafkalab/engine/plan"
	"github.com/kafkalab/kafkalab/engine/rowiter"
	"github.com/kafkalab/kafkalab/engine/sparkerrors"
	"github.com/kafkalab/kafkalab/engine/sqltypes"
	"github.com/kafkalab/kafkalab/engine/stateful"
)

// MERGE INTO a Delta table (DeltaTable.merge), as delta-spark 4.4's classic (copy-on-write)
// merge runs it:
//   - a merge with only WHEN NOT MATCHED clauses appends the source rows that match no
//     target row, in the source's own tasks;
//   - a merge with only WHEN MATCHED clauses rewrites the files holding a row that meets a
//     clause: Spark broadcasts the source and shuffles the target by the join keys, so each
//     rewritten file keeps one scan task's rows, in the order of their shuffle partitions;
//   - any other merge rewrites every file holding a matched row (every file when there are
//     WHEN NOT MATCHED BY SOURCE clauses) in one sort-merge full outer join: one file, its
//     rows sorted by the join keys, the inserted rows among them.
// Clauses apply in order; the first whose condition holds acts. A target row matched by two
// source rows is an error unless the merge's only matched clause is an unconditional delete.

// MergeBuilder is delta.tables.DeltaMergeBuilder.
type MergeBuilder struct {
	target  *DeltaTable
	source  *DataFrame
	cond    any
	clauses []mergeClause
	err     error
}

type clauseKind int

const (
	whenMatched clauseKind = iota
	whenNotMatched
	whenNotMatchedBySource
)

type mergeClause struct {
	kind   clauseKind
	action string // update, delete, insert
	cond   any
	set    []Assignment
	all    bool // updateAll / insertAll
}

// Merge is deltaTable.merge(source, condition).
func (dt *DeltaTable) Merge(source *DataFrame, condition any) *MergeBuilder {
	mb := &MergeBuilder{target: dt, source: source, cond: condition}
	if source == nil {
		mb.err = fmt.Errorf("merge: the source DataFrame is missing")
	} else if condition == nil {
		mb.err = fmt.Errorf("merge: the merge condition is missing")
	}
	return mb
}

func (mb *MergeBuilder) add(c mergeClause) *MergeBuilder {
	mb.clauses = append(mb.clauses, c)
	return mb
}

// WhenMatchedUpdate is whenMatchedUpdate(condition, set).
func (mb *MergeBuilder) WhenMatchedUpdate(cond any, set []Assignment) *MergeBuilder {
	return mb.add(mergeClause{kind: whenMatched, action: "update", cond: cond, set: set})
}

// WhenMatchedUpdateAll is whenMatchedUpdateAll(condition).
func (mb *MergeBuilder) WhenMatchedUpdateAll(cond any) *MergeBuilder {
	return mb.add(mergeClause{kind: whenMatched, action: "update", cond: cond, all: true})
}

// WhenMatchedDelete is whenMatchedDelete(condition).
func (mb *MergeBuilder) WhenMatchedDelete(cond any) *MergeBuilder {
	return mb.add(mergeClause{kind: whenMatched, action: "delete", cond: cond})
}

// WhenNotMatchedInsert is whenNotMatchedInsert(condition, values).
func (mb *MergeBuilder) WhenNotMatchedInsert(cond any, values []Assignment) *MergeBuilder {
	return mb.add(mergeClause{kind: whenNotMatched, action: "insert", cond: cond, set: values})
}

// WhenNotMatchedInsertAll is whenNotMatchedInsertAll(condition).
func (mb *MergeBuilder) WhenNotMatchedInsertAll(cond any) *MergeBuilder {
	return mb.add(mergeClause{kind: whenNotMatched, action: "insert", cond: cond, all: true})
}

// WhenNotMatchedBySourceUpdate is whenNotMatchedBySourceUpdate(condition, set).
func (mb *MergeBuilder) WhenNotMatchedBySourceUpdate(cond any, set []Assignment) *MergeBuilder {
	return mb.add(mergeClause{kind: whenNotMatchedBySource, action: "update", cond: cond, set: set})
}

// WhenNotMatchedBySourceDelete is whenNotMatchedBySourceDelete(condition).
func (mb *MergeBuilder) WhenNotMatchedBySourceDelete(cond any) *MergeBuilder {
	return mb.add(mergeClause{kind: whenNotMatchedBySource, action: "delete", cond: cond})
}

// boundClause is a clause resolved for execution.
type boundClause struct {
	mergeClause
	pred   plan.Bound
	assign []boundAssignment
	text   string // the condition as the commit logs it
}

// ErrMultipleSourceRowsMatch is Delta's error for a target row that several source rows
// match (PySpark raises it as UnsupportedOperationException).
var ErrMultipleSourceRowsMatch = &SparkError{
	JavaClass: "UnsupportedOperationException",
	Class:     "DELTA_MULTIPLE_SOURCE_ROW_MATCHING_TARGET_ROW_IN_MERGE",
	Message: "Cannot perform Merge as multiple source rows matched and attempted to modify the same\n" +
		"target row in the Delta table in possibly conflicting ways. By SQL semantics of Merge,\n" +
		"when multiple source rows match on the same target row, the result may be ambiguous\n" +
		"as it is unclear which source row should be used to update or delete the matching\n" +
		"target row. You can preprocess the source table to eliminate the possibility of\n" +
		"multiple matches. Please refer to\n" +
		"https://docs.delta.io/latest/delta-update.html#upsert-into-a-table-using-merge",
	Parameters: map[string]string{"usageReference": "https://docs.delta.io/latest/delta-update.html#upsert-into-a-table-using-merge"},
}

// SparkError is an error Spark raises as a Java exception other than AnalysisException:
// JavaClass names the PySpark exception (UnsupportedOperationException, ...).
type SparkError struct {
	JavaClass  string
	Class      string
	Message    string
	Parameters map[string]string
}

func (e *SparkError) Error() string { return "[" + e.Class + "] " + e.Message }

// SparkError is the error as the engine's Spark errors carry it: the exception class its
// JavaClass names, its condition and parameters (by name).
func (e *SparkError) SparkError() *sparkerrors.Error {
	kind := sparkerrors.KindOf(e.Class)
	if e.JavaClass == "UnsupportedOperationException" {
		kind = sparkerrors.UnsupportedOperationException
	}
	names := make([]string, 0, len(e.Parameters))
	for n := range e.Parameters {
		names = append(names, n)
	}
	sort.Strings(names)
	params := make([]sparkerrors.Param, len(names))
	for i, n := range names {
		params[i] = sparkerrors.Param{Name: n, Value: e.Parameters[n]}
	}
	return &sparkerrors.Error{Kind: kind, Class: e.Class, Message: e.Message, Params: params}
}

// mergeRun is one execution's state.
type mergeRun struct {
	ec        *plan.EvalContext
	schema    *sqltypes.StructType // the table's
	nT        int                  // target columns; source columns follow in joined rows
	cond      plan.Bound
	tKeys     []plan.Bound // equi-join keys over the target side
	sKeys     []plan.Bound // and over the source side
	matched   []*boundClause
	notMatch  []*boundClause
	bySource  []*boundClause
	srcWidth  int
	srcTasks  [][]sqltypes.Row
	srcRows   []sqltypes.Row // flattened, in task order
	srcTaskOf []int

	copied, matchedUpdated, matchedDeleted, inserted, bySourceUpdated, bySourceDeleted int64

	// feed is the table's change data feed being on: the rewrite then also writes change
	// rows (targetRows, insertRows). last is what targetRow last did: update, delete, copy.
	feed bool
	last string
}

func (m *mergeRun) joined(t, s sqltypes.Row) sqltypes.Row {
	row := make(sqltypes.Row, m.nT+m.srcWidth)
	copy(row, t)
	copy(row[m.nT:], s)
	return row
}

// keyOf evaluates key expressions over a joined row: nil when a key is NULL (it then
// matches nothing, as = does).
func (m *mergeRun) keyOf(keys []plan.Bound, row sqltypes.Row) (sqltypes.Row, string, error) {
	vals := make(sqltypes.Row, len(keys))
	var b strings.Builder
	for i, k := range keys {
		v, err := k.Eval(m.ec, row)
		if err != nil {
			return nil, "", err
		}
		if v == nil {
			return vals, "", nil
		}
		vals[i] = v
		fmt.Fprintf(&b, "%T:%v\x00", v, v)
	}
	return vals, b.String(), nil
}

// mergeResultSchema is the row execute() returns.
var mergeResultSchema = sqltypes.MustParseDDL("num_affected_rows BIGINT NOT NULL, num_updated_rows BIGINT NOT NULL, " +
	"num_deleted_rows BIGINT NOT NULL, num_inserted_rows BIGINT NOT NULL")

// Execute is execute(): runs the merge, commits one version and returns the counts of rows
// it updated, deleted and inserted.
func (mb *MergeBuilder) Execute(ctx context.Context) (*DataFrame, error) {
	m, err := mb.run(ctx)
	if err != nil {
		return nil, err
	}
	updated := m.matchedUpdated + m.bySourceUpdated
	deleted := m.matchedDeleted + m.bySourceDeleted
	row := sqltypes.Row{updated + deleted + m.inserted, updated, deleted, m.inserted}
	s := mb.target.s
	rel := &plan.Relation{Scope: s.newScope(mergeResultSchema, nil), Name: "MergeIntoCommand", Rows: [][]sqltypes.Row{{row}}}
	return s.newDF(rel), nil
}

// run executes the merge and commits its version.
func (mb *MergeBuilder) run(ctx context.Context) (*mergeRun, error) {
	if mb.err != nil {
		return nil, mb.err
	}
	if len(mb.clauses) == 0 {
		return nil, &plan.AnalysisError{Class: "DELTA_MERGE_MISSING_WHEN", Message: "There must be at least one WHEN clause in a MERGE statement."}
	}
	start := time.Now()
	dt := mb.target
	s := dt.s
	snap, err := dt.table.Snapshot()
	if err != nil {
		return nil, err
	}
	ec, err := s.evalContext()
	if err != nil {
		return nil, err
	}
	sScope := mb.source.node.Output()
	// Schema evolution (autoMerge on, an updateAll or insertAll clause): the source's columns
	// the table lacks are added after its own, and the table's rows read them as NULL.
	schema := snap.Schema
	var evolved *sqltypes.StructType
	if s.confBool(ConfDeltaAutoMerge) && mb.hasStarClause() {
		if evolved = evolveSchema(snap.Schema, sScope.Schema); evolved != nil {
			schema = evolved
		}
	}
	tScope := dt.targetScope(schema)
	both := &plan.Scope{Schema: &sqltypes.StructType{}, Settings: tScope.Settings}
	for i, f := range tScope.Schema.Fields {
		both.Schema.Fields = append(both.Schema.Fields, f)
		both.Qualifiers = append(both.Qualifiers, qualifierAt(tScope, i))
	}
	for i, f := range sScope.Schema.Fields {
		both.Schema.Fields = append(both.Schema.Fields, f)
		both.Qualifiers = append(both.Qualifiers, qualifierAt(sScope, i))
	}
	m := &mergeRun{ec: ec, schema: schema, nT: len(tScope.Schema.Fields), srcWidth: len(sScope.Schema.Fields)}
	condExpr, err := exprOf(mb.cond, "condition")
	if err != nil {
		return nil, err
	}
	if m.cond, err = boolCondition(condExpr, both, "MERGE"); err != nil {
		return nil, err
	}
	m.tKeys, m.sKeys = plan.EquiJoinKeys(m.cond, m.nT)

	// The ids Catalyst gives the attributes: the source's first (it is analysed first), then
	// the target's.
	srcIDs := s.exprIDs(m.srcWidth)
	tgtIDs := s.exprIDs(m.nT)
	name := func(i int, f sqltypes.StructField) string {
		if i < m.nT {
			return plan.AttrName(f.Name, tgtIDs+int64(i), f.Type)
		}
		return plan.AttrName(f.Name, srcIDs+int64(i-m.nT), f.Type)
	}
	text := func(b plan.Bound) string { return plan.CatalystString(b, name, s.Location()) }
	caseSensitive := s.confBool(ConfCaseSensitive)
	for i := range mb.clauses {
		c := &boundClause{mergeClause: mb.clauses[i]}
		e, err := exprOf(c.cond, "condition")
		if err != nil {
			return nil, err
		}
		if c.pred, err = boolCondition(e, both, "MERGE"); err != nil {
			return nil, err
		}
		if c.pred != nil {
			c.text = plan.CatalystSimpleString(c.pred, name, s.Location())
		}
		switch {
		case c.action == "delete":
		case c.all:
			for _, f := range schema.Fields {
				col := findColumn(sScope.Schema, f.Name, caseSensitive)
				if col < 0 {
					clause := "UPDATE"
					if c.kind == whenNotMatched {
						clause = "INSERT"
					}
					return nil, &plan.AnalysisError{Class: "DELTA_MERGE_UNRESOLVED_EXPRESSION", Message: fmt.Sprintf(
						"Cannot resolve %s in %s clause given columns %s.", f.Name, clause, strings.Join(qualifiedNames(sScope), ", "))}
				}
				c.set = append(c.set, Assignment{Column: f.Name, Value: newColumn(plan.ColumnRef{Parts: sourceRefParts(sScope, col)})})
			}
			fallthrough
		default:
			if c.assign, err = bindAssignments(c.set, schema, both, caseSensitive, strings.ToUpper(c.action)); err != nil {
				return nil, err
			}
		}
		switch c.kind {
		case whenMatched:
			m.matched = append(m.matched, c)
		case whenNotMatched:
			m.notMatch = append(m.notMatch, c)
		default:
			m.bySource = append(m.bySource, c)
		}
	}

	srcStart := time.Now()
	srcIters, err := mb.source.execute(ctx)
	if err != nil {
		return nil, err
	}
	// MERGE matches every source row against the table: the source is held whole.
	if m.srcTasks, err = rowiter.CollectTasks(ctx, srcIters); err != nil {
		return nil, err
	}
	materialize := time.Since(srcStart)
	for ti, rows := range m.srcTasks {
		for _, r := range rows {
			m.srcRows = append(m.srcRows, r)
			m.srcTaskOf = append(m.srcTaskOf, ti)
		}
	}
	tf, err := readTableFiles(ctx, snap)
	if err != nil {
		return nil, err
	}
	if evolved != nil {
		tf.widen(len(evolved.Fields))
	}

	scanStart := time.Now()
	matches, srcMatched, err := m.join(snap, tf)
	if err != nil {
		return nil, err
	}
	if len(m.matched) > 0 && !(len(m.matched) == 1 && m.matched[0].action == "delete" && m.matched[0].pred == nil) {
		for _, ms := range matches {
			for _, sm := range ms {
				if len(sm) > 1 {
					return nil, ErrMultipleSourceRowsMatch
				}
			}
		}
	}
	insertOnly := len(m.matched) == 0 && len(m.bySource) == 0
	matchedOnly := len(m.notMatch) == 0 && len(m.bySource) == 0
	var touched []delta.File
	if !insertOnly {
		for fi, f := range snap.Files {
			if len(m.bySource) > 0 {
				touched = append(touched, f)
				continue
			}
			hit := false
			for ri, sm := range matches[fi] {
				if len(sm) == 0 {
					continue
				}
				if !matchedOnly {
					hit = true
					break
				}
				// Only matched clauses: a file counts when a matched row meets a clause.
				for _, si := range sm {
					row := m.joined(tf.rows[f.Add.Path][ri], m.srcRows[si])
					for _, c := range m.matched {
						ok, err := isTrue(ec, c.pred, row)
						if err != nil {
							return nil, err
						}
						hit = hit || ok
					}
				}
				if hit {
					break
				}
			}
			if hit {
				touched = append(touched, f)
			}
		}
	}
	scanTime := time.Since(scanStart)
	if insertOnly {
		scanTime = 0
	}

	rewriteStart := time.Now()
	var tasks [][]sqltypes.Row
	// An insert-only MERGE writes no change files: the feed reads its adds as inserts.
	m.feed = delta.ChangeFeedEnabled(snap.Metadata) && !(insertOnly || len(touched) == 0 && len(m.notMatch) > 0)
	switch {
	case insertOnly || len(touched) == 0 && len(m.notMatch) > 0:
		tasks, err = m.insertsBySourceTask(srcMatched)
	case matchedOnly:
		tasks, err = m.rewriteByTargetTask(tf, touched, matches, s.DefaultParallelism(), s.shufflePartitions())
	default:
		tasks, err = m.rewriteSorted(snap, tf, touched, matches, srcMatched)
	}
	if err != nil {
		return nil, err
	}
	rewrite := time.Since(rewriteStart)

	clauseList := func(cs []*boundClause) string {
		out := make([]delta.MergeClause, len(cs))
		for i, c := range cs {
			out[i] = delta.MergeClause{Predicate: c.text, Action: c.action}
		}
		return delta.MergeClauseList(out)
	}
	if len(touched) == 0 && !anyRows(tasks) && evolved == nil {
		return m, nil // Delta commits a merge only when it has actions
	}
	numSource := int64(len(m.srcRows))
	_, err = dt.table.CommitChange(ctx, snap, delta.Change{
		Operation: "MERGE",
		Parameters: []delta.KV{
			{Key: "predicate", Value: delta.PredicateList(text(m.cond))},
			{Key: "matchedPredicates", Value: clauseList(m.matched)},
			{Key: "notMatchedPredicates", Value: clauseList(m.notMatch)},
			{Key: "notMatchedBySourcePredicates", Value: clauseList(m.bySource)},
		},
		Remove:      touched,
		RemoveStats: delta.NumRecordsStats,
		Tasks:       toDeltaTasks(tasks),
		ChangeRows:  m.feed,
		Schema:      evolved,
		Now:         s.now(),
		TimeZone:    s.Conf().GetOr(ConfTimeZone, "UTC"),
		Metrics: func(f delta.ChangeFiles) []delta.KV {
			return []delta.KV{
				kvInt("numTargetRowsCopied", m.copied),
				kvInt("numTargetRowsDeleted", m.matchedDeleted+m.bySourceDeleted),
				kvInt("numTargetBytesRemoved", f.RemovedBytes),
				kvInt("numTargetDeletionVectorsAdded", 0),
				kvInt("numTargetRowsMatchedUpdated", m.matchedUpdated),
				kvInt("numTargetRowsMatchedDeleted", m.matchedDeleted),
				kvInt("numTargetRowsUpdated", m.matchedUpdated+m.bySourceUpdated),
				kvInt("numTargetChangeFilesAdded", int64(f.AddedChangeFiles)),
				kvInt("numTargetRowsNotMatchedBySourceDeleted", m.bySourceDeleted),
				kvMs("rewriteTimeMs", rewrite+f.WriteTime),
				kvInt("numTargetFilesAdded", int64(f.AddedFiles)),
				kvInt("numTargetBytesAdded", f.AddedBytes),
				kvMs("executionTimeMs", time.Since(start)),
				kvMs("materializeSourceTimeMs", materialize),
				kvInt("numTargetRowsInserted", m.inserted),
				kvInt("numTargetDeletionVectorsUpdated", 0),
				kvMs("scanTimeMs", scanTime),
				kvInt("numOutputRows", f.OutputRows),
				kvInt("numTargetDeletionVectorsRemoved", 0),
				kvInt("numTargetRowsNotMatchedBySourceUpdated", m.bySourceUpdated),
				kvInt("numSourceRows", numSource),
				kvInt("numTargetFilesRemoved", int64(f.RemovedFiles)),
			}
		},
	})
	return m, committedIsDone(err)
}

func qualifierAt(s *plan.Scope, i int) []string {
	if i < len(s.Qualifiers) {
		return s.Qualifiers[i]
	}
	return nil
}

// sourceRefParts names source column i so that it resolves to that column alone in the
// joined scope: qualified when the source has a qualifier.
func sourceRefParts(s *plan.Scope, i int) []string {
	return append(append([]string(nil), qualifierAt(s, i)...), s.Schema.Fields[i].Name)
}

func findColumn(st *sqltypes.StructType, name string, caseSensitive bool) int {
	for i, f := range st.Fields {
		if f.Name == name || !caseSensitive && strings.EqualFold(f.Name, name) {
			return i
		}
	}
	return -1
}

// join matches every target row with the source rows the condition pairs it with:
// matches[file][row] lists source row indices; srcMatched marks the source rows some
// target row matched.
func (m *mergeRun) join(snap *delta.Snapshot, tf *tableFiles) ([][][]int, []bool, error) {
	byKey := map[string][]int{}
	if len(m.tKeys) > 0 {
		for si, sr := range m.srcRows {
			_, k, err := m.keyOf(m.sKeys, m.joined(nil, sr))
			if err != nil {
				return nil, nil, err
			}
			if k != "" {
				byKey[k] = append(byKey[k], si)
			}
		}
	}
	all := make([]int, len(m.srcRows))
	for i := range all {
		all[i] = i
	}
	srcMatched := make([]bool, len(m.srcRows))
	matches := make([][][]int, len(snap.Files))
	for fi, f := range snap.Files {
		rows := tf.rows[f.Add.Path]
		matches[fi] = make([][]int, len(rows))
		for ri, tr := range rows {
			cands := all
			if len(m.tKeys) > 0 {
				_, k, err := m.keyOf(m.tKeys, m.joined(tr, nil))
				if err != nil {
					return nil, nil, err
				}
				cands = byKey[k]
				if k == "" {
					cands = nil
				}
			}
			for _, si := range cands {
				ok, err := isTrue(m.ec, m.cond, m.joined(tr, m.srcRows[si]))
				if err != nil {
					return nil, nil, err
				}
				if ok {
					matches[fi][ri] = append(matches[fi][ri], si)
					srcMatched[si] = true
				}
			}
		}
	}
	return matches, srcMatched, nil
}

// insertRow applies the first WHEN NOT MATCHED clause that holds for source row sr; ok is
// false when none does.
func (m *mergeRun) insertRow(sr sqltypes.Row) (sqltypes.Row, bool, error) {
	row := m.joined(nil, sr)
	for _, c := range m.notMatch {
		ok, err := isTrue(m.ec, c.pred, row)
		if err != nil || !ok {
			if err != nil {
				return nil, false, err
			}
			continue
		}
		out, err := apply(m.ec, m.schema, nil, c.assign, row)
		if err != nil {
			return nil, false, err
		}
		m.inserted++
		return out, true, nil
	}
	return nil, false, nil
}

// targetRow is what becomes of target row tr: matched by source row si (-1 when
// unmatched). keep is false when a clause deletes it.
func (m *mergeRun) targetRow(tr sqltypes.Row, si int) (sqltypes.Row, bool, error) {
	clauses := m.bySource
	var sr sqltypes.Row
	if si >= 0 {
		clauses, sr = m.matched, m.srcRows[si]
	}
	row := m.joined(tr, sr)
	for _, c := range clauses {
		ok, err := isTrue(m.ec, c.pred, row)
		if err != nil {
			return nil, false, err
		}
		if !ok {
			continue
		}
		switch {
		case c.action == "delete" && si >= 0:
			m.matchedDeleted++
		case c.action == "delete":
			m.bySourceDeleted++
		case si >= 0:
			m.matchedUpdated++
		default:
			m.bySourceUpdated++
		}
		m.last = c.action
		if c.action == "delete" {
			return nil, false, nil
		}
		out, err := apply(m.ec, m.schema, tr, c.assign, row)
		return out, err == nil, err
	}
	m.copied++
	m.last = "copy"
	return tr, true, nil
}

// targetRows is what the rewrite writes for target row tr (targetRow): with the change
// data feed on, as Delta's MERGE writes them, an updated row as its pre-image, post-image
// and new row, a deleted row as a delete change row, a copied row as itself.
func (m *mergeRun) targetRows(tr sqltypes.Row, si int) ([]sqltypes.Row, error) {
	out, keep, err := m.targetRow(tr, si)
	if err != nil {
		return nil, err
	}
	if !m.feed {
		if !keep {
			return nil, nil
		}
		return []sqltypes.Row{out}, nil
	}
	switch m.last {
	case "update":
		return []sqltypes.Row{withChange(tr, delta.ChangePreimage), withChange(out, delta.ChangePostimage), withChange(out, nil)}, nil
	case "delete":
		return []sqltypes.Row{withChange(tr, delta.ChangeDelete)}, nil
	}
	return []sqltypes.Row{withChange(out, nil)}, nil
}

// insertRows is insertRow in a rewrite: with the change data feed on, the insert as a
// change row and then as the new row.
func (m *mergeRun) insertRows(sr sqltypes.Row) ([]sqltypes.Row, error) {
	row, ok, err := m.insertRow(sr)
	if err != nil || !ok {
		return nil, err
	}
	if m.feed {
		return []sqltypes.Row{withChange(row, delta.ChangeInsert), withChange(row, nil)}, nil
	}
	return []sqltypes.Row{row}, nil
}

// insertsBySourceTask writes the inserts of the source rows nothing matched, each source
// task's into its own file.
func (m *mergeRun) insertsBySourceTask(srcMatched []bool) ([][]sqltypes.Row, error) {
	tasks := make([][]sqltypes.Row, len(m.srcTasks))
	for si, sr := range m.srcRows {
		if srcMatched[si] {
			continue
		}
		row, ok, err := m.insertRow(sr)
		if err != nil {
			return nil, err
		}
		if ok {
			tasks[m.srcTaskOf[si]] = append(tasks[m.srcTaskOf[si]], row)
		}
	}
	return tasks, nil
}

func (m *mergeRun) fileIndex(snap *delta.Snapshot) map[string]int {
	idx := make(map[string]int, len(snap.Files))
	for i, f := range snap.Files {
		idx[f.Add.Path] = i
	}
	return idx
}

// rewriteByTargetTask is the matched-only rewrite: one file per scan task of the touched
// files, its rows in shuffle partition order of their join keys.
func (m *mergeRun) rewriteByTargetTask(tf *tableFiles, touched []delta.File, matches [][][]int, parallelism, partitions int) ([][]sqltypes.Row, error) {
	idx := m.fileIndex(tf.snap)
	keyTypes := make([]sqltypes.DataType, len(m.tKeys)) // the join keys' types decide their partition
	for i, k := range m.tKeys {
		keyTypes[i] = k.DataType()
	}
	plan := delta.PlanScan(touched, parallelism)
	tasks := make([][]sqltypes.Row, len(plan))
	for ti, files := range plan {
		type keyed struct {
			part int
			row  sqltypes.Row
		}
		var rows []keyed
		for _, f := range files {
			fi := idx[f.Add.Path]
			for ri, tr := range tf.rows[f.Add.Path] {
				si := -1
				if ms := matches[fi][ri]; len(ms) > 0 {
					si = ms[0]
				}
				out, err := m.targetRows(tr, si)
				if err != nil {
					return nil, err
				}
				if len(out) == 0 {
					continue
				}
				part := 0
				if len(m.tKeys) > 0 {
					vals, _, err := m.keyOf(m.tKeys, m.joined(tr, nil))
					if err != nil {
						return nil, err
					}
					part = stateful.HashPartition(vals, keyTypes, partitions)
				}
				for _, r := range out {
					rows = append(rows, keyed{part, r})
				}
			}
		}
		sort.SliceStable(rows, func(i, j int) bool { return rows[i].part < rows[j].part })
		for _, r := range rows {
			tasks[ti] = append(tasks[ti], r.row)
		}
	}
	return tasks, nil
}

// rewriteSorted is the full outer join rewrite: one task, rows in join key order.
func (m *mergeRun) rewriteSorted(snap *delta.Snapshot, tf *tableFiles, touched []delta.File, matches [][][]int, srcMatched []bool) ([][]sqltypes.Row, error) {
	idx := m.fileIndex(snap)
	type entry struct {
		key   sqltypes.Row // nil: a NULL key
		group int          // within one key: 0 source-led rows, 1 unmatched target rows
		seq   int
		rows  []sqltypes.Row
	}
	var entries []entry
	seq := 0
	// Target rows, in scan order. A matched row is emitted where its source row is.
	bySource := map[int][]sqltypes.Row{}
	for _, task := range delta.PlanScan(touched, 1) {
		for _, f := range task {
			fi := idx[f.Add.Path]
			for ri, tr := range tf.rows[f.Add.Path] {
				si := -1
				if ms := matches[fi][ri]; len(ms) > 0 {
					si = ms[0]
				}
				out, err := m.targetRows(tr, si)
				if err != nil {
					return nil, err
				}
				if len(out) == 0 {
					continue
				}
				if si >= 0 {
					bySource[si] = append(bySource[si], out...)
					continue
				}
				key, _, err := m.keyOf(m.tKeys, m.joined(tr, nil))
				if err != nil {
					return nil, err
				}
				entries = append(entries, entry{key: nullableKey(key), group: 1, seq: seq, rows: out})
				seq++
			}
		}
	}
	for si, sr := range m.srcRows {
		key, _, err := m.keyOf(m.sKeys, m.joined(nil, sr))
		if err != nil {
			return nil, err
		}
		e := entry{key: nullableKey(key), group: 0, seq: seq}
		seq++
		if srcMatched[si] {
			e.rows = bySource[si]
		} else {
			rows, err := m.insertRows(sr)
			if err != nil {
				return nil, err
			}
			if len(rows) == 0 {
				continue
			}
			e.rows = rows
		}
		entries = append(entries, e)
	}
	types := make([]sqltypes.DataType, len(m.tKeys))
	for i, k := range m.tKeys {
		types[i] = k.DataType()
	}
	sort.SliceStable(entries, func(i, j int) bool {
		a, b := entries[i], entries[j]
		if (a.key == nil) != (b.key == nil) {
			return a.key == nil // NULL keys sort first
		}
		if a.key != nil {
			for k := range a.key {
				if c := sqltypes.CompareOrdered(a.key[k], b.key[k], types[k], false, true); c != 0 {
					return c < 0
				}
			}
		}
		if a.group != b.group {
			return a.group < b.group
		}
		return a.seq < b.seq
	})
	var out []sqltypes.Row
	for _, e := range entries {
		out = append(out, e.rows...)
	}
	return [][]sqltypes.Row{out}, nil
}

// nullableKey is nil for a key with a NULL part.
// hasStarClause reports whether a clause is updateAll or insertAll, the clauses through
// which MERGE evolves the table's schema.
func (mb *MergeBuilder) hasStarClause() bool {
	for _, c := range mb.clauses {
		if c.all {
			return true
		}
	}
	return false
}

// evolveSchema is the table's schema with the source's columns it lacks appended, in the
// source's order and nullable (Delta's MERGE schema evolution); nil when it lacks none.
func evolveSchema(table, source *sqltypes.StructType) *sqltypes.StructType {
	var extra []sqltypes.StructField
	for _, f := range source.Fields {
		if _, ok := table.FieldIndexFold(f.Name); !ok {
			f.Nullable = true
			extra = append(extra, f)
		}
	}
	if len(extra) == 0 {
		return nil
	}
	return &sqltypes.StructType{Fields: append(append([]sqltypes.StructField(nil), table.Fields...), extra...)}
}

func nullableKey(k sqltypes.Row) sqltypes.Row {
	for _, v := range k {
		if v == nil {
			return nil
		}
	}
	return k
}

func anyRows(tasks [][]sqltypes.Row) bool {
	for _, t := range tasks {
		if len(t) > 0 {
			return true
		}
	}
	return false
}
