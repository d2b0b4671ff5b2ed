package sqltypes

import (
	"math/big"
	"testing"
)

func TestParseDecimal(t *testing.T) {
	cases := []struct {
		in    string
		p, s  int
		want  string
		ok    bool
		javaS string
	}{
		{"25.5", 10, 2, "25.50", true, "25.50"},
		{"25.505", 10, 2, "25.51", true, "25.51"},
		{"25.504", 10, 2, "25.50", true, "25.50"},
		{"-25.505", 10, 2, "-25.51", true, "-25.51"},
		{"12", 10, 2, "12.00", true, "12.00"},
		{"1e2", 10, 2, "100.00", true, "100.00"},
		{"1.5E-1", 10, 2, "0.15", true, "0.15"},
		{".5", 10, 2, "0.50", true, "0.50"},
		{"5.", 10, 2, "5.00", true, "5.00"},
		{"+7", 10, 0, "7", true, "7"},
		{"123456789", 10, 2, "", false, ""},
		{"99999999.995", 10, 2, "", false, ""},
		{"99999999.994", 10, 2, "99999999.99", true, "99999999.99"},
		{"0", 20, 10, "0.0000000000", true, "0E-10"},
		{"0.0000001", 20, 10, "0.0000001000", true, "1.000E-7"},
		{"0.000001", 20, 10, "0.0000010000", true, "0.0000010000"},
		{"abc", 10, 2, "", false, ""},
		{"1e", 10, 2, "", false, ""},
		{"", 10, 2, "", false, ""},
		{"-", 10, 2, "", false, ""},
		{"12345678901234567890.123", 38, 3, "12345678901234567890.123", true, "12345678901234567890.123"},
		{"-12345678901234567890123456789012345.5", 38, 0, "-12345678901234567890123456789012346", true, "-12345678901234567890123456789012346"},
		{"0.005", 3, 2, "0.01", true, "0.01"},
		{"1e-400000", 10, 2, "0.00", true, "0.00"},
		{"-4e-3", 10, 2, "0.00", true, "0.00"},
		{"5e-3", 10, 2, "0.01", true, "0.01"},
		{"1e400000", 38, 2, "", false, ""},
		{"0e400000", 10, 2, "0.00", true, "0.00"},
		{"1e99999999999", 10, 2, "", false, ""},
	}
	for _, c := range cases {
		d, ok := ParseDecimal(c.in, c.p, c.s)
		if ok != c.ok {
			t.Errorf("%q(%d,%d): ok=%v want %v", c.in, c.p, c.s, ok, c.ok)
			continue
		}
		if !ok {
			continue
		}
		if got := d.String(); got != c.want {
			t.Errorf("%q: String %q want %q", c.in, got, c.want)
		}
		if got := d.JavaString(); got != c.javaS {
			t.Errorf("%q: JavaString %q want %q", c.in, got, c.javaS)
		}
		if got := string(d.AppendJava(nil)); got != c.javaS {
			t.Errorf("%q: AppendJava %q want %q", c.in, got, c.javaS)
		}
	}
	if d, _ := ParseDecimal("25.5", 10, 2); d.Unscaled != 2550 || d.Big != nil || d.Scale != 2 {
		t.Fatalf("25.5 as decimal(10,2) must be unscaled 2550: %+v", d)
	}
}

func TestDecimalArithmetic(t *testing.T) {
	d := func(s string) Decimal {
		v, ok := ParseDecimalExact(s)
		if !ok {
			t.Fatalf("bad literal %q", s)
		}
		return v
	}
	t102 := DecimalType{10, 2}
	if got := DecimalDivType(t102, t102); got != (DecimalType{23, 13}) {
		t.Errorf("div type %v", got)
	}
	if got := DecimalDivType(DecimalType{38, 10}, DecimalType{38, 10}); got != (DecimalType{38, 6}) {
		t.Errorf("bounded div type %v", got)
	}
	if got := DecimalSumType(t102); got != (DecimalType{20, 2}) {
		t.Errorf("sum type %v", got)
	}
	if got := DecimalAvgType(t102); got != (DecimalType{14, 6}) {
		t.Errorf("avg type %v", got)
	}
	sum, ok := d("25.50").Add(d("12.00"), DecimalType{20, 2})
	if !ok || sum.String() != "37.50" {
		t.Errorf("add %v %v", sum, ok)
	}
	diff, _ := d("12.00").Sub(d("25.50"), DecimalType{11, 2})
	if diff.String() != "-13.50" {
		t.Errorf("sub %v", diff)
	}
	prod, _ := d("25.50").Mul(d("1.10"), DecimalType{21, 4})
	if prod.String() != "28.0500" {
		t.Errorf("mul %v", prod)
	}
	avg, _ := d("109.00").Div(d("4"), DecimalType{14, 6})
	if avg.String() != "27.250000" {
		t.Errorf("div %v", avg)
	}
	third, _ := d("1").Div(d("3"), DecimalType{38, 6})
	if third.String() != "0.333333" {
		t.Errorf("1/3 %v", third)
	}
	twoThirds, _ := d("-2").Div(d("3"), DecimalType{38, 6})
	if twoThirds.String() != "-0.666667" {
		t.Errorf("-2/3 %v", twoThirds)
	}
	if _, ok := d("1").Div(d("0"), DecimalType{10, 2}); ok {
		t.Error("division by zero must fail")
	}
	if _, ok := d("99999999.99").Add(d("0.01"), DecimalType{10, 2}); ok {
		t.Error("overflow must fail")
	}
	big1 := DecimalFromBig(new(big.Int).Exp(big.NewInt(10), big.NewInt(30), nil), 2)
	s, ok := big1.Add(d("0.01"), DecimalType{38, 2})
	if !ok || s.String() != "10000000000000000000000000000.01" {
		t.Errorf("big add %v %v", s, ok)
	}
	if d("25.5").Cmp(d("25.50")) != 0 || d("-1").Cmp(d("0.5")) != -1 || big1.Cmp(d("1")) != 1 {
		t.Error("Cmp")
	}
	if f := d("25.50").Float64(); f != 25.5 {
		t.Errorf("Float64 %v", f)
	}
	if p := d("-123.45").Precision(); p != 5 {
		t.Errorf("precision %d", p)
	}
}

func TestDecimalAvg(t *testing.T) {
	in := DecimalType{10, 2}
	sum, _ := ParseDecimal("109.00", 20, 2)
	avg, ok := DecimalAvg(sum, 4, in)
	if !ok || avg.String() != "27.250000" {
		t.Fatalf("avg %v %v", avg, ok)
	}
	third, _ := DecimalAvg(NewDecimal(100, 2), 3, in)
	if third.String() != "0.333333" {
		t.Fatalf("1.00/3 = %v", third)
	}
	if _, ok := DecimalAvg(sum, 0, in); ok {
		t.Fatal("avg of nothing is NULL")
	}
}
