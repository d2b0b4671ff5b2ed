package plan

import "github.com/kafkalab/kafkalab/engine/sqltypes"

// Spark registers a function for each common type name that casts its one argument to that
// type: FLOAT('NaN'), DATE('2015-09-30'), INT(x). The cast is not one the user wrote as CAST,
// so the column is named after the argument alone (Spark's pretty names drop casts without
// the user-specified tag).
func init() {
	for name, t := range map[string]sqltypes.DataType{
		"boolean":   sqltypes.Boolean,
		"tinyint":   sqltypes.Byte,
		"smallint":  sqltypes.Short,
		"int":       sqltypes.Integer,
		"bigint":    sqltypes.Long,
		"float":     sqltypes.Float,
		"double":    sqltypes.Double,
		"decimal":   sqltypes.DecimalType{Precision: 10, Scale: 0},
		"date":      sqltypes.DateT,
		"timestamp": sqltypes.TimestampT,
		"binary":    sqltypes.Binary,
		"string":    sqltypes.String,
	} {
		register(castAliasBinder(name, t), name)
	}
}

func castAliasBinder(name string, to sqltypes.DataType) binder {
	return func(r *resolver, c Call) (Bound, error) {
		if len(c.Args) != 1 {
			return nil, wrongArgs(name, "1", len(c.Args))
		}
		b, err := r.resolve(Cast{Child: c.Args[0], To: to})
		if err != nil {
			return nil, err
		}
		markImplicit(b)
		return b, nil
	}
}

// markImplicit finds the cast under the zoning and TRY wrappers resolve adds and names it
// after its argument.
func markImplicit(b Bound) {
	switch x := b.(type) {
	case *boundCast:
		x.implicit = true
	case *boundZoned:
		markImplicit(x.Bound)
	}
}
