package engine

import (
	"context"
	"fmt"
	"sort"

	"github.com/kafkalab/kafkalab/engine/plan"
	"github.com/kafkalab/kafkalab/engine/rowiter"
	"github.com/kafkalab/kafkalab/engine/sparkerrors"
	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// Crosstab is df.crosstab(col1, col2): a contingency table, built as Spark 4 builds it:
// grouped by col1 as a string ("null" for NULL) named col1_col2, pivoted on col2 as a
// string ("null" for NULL, backquotes removed; the values sorted, read when the method is
// called as a pivot's are), each cell the pair's count, 0 for a pair never seen.
func (df *DataFrame) Crosstab(ctx context.Context, col1, col2 string) (*DataFrame, error) {
	asText := func(name string) *Column {
		c := Col(name)
		return When(c.IsNull(), "null").Otherwise(c.Cast("string"))
	}
	key := asText(col1).Alias(col1 + "_" + col2)
	c2 := Col(col2)
	across := When(c2.IsNull(), "null").Otherwise(call("regexp_replace", c2.Cast("string"), Lit("`"), Lit("")))
	pivoted, err := df.GroupBy(key).Pivot(ctx, across, nil)
	if err != nil {
		return nil, fmt.Errorf("crosstab: %w", err)
	}
	counts, err := pivoted.Count()
	if err != nil {
		return nil, fmt.Errorf("crosstab: %w", err)
	}
	return counts.FillNA(int64(0), nil)
}

// localRelation is a DataFrame over rows the driver holds, as Spark's LocalRelation.
func (s *Session) localRelation(rows []sqltypes.Row, schema *sqltypes.StructType) *DataFrame {
	rel := &plan.Relation{Scope: s.newScope(schema, nil), Name: "LocalRelation", Rows: parallelize(rows, s.DefaultParallelism())}
	return s.newDF(rel)
}

// FreqItems is df.freqItems(cols, support): for each column, an array of the values that
// may occur in more than support of the rows (false positives allowed), found as Spark
// finds them, by Karp, Schenker and Papadimitriou's counting with 1/support counters per
// task, the tasks' counters then merged. NULL is a value like the others. The column of
// col is named col_freqItems, an array that holds NULL when col may.
func (df *DataFrame) FreqItems(ctx context.Context, cols []string, support float64) (*DataFrame, error) {
	if support < 1e-4 || support > 1 {
		return nil, &sparkerrors.Error{Kind: sparkerrors.IllegalArgumentException, Message: fmt.Sprintf(
			"requirement failed: Support must be in [1e-4, 1], but got %s.", sqltypes.JavaDoubleString(support))}
	}
	size := int(1 / support)
	selected, err := df.Select(toAnys(cols)...)
	if err != nil {
		return nil, fmt.Errorf("freqItems: %w", err)
	}
	tasks, err := selected.execute(ctx)
	if err != nil {
		return nil, fmt.Errorf("freqItems: %w", err)
	}
	byTask, err := rowiter.CollectTasks(ctx, tasks)
	if err != nil {
		return nil, fmt.Errorf("freqItems: %w", err)
	}
	types := selected.Schema().Fields
	merged := make([]*freqCounter, len(cols))
	for i := range merged {
		merged[i] = newFreqCounter(size, types[i].Type)
	}
	for _, rows := range byTask {
		for i := range cols {
			c := newFreqCounter(size, types[i].Type)
			for _, r := range rows {
				c.add(r[i], 1)
			}
			merged[i].merge(c)
		}
	}
	schema := &sqltypes.StructType{}
	row := make(sqltypes.Row, len(cols))
	for i, c := range cols {
		schema.Fields = append(schema.Fields, sqltypes.StructField{Name: c + "_freqItems",
			Type: sqltypes.ArrayType{Element: types[i].Type, ContainsNull: types[i].Nullable}})
		row[i] = merged[i].items()
	}
	// Spark computes it as an aggregate (not a local relation: isLocal() is false).
	rel := &plan.Relation{Scope: df.s.newScope(schema, nil), Name: "FrequentItems", Rows: [][]sqltypes.Row{{row}}}
	return df.s.newDF(rel), nil
}

// freqCounter is Spark's FreqItemCounter: at most size values with counts; a new value
// when full takes away the smallest count from every value (dropping the ones that reach
// 0) and stays with what remains of its own count, if anything.
type freqCounter struct {
	size   int
	typ    sqltypes.DataType
	keys   []string // in the order they came, for a stable answer
	values map[string]any
	counts map[string]int64
}

func newFreqCounter(size int, typ sqltypes.DataType) *freqCounter {
	return &freqCounter{size: size, typ: typ, values: map[string]any{}, counts: map[string]int64{}}
}

func (c *freqCounter) add(v any, n int64) {
	k := string(sqltypes.AppendKey(nil, v, c.typ))
	if _, ok := c.counts[k]; ok {
		c.counts[k] += n
		return
	}
	if len(c.counts) < c.size {
		c.put(k, v, n)
		return
	}
	least := int64(-1)
	for _, m := range c.counts {
		if least < 0 || m < least {
			least = m
		}
	}
	if n < least {
		for key := range c.counts {
			c.counts[key] -= n
		}
		return
	}
	c.put(k, v, n)
	for _, key := range c.keys {
		if c.counts[key] <= least {
			delete(c.counts, key)
			delete(c.values, key)
		} else {
			c.counts[key] -= least
		}
	}
	c.compact()
}

func (c *freqCounter) put(k string, v any, n int64) {
	c.keys = append(c.keys, k)
	c.values[k] = v
	c.counts[k] = n
}

// compact drops the order's keys that were removed.
func (c *freqCounter) compact() {
	keep := c.keys[:0]
	for _, k := range c.keys {
		if _, ok := c.counts[k]; ok {
			keep = append(keep, k)
		}
	}
	c.keys = keep
}

func (c *freqCounter) merge(o *freqCounter) {
	for _, k := range o.keys {
		c.add(o.values[k], o.counts[k])
	}
}

func (c *freqCounter) items() []any {
	out := make([]any, 0, len(c.keys))
	for _, k := range c.keys {
		out = append(out, c.values[k])
	}
	return out
}

// Transpose is df.transpose(indexColumn): the values of the index column (the first
// column when index is nil), NULLs left out, in ascending order and written as strings,
// name the new columns; each other column becomes a row, its name in the column "key"
// and its values, cast to the columns' least common type, under the index values of
// their rows. As Spark's analyzer does, the index values are read when the method is
// called.
func (df *DataFrame) Transpose(ctx context.Context, index any) (*DataFrame, error) {
	fields := df.Schema().Fields
	if len(fields) == 0 {
		return nil, fmt.Errorf("transpose: the DataFrame has no columns")
	}
	at := 0
	if index != nil {
		c := toColumn(index)
		if s, ok := index.(string); ok {
			c = Col(s)
		}
		if c.err != nil {
			return nil, c.err
		}
		b, err := plan.Resolve(c.expr, df.node.Output())
		if err != nil {
			return nil, err
		}
		i, ok := plan.ColumnIndex(b)
		if !ok || i >= len(fields) {
			return nil, fmt.Errorf("transpose: the index column must be a column of the DataFrame, not %s", b.SQL())
		}
		at = i
	}
	var values []any
	var names []string
	for i, f := range fields {
		if i != at {
			values = append(values, Col(backquoted(f.Name)))
			names = append(names, f.Name)
		}
	}
	valueType := sqltypes.DataType(sqltypes.String)
	if len(values) > 0 {
		common, err := df.Select(Coalesce(values...))
		if err != nil {
			return nil, fmt.Errorf("transpose: the columns other than the index have no common type: %w", err)
		}
		valueType = common.Schema().Fields[0].Type
	}
	idx := Col(backquoted(fields[at].Name))
	sel := []any{idx, idx.Cast("string")}
	for _, v := range values {
		sel = append(sel, v.(*Column).Cast(valueType.SQL()))
	}
	q, err := df.Select(sel...)
	if err != nil {
		return nil, fmt.Errorf("transpose: %w", err)
	}
	rows, err := q.Collect(ctx)
	if err != nil {
		return nil, fmt.Errorf("transpose: %w", err)
	}
	var kept []sqltypes.Row
	for _, r := range rows {
		if r[0] != nil {
			kept = append(kept, r)
		}
	}
	idxType := fields[at].Type
	sort.SliceStable(kept, func(i, j int) bool { return sqltypes.Compare(kept[i][0], kept[j][0], idxType) < 0 })
	schema := &sqltypes.StructType{Fields: []sqltypes.StructField{{Name: "key", Type: sqltypes.String}}}
	for _, r := range kept {
		schema.Fields = append(schema.Fields, sqltypes.StructField{Name: r[1].(string), Type: valueType, Nullable: true})
	}
	out := make([]sqltypes.Row, len(names))
	for v, name := range names {
		row := sqltypes.Row{name}
		for _, r := range kept {
			row = append(row, r[2+v])
		}
		out[v] = row
	}
	return df.s.localRelation(out, schema), nil
}
