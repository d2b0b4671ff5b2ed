package engine

import (
	"strings"
	"testing"

	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// Aggregation mistakes get Spark's conditions and wording.
func TestAggregationMistakeErrors(t *testing.T) {
	s := newTestSession(t)
	df := must[*DataFrame](t)(s.CreateDataFrameDDL([]sqltypes.Row{{int32(1), "alice", 12.5, true}}, "order_id int, customer string, amount double, paid boolean"))
	sum := func() *Column { return Sum(Col("amount")) }
	tests := []struct {
		name string
		run  func() error
		want string
	}{
		{"column next to an aggregate, no grouping", func() error {
			_, err := df.Select(Col("customer"), sum())
			return err
		}, "[MISSING_GROUP_BY] The query does not include a GROUP BY clause."},
		{"aggregate in withColumn", func() error {
			_, err := df.WithColumn("total", sum())
			return err
		}, "[MISSING_GROUP_BY]"},
		{"aggregate in a filter", func() error {
			_, err := df.Filter(sum().Gt(10))
			return err
		}, `[INVALID_WHERE_CONDITION] The WHERE condition "(sum(amount) > 10)" contains invalid expressions: sum(amount).`},
		{"group by an aggregate", func() error {
			_, err := df.GroupBy(sum()).Count()
			return err
		}, "[GROUP_BY_AGGREGATE] Aggregate functions are not allowed in GROUP BY, but found sum(amount)."},
		{"avg of booleans", func() error {
			_, err := df.Agg(Avg(Col("paid")))
			return err
		}, `requires the "NUMERIC" or "ANSI INTERVAL" type`},
	}
	for _, tc := range tests {
		err := tc.run()
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want %s", tc.name, err, tc.want)
		}
	}
}
