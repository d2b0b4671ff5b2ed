package stateful

import (
	"encoding/binary"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kafkalab/kafkalab/engine/plan"
	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// Lesson 17's checkout events, all read in one batch: orders (order_id, amount,
// order_time) and payments (paid_order_id, paid_amount, paid_time), each side with a
// watermark of 10 minutes; a payment counts from its order's time to 15 minutes after.
const paidWithin15 = "paid_order_id = order_id AND paid_time BETWEEN order_time AND order_time + interval 15 minutes"

func newCheckoutRun(t *testing.T) *joinRun {
	schema := func(id, amount, ts string) *plan.Scope {
		return &plan.Scope{Schema: &sqltypes.StructType{Fields: []sqltypes.StructField{
			{Name: id, Type: sqltypes.Integer, Nullable: true},
			{Name: amount, Type: sqltypes.DecimalType{Precision: 10, Scale: 2}, Nullable: true},
			{Name: ts, Type: sqltypes.TimestampT, Nullable: true}}}}
	}
	return &joinRun{t: t, dir: t.TempDir(), delayL: 10 * 60000, delay: 10 * 60000, timeCol: 2, ltime: "order_time", rtime: "paid_time",
		left:  &plan.StreamScan{Scope: schema("order_id", "amount", "order_time"), Name: "orders"},
		right: &plan.StreamScan{Scope: schema("paid_order_id", "paid_amount", "paid_time"), Name: "payments"}}
}

func money(cents int64) sqltypes.Decimal { return sqltypes.NewDecimal(cents, 2) }

func checkoutOrders() []sqltypes.Row {
	return []sqltypes.Row{
		{int32(2001), money(3000), at("10:00")}, {int32(2002), money(1250), at("10:05")},
		{int32(2003), money(4800), at("10:10")}, {int32(2004), money(2000), at("11:00")}}
}

func checkoutPayments() []sqltypes.Row {
	return []sqltypes.Row{
		{int32(2001), money(3000), at("10:03")}, {int32(2003), money(4800), at("10:40")},
		{int32(2002), money(1250), at("10:12")}, {int32(2004), money(2000), at("11:05")}}
}

// selectFrom puts select(cols...) over the join, as the lesson's queries do.
func selectFrom(t *testing.T, op *StreamJoin, cols ...string) plan.Node {
	t.Helper()
	var exprs []plan.Expr
	for _, c := range cols {
		exprs = append(exprs, col(c))
	}
	p, err := plan.NewProject(op, exprs)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// valueColumns reads the value schema's column names from a store's schema file.
func valueColumns(t *testing.T, dir, store string) []string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(dir, "state", "0", "0", store, "_metadata", "schema"))
	if err != nil {
		t.Fatal(err)
	}
	utf := func() string {
		n := int(binary.BigEndian.Uint16(b))
		s := string(b[2 : 2+n])
		b = b[2+n:]
		return s
	}
	if v := utf(); v != "v2" {
		t.Fatalf("schema file version %q", v)
	}
	var schemas []string
	for range 2 {
		chunks := binary.BigEndian.Uint32(b)
		b = b[4:]
		js := ""
		for range chunks {
			js += utf()
		}
		schemas = append(schemas, js)
	}
	var value struct{ Fields []struct{ Name string } }
	if err := json.Unmarshal([]byte(schemas[1]), &value); err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, f := range value.Fields {
		names = append(names, f.Name)
	}
	return names
}

// The join keeps in its state only the columns something reads, as Spark's optimizer prunes
// the others below the join: the output's, the condition's and each side's event time.
func TestStreamJoinStateKeepsReadColumns(t *testing.T) {
	cases := []struct {
		name        string
		cond        string
		how         string
		cols        []string // the select over the join; nil: the join itself is the query
		left, right string
	}{
		{"the lesson's paid orders", paidWithin15, plan.JoinInner, []string{"order_id", "order_time", "amount", "paid_time"},
			"[order_id amount order_time matched]", "[paid_order_id paid_time matched]"},
		{"a left outer join", paidWithin15, plan.JoinLeft, []string{"order_id", "order_time", "amount", "paid_time"},
			"[order_id amount order_time matched]", "[paid_order_id paid_time matched]"},
		{"no event time in the output", "paid_order_id = order_id", plan.JoinInner, []string{"order_id", "amount"},
			"[order_id amount matched]", "[paid_order_id matched]"},
		{"an expression over both sides", paidWithin15, plan.JoinInner, []string{"order_id", "amount", "paid_amount"},
			"[order_id amount order_time matched]", "[paid_order_id paid_amount paid_time matched]"},
		{"every column", paidWithin15, plan.JoinInner, nil,
			"[order_id amount order_time matched]", "[paid_order_id paid_amount paid_time matched]"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			r := newCheckoutRun(t)
			op := r.newJoin(tc.how, tc.cond)
			var root plan.Node = op
			if tc.cols != nil {
				root = selectFrom(t, op, tc.cols...)
			}
			r.runPlan(root, checkoutOrders(), checkoutPayments())
			for _, side := range []struct{ store, want string }{{"left-keyWithIndexToValue", tc.left}, {"right-keyWithIndexToValue", tc.right}} {
				if got := fmt.Sprint(valueColumns(t, r.dir, side.store)); got != side.want {
					t.Errorf("%s value columns = %s, want %s", side.store, got, side.want)
				}
			}
			// The pruned state resumes: a restarted query joins the next batch with it.
			restarted := r.newJoin(tc.how, tc.cond)
			root = restarted
			if tc.cols != nil {
				root = selectFrom(t, restarted, tc.cols...)
			}
			out, _ := r.runPlan(root, nil, []sqltypes.Row{{int32(2004), money(2000), at("11:06")}})
			matched := 0
			for _, row := range out {
				if strings.HasPrefix(row, "[2004 ") {
					matched++
				}
			}
			if matched != 1 {
				t.Errorf("after a restart, a second payment of 2004 gave %v, want one match of 2004", out)
			}
		})
	}
}

// Spark counts as removed the rows its cleanup drops after the join's output: both sides of
// an inner or semi join, only the side an outer join does not preserve (a row an outer join
// gives up leaves the state uncounted). Checked on real PySpark 4.2. The no-data batch after all of lesson 17's events
// moves the watermark to 10:50: orders up to 10:35 and payments up to 10:50 leave.
func TestStreamJoinRemovedRows(t *testing.T) {
	cases := []struct {
		how     string
		removed int64
		emitted string
	}{
		{plan.JoinInner, 6, "[]"},
		{plan.JoinLeft, 3, fmt.Sprint([]string{fmt.Sprint(sqltypes.Row{int32(2003), money(4800), at("10:10"), nil, nil, nil})})},
		{plan.JoinRight, 3, fmt.Sprint([]string{fmt.Sprint(sqltypes.Row{nil, nil, nil, int32(2003), money(4800), at("10:40")})})},
		{plan.JoinFull, 0, fmt.Sprint([]string{fmt.Sprint(sqltypes.Row{int32(2003), money(4800), at("10:10"), nil, nil, nil}),
			fmt.Sprint(sqltypes.Row{nil, nil, nil, int32(2003), money(4800), at("10:40")})})},
	}
	for _, tc := range cases {
		t.Run(tc.how, func(t *testing.T) {
			r := newCheckoutRun(t)
			op := r.newJoin(tc.how, paidWithin15)
			if _, prog := r.run(op, checkoutOrders(), checkoutPayments()); prog.NumRowsRemoved != 0 || prog.NumRowsTotal != 8 {
				t.Errorf("batch 0: removed %d, total %d; want 0 and 8", prog.NumRowsRemoved, prog.NumRowsTotal)
			}
			out, prog := r.run(op, nil, nil)
			if fmt.Sprint(out) != tc.emitted {
				t.Errorf("batch 1 emitted %v, want %v", out, tc.emitted)
			}
			if prog.NumRowsRemoved != tc.removed || prog.NumRowsTotal != 2 {
				t.Errorf("batch 1: removed %d, total %d; want %d and 2", prog.NumRowsRemoved, prog.NumRowsTotal, tc.removed)
			}
		})
	}
}

// An order older than the state watermark but not late (its batch's watermark moved more
// than the 15 minutes of the range since the batch before) still goes into the state, as
// Spark keeps every left row, and leaves it in the same batch: a left or full outer join
// emits it with NULLs. A payment in the same position is kept only by a right or full
// outer join, which emits it.
func TestStreamJoinRowEvictedInItsOwnBatch(t *testing.T) {
	order := func(id int32, hhmm string) sqltypes.Row { return sqltypes.Row{id, money(100), at(hhmm)} }
	unmatchedB := fmt.Sprint(sqltypes.Row{int32(3), money(100), at("10:30"), nil, nil, nil})
	unmatchedQ := fmt.Sprint(sqltypes.Row{nil, nil, nil, int32(9), money(100), at("11:00")})
	cases := []struct {
		how              string
		emitted          []string
		updated, removed int64
	}{
		{plan.JoinInner, nil, 1, 3},
		{plan.JoinLeft, []string{unmatchedB}, 1, 1},
		{plan.JoinRight, []string{unmatchedQ}, 2, 2},
		{plan.JoinFull, []string{unmatchedB, unmatchedQ}, 2, 0},
	}
	for _, tc := range cases {
		t.Run(tc.how, func(t *testing.T) {
			r := newCheckoutRun(t)
			op := r.newJoin(tc.how, paidWithin15)
			r.run(op, []sqltypes.Row{order(1, "10:00")}, []sqltypes.Row{order(1, "10:05")})
			r.run(op, []sqltypes.Row{order(2, "12:00")}, []sqltypes.Row{order(2, "12:00")})
			// Watermark 11:50 (late rows: up to 09:50): orders up to 11:35 and payments up
			// to 11:50 leave.
			out, prog := r.run(op, []sqltypes.Row{order(3, "10:30")}, []sqltypes.Row{order(9, "11:00")})
			if fmt.Sprint(out) != fmt.Sprint(tc.emitted) {
				t.Errorf("emitted %v, want %v", out, tc.emitted)
			}
			if prog.NumRowsUpdated != tc.updated || prog.NumRowsRemoved != tc.removed || prog.NumRowsTotal != 2 {
				t.Errorf("updated %d, removed %d, total %d; want %d, %d, 2", prog.NumRowsUpdated, prog.NumRowsRemoved, prog.NumRowsTotal, tc.updated, tc.removed)
			}
		})
	}
}

// A left semi join emits an order that finds its payment already there and keeps nothing
// of it: the order can never be emitted again.
func TestStreamJoinLeftSemiKeepsNoMatchedOrder(t *testing.T) {
	r := newCheckoutRun(t)
	op := r.newJoin(plan.JoinSemi, paidWithin15)
	r.run(op, nil, []sqltypes.Row{{int32(1), money(100), at("10:05")}})
	out, prog := r.run(op, []sqltypes.Row{{int32(1), money(100), at("10:00")}}, nil)
	if want := fmt.Sprint([]string{fmt.Sprint(sqltypes.Row{int32(1), money(100), at("10:00")})}); fmt.Sprint(out) != want {
		t.Errorf("emitted %v, want %v", out, want)
	}
	if prog.NumRowsUpdated != 0 || prog.NumRowsTotal != 1 {
		t.Errorf("updated %d, total %d; want 0 and 1 (the payment)", prog.NumRowsUpdated, prog.NumRowsTotal)
	}
}
