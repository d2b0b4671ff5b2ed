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
