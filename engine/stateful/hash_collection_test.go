package stateful

import (
	"math/big"
	"testing"
	"time"

	"github.com/kafkalab/kafkalab/engine/plan"
	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// A grouping key that is an array or a map lands in the partition Spark's
// HashPartitioning gives it: Murmur3 over the elements (a map's keys and values in
// turn), the hash F.hash computes.
func TestCollectionKeysHashLikeSpark(t *testing.T) {
	scope := &plan.Scope{Schema: &sqltypes.StructType{}}
	ec, _ := plan.NewEvalContext("UTC", true, time.Unix(0, 0))
	lit := func(v any, t sqltypes.DataType) plan.Expr { return plan.Literal{Value: v, Type: t} }
	arr := func(args ...plan.Expr) plan.Expr { return plan.Call{Name: "array", Args: args} }
	wide, _ := new(big.Int).SetString("12345678901234567890123", 10)
	cases := []struct {
		name string
		expr plan.Expr
	}{
		{"ints", arr(lit(int32(1), sqltypes.Integer), lit(int32(2), sqltypes.Integer))},
		{"strings with a null", arr(lit("C01", sqltypes.String), lit(nil, sqltypes.String), lit("C02", sqltypes.String))},
		{"empty", plan.Call{Name: "array"}},
		{"nested", arr(arr(lit(int64(7), sqltypes.Long)), arr(lit(int64(-1), sqltypes.Long)))},
		// A decimal of more than 18 digits is hashed as BigInteger.toByteArray's bytes.
		{"wide decimal", lit(sqltypes.DecimalFromBig(wide, 2), sqltypes.DecimalType{Precision: 38, Scale: 2})},
		{"wide negative decimal", lit(sqltypes.DecimalFromBig(new(big.Int).Neg(wide), 2), sqltypes.DecimalType{Precision: 38, Scale: 2})},
		{"map", plan.Call{Name: "map", Args: []plan.Expr{lit("a", sqltypes.String), lit(int32(1), sqltypes.Integer),
			lit("b", sqltypes.String), lit(int32(2), sqltypes.Integer)}}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			val, err := plan.Resolve(tc.expr, scope)
			if err != nil {
				t.Fatal(err)
			}
			v, err := val.Eval(ec, nil)
			if err != nil {
				t.Fatal(err)
			}
			h, err := plan.Resolve(plan.Call{Name: "hash", Args: []plan.Expr{tc.expr}}, scope)
			if err != nil {
				t.Fatal(err)
			}
			want, err := h.Eval(ec, nil)
			if err != nil {
				t.Fatal(err)
			}
			if got := int32(hashValue(v, val.DataType(), 42)); got != want {
				t.Errorf("hash of %v: %d, F.hash gives %v", v, got, want)
			}
		})
	}
}
