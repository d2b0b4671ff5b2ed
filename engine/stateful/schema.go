package stateful

import (
	"fmt"

	"github.com/kafkalab/kafkalab/engine/plan"
	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// The state schemas Spark records in state/<op>/0/_metadata/schema, as a real PySpark 4.2
// run writes them: the key is the grouping columns, the value the aggregation buffers
// under Spark's buffer names.

func field(name string, t sqltypes.DataType, nullable bool) sqltypes.StructField {
	return sqltypes.StructField{Name: name, Type: t, Nullable: nullable}
}

// bufferFields are one aggregate's buffer columns.
func (f *aggFn) bufferFields() []sqltypes.StructField {
	if f.distinct { // approx_count_distinct: HyperLogLog++ with 52 words (relative SD 5%)
		out := make([]sqltypes.StructField, 52)
		for i := range out {
			out[i] = field(fmt.Sprintf("MS[%d]", i), sqltypes.Long, true)
		}
		return out
	}
	switch f.kind {
	case kindCollectList, kindCollectSet:
		// A TypedImperativeAggregate's buffer: its object serialized (collectBuffer).
		return []sqltypes.StructField{field("buf", sqltypes.Binary, true)}
	case kindHLL:
		out := make([]sqltypes.StructField, f.newHLL().NumWords())
		for i := range out {
			out[i] = field(fmt.Sprintf("MS[%d]", i), sqltypes.Long, true)
		}
		return out
	case kindCount:
		return []sqltypes.StructField{field("count", sqltypes.Long, false)}
	case kindSum:
		switch in := f.in.(type) {
		case sqltypes.DecimalType:
			// Spark's DecimalAggregates sums a decimal whose sum fits 18 digits over its
			// unscaled long.
			if in.Precision+10 <= 18 {
				return []sqltypes.StructField{field("sum", sqltypes.Long, true)}
			}
			return []sqltypes.StructField{field("sum", sqltypes.DecimalSumType(in), true), field("isEmpty", sqltypes.Boolean, false)}
		default:
			if sqltypes.IsIntegral(in) {
				return []sqltypes.StructField{field("sum", sqltypes.Long, true)}
			}
			return []sqltypes.StructField{field("sum", sqltypes.Double, true)}
		}
	case kindAvg:
		// DecimalAggregates averages a decimal of up to 11 digits over its unscaled value
		// as a double; a wider one keeps Average's decimal(p+10, s) sum.
		if in, ok := f.in.(sqltypes.DecimalType); ok && in.Precision+4 > 15 {
			return []sqltypes.StructField{field("sum", sqltypes.DecimalSumType(in), true), field("count", sqltypes.Long, true)}
		}
		return []sqltypes.StructField{field("sum", sqltypes.Double, true), field("count", sqltypes.Long, true)}
	case kindMin:
		return []sqltypes.StructField{field("min", f.in, true)}
	case kindMax:
		return []sqltypes.StructField{field("max", f.in, true)}
	}
	return []sqltypes.StructField{field("first", f.in, true), field("valueSet", sqltypes.Boolean, true)}
}

// stateSchemas sets the store's schema-file schemas and prefix-key count for the operator.
func (a *Aggregate) stateSchemas(st *store) {
	key, value := &sqltypes.StructType{}, &sqltypes.StructType{}
	var keys []sqltypes.StructField
	for i, k := range a.keys {
		f := plan.OutputField(k)
		if a.sessionWin != nil && i == a.winIdx {
			// Spark's state names the session column session_window whatever its alias.
			f.Name = "session_window"
		} else if i != a.winIdx && plan.IsComputedGroupingKey(k) {
			f.Name = "_groupingexpression"
		}
		keys = append(keys, f)
		if a.sessionWin == nil || i != a.winIdx {
			key.Fields = append(key.Fields, f)
		}
	}
	var bufs []sqltypes.StructField
	for i := range a.fns {
		bufs = append(bufs, a.fns[i].bufferFields()...)
	}
	if a.sessionWin != nil {
		// Sessions are kept by (keys, session start) with the whole row as the value.
		key.Fields = append(key.Fields, field("sessionStartTime", sqltypes.TimestampT, false))
		value.Fields = append(keys, bufs...)
		st.prefixKeyCols = len(a.keys) - 1
	} else {
		value.Fields = bufs
	}
	st.keySchema, st.valueSchema = key, value
}

func (d *Deduplicate) stateSchemas(st *store) {
	key := &sqltypes.StructType{}
	fields := plan.Schema(d.Child).Fields
	for _, k := range d.keys {
		key.Fields = append(key.Fields, fields[k])
	}
	value := &sqltypes.StructType{Fields: []sqltypes.StructField{field("__dummy__", sqltypes.Null, true)}}
	if d.within {
		value.Fields = []sqltypes.StructField{field("expiresAtMicros", sqltypes.Long, false)}
	}
	st.keySchema, st.valueSchema = key, value
}
