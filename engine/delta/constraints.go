package delta

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/kafkalab/kafkalab/engine/plan"
	"github.com/kafkalab/kafkalab/engine/rowiter"
	"github.com/kafkalab/kafkalab/engine/sparkerrors"
	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// constraintPrefix starts the configuration key of a CHECK constraint: delta-spark keeps
// each as delta.constraints.<name, lower-cased> = <its SQL text>.
const constraintPrefix = "delta.constraints."

// Constraint is one CHECK constraint of a table.
type Constraint struct {
	Name string // lower-cased, as the configuration key has it
	Expr string // the SQL text as ADD CONSTRAINT was given it
}

// CheckConstraints are the table's CHECK constraints, by name.
func CheckConstraints(md *Metadata) []Constraint {
	if md == nil {
		return nil
	}
	var out []Constraint
	for k, v := range md.Configuration {
		if len(k) > len(constraintPrefix) && strings.EqualFold(k[:len(constraintPrefix)], constraintPrefix) {
			out = append(out, Constraint{Name: strings.ToLower(k[len(constraintPrefix):]), Expr: v})
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// AddConstraint is ALTER TABLE t ADD CONSTRAINT name CHECK (expr) as delta-spark 4.4
// commits it: the rows already in the table must all meet expr (DELTA_NEW_CHECK_CONSTRAINT_VIOLATION
// names how many do not), then one ADD CONSTRAINT version whose metaData carries
// delta.constraints.<name> = expr and, on a table whose protocol lacks CHECK constraints, the
// protocol that adds them. table is the table as the learner named it, for messages.
func (t *Table) AddConstraint(ctx context.Context, table, name, expr string, now time.Time) (int64, error) {
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
	key := strings.ToLower(name)
	for _, c := range CheckConstraints(snap.Metadata) {
		if c.Name == key {
			return -1, sparkerrors.New(sparkerrors.AnalysisException, "DELTA_CONSTRAINT_ALREADY_EXISTS",
				"constraintName", key, "oldConstraint", c.Expr)
		}
	}
	check, err := compileCheck(Constraint{Name: key, Expr: expr}, snap.Schema, "")
	if err != nil {
		return -1, err
	}
	// The rows already there must meet the new constraint, as delta-spark counts them
	// before committing.
	var bad int64
	for _, f := range snap.Files {
		rows, err := snap.ReadFileRows(ctx, f)
		if err != nil {
			return -1, err
		}
		for _, r := range rows {
			if check(r) != nil {
				bad++
			}
		}
	}
	if bad > 0 {
		return -1, sparkerrors.New(sparkerrors.AnalysisException, "DELTA_NEW_CHECK_CONSTRAINT_VIOLATION",
			"numRows", fmt.Sprint(bad), "tableName", table, "checkConstraint", expr)
	}
	md := *snap.Metadata
	md.Configuration = make(map[string]string, len(snap.Metadata.Configuration)+1)
	for k, v := range snap.Metadata.Configuration {
		md.Configuration[k] = v
	}
	md.Configuration[constraintPrefix+key] = expr
	ci := constraintCommit(snap, "ADD CONSTRAINT", []KV{{Key: "name", Value: name}, {Key: "expr", Value: expr}}, now)
	// The existing rows were read to check them, so this is not a blind append.
	ci.IsBlindAppend = boolp(false)
	p := &pendingCommit{info: ci, metadata: &md, protocol: protocolWith(snap.Protocol, "checkConstraints", 3)}
	return t.commitMetadata(snap, p)
}

// DropConstraint is ALTER TABLE t DROP CONSTRAINT [IF EXISTS] name: one DROP CONSTRAINT
// version without the constraint's key. A constraint the table does not have is
// DELTA_CONSTRAINT_DOES_NOT_EXIST, or with IF EXISTS a version that changes nothing, as
// delta-spark commits one either way.
func (t *Table) DropConstraint(ctx context.Context, table, name string, ifExists bool, now time.Time) (int64, error) {
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
	key := strings.ToLower(name)
	md := *snap.Metadata
	md.Configuration = make(map[string]string, len(snap.Metadata.Configuration))
	var old *Constraint
	for k, v := range snap.Metadata.Configuration {
		if strings.EqualFold(k, constraintPrefix+key) {
			old = &Constraint{Name: key, Expr: v}
			continue
		}
		md.Configuration[k] = v
	}
	if old == nil && !ifExists {
		return -1, sparkerrors.New(sparkerrors.AnalysisException, "DELTA_CONSTRAINT_DOES_NOT_EXIST",
			"constraintName", key, "tableName", table,
			"config", "spark.databricks.delta.constraints.allowUnenforcedNotNull.enabled", "confValue", "true")
	}
	params := []KV{{Key: "name", Value: name}}
	if old != nil {
		params = append(params, KV{Key: "expr", Value: old.Expr})
	}
	params = append(params, KV{Key: "existed", Value: fmt.Sprint(old != nil)})
	ci := constraintCommit(snap, "DROP CONSTRAINT", params, now)
	return t.commitMetadata(snap, &pendingCommit{info: ci, metadata: &md})
}

// constraintCommit is the commitInfo of an ADD or DROP CONSTRAINT version.
func constraintCommit(snap *Snapshot, op string, params []KV, now time.Time) *CommitInfo {
	return &CommitInfo{
		Timestamp:           nowOr(now).UnixMilli(),
		Operation:           op,
		OperationParameters: params,
		ReadVersion:         int64p(snap.Version),
		IsolationLevel:      "Serializable",
		IsBlindAppend:       boolp(true),
		EngineInfo:          EngineInfo,
		TxnID:               newUUID(),
	}
}

// commitMetadata commits a metadata-only version after snap.
func (t *Table) commitMetadata(snap *Snapshot, p *pendingCommit) (int64, error) {
	v := snap.Version + 1
	if err := t.commit(v, p.lines()); err != nil {
		if errors.Is(err, ErrConcurrentCommit) {
			return -1, fmt.Errorf("delta table %s: %w", t.path, ErrConcurrentChange)
		}
		return -1, err
	}
	return v, t.afterCommit(snap, p)
}

// protocolWith is the protocol a table needs to use feature, a legacy feature of writer
// version minWriter: nil when cur already has it. A legacy protocol below minWriter moves
// up to minWriter, still legacy (a writer-2 table gets (1, 3) for CHECK constraints, as
// delta-spark 4.4 commits it: corpus dl45); a table-features protocol names the feature.
func protocolWith(cur *Protocol, feature string, minWriter int) *Protocol {
	if cur == nil {
		cur = &defaultProtocol
	}
	if cur.MinWriterVersion >= 7 {
		if slices.Contains(cur.WriterFeatures, feature) {
			return nil
		}
		p := *cur
		p.WriterFeatures = append(slices.Clone(cur.WriterFeatures), feature)
		return &p
	}
	if cur.MinWriterVersion >= minWriter {
		return nil
	}
	return &Protocol{MinReaderVersion: cur.MinReaderVersion, MinWriterVersion: minWriter}
}

// rowCheck fails for a row that breaks one of a table's invariants.
type rowCheck func(sqltypes.Row) error

// Invariants is the check every row written to a table with this metadata must pass, as
// delta-spark's writer enforces it: the CHECK constraints (a row whose expression is false or
// NULL breaks one), each generated column's value against its expression, and the schema's
// NOT NULL columns. tz is the session time zone the expressions see. nil when there is
// nothing to check.
func Invariants(md *Metadata, schema *sqltypes.StructType, tz string) (func(sqltypes.Row) error, error) {
	if schema == nil {
		return nil, nil
	}
	var checks []rowCheck
	cons := CheckConstraints(md)
	// delta-spark checks a generated column as a CHECK constraint named "Generated Column":
	// the value must be the expression's, NULLs alike.
	for _, f := range schema.Fields {
		if g := GenerationExpression(f); g != "" {
			cons = append(cons, Constraint{Name: "Generated Column", Expr: "(" + quoteIdent(f.Name) + " <=> " + g + ")"})
		}
	}
	for _, c := range cons {
		ck, err := compileCheck(c, schema, tz)
		if err != nil {
			return nil, err
		}
		checks = append(checks, ck)
	}
	checks = append(checks, notNullChecks(schema.Fields, "", func(r sqltypes.Row) sqltypes.Row { return r })...)
	if len(checks) == 0 {
		return nil, nil
	}
	return func(r sqltypes.Row) error {
		for _, ck := range checks {
			if err := ck(r); err != nil {
				return err
			}
		}
		return nil
	}, nil
}

// generationKey is the column metadata key holding a generated column's expression.
const generationKey = "delta.generationExpression"

// GenerationExpression is a generated column's SQL expression, "" for a plain column.
func GenerationExpression(f sqltypes.StructField) string {
	g, _ := f.Metadata[generationKey].(string)
	return g
}

// HasGeneratedColumns reports whether a schema has a generated column.
func HasGeneratedColumns(schema *sqltypes.StructType) bool {
	if schema == nil {
		return false
	}
	for _, f := range schema.Fields {
		if GenerationExpression(f) != "" {
			return true
		}
	}
	return false
}

// missingGenerated are the table's generated columns the data does not have, by index.
func missingGenerated(table, data *sqltypes.StructType) []int {
	var out []int
	for i, f := range table.Fields {
		if GenerationExpression(f) == "" {
			continue
		}
		if data == nil {
			continue
		}
		if _, ok := data.FieldIndexFold(f.Name); !ok {
			out = append(out, i)
		}
	}
	return out
}

func quoteIdent(name string) string {
	for _, r := range name {
		if !(r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9') {
			return "`" + strings.ReplaceAll(name, "`", "``") + "`"
		}
	}
	return name
}

// compileExpr resolves a SQL expression over the table's columns, for rows in table order.
func compileExpr(text string, schema *sqltypes.StructType, tz string) (plan.Bound, *plan.EvalContext, error) {
	e, err := plan.ParseExpression(text)
	if err != nil {
		return nil, nil, err
	}
	loc, err := plan.LoadZone(cmp.Or(tz, "UTC"))
	if err != nil {
		return nil, nil, err
	}
	zone := func() (*time.Location, string) { return loc, cmp.Or(tz, "UTC") }
	b, err := plan.Resolve(e, &plan.Scope{Schema: schema, Settings: plan.Settings{Zone: zone}})
	if err != nil {
		return nil, nil, err
	}
	ec, err := plan.NewEvalContext(tz, false, time.Now())
	if err != nil {
		return nil, nil, err
	}
	return b, ec, nil
}

// generatedFill computes the generated columns the data leaves out (missing, by index in
// schema) in a row already in table order.
func generatedFill(schema *sqltypes.StructType, missing []int, tz string) (func(sqltypes.Row) error, error) {
	type gen struct {
		i int
		b plan.Bound
	}
	var gens []gen
	var ec *plan.EvalContext
	for _, i := range missing {
		f := schema.Fields[i]
		b, c, err := compileExpr(GenerationExpression(f), schema, tz)
		if err != nil {
			return nil, fmt.Errorf("generated column %s (%s): %w", f.Name, GenerationExpression(f), err)
		}
		if !sqltypes.EqualTypes(b.DataType(), f.Type, true) {
			// The table builder refuses such a column; a table written elsewhere may have one.
			if b, c, err = compileExpr("CAST(("+GenerationExpression(f)+") AS "+f.Type.SQL()+")", schema, tz); err != nil {
				return nil, fmt.Errorf("generated column %s (%s): %w", f.Name, GenerationExpression(f), err)
			}
		}
		gens, ec = append(gens, gen{i, b}), c
	}
	return func(r sqltypes.Row) error {
		for _, g := range gens {
			v, err := g.b.Eval(ec, r)
			if err != nil {
				return err
			}
			r[g.i] = v
		}
		return nil
	}, nil
}

// notNullChecks are the NOT NULL checks of fields (nested structs' fields within a
// non-null parent), each naming its column by its dotted path.
func notNullChecks(fields []sqltypes.StructField, prefix string, get func(sqltypes.Row) sqltypes.Row) []rowCheck {
	var out []rowCheck
	for i, f := range fields {
		i, name := i, prefix+f.Name
		if !f.Nullable {
			out = append(out, func(r sqltypes.Row) error {
				row := get(r)
				if row != nil && i < len(row) && row[i] == nil {
					return invariantError(sparkerrors.New(sparkerrors.SparkRuntimeException, "DELTA_NOT_NULL_CONSTRAINT_VIOLATED", "columnName", name))
				}
				return nil
			})
		}
		if st, ok := f.Type.(*sqltypes.StructType); ok {
			out = append(out, notNullChecks(st.Fields, name+".", func(r sqltypes.Row) sqltypes.Row {
				row := get(r)
				if row == nil || i >= len(row) {
					return nil
				}
				inner, _ := row[i].(sqltypes.Row)
				return inner
			})...)
		}
	}
	return out
}

// compileCheck makes a CHECK constraint's row check over the table's columns.
func compileCheck(c Constraint, schema *sqltypes.StructType, tz string) (rowCheck, error) {
	b, ec, err := compileExpr(c.Expr, schema, tz)
	if err != nil {
		return nil, fmt.Errorf("CHECK constraint %s (%s): %w", c.Name, c.Expr, err)
	}
	switch b.DataType().(type) {
	case sqltypes.BooleanType, sqltypes.NullType:
	default:
		return nil, sparkerrors.New(sparkerrors.AnalysisException, "DELTA_NON_BOOLEAN_CHECK_CONSTRAINT",
			"name", c.Name, "expr", c.Expr)
	}
	// The message lists the columns the expression reads, by name, sorted.
	read := map[int]bool{}
	var refs []int
	if plan.ReadColumns(read, b) {
		for i := range read {
			refs = append(refs, i)
		}
	}
	sort.Slice(refs, func(a, b int) bool { return schema.Fields[refs[a]].Name < schema.Fields[refs[b]].Name })
	sql := b.SQL()
	return func(r sqltypes.Row) error {
		v, err := b.Eval(ec, r)
		if err != nil {
			return err
		}
		if v == true {
			return nil
		}
		var lines []string
		for _, i := range refs {
			lines = append(lines, fmt.Sprintf(" - %s : %s", schema.Fields[i].Name, scalaString(r[i])))
		}
		return invariantError(sparkerrors.New(sparkerrors.SparkRuntimeException, "DELTA_VIOLATE_CONSTRAINT_WITH_VALUES",
			"constraintName", c.Name, "expression", sql, "values", strings.Join(lines, "\n")))
	}, nil
}

// scalaString is a value as the JVM's toString prints it in the violation message.
func scalaString(v any) string {
	if v == nil {
		return "null"
	}
	return fmt.Sprint(v)
}

// invariantError is a violation as PySpark shows it: delta-spark throws a
// DeltaInvariantViolationException from the write, which PySpark does not capture into
// one of its classes, so the learner gets a Py4JJavaError whose text names the condition.
func invariantError(e *sparkerrors.Error) error {
	return &InvariantViolation{Err: &sparkerrors.Error{Kind: sparkerrors.Py4JJavaError, Message: fmt.Sprintf(
		"org.apache.spark.sql.delta.schema.DeltaInvariantViolationException: [%s] %s SQLSTATE: %s",
		e.Class, e.Message, sparkerrors.SQLState(e.Class))}}
}

// InvariantViolation is a row that broke a table's NOT NULL or CHECK constraint. It fails
// the write's task after the task opened its data file: delta-spark's commit protocol
// does not delete a failed task's file, so the file stays in the folder, in no version.
type InvariantViolation struct{ Err *sparkerrors.Error }

func (v *InvariantViolation) Error() string { return v.Err.Message }
func (v *InvariantViolation) Unwrap() error { return v.Err }

// isViolation reports whether err is a row that broke an invariant.
func isViolation(err error) bool {
	var v *InvariantViolation
	return errors.As(err, &v)
}

// guardTasks makes each task's rows pass the table's invariants on their way to the data
// files: rows are put in table order by align (nil: they are), the generated columns the
// data (its schema; nil: the table's) leaves out are computed, and every row is checked, so
// the caller passes no align of its own afterwards. A violation fails the task, and the
// write commits nothing, as a failed Spark job does. It returns the align the writer still
// has to apply: align itself when there is nothing to do.
func guardTasks(tasks []Task, md *Metadata, schema, data *sqltypes.StructType, align func(sqltypes.Row) sqltypes.Row, tz string) (func(sqltypes.Row) sqltypes.Row, error) {
	check, err := Invariants(md, schema, tz)
	if err != nil {
		return nil, err
	}
	var fill func(sqltypes.Row) error
	if missing := missingGenerated(schema, data); len(missing) > 0 {
		if fill, err = generatedFill(schema, missing, tz); err != nil {
			return nil, err
		}
	}
	if check == nil && fill == nil {
		return align, nil
	}
	for i := range tasks {
		if tasks[i].Rows == nil {
			continue
		}
		tasks[i].Rows = rowiter.Map(tasks[i].Rows, func(_ context.Context, rows []sqltypes.Row) ([]sqltypes.Row, error) {
			out := rows
			if align != nil {
				out = make([]sqltypes.Row, len(rows))
				for j, r := range rows {
					out[j] = align(r)
				}
			}
			for _, r := range out {
				if fill != nil {
					if err := fill(r); err != nil {
						return nil, err
					}
				}
				if check != nil {
					if err := check(r); err != nil {
						return nil, err
					}
				}
			}
			return out, nil
		})
	}
	return nil, nil
}
