package stateful

import (
	"math"
	"math/big"
	"testing"
	"time"

	"github.com/kafkalab/kafkalab/engine/plan"
	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// A decimal key is hashed by its column's type, as Spark's Murmur3Hash does: as the
// unscaled long when the type's precision is at most 18, else over BigInteger.toByteArray
// of the unscaled value, however few digits the value has. The hashes and partitions are
// what PySpark 4.2.0 printed for
//
//	SELECT x, hash(x), pmod(hash(x), 200) FROM VALUES (CAST(v AS DECIMAL(p,s))), ... AS t(x)
//
// and F.hash prints the same numbers.
func TestDecimalKeyHashFollowsType(t *testing.T) {
	d := func(p, s int) sqltypes.DecimalType { return sqltypes.DecimalType{Precision: p, Scale: s} }
	cases := []struct {
		v    string // "" for NULL
		t    sqltypes.DecimalType
		hash int32
		part int // pmod(hash, 200)
	}{
		{"1.00", d(10, 2), 1114849490, 90},
		{"-1.00", d(10, 2), 904948192, 192},
		{"0.00", d(10, 2), -1670924195, 5},
		{"", d(10, 2), 42, 42},
		{"12345678.90", d(10, 2), 847542202, 2},
		{"-12345678.90", d(10, 2), -23051826, 174},
		{"0.01", d(10, 2), -1712319331, 69},
		{"99999999.99", d(10, 2), -138896179, 21},
		{"1.00", d(18, 2), 1114849490, 90},
		{"-12345678.90", d(18, 2), -23051826, 174},
		{"1", d(18, 0), -1712319331, 69},
		{"-1", d(18, 0), -939490007, 193},
		{"12345679", d(18, 0), 678515371, 171},
		{"-12345679", d(18, 0), -317687571, 29},
		{"100000000", d(18, 0), -64738906, 94},
		{"-999999999999999999", d(18, 0), 1962370902, 102},
		// From precision 19 on, even 1.00 is hashed over bytes.
		{"1.00", d(19, 2), -295670906, 94},
		{"-1.00", d(19, 2), -893129661, 139},
		{"0.00", d(19, 2), -783713497, 103},
		{"", d(19, 2), 42, 42},
		{"12345678.90", d(19, 2), 465834962, 162},
		{"-12345678.90", d(19, 2), 1262483932, 132},
		{"0.01", d(19, 2), -386724586, 14},
		{"99999999.99", d(19, 2), -246687752, 48},
		{"1.00", d(20, 2), -295670906, 94},
		{"-1.00", d(20, 2), -893129661, 139},
		{"0.00", d(20, 2), -783713497, 103},
		{"12345678.90", d(20, 2), 465834962, 162},
		{"-12345678.90", d(20, 2), 1262483932, 132},
		{"0.01", d(20, 2), -386724586, 14},
		{"99999999.99", d(20, 2), -246687752, 48},
		// Where toByteArray needs a sign byte, and where it does not.
		{"128.00", d(20, 2), -45683813, 187},
		{"-1.28", d(20, 2), 775851899, 99},
		{"-1.29", d(20, 2), -771458971, 29},
		{"327.68", d(20, 2), -99371362, 38},
		{"1.0000000000", d(38, 10), -913492360, 40},
		{"-1.0000000000", d(38, 10), 1628110857, 57},
		{"0E-10", d(38, 10), -783713497, 103},
		{"12345678.9000000000", d(38, 10), 980831254, 54},
		{"-12345678.9000000000", d(38, 10), -466107820, 180},
		{"0.0100000000", d(38, 10), 589195600, 0},
		{"99999999.9900000000", d(38, 10), -1583531644, 156},
		{"1", d(38, 0), -386724586, 14},
		{"-1", d(38, 0), 1398487324, 124},
		{"12345679", d(38, 0), -1059406352, 48},
		{"-12345679", d(38, 0), 946233492, 92},
		{"100000000", d(38, 0), 589195600, 0},
		// Unscaled values of 19 and more digits.
		{"9999999999999999999", d(19, 0), 584036537, 137},
		{"-9999999999999999999", d(19, 0), -66784248, 152},
		{"9223372036854775807", d(19, 0), -1627571634, 166},
		{"-9223372036854775808", d(19, 0), -1794377518, 82},
		{"12345678901234567890.1234567890", d(38, 10), 269448356, 156},
		{"-12345678901234567890.1234567890", d(38, 10), 694017569, 169},
		{"123456789012345678901234567.89", d(38, 2), -1130599762, 38},
		// sum(DECIMAL(10,2)) is a DECIMAL(20,2), avg(DECIMAL(10,2)) a DECIMAL(14,6): Spark's
		// sum 1.00 and 0.33 and avg 1.000000, 0.500000 and 0.330000 hash by those types.
		{"1.00", sqltypes.DecimalSumType(d(10, 2)), -295670906, 94},
		{"0.33", sqltypes.DecimalSumType(d(10, 2)), -414944962, 38},
		{"1.000000", sqltypes.DecimalAvgType(d(10, 2)), -1715802514, 86},
		{"0.500000", sqltypes.DecimalAvgType(d(10, 2)), 803792758, 158},
		{"0.330000", sqltypes.DecimalAvgType(d(10, 2)), -1924893081, 119},
	}
	scope := &plan.Scope{Schema: &sqltypes.StructType{}}
	ec, _ := plan.NewEvalContext("UTC", true, time.Unix(0, 0))
	for _, tc := range cases {
		var v any
		if tc.v != "" {
			x, ok := sqltypes.ParseDecimal(tc.v, tc.t.Precision, tc.t.Scale)
			if !ok {
				t.Fatalf("%s does not parse as %v", tc.v, tc.t)
			}
			v = x
		}
		types := []sqltypes.DataType{tc.t}
		if got := int32(hashValue(v, tc.t, 42)); got != tc.hash {
			t.Errorf("hash(CAST(%s AS %s)) = %d, Spark's %d", tc.v, sqltypes.SimpleString(tc.t), got, tc.hash)
		}
		if got := partitionOf(sqltypes.Row{v}, types, 200); got != tc.part {
			t.Errorf("partition of CAST(%s AS %s) = %d, Spark's %d", tc.v, sqltypes.SimpleString(tc.t), got, tc.part)
		}
		// The same value held as a big.Int hashes the same.
		if x, ok := v.(sqltypes.Decimal); ok {
			b := sqltypes.DecimalFromBig(x.UnscaledBig(), int(x.Scale))
			b.Big = x.UnscaledBig()
			if got := int32(hashValue(b, tc.t, 42)); got != tc.hash {
				t.Errorf("hash(CAST(%s AS %s)) held as a big.Int = %d, Spark's %d", tc.v, sqltypes.SimpleString(tc.t), got, tc.hash)
			}
		}
		// F.hash (engine/plan) prints the same number.
		h, err := plan.Resolve(plan.Call{Name: "hash", Args: []plan.Expr{plan.Literal{Value: v, Type: tc.t}}}, scope)
		if err != nil {
			t.Fatal(err)
		}
		if got, err := h.Eval(ec, nil); err != nil || got != tc.hash {
			t.Errorf("F.hash(CAST(%s AS %s)) = %v (%v), Spark's %d", tc.v, sqltypes.SimpleString(tc.t), got, err, tc.hash)
		}
	}
}

// A decimal inside a struct, an array or a map is hashed by its own type there. Spark
// 4.2.0's numbers for x = 1.00 and -1.00 as a DECIMAL(10,2) and as a DECIMAL(20,2):
//
//	SELECT hash(named_struct('a', x, 'b', 'k')), hash(array(x, x)),
//	       hash(named_struct('a', array(x))), hash(x, 'k'), pmod(hash(x, 'k'), 200) ...
//
// and, with spark.sql.legacy.allowHashOnMapType, hash(map(x, x)) and hash(map('k', x)).
func TestNestedDecimalHashFollowsType(t *testing.T) {
	type want struct{ structK, array2, structArr, mapXX, mapKX, twoCols int32 }
	cases := []struct {
		unscaled int64
		t        sqltypes.DecimalType
		want     want
		part     int // pmod(hash(x, 'k'), 200)
	}{
		{100, sqltypes.DecimalType{Precision: 10, Scale: 2}, want{229949698, -804241343, 1114849490, -804241343, -436636314, 229949698}, 98},
		{-100, sqltypes.DecimalType{Precision: 10, Scale: 2}, want{1486856899, 1925177087, 904948192, 1925177087, -1553760758, 1486856899}, 99},
		{100, sqltypes.DecimalType{Precision: 20, Scale: 2}, want{-831015342, 1169783812, -295670906, 1169783812, -1573940011, -831015342}, 58},
		{-100, sqltypes.DecimalType{Precision: 20, Scale: 2}, want{-437761046, 1450949497, -893129661, 1450949497, 1446930064, -437761046}, 154},
	}
	for _, tc := range cases {
		x := sqltypes.NewDecimal(tc.unscaled, tc.t.Scale)
		st := &sqltypes.StructType{Fields: []sqltypes.StructField{{Name: "a", Type: tc.t, Nullable: true}, {Name: "b", Type: sqltypes.String}}}
		arr := sqltypes.ArrayType{Element: tc.t}
		stArr := &sqltypes.StructType{Fields: []sqltypes.StructField{{Name: "a", Type: arr}}}
		keys := []sqltypes.Row{{sqltypes.Row{x, "k"}}, {[]any{x, x}}, {sqltypes.Row{[]any{x}}},
			{&sqltypes.MapValue{Keys: []any{x}, Values: []any{x}}}, {&sqltypes.MapValue{Keys: []any{"k"}, Values: []any{x}}}, {x, "k"}}
		types := [][]sqltypes.DataType{{st}, {arr}, {stArr}, {sqltypes.MapType{Key: tc.t, Value: tc.t}},
			{sqltypes.MapType{Key: sqltypes.String, Value: tc.t}}, {tc.t, sqltypes.String}}
		w := []int32{tc.want.structK, tc.want.array2, tc.want.structArr, tc.want.mapXX, tc.want.mapKX, tc.want.twoCols}
		for i, k := range keys {
			h := uint32(42)
			for j, v := range k {
				h = hashValue(v, types[i][j], h)
			}
			if int32(h) != w[i] {
				t.Errorf("%s key %d (%v): hash %d, Spark's %d", sqltypes.SimpleString(tc.t), i, k, int32(h), w[i])
			}
		}
		if got := partitionOf(keys[5], types[5], 200); got != tc.part {
			t.Errorf("%s: partition of (%v, 'k') = %d, Spark's %d", sqltypes.SimpleString(tc.t), x, got, tc.part)
		}
	}
}

// BigInteger.toByteArray of an unscaled value that fits a long is laid out without a
// big.Int, the same bytes either way.
func TestDecimalBytesOfALong(t *testing.T) {
	wide := sqltypes.DecimalType{Precision: 38, Scale: 0}
	for _, u := range []int64{0, 1, -1, 127, 128, -128, -129, 255, 256, 32767, 32768, -32768, -32769,
		1 << 31, -(1 << 31), 1<<63 - 1, -1 << 63, 1<<55 - 1, 1 << 55, -(1 << 55), -(1 << 55) - 1} {
		want := hashBytes(twosComplement(big.NewInt(u)), 42)
		if got := hashValue(sqltypes.NewDecimal(u, 0), wide, 42); got != want {
			t.Errorf("%d: hash %d, over BigInteger.toByteArray %d", u, int32(got), int32(want))
		}
	}
}

// Floating-point keys hash as Double.doubleToLongBits / Float.floatToIntBits do (one NaN
// whatever its payload, -0.0 as 0.0) and strings over their UTF-8 bytes, in the operators
// and in F.hash alike. Spark 4.2.0:
//
//	SELECT hash(CAST('NaN' AS DOUBLE)), hash(CAST('NaN' AS FLOAT)), hash(CAST(-0.0 AS DOUBLE)),
//	       hash(CAST('-0.0' AS FLOAT)), hash(CAST('Infinity' AS DOUBLE)), hash(CAST(1.5 AS DOUBLE)),
//	       hash(CAST(1.5 AS FLOAT)), hash('C01'), hash(''), hash('héllo wörld, ...')
func TestFloatAndStringKeysHashLikeSpark(t *testing.T) {
	cases := []struct {
		name string
		v    any
		t    sqltypes.DataType
		want int32
	}{
		{"double NaN", math.NaN(), sqltypes.Double, -1281358385},
		{"double NaN, another payload", math.Float64frombits(0x7ff0000000000123), sqltypes.Double, -1281358385},
		{"double NaN, sign bit set", math.Float64frombits(0xfff8000000000000), sqltypes.Double, -1281358385},
		{"float NaN", float32(math.NaN()), sqltypes.Float, -349261430},
		{"float NaN, another payload", math.Float32frombits(0x7f800123), sqltypes.Float, -349261430},
		{"double -0.0", math.Copysign(0, -1), sqltypes.Double, -1670924195},
		{"double 0.0", 0.0, sqltypes.Double, -1670924195},
		{"float -0.0", float32(math.Copysign(0, -1)), sqltypes.Float, 933211791},
		{"double Infinity", math.Inf(1), sqltypes.Double, 833680482},
		{"double 1.5", 1.5, sqltypes.Double, 1290763749},
		{"float 1.5", float32(1.5), sqltypes.Float, -221251528},
		{"string", "C01", sqltypes.String, -851558743},
		{"empty string", "", sqltypes.String, 142593372},
		{"long string", "héllo wörld, a longer string of 40+ bytes!", sqltypes.String, 662400812},
	}
	scope := &plan.Scope{Schema: &sqltypes.StructType{}}
	ec, _ := plan.NewEvalContext("UTC", true, time.Unix(0, 0))
	for _, tc := range cases {
		if got := int32(hashValue(tc.v, tc.t, 42)); got != tc.want {
			t.Errorf("%s: hash %d, Spark's %d", tc.name, got, tc.want)
		}
		h, err := plan.Resolve(plan.Call{Name: "hash", Args: []plan.Expr{plan.Literal{Value: tc.v, Type: tc.t}}}, scope)
		if err != nil {
			t.Fatal(err)
		}
		if got, err := h.Eval(ec, nil); err != nil || got != tc.want {
			t.Errorf("%s: F.hash %v (%v), Spark's %d", tc.name, got, err, tc.want)
		}
	}
}
