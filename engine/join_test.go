package engine

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/kafkalab/kafkalab/engine/plan"
	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

func TestJoins(t *testing.T) {
	ctx := context.Background()
	s := newTestSession(t)
	orders := must[*DataFrame](t)(s.CreateDataFrameDDL([]sqltypes.Row{
		{1001, "C01"}, {1002, "C02"}, {1003, "C09"},
	}, "order_id INT, customer_id STRING"))
	customers := must[*DataFrame](t)(s.CreateDataFrameDDL([]sqltypes.Row{
		{"C01", "Ada"}, {"C02", "Bo"}, {"C03", "Cy"},
	}, "customer_id STRING, name STRING"))
	tests := []struct {
		how, want string
	}{
		{"inner", "customer_id,order_id,name|C01,1001,Ada|C02,1002,Bo"},
		{"left", "customer_id,order_id,name|C01,1001,Ada|C02,1002,Bo|C09,1003,NULL"},
		{"right", "customer_id,order_id,name|C01,1001,Ada|C02,1002,Bo|C03,NULL,Cy"},
		{"full", "customer_id,order_id,name|C01,1001,Ada|C02,1002,Bo|C03,NULL,Cy|C09,1003,NULL"},
		{"left_semi", "customer_id,order_id|C01,1001|C02,1002"},
		{"left_anti", "customer_id,order_id|C09,1003"},
	}
	for _, tc := range tests {
		t.Run(tc.how, func(t *testing.T) {
			j := must[*DataFrame](t)(orders.Join(customers, "customer_id", tc.how))
			sorted := must[*DataFrame](t)(j.OrderBy("customer_id"))
			if got := flatten(t, sorted); got != tc.want {
				t.Fatalf("got  %s\nwant %s", got, tc.want)
			}
		})
	}
	// A condition over aliased sides keeps both key columns.
	o, c := orders.Alias("o"), customers.Alias("c")
	j := must[*DataFrame](t)(o.Join(c, Col("o.customer_id").EqualTo(Col("c.customer_id")), "inner"))
	sel := must[*DataFrame](t)(j.Select("o.order_id", "c.name"))
	sorted := must[*DataFrame](t)(sel.OrderBy("order_id"))
	if got := flatten(t, sorted); got != "order_id,name|1001,Ada|1002,Bo" {
		t.Fatalf("aliased join: %s", got)
	}
	if _, err := j.Select("customer_id"); err == nil || !strings.HasPrefix(err.Error(), "[AMBIGUOUS_REFERENCE] Reference `customer_id` is ambiguous") {
		t.Fatalf("ambiguous column: %v", err)
	}
	// x = x over unaliased sides compares the left's x with the right's, as Spark's join
	// resolves such a condition.
	same := must[*DataFrame](t)(orders.Join(customers, Col("customer_id").EqualTo(Col("customer_id")), "left"))
	sel = must[*DataFrame](t)(same.Select("order_id", "name"))
	if got := flatten(t, must[*DataFrame](t)(sel.OrderBy("order_id"))); got != "order_id,name|1001,Ada|1002,Bo|1003,NULL" {
		t.Fatalf("same-name condition: %s", got)
	}
	cross := must[*DataFrame](t)(orders.CrossJoin(customers))
	if n := must[int64](t)(cross.Count(ctx)); n != 9 {
		t.Fatalf("cross join %d rows", n)
	}
	if _, err := orders.Join(customers, "nope", "inner"); err == nil || !strings.HasPrefix(err.Error(), "[UNRESOLVED_USING_COLUMN_FOR_JOIN]") {
		t.Fatalf("bad using column: %v", err)
	}
	if _, err := orders.Join(customers, "customer_id", "sideways"); err == nil || !strings.HasPrefix(err.Error(), "[UNSUPPORTED_JOIN_TYPE]") {
		t.Fatalf("bad how: %v", err)
	}
	// A stream joined with static data is judged when its query starts, in Spark's words:
	// the outer joins that would keep the static side's unmatched rows fail then.
	raw := kafkaStream(t, s, "127.0.0.1:1")
	for _, tc := range []struct {
		left, right *DataFrame
		how, want   string
	}{
		{raw, customers, "full", "FullOuter joins with streaming DataFrames/Datasets on the left and a static DataFrame/Dataset on the right is not supported"},
		{raw, customers, "right", "RightOuter join with a streaming DataFrame/Dataset on the left and a static DataFrame/DataSet on the right not supported"},
		{customers, raw, "left", "LeftOuter join with a streaming DataFrame/Dataset on the right and a static DataFrame/Dataset on the left is not supported"},
		{customers, raw, "left_anti", "LeftAnti joins with a streaming DataFrame/Dataset on the right are not supported"},
		{raw, customers, "left", ""},
		{customers, raw, "inner", ""},
		{customers, raw, "right", ""},
	} {
		j := must[*DataFrame](t)(tc.left.Join(tc.right, Col("key").Cast("string").EqualTo(Col("customer_id")), tc.how))
		err := plan.CheckStreaming(j.node, "Append")
		if (tc.want == "") != (err == nil) || (err != nil && !strings.Contains(err.Error(), tc.want)) {
			t.Errorf("%s join, stream on the left %v: %v, want %q", tc.how, tc.left == raw, err, tc.want)
		}
	}
}

// flatten renders a DataFrame as "cols|row|row" with NULL for nulls.
func flatten(t *testing.T, df *DataFrame) string {
	t.Helper()
	rows := must[[]sqltypes.Row](t)(df.Collect(context.Background()))
	parts := []string{strings.Join(df.Columns(), ",")}
	for _, r := range rows {
		cells := make([]string, len(r))
		for i, v := range r {
			cells[i] = sqltypes.FormatValue(v, df.Schema().Fields[i].Type, nil)
		}
		parts = append(parts, strings.Join(cells, ","))
	}
	return strings.Join(parts, "|")
}

func TestStreamStaticJoin(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	bootstrap := startOrdersBroker(t)
	s := newTestSession(t)
	send(t, ctx, s, bootstrap, courseEvents)
	customers := must[*DataFrame](t)(s.CreateDataFrameDDL([]sqltypes.Row{{"C01", "Ada"}, {"C02", "Bo"}}, "customer_id STRING, name STRING"))
	raw := kafkaStream(t, s, bootstrap)
	events := must[*DataFrame](t)(raw.Select(FromJSON(Col("value").Cast("string"), readDDL, nil).Alias("e")))
	flat := must[*DataFrame](t)(events.Select("e.order_id", "e.customer_id"))
	enriched := must[*DataFrame](t)(flat.Join(customers, "customer_id", "left"))
	q := must[*StreamingQuery](t)(enriched.WriteStream().Format("memory").QueryName("enriched").Trigger(Trigger{AvailableNow: true}).Start(ctx))
	if err := q.AwaitTermination(ctx); err != nil {
		t.Fatal(err)
	}
	out := must[*DataFrame](t)(s.Table(ctx, "enriched"))
	sorted := must[*DataFrame](t)(out.OrderBy("order_id"))
	if got := flatten(t, sorted); got != "customer_id,order_id,name|C01,1001,Ada|C02,1002,Bo|C03,1003,NULL" {
		t.Fatalf("enriched: %s", got)
	}
}
