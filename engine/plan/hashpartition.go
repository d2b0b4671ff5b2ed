package plan

import (
	"context"
	"fmt"

	"github.com/kafkalab/kafkalab/engine/rowiter"
	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// HashRepartition is repartition(n, cols...): each row goes to task pmod(murmur3(keys, 42),
// N) as Spark's HashPartitioning sends it, the rows of a task in the order of the input
// tasks. Coalesced merges the N tasks into one afterwards, as adaptive execution does with
// a small shuffle whose partition count the user did not give (repartition(cols...)),
// in the order its reader fetches them: by input task, then by partition.
type HashRepartition struct {
	Child     Node
	Keys      []Bound
	N         int
	Coalesced bool
}

// NewHashRepartition resolves the partitioning expressions over child's output.
func NewHashRepartition(child Node, keys []Expr, n int, coalesced bool) (*HashRepartition, error) {
	r := &resolver{scope: childScope(child)}
	h := &HashRepartition{Child: child, N: n, Coalesced: coalesced}
	for _, k := range keys {
		b, err := r.resolve(k)
		if err != nil {
			return nil, err
		}
		h.Keys = append(h.Keys, b)
	}
	return h, nil
}

func (h *HashRepartition) Output() *Scope   { return h.Child.Output() }
func (h *HashRepartition) Children() []Node { return []Node{h.Child} }
func (h *HashRepartition) Describe() string { return fmt.Sprintf("RepartitionByExpression %d", h.N) }

func (h *HashRepartition) Execute(ctx context.Context, ex *Exec) ([]rowiter.Iter, error) {
	in, err := collectChild(ctx, h.Child, ex)
	if err != nil {
		return nil, err
	}
	out := make([][]sqltypes.Row, h.N)
	// byTask[t][p] are input task t's rows for task p: adaptive execution's coalesced
	// reader fetches the shuffle blocks map output by map output, so one coalesced task
	// holds input task 0's rows in partition order, then input task 1's, and so on.
	var byTask [][][]sqltypes.Row
	hasher := sparkHasher{}
	for t, rows := range in {
		ec := ex.Eval.ForTask(t)
		if h.Coalesced {
			byTask = append(byTask, make([][]sqltypes.Row, h.N))
		}
		for _, row := range rows {
			seed := uint64(42)
			for _, k := range h.Keys {
				v, err := k.Eval(ec, row)
				if err != nil {
					return nil, err
				}
				seed = hasher.hashValue(v, k.DataType(), seed)
			}
			p := int(int32(uint32(seed))) % h.N
			if p < 0 {
				p += h.N
			}
			if h.Coalesced {
				byTask[t][p] = append(byTask[t][p], row)
			} else {
				out[p] = append(out[p], row)
			}
		}
	}
	if h.Coalesced {
		var all []sqltypes.Row
		for _, parts := range byTask {
			for _, rows := range parts {
				all = append(all, rows...)
			}
		}
		out = [][]sqltypes.Row{all}
	}
	return rowiter.Tasks(out, ex.chunkRows()), nil
}
