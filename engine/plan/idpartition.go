package plan

import (
	"context"
	"fmt"

	"github.com/kafkalab/kafkalab/engine/rowiter"
	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// IDRepartition is repartitionById(n, col): each row goes to task pmod(col, n), a NULL
// to task 0, as PySpark 4.1's documentation says; a task's rows come in the order of the
// input tasks.
type IDRepartition struct {
	Child Node
	ID    Bound
	N     int
}

// NewIDRepartition resolves the partition id expression, which must be of an integer
// type, over child's output.
func NewIDRepartition(child Node, id Expr, n int) (*IDRepartition, error) {
	r := &resolver{scope: childScope(child)}
	b, err := r.resolve(id)
	if err != nil {
		return nil, err
	}
	switch b.DataType().(type) {
	case sqltypes.ByteType, sqltypes.ShortType, sqltypes.IntegerType, sqltypes.LongType:
	default:
		return nil, fmt.Errorf("repartitionById: the partition id %s is %s, not an integer type", b.SQL(), b.DataType().SQL())
	}
	return &IDRepartition{Child: child, ID: b, N: n}, nil
}

func (r *IDRepartition) Output() *Scope   { return r.Child.Output() }
func (r *IDRepartition) Children() []Node { return []Node{r.Child} }
func (r *IDRepartition) Describe() string { return fmt.Sprintf("RepartitionById %d", r.N) }

func (r *IDRepartition) Execute(ctx context.Context, ex *Exec) ([]rowiter.Iter, error) {
	in, err := collectChild(ctx, r.Child, ex)
	if err != nil {
		return nil, err
	}
	out := make([][]sqltypes.Row, r.N)
	for t, rows := range in {
		ec := ex.Eval.ForTask(t)
		for _, row := range rows {
			v, err := r.ID.Eval(ec, row)
			if err != nil {
				return nil, err
			}
			p := 0
			if v != nil {
				id := toInt64(v)
				p = int(((id % int64(r.N)) + int64(r.N)) % int64(r.N))
			}
			out[p] = append(out[p], row)
		}
	}
	return rowiter.Tasks(out, ex.chunkRows()), nil
}

// ZipWithIndex is df.zipWithIndex(name): the rows with a BIGINT column appended that
// counts them from 0, task by task, as RDD.zipWithIndex numbers them.
type ZipWithIndex struct {
	Child Node
	scope *Scope
}

// NewZipWithIndex appends the column name (NOT NULL) to child's output.
func NewZipWithIndex(child Node, name string) *ZipWithIndex {
	in := child.Output()
	schema := &sqltypes.StructType{Fields: append(append([]sqltypes.StructField{}, in.Schema.Fields...),
		sqltypes.StructField{Name: name, Type: sqltypes.Long})}
	sc := in.derive(schema)
	sc.Qualifiers = append([][]string{}, in.Qualifiers...)
	return &ZipWithIndex{Child: child, scope: sc}
}

func (z *ZipWithIndex) Output() *Scope   { return z.scope }
func (z *ZipWithIndex) Children() []Node { return []Node{z.Child} }
func (z *ZipWithIndex) Describe() string { return "ZipWithIndex" }

func (z *ZipWithIndex) Execute(ctx context.Context, ex *Exec) ([]rowiter.Iter, error) {
	in, err := collectChild(ctx, z.Child, ex)
	if err != nil {
		return nil, err
	}
	out := make([][]sqltypes.Row, len(in))
	next := int64(0)
	for t, rows := range in {
		out[t] = make([]sqltypes.Row, len(rows))
		for i, row := range rows {
			r := make(sqltypes.Row, len(row)+1)
			copy(r, row)
			r[len(row)] = next
			next++
			out[t][i] = r
		}
	}
	return rowiter.Tasks(out, ex.chunkRows()), nil
}
