package delta

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/kafkalab/kafkalab/engine/delta/sparkparquet"
	"github.com/kafkalab/kafkalab/engine/localfs"
	"github.com/kafkalab/kafkalab/engine/rowiter"
	"github.com/kafkalab/kafkalab/engine/sparkerrors"
	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// hiveDefaultPartition is the folder value of a null (or empty string) partition value.
const hiveDefaultPartition = "__HIVE_DEFAULT_PARTITION__"

// partitioning is how a partitioned table's rows map to data files: the partition columns'
// positions in the table schema, and the schema of the files, which hold the other columns
// (Delta keeps partition values in the log and the folder names, not in the files).
type partitioning struct {
	cols []string // as the table's schema names them, in partitionColumns order
	idx  []int
	data *sqltypes.StructType
}

// newPartitioning resolves partition column names against the table schema
// (case-insensitively, as Spark does by default). Nil for an unpartitioned table.
func newPartitioning(schema *sqltypes.StructType, cols []string) (*partitioning, error) {
	if len(cols) == 0 {
		return nil, nil
	}
	p := &partitioning{}
	isPart := map[int]bool{}
	for _, c := range cols {
		i, ok := schema.FieldIndexFold(c)
		if !ok {
			return nil, sparkerrors.New(sparkerrors.AnalysisException, "DELTA_PARTITION_COLUMN_NOT_FOUND",
				"columnName", c, "schemaMap", schemaFieldList(schema))
		}
		if isPart[i] {
			return nil, fmt.Errorf("delta write: partition column %s is named twice; name each partition column once", c)
		}
		isPart[i] = true
		p.cols = append(p.cols, schema.Fields[i].Name)
		p.idx = append(p.idx, i)
	}
	if len(p.idx) == len(schema.Fields) {
		return nil, sparkerrors.New(sparkerrors.AnalysisException, "DELTA_CANNOT_USE_ALL_COLUMNS_FOR_PARTITION")
	}
	p.data = &sqltypes.StructType{}
	for i, f := range schema.Fields {
		if !isPart[i] {
			p.data.Fields = append(p.data.Fields, f)
		}
	}
	return p, nil
}

// schemaFieldList lists a schema's column names, as Delta's partition-column errors do.
func schemaFieldList(st *sqltypes.StructType) string {
	names := make([]string, len(st.Fields))
	for i, f := range st.Fields {
		names[i] = f.Name
	}
	return strings.Join(names, ", ")
}

// values are a row's partition values as the log stores them: Spark's cast of the value to
// a string, "" for null (written as JSON null; an empty string is null too, as in Delta).
func (p *partitioning) values(r sqltypes.Row, schema *sqltypes.StructType, loc *time.Location) (map[string]string, error) {
	out := make(map[string]string, len(p.idx))
	for k, i := range p.idx {
		v := ""
		if i < len(r) && r[i] != nil {
			s, err := sqltypes.Cast(r[i], schema.Fields[i].Type, sqltypes.String, loc)
			if err != nil {
				return nil, fmt.Errorf("partition column %s: %w", p.cols[k], err)
			}
			v, _ = s.(string)
		}
		out[p.cols[k]] = v
	}
	return out, nil
}

// dir is the col=value/... folder of a file with the given partition values, escaped as
// Spark escapes partition folder names.
func (p *partitioning) dir(vals map[string]string) string {
	segs := make([]string, len(p.cols))
	for k, c := range p.cols {
		v := hiveDefaultPartition
		if s := vals[c]; s != "" {
			v = localfs.EscapePathName(s)
		}
		segs[k] = localfs.EscapePathName(c) + "=" + v
	}
	return strings.Join(segs, "/")
}

// dataRow drops the partition columns from a table row.
func (p *partitioning) dataRow(r sqltypes.Row) sqltypes.Row {
	out := make(sqltypes.Row, 0, len(p.data.Fields))
	for i, v := range r {
		if !p.isPart(i) {
			out = append(out, v)
		}
	}
	return out
}

func (p *partitioning) isPart(i int) bool {
	for _, j := range p.idx {
		if j == i {
			return true
		}
	}
	return false
}

// tableRow puts a file's row and its partition values back into table column order; a
// value that does not cast to the column's type reads as null (Delta's non-ANSI cast).
func (p *partitioning) tableRow(data sqltypes.Row, vals []any, width int) sqltypes.Row {
	out := make(sqltypes.Row, width)
	d := 0
	for i := 0; i < width; i++ {
		if k := p.indexOf(i); k >= 0 {
			out[i] = vals[k]
			continue
		}
		if d < len(data) {
			out[i] = data[d]
		}
		d++
	}
	return out
}

func (p *partitioning) indexOf(i int) int {
	for k, j := range p.idx {
		if j == i {
			return k
		}
	}
	return -1
}

// typedValues parses a file's partition values into the columns' types.
func (p *partitioning) typedValues(schema *sqltypes.StructType, pv map[string]string) []any {
	out := make([]any, len(p.idx))
	for k, i := range p.idx {
		raw, ok := pv[p.cols[k]]
		if !ok {
			// The log may spell the column in another case.
			for name, v := range pv {
				if strings.EqualFold(name, p.cols[k]) {
					raw, ok = v, true
					break
				}
			}
		}
		if !ok || raw == "" {
			continue
		}
		out[k], _ = sqltypes.Cast(raw, sqltypes.String, schema.Fields[i].Type, time.UTC)
	}
	return out
}

// writePartitionedFiles writes each task's rows as Delta's partitioned writer does: the
// task's rows sorted by the partition values (stable, nulls first), one file per value in
// its col=value/ folder holding the other columns, stats over those columns only. Tasks
// without rows write nothing, task 0 included (Spark's dynamic partition writer opens no
// file for no rows).
func (t *Table) writePartitionedFiles(ctx context.Context, schema *sqltypes.StructType, p *partitioning, tasks []Task, align func(sqltypes.Row) sqltypes.Row, loc *time.Location) (filesResult, error) {
	var res filesResult
	var written []string
	fail := func(err error) (filesResult, error) {
		for _, name := range written {
			os.Remove(name)
		}
		return filesResult{}, err
	}
	for ti, tk := range tasks {
		if tk.Rows == nil {
			continue
		}
		rows, err := rowiter.Collect(ctx, tk.Rows)
		tasks[ti].Rows = nil
		if err != nil {
			return fail(fmt.Errorf("delta table %s task %d: %w", t.path, tk.ID, err))
		}
		if align != nil {
			for i, r := range rows {
				rows[i] = align(r)
			}
		}
		sort.SliceStable(rows, func(a, b int) bool {
			for _, i := range p.idx {
				if c := sqltypes.Compare(rows[a][i], rows[b][i], schema.Fields[i].Type); c != 0 {
					return c < 0
				}
			}
			return false
		})
		for start := 0; start < len(rows); {
			end := start + 1
			for end < len(rows) && p.same(schema, rows[start], rows[end]) {
				end++
			}
			vals, err := p.values(rows[start], schema, loc)
			if err != nil {
				return fail(fmt.Errorf("delta table %s: %w", t.path, err))
			}
			rel := p.dir(vals) + "/" + fmt.Sprintf("part-%05d-%s.c000.snappy.parquet", tk.ID, newUUID())
			full := filepath.Join(t.path, filepath.FromSlash(rel))
			if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
				return fail(fmt.Errorf("delta table %s: %w", t.path, err))
			}
			data := make([]sqltypes.Row, end-start)
			for i, r := range rows[start:end] {
				data[i] = p.dataRow(r)
			}
			stats := newStatsCollector(p.data)
			stats.add(data)
			size, err := sparkparquet.WriteFile(full, p.data, data, nil)
			if err != nil {
				return fail(fmt.Errorf("delta table %s task %d: %w", t.path, tk.ID, err))
			}
			written = append(written, full)
			st, err := os.Stat(full)
			if err != nil {
				return fail(fmt.Errorf("delta table %s: %w", t.path, err))
			}
			res.adds = append(res.adds, AddFile{
				Path: encodePath(rel), PartitionValues: vals, Size: size,
				ModificationTime: modTimeMs(st), DataChange: true, Stats: stats.json(loc),
				partOrder: p.cols,
			})
			res.rows += int64(end - start)
			res.bytes += size
			res.written++
			start = end
		}
	}
	return res, nil
}

func (p *partitioning) same(schema *sqltypes.StructType, a, b sqltypes.Row) bool {
	for _, i := range p.idx {
		if sqltypes.Compare(a[i], b[i], schema.Fields[i].Type) != 0 {
			return false
		}
	}
	return true
}

// samePartitionColumns reports whether a write's partitionBy names the table's partition
// columns (case-insensitively, in order).
func samePartitionColumns(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if !strings.EqualFold(a[i], b[i]) {
			return false
		}
	}
	return true
}

// PartitionByParam is the partitionBy operation parameter: the JSON list of the names the
// write gave.
func PartitionByParam(cols []string) string {
	w := &jw{}
	w.arr()
	for _, c := range cols {
		w.str(c)
	}
	w.endArr()
	return w.String()
}

// PartitionIndexes are the positions of the table's partition columns in its schema (nil
// for an unpartitioned table).
func (s *Snapshot) PartitionIndexes() []int {
	if s.part == nil {
		return nil
	}
	return append([]int(nil), s.part.idx...)
}

// partitionKey identifies a file's partition by its values of the given columns.
func partitionKey(pv map[string]string, cols []string) string {
	var b strings.Builder
	for _, c := range cols {
		v, ok := pv[c]
		if !ok {
			for name, x := range pv {
				if strings.EqualFold(name, c) {
					v, ok = x, true
					break
				}
			}
		}
		if ok && v != "" {
			b.WriteString("v")
			b.WriteString(v)
		} else {
			b.WriteString("n") // null
		}
		b.WriteByte(0)
	}
	return b.String()
}
