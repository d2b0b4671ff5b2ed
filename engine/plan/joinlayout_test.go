package plan

import (
	"fmt"
	"testing"

	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// A join's tasks follow Spark's physical plan: a broadcast join keeps the streamed (left)
// side's tasks; a sort-merge join (both sides shuffled) gives the one partition adaptive
// execution coalesces a lab's data into.
func TestJoinLayoutFollowsSparksJoinStrategy(t *testing.T) {
	keys := sqltypes.MustParseDDL("k INT, v STRING").AsNullable()
	side := func(name string, unknown bool, tasks ...[]sqltypes.Row) Node {
		return NewSubqueryAlias(&Relation{Scope: &Scope{Schema: keys}, Name: name, Rows: tasks, SizeUnknown: unknown}, name)
	}
	leftRows := [][]sqltypes.Row{{{int32(1), "a"}, {int32(2), "b"}}, {{int32(3), "c"}}, {{int32(4), "d"}}}
	rightRows := [][]sqltypes.Row{{{int32(1), "x"}, {int32(3), "y"}, {int32(9), "z"}}}
	tests := []struct {
		how                     string
		leftUnknown, rightKnown bool
		cond                    string
		want                    string // rows per task
	}{
		// A Kafka batch joined with a small table: the table is broadcast.
		{how: JoinInner, leftUnknown: true, rightKnown: true, cond: "l.k = r.k", want: "[1 1 0]"},
		{how: JoinLeft, leftUnknown: true, rightKnown: true, cond: "l.k = r.k", want: "[2 1 1]"},
		// Two sides without a size estimate (a batch and its own aggregate): both shuffled.
		{how: JoinInner, leftUnknown: true, cond: "l.k = r.k", want: "[2]"},
		{how: JoinSemi, leftUnknown: true, cond: "l.k = r.k", want: "[2]"},
		{how: JoinAnti, leftUnknown: true, cond: "l.k = r.k", want: "[2]"},
		// A right outer join can broadcast only its left side.
		{how: JoinRight, leftUnknown: true, rightKnown: true, cond: "l.k = r.k", want: "[3]"},
		{how: JoinRight, rightKnown: true, cond: "l.k = r.k", want: "[1 1 0 1]"},
		// A full outer equi-join is never broadcast.
		{how: JoinFull, rightKnown: true, cond: "l.k = r.k", want: "[5]"},
		// Without equal keys there is no shuffle to join on.
		{how: JoinInner, leftUnknown: true, cond: "l.k < r.k", want: "[4 1 1]"},
	}
	for _, tc := range tests {
		t.Run(tc.how+" "+tc.cond+fmt.Sprintf(" %v/%v", tc.leftUnknown, !tc.rightKnown), func(t *testing.T) {
			e, err := ParseExpression(tc.cond)
			if err != nil {
				t.Fatal(err)
			}
			j, err := NewJoinOn(side("l", tc.leftUnknown, leftRows...), side("r", !tc.rightKnown, rightRows...), e, tc.how)
			if err != nil {
				t.Fatal(err)
			}
			tasks, err := execTasks(j, &Exec{Eval: evalCtx(t)})
			if err != nil {
				t.Fatal(err)
			}
			var sizes []int
			for _, rows := range tasks {
				sizes = append(sizes, len(rows))
			}
			if got := fmt.Sprint(sizes); got != tc.want {
				t.Errorf("rows per task %s, want %s", got, tc.want)
			}
		})
	}
}

func TestSizeUnknown(t *testing.T) {
	kafka := &Relation{Scope: &Scope{Schema: ordersSchema}, Name: "KafkaRelation", SizeUnknown: true}
	grouped, err := NewAggregate(kafka, []Expr{Col("status")}, []Expr{Call{Name: "count", Args: []Expr{Col("order_id")}}}, true)
	if err != nil {
		t.Fatal(err)
	}
	global, err := NewAggregate(kafka, nil, []Expr{Call{Name: "count", Args: []Expr{Col("order_id")}}}, false)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		n    Node
		want bool
	}{
		{kafka, true},
		{relation(), false},
		{&Filter{Child: kafka}, true},
		{grouped, true},
		{global, false},
		{&Limit{Child: kafka, N: 10}, false},
		{&StreamScan{Name: "kafka", SizeUnknown: true}, true},
		{&StreamScan{Name: "delta"}, false},
	} {
		if got := SizeUnknown(tc.n); got != tc.want {
			t.Errorf("SizeUnknown(%s) = %v, want %v", tc.n.Describe(), got, tc.want)
		}
	}
}
