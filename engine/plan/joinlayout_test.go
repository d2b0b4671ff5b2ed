package plan

import (
	"fmt"
	"testing"

	"github.com/kafkalab/kafkalab/engine/sqltypes"
	"github.com/kafkalab/kafkalab/engine/stream"
)

// A join's tasks follow Spark's physical plan: a broadcast join keeps the streamed side's
// tasks (the left side's, the right side's for a right outer join); a sort-merge join (both sides shuffled) gives the one partition adaptive
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
		// Broadcast, it streams the right side: the right side's tasks.
		{how: JoinRight, rightKnown: true, cond: "l.k = r.k", want: "[3]"},
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

// A right outer join with a small left side is Spark's broadcast join building the left
// side: the right rows come in their own order, each with the left rows it matches (in the
// left side's order) or NULLs (df.join(df2, "name", "right_outer") lists Tom before Bob).
func TestRightOuterJoinKeepsTheRightOrder(t *testing.T) {
	keys := sqltypes.MustParseDDL("k INT, v STRING").AsNullable()
	side := func(name string, tasks ...[]sqltypes.Row) Node {
		return NewSubqueryAlias(&Relation{Scope: &Scope{Schema: keys}, Name: name, Rows: tasks}, name)
	}
	left := side("l", []sqltypes.Row{{int32(1), "a"}, {int32(2), "b"}}, []sqltypes.Row{{int32(1), "c"}})
	right := side("r", []sqltypes.Row{{int32(9), "z"}, {int32(1), "x"}}, []sqltypes.Row{{nil, "n"}, {int32(2), "y"}})
	tests := []struct {
		cond string
		want string
	}{
		{cond: "l.k = r.k", want: "[[[<nil> <nil> 9 z] [1 a 1 x] [1 c 1 x]] [[<nil> <nil> <nil> n] [2 b 2 y]]]"},
		// No equal keys: every left row is tried against each right row, still in order.
		{cond: "l.k < r.k", want: "[[[1 a 9 z] [2 b 9 z] [1 c 9 z] [<nil> <nil> 1 x]] [[<nil> <nil> <nil> n] [1 a 2 y] [1 c 2 y]]]"},
	}
	for _, tc := range tests {
		t.Run(tc.cond, func(t *testing.T) {
			e, err := ParseExpression(tc.cond)
			if err != nil {
				t.Fatal(err)
			}
			j, err := NewJoinOn(left, right, e, JoinRight)
			if err != nil {
				t.Fatal(err)
			}
			tasks, err := execTasks(j, &Exec{Eval: evalCtx(t)})
			if err != nil {
				t.Fatal(err)
			}
			if got := fmt.Sprint(tasks); got != tc.want {
				t.Errorf("tasks %s, want %s", got, tc.want)
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

// In a micro-batch (no adaptive execution) a sort-merge join keeps one task per shuffle
// partition, each in key order with NULL keys first: Spark's order for a stream joined with
// a createDataFrame table (no size estimate). Keys 1 and 3 hash to partition 1 of 2, 2 and
// NULL to partition 0 (hash(1) = -559580957, hash(2) = 1765031574, hash(3) = -1823081949 on
// Spark).
func TestMicroBatchSortMergeJoinOrder(t *testing.T) {
	kv := sqltypes.MustParseDDL("k INT, v STRING").AsNullable()
	side := func(name string, tasks ...[]sqltypes.Row) Node {
		return NewSubqueryAlias(&Relation{Scope: &Scope{Schema: kv}, Name: name, Rows: tasks, SizeUnknown: true}, name)
	}
	streamed := [][]sqltypes.Row{{{int32(3), "c"}, {int32(1), "a"}}, {{int32(2), "b"}, {int32(1), "a2"}, {nil, "n"}}}
	static := [][]sqltypes.Row{{{int32(1), "x"}, {int32(3), "y"}, {int32(2), "z"}, {int32(3), "y2"}}}
	tests := []struct {
		name        string
		left, right [][]sqltypes.Row
		how, cond   string
		want        string
	}{
		{"left outer", streamed, static, JoinLeft, "l.k = r.k",
			"[[[<nil> n <nil> <nil>] [2 b 2 z]] [[1 a 1 x] [1 a2 1 x] [3 c 3 y] [3 c 3 y2]]]"},
		{"inner with a condition", streamed, static, JoinInner, "l.k = r.k AND r.v != 'y'",
			"[[[2 b 2 z]] [[1 a 1 x] [1 a2 1 x] [3 c 3 y2]]]"},
		{"anti", streamed, [][]sqltypes.Row{{{int32(3), "y"}}}, JoinAnti, "l.k = r.k",
			"[[[<nil> n] [2 b]] [[1 a] [1 a2]]]"},
		{"right outer streams the right side", static, streamed, JoinRight, "l.k = r.k",
			"[[[<nil> <nil> <nil> n] [2 z 2 b]] [[1 x 1 a] [1 x 1 a2] [3 y 3 c] [3 y2 3 c]]]"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			e, err := ParseExpression(tc.cond)
			if err != nil {
				t.Fatal(err)
			}
			j, err := NewJoinOn(side("l", tc.left...), side("r", tc.right...), e, tc.how)
			if err != nil {
				t.Fatal(err)
			}
			batch := &stream.BatchContext{Conf: map[string]string{"spark.sql.shuffle.partitions": "2"}}
			tasks, err := execTasks(j, &Exec{Eval: evalCtx(t), Batch: batch})
			if err != nil {
				t.Fatal(err)
			}
			if got := fmt.Sprint(tasks); got != tc.want {
				t.Errorf("tasks\n%s\nwant\n%s", got, tc.want)
			}
		})
	}
}

// A column taken from one side of a join (a.shop) names that side's column after the join,
// where the bare name is ambiguous: a.join(b, cond).select(a.shop, b.shop), also through a
// second join and in a semi join's output; a name neither side gave stays ambiguous.
func TestJoinedColumnFromADataFrame(t *testing.T) {
	schema := sqltypes.MustParseDDL("shop STRING, qty INT").AsNullable()
	rel := func(name string) Node { return &Relation{Scope: &Scope{Schema: schema}, Name: name} }
	a, b, c := rel("a"), rel("b"), rel("c")
	ab, err := NewJoinOn(a, b, nil, JoinInner)
	if err != nil {
		t.Fatal(err)
	}
	abc, err := NewJoinOn(ab, c, nil, JoinLeft)
	if err != nil {
		t.Fatal(err)
	}
	semi, err := NewJoinOn(a, b, nil, JoinSemi)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		over Node
		from Node
		want string // the bound column's index, or the error's condition
	}{
		{ab, a, "0"},
		{ab, b, "2"},
		{abc, a, "0"},
		{abc, b, "2"},
		{abc, c, "4"},
		{semi, a, "0"},
		{ab, nil, "AMBIGUOUS_REFERENCE"},
		{ab, c, "AMBIGUOUS_REFERENCE"},
	}
	for i, tc := range tests {
		b, err := Resolve(ColumnRef{Parts: []string{"shop"}, From: tc.from}, tc.over.Output())
		got := ""
		if err != nil {
			got = err.(*AnalysisError).Class
		} else {
			got = fmt.Sprint(b.(*boundRef).index)
		}
		if got != tc.want {
			t.Errorf("case %d: got %s, want %s", i, got, tc.want)
		}
	}
}
