package connect

import (
	"fmt"
	"strings"
	"testing"

	pb "github.com/kafkalab/kafkalab/engine/connect/sparkconnectpb"
)

// spark.sql(query, args) through Spark Connect: the client sends the values as literal
// expressions, named for :name markers or positional for ? markers.
func TestSQLParametersThroughConnect(t *testing.T) {
	ts := startServer(t)
	cases := []struct {
		name string
		sql  *pb.SQL
		want string
	}{
		{"named", &pb.SQL{Query: "SELECT :a + 1 AS x, :s AS s, ':a' AS t",
			NamedArguments: map[string]*pb.Expression{"a": lit(41), "s": lit("it's")}}, "[[42 it's :a]]"},
		{"positional", &pb.SQL{Query: "SELECT ? AS x, ? AS y",
			PosArguments: []*pb.Expression{lit("p"), lit(7)}}, "[[p 7]]"},
		{"none", &pb.SQL{Query: "SELECT 1 AS one"}, "[[1]]"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, rows := ts.collect(t, &pb.Relation{RelType: &pb.Relation_Sql{Sql: c.sql}})
			if got := fmt.Sprint(rows); got != c.want {
				t.Fatalf("rows %s, want %s", got, c.want)
			}
		})
	}
	_, _, err := ts.tryCollect(rctx(t), &pb.Relation{RelType: &pb.Relation_Sql{Sql: &pb.SQL{Query: "SELECT :missing",
		NamedArguments: map[string]*pb.Expression{"x": lit(1)}}}})
	if err == nil || !strings.Contains(err.Error(), "UNBOUND_SQL_PARAMETER") {
		t.Fatalf("an unbound marker: %v, want UNBOUND_SQL_PARAMETER", err)
	}
}

// df.sample, randomSplit's pieces and df.repartition(n, cols) as the client sends them.
func TestSampleAndRepartitionByExpression(t *testing.T) {
	ts := startServer(t)
	rng := &pb.Relation{RelType: &pb.Relation_Range{Range: &pb.Range{Start: ptr(int64(0)), End: 40, Step: 1, NumPartitions: ptr(int32(4))}}}
	count := func(r *pb.Relation) int {
		_, rows := ts.collect(t, r)
		return len(rows)
	}
	sample := func(lo, hi float64, sorted bool) *pb.Relation {
		return &pb.Relation{RelType: &pb.Relation_Sample{Sample: &pb.Sample{Input: rng, LowerBound: lo, UpperBound: hi,
			Seed: ptr(int64(42)), DeterministicOrder: sorted}}}
	}
	a, b := count(sample(0, 0.5, true)), count(sample(0.5, 1, true))
	if a+b != 40 || a == 0 || b == 0 {
		t.Fatalf("randomSplit's two pieces hold %d and %d rows, want 40 together", a, b)
	}
	if got := count(sample(0, 0.3, false)); got == 0 || got == 40 {
		t.Fatalf("sample(0.3) kept %d of 40 rows", got)
	}
	rep := &pb.Relation{RelType: &pb.Relation_RepartitionByExpression{RepartitionByExpression: &pb.RepartitionByExpression{
		Input: rng, PartitionExprs: []*pb.Expression{col("id")}, NumPartitions: ptr(int32(3))}}}
	parts := project(rep, fn("spark_partition_id"))
	_, rows := ts.collect(t, parts)
	seen := map[any]bool{}
	for _, r := range rows {
		seen[r[0]] = true
	}
	if len(rows) != 40 || len(seen) < 2 {
		t.Fatalf("repartition(3, id) gave %d rows over partitions %v", len(rows), seen)
	}
}
