package sqltypes

import (
	"strconv"
	"strings"
)

// The parameterised types get their DataType methods here. StructType implements DataType
// through its pointer only: a nested struct field's Type is always a *StructType, so code
// switching on types has one case to handle.

// TypeName is "decimal(p,s)".
func (t DecimalType) TypeName() string {
	return "decimal(" + strconv.Itoa(t.Precision) + "," + strconv.Itoa(t.Scale) + ")"
}

// SQL is "DECIMAL(p,s)".
func (t DecimalType) SQL() string {
	return "DECIMAL(" + strconv.Itoa(t.Precision) + "," + strconv.Itoa(t.Scale) + ")"
}

// TypeName is "array" (the JSON form carries the element type separately).
func (t ArrayType) TypeName() string { return "array" }

// SQL is "ARRAY<ELEMENT>".
func (t ArrayType) SQL() string { return "ARRAY<" + t.Element.SQL() + ">" }

// TypeName is "map".
func (t MapType) TypeName() string { return "map" }

// SQL is "MAP<K, V>".
func (t MapType) SQL() string { return "MAP<" + t.Key.SQL() + ", " + t.Value.SQL() + ">" }

// TypeName is "struct".
func (t *StructType) TypeName() string { return "struct" }

// SQL is Spark's STRUCT<a: INT, b: STRING> spelling (names back-quoted when needed).
func (t *StructType) SQL() string {
	var b strings.Builder
	b.WriteString("STRUCT<")
	for i, f := range t.Fields {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(QuoteIfNeeded(f.Name))
		b.WriteString(": ")
		b.WriteString(f.Type.SQL())
		if !f.Nullable {
			b.WriteString(" NOT NULL")
		}
		if c, ok := f.Metadata["comment"].(string); ok {
			b.WriteString(" COMMENT '")
			b.WriteString(strings.ReplaceAll(c, "'", "\\'"))
			b.WriteString("'")
		}
	}
	b.WriteString(">")
	return b.String()
}

// MaxDecimalPrecision is Spark's DecimalType.MAX_PRECISION.
const MaxDecimalPrecision = 38

// SimpleString is Spark's DataType.simpleString: "int", "bigint", "decimal(10,2)",
// "array<int>", "map<string,int>", "struct<a:int,b:string>".
func SimpleString(t DataType) string {
	switch t := t.(type) {
	case ByteType:
		return "tinyint"
	case ShortType:
		return "smallint"
	case IntegerType:
		return "int"
	case LongType:
		return "bigint"
	case NullType:
		return "void"
	case ArrayType:
		return "array<" + SimpleString(t.Element) + ">"
	case MapType:
		return "map<" + SimpleString(t.Key) + "," + SimpleString(t.Value) + ">"
	case *StructType:
		var b strings.Builder
		b.WriteString("struct<")
		for i, f := range t.Fields {
			if i > 0 {
				b.WriteByte(',')
			}
			b.WriteString(f.Name)
			b.WriteByte(':')
			b.WriteString(SimpleString(f.Type))
		}
		b.WriteByte('>')
		return b.String()
	case nil:
		return "<nil>"
	default:
		return t.TypeName()
	}
}

// QuoteIfNeeded back-quotes a name unless it is made of letters, digits and underscores and
// is not all digits, as Spark's QuotingUtils.quoteIfNeeded does; a back-quote inside is doubled.
func QuoteIfNeeded(name string) string {
	plain, digits := name != "", true
	for i := 0; i < len(name); i++ {
		c := name[i]
		switch {
		case c >= '0' && c <= '9':
		case c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'):
			digits = false
		default:
			plain = false
		}
	}
	if plain && !digits {
		return name
	}
	return "`" + strings.ReplaceAll(name, "`", "``") + "`"
}

// String is the schema's simpleString, struct<order_id:int,...>.
func (t *StructType) String() string { return SimpleString(t) }

// Names lists the field names in order.
func (t *StructType) Names() []string {
	out := make([]string, len(t.Fields))
	for i, f := range t.Fields {
		out[i] = f.Name
	}
	return out
}

// FieldIndex finds a field by its exact (case-sensitive) name.
func (t *StructType) FieldIndex(name string) (int, bool) {
	for i := range t.Fields {
		if t.Fields[i].Name == name {
			return i, true
		}
	}
	return -1, false
}

// FieldIndexFold finds a field case-insensitively, as Spark's analyzer resolves column names
// by default (spark.sql.caseSensitive=false). The first match wins.
func (t *StructType) FieldIndexFold(name string) (int, bool) {
	for i := range t.Fields {
		if strings.EqualFold(t.Fields[i].Name, name) {
			return i, true
		}
	}
	return -1, false
}

// Len is the number of fields.
func (t *StructType) Len() int { return len(t.Fields) }

// Add returns a copy of t with one more nullable field.
func (t *StructType) Add(name string, dt DataType) *StructType {
	fs := make([]StructField, len(t.Fields), len(t.Fields)+1)
	copy(fs, t.Fields)
	return &StructType{Fields: append(fs, StructField{Name: name, Type: dt, Nullable: true})}
}

// AsNullable returns a deep copy with every field (nested ones too) nullable, and arrays and
// maps marked as holding nulls: what Spark does to a from_json schema and to Delta's schema.
func (t *StructType) AsNullable() *StructType { return asNullable(t).(*StructType) }

func asNullable(dt DataType) DataType {
	switch t := dt.(type) {
	case *StructType:
		fs := make([]StructField, len(t.Fields))
		for i, f := range t.Fields {
			f.Type = asNullable(f.Type)
			f.Nullable = true
			fs[i] = f
		}
		return &StructType{Fields: fs}
	case ArrayType:
		return ArrayType{Element: asNullable(t.Element), ContainsNull: true}
	case MapType:
		return MapType{Key: asNullable(t.Key), Value: asNullable(t.Value), ValueContainsNull: true}
	}
	return dt
}

// TreeString is printSchema()'s text: "root\n |-- a: integer (nullable = true)\n".
func (t *StructType) TreeString() string {
	var b strings.Builder
	b.WriteString("root\n")
	treeFields(&b, t, " |")
	return b.String()
}

func treeFields(b *strings.Builder, t *StructType, prefix string) {
	for _, f := range t.Fields {
		b.WriteString(prefix + "-- " + f.Name + ": " + f.Type.TypeName() + " (nullable = " + strconv.FormatBool(f.Nullable) + ")\n")
		treeChild(b, f.Type, prefix+"    |")
	}
}

func treeChild(b *strings.Builder, dt DataType, prefix string) {
	switch t := dt.(type) {
	case *StructType:
		treeFields(b, t, prefix)
	case ArrayType:
		b.WriteString(prefix + "-- element: " + t.Element.TypeName() + " (containsNull = " + strconv.FormatBool(t.ContainsNull) + ")\n")
		treeChild(b, t.Element, prefix+"    |")
	case MapType:
		b.WriteString(prefix + "-- key: " + t.Key.TypeName() + "\n")
		treeChild(b, t.Key, prefix+"    |")
		b.WriteString(prefix + "-- value: " + t.Value.TypeName() + " (valueContainsNull = " + strconv.FormatBool(t.ValueContainsNull) + ")\n")
		treeChild(b, t.Value, prefix+"    |")
	}
}

// EqualTypes reports whether two types are the same, ignoring nullability and metadata when
// ignoreNullability is set (Spark's DataType.equalsIgnoreNullability).
func EqualTypes(a, b DataType, ignoreNullability bool) bool {
	switch x := a.(type) {
	case DecimalType:
		y, ok := b.(DecimalType)
		return ok && x == y
	case ArrayType:
		y, ok := b.(ArrayType)
		return ok && EqualTypes(x.Element, y.Element, ignoreNullability) &&
			(ignoreNullability || x.ContainsNull == y.ContainsNull)
	case MapType:
		y, ok := b.(MapType)
		return ok && EqualTypes(x.Key, y.Key, ignoreNullability) && EqualTypes(x.Value, y.Value, ignoreNullability) &&
			(ignoreNullability || x.ValueContainsNull == y.ValueContainsNull)
	case *StructType:
		y, ok := b.(*StructType)
		if !ok || len(x.Fields) != len(y.Fields) {
			return false
		}
		for i := range x.Fields {
			fx, fy := x.Fields[i], y.Fields[i]
			if fx.Name != fy.Name || !EqualTypes(fx.Type, fy.Type, ignoreNullability) {
				return false
			}
			if !ignoreNullability && fx.Nullable != fy.Nullable {
				return false
			}
		}
		return true
	case nil:
		return b == nil
	}
	return a == b
}

// DDL is Spark's StructType.toDDL: "order_id INT,amount DECIMAL(10,2) NOT NULL COMMENT 'x'",
// which ParseDDL reads back.
func (t *StructType) DDL() string {
	var b strings.Builder
	for i, f := range t.Fields {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(QuoteIfNeeded(f.Name))
		b.WriteByte(' ')
		b.WriteString(f.Type.SQL())
		if !f.Nullable {
			b.WriteString(" NOT NULL")
		}
		if c, ok := f.Metadata["comment"].(string); ok {
			b.WriteString(" COMMENT '")
			b.WriteString(strings.ReplaceAll(c, "'", "\\'"))
			b.WriteString("'")
		}
	}
	return b.String()
}
