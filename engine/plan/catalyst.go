package plan

import (
	"fmt"
	"strings"
	"time"

	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// Catalyst's own text of an expression (Expression.toString), which Delta writes into its
// commit log for the predicates of DELETE, UPDATE and MERGE: attributes print as name#id
// (with an L for BIGINT columns), literals bare ('x' prints x), comparisons and arithmetic in
// parentheses, NOT prefix, IN (a,b), functions as name(a, b), casts as cast(x as type).
// This differs from SQL(), Spark's pretty SQL that names columns.

// AttrNamer names input column i of the expression's scope as Catalyst prints an attribute
// reference.
type AttrNamer func(index int, f sqltypes.StructField) string

// AttrName is name#id, with Catalyst's "L" type suffix for BIGINT.
func AttrName(name string, id int64, t sqltypes.DataType) string {
	s := fmt.Sprintf("%s#%d", name, id)
	if _, ok := t.(sqltypes.LongType); ok {
		s += "L"
	}
	return s
}

// CatalystString renders b as Catalyst's Expression.toString, in the time zone loc.
func CatalystString(b Bound, attr AttrNamer, loc *time.Location) string {
	r := func(x Bound) string { return CatalystString(x, attr, loc) }
	switch b := b.(type) {
	case *boundRef:
		return attr(b.index, b.field)
	case *boundField:
		return r(b.child) + "." + b.field.Name
	case *boundLit:
		return catalystLiteral(b.value, b.typ, loc)
	case *boundAlias:
		return r(b.child)
	case *boundCast:
		return "cast(" + r(b.child) + " as " + sqltypes.SimpleString(b.to) + ")"
	case *boundArith:
		return "(" + r(b.left) + " " + b.op + " " + r(b.right) + ")"
	case *boundNegate:
		return "-" + r(b.child)
	case *boundCompare:
		if b.op == "!=" {
			return "NOT (" + r(b.left) + " = " + r(b.right) + ")"
		}
		return "(" + r(b.left) + " " + b.op + " " + r(b.right) + ")"
	case *boundLogic:
		op := " OR "
		if b.and {
			op = " AND "
		}
		return "(" + r(b.left) + op + r(b.right) + ")"
	case *boundNot:
		return "NOT " + r(b.child)
	case *boundIsNull:
		if b.not {
			return "isnotnull(" + r(b.child) + ")"
		}
		return "isnull(" + r(b.child) + ")"
	case *boundIn:
		parts := make([]string, len(b.list))
		for i, e := range b.list {
			parts[i] = r(e)
		}
		return r(b.child) + " IN (" + strings.Join(parts, ",") + ")"
	case *boundCaseWhen:
		var s strings.Builder
		s.WriteString("CASE")
		for i := range b.conds {
			s.WriteString(" WHEN " + r(b.conds[i]) + " THEN " + r(b.values[i]))
		}
		if b.elseV != nil {
			s.WriteString(" ELSE " + r(b.elseV))
		}
		s.WriteString(" END")
		return s.String()
	case *boundLike:
		return r(b.child) + " LIKE " + b.pattern
	case *boundStringTest:
		return b.class + "(" + r(b.child) + ", " + b.arg + ")"
	case *boundFunc:
		parts := make([]string, len(b.args))
		for i, a := range b.args {
			parts[i] = r(a)
		}
		return b.name + "(" + strings.Join(parts, ", ") + ")"
	}
	return b.SQL()
}

// catalystLiteral is Literal.toString.
func catalystLiteral(v any, t sqltypes.DataType, loc *time.Location) string {
	switch x := v.(type) {
	case nil:
		return "null"
	case string:
		return x
	case bool:
		if x {
			return "true"
		}
		return "false"
	case float64:
		return sqltypes.JavaDoubleString(x)
	case float32:
		return sqltypes.JavaFloatString(x)
	case sqltypes.Decimal:
		return x.JavaString()
	case sqltypes.Date:
		return sqltypes.FormatDate(x)
	case sqltypes.Timestamp:
		return sqltypes.FormatTimestamp(x, loc)
	case sqltypes.TimestampNTZ:
		return sqltypes.FormatTimestampNTZ(x)
	case []byte:
		return fmt.Sprintf("0x%X", x)
	}
	return fmt.Sprint(v)
}

// boundStringTest is StartsWith/EndsWith/Contains with a constant argument: what Spark's
// optimizer makes of a LIKE whose pattern is a prefix, suffix or infix (LikeSimplification).
type boundStringTest struct {
	class string // StartsWith, EndsWith, Contains
	child Bound
	arg   string
}

func (b *boundStringTest) DataType() sqltypes.DataType { return sqltypes.Boolean }
func (b *boundStringTest) Nullable() bool              { return b.child.Nullable() }
func (b *boundStringTest) SQL() string {
	return strings.ToLower(b.class) + "(" + b.child.SQL() + ", " + b.arg + ")"
}
func (b *boundStringTest) Eval(c *EvalContext, row sqltypes.Row) (any, error) {
	v, err := b.child.Eval(c, row)
	if err != nil || v == nil {
		return nil, err
	}
	s := v.(string)
	switch b.class {
	case "StartsWith":
		return strings.HasPrefix(s, b.arg), nil
	case "EndsWith":
		return strings.HasSuffix(s, b.arg), nil
	}
	return strings.Contains(s, b.arg), nil
}

// nondeterministic functions are never folded into constants.
var nondeterministic = map[string]bool{
	"rand": true, "randn": true, "random": true, "uuid": true, "shuffle": true,
	"monotonically_increasing_id": true, "spark_partition_id": true, "input_file_name": true,
}

// Simplify applies the part of Spark's optimizer that shapes the predicates Delta logs for
// DELETE and UPDATE: constant folding (literal arithmetic, casts of literals), boolean
// simplification (NOT NOT, NOT of comparisons, De Morgan, x = true), single-value IN to
// equality, and LIKE patterns that are plain prefixes, suffixes or infixes. The result
// evaluates like b.
func Simplify(ec *EvalContext, b Bound) Bound {
	s := &simplifier{ec: ec}
	return s.simplify(b)
}

type simplifier struct{ ec *EvalContext }

func isLit(b Bound) (*boundLit, bool) { l, ok := b.(*boundLit); return l, ok }

func (s *simplifier) fold(b Bound) Bound {
	if !foldable(b) {
		return b
	}
	if _, ok := b.(*boundLit); ok {
		return b
	}
	v, err := b.Eval(s.ec, nil)
	if err != nil {
		return b // Spark leaves an expression that fails to fold for run time
	}
	return &boundLit{value: v, typ: b.DataType()}
}

// foldable: no column references and nothing nondeterministic below.
func foldable(b Bound) bool {
	switch b := b.(type) {
	case *boundRef:
		return false
	case *boundLit:
		return true
	case *boundFunc:
		if nondeterministic[b.name] {
			return false
		}
		for _, a := range b.args {
			if !foldable(a) {
				return false
			}
		}
		return true
	case *boundField:
		return foldable(b.child)
	case *boundAlias:
		return foldable(b.child)
	case *boundCast:
		return foldable(b.child)
	case *boundArith:
		return foldable(b.left) && foldable(b.right)
	case *boundNegate:
		return foldable(b.child)
	case *boundCompare:
		return foldable(b.left) && foldable(b.right)
	case *boundLogic:
		return foldable(b.left) && foldable(b.right)
	case *boundNot:
		return foldable(b.child)
	case *boundIsNull:
		return foldable(b.child)
	case *boundLike:
		return foldable(b.child)
	case *boundStringTest:
		return foldable(b.child)
	case *boundIn:
		if !foldable(b.child) {
			return false
		}
		for _, e := range b.list {
			if !foldable(e) {
				return false
			}
		}
		return true
	}
	return false
}

func (s *simplifier) simplify(b Bound) Bound {
	switch x := b.(type) {
	case *boundAlias:
		return s.simplify(x.child)
	case *boundCast:
		c := *x
		c.child = s.simplify(x.child)
		return s.fold(&c)
	case *boundArith:
		c := *x
		c.left, c.right = s.simplify(x.left), s.simplify(x.right)
		return s.fold(&c)
	case *boundNegate:
		return s.fold(&boundNegate{child: s.simplify(x.child)})
	case *boundFunc:
		c := *x
		c.args = make([]Bound, len(x.args))
		for i, a := range x.args {
			c.args[i] = s.simplify(a)
		}
		return s.fold(&c)
	case *boundIsNull:
		return s.fold(&boundIsNull{child: s.simplify(x.child), not: x.not})
	case *boundCompare:
		c := *x
		c.left, c.right = s.simplify(x.left), s.simplify(x.right)
		if c.op == "=" {
			// x = true is x, x = false is NOT x (BooleanSimplification).
			if l, ok := isLit(c.right); ok && isBoolType(c.left.DataType()) && l.value != nil {
				if l.value == true {
					return c.left
				}
				return s.simplify(&boundNot{child: c.left})
			}
			if l, ok := isLit(c.left); ok && isBoolType(c.right.DataType()) && l.value != nil {
				if l.value == true {
					return c.right
				}
				return s.simplify(&boundNot{child: c.right})
			}
		}
		if c.op == "!=" {
			return s.simplify(&boundNot{child: &boundCompare{op: "=", left: c.left, right: c.right, typ: c.typ}})
		}
		return s.fold(&c)
	case *boundNot:
		child := s.simplify(x.child)
		switch c := child.(type) {
		case *boundNot:
			return c.child
		case *boundLit:
			if v, ok := c.value.(bool); ok {
				return &boundLit{value: !v, typ: sqltypes.Boolean}
			}
		case *boundIsNull:
			return &boundIsNull{child: c.child, not: !c.not}
		case *boundCompare:
			if inv, ok := map[string]string{">": "<=", ">=": "<", "<": ">=", "<=": ">"}[c.op]; ok {
				return &boundCompare{op: inv, left: c.left, right: c.right, typ: c.typ}
			}
		case *boundLogic:
			return s.simplify(&boundLogic{and: !c.and, left: &boundNot{child: c.left}, right: &boundNot{child: c.right}})
		}
		return &boundNot{child: child}
	case *boundLogic:
		l, r := s.simplify(x.left), s.simplify(x.right)
		for _, pair := range [][2]Bound{{l, r}, {r, l}} {
			if lit, ok := isLit(pair[0]); ok {
				if v, ok := lit.value.(bool); ok {
					if v == x.and {
						return pair[1] // TRUE AND e, FALSE OR e
					}
					return lit // FALSE AND e, TRUE OR e
				}
			}
		}
		return &boundLogic{and: x.and, left: l, right: r}
	case *boundIn:
		child := s.simplify(x.child)
		var list []Bound
		seen := map[string]bool{}
		for _, e := range x.list {
			e = s.simplify(e)
			if l, ok := isLit(e); ok {
				k := fmt.Sprintf("%T:%v", l.value, l.value)
				if seen[k] {
					continue
				}
				seen[k] = true
			}
			list = append(list, e)
		}
		if len(list) == 1 {
			return s.fold(&boundCompare{op: "=", left: child, right: list[0], typ: x.typ})
		}
		return s.fold(&boundIn{child: child, list: list, typ: x.typ})
	case *boundLike:
		child := s.simplify(x.child)
		if t := likeShape(x.pattern); t.class != "" {
			if t.class == "=" {
				return s.fold(&boundCompare{op: "=", left: child, right: &boundLit{value: t.arg, typ: sqltypes.String}, typ: sqltypes.String})
			}
			return s.fold(&boundStringTest{class: t.class, child: child, arg: t.arg})
		}
		return s.fold(&boundLike{child: child, pattern: x.pattern, re: x.re, esc: x.esc})
	case *boundCaseWhen:
		c := *x
		c.conds = make([]Bound, len(x.conds))
		c.values = make([]Bound, len(x.values))
		for i := range x.conds {
			c.conds[i], c.values[i] = s.simplify(x.conds[i]), s.simplify(x.values[i])
		}
		if x.elseV != nil {
			c.elseV = s.simplify(x.elseV)
		}
		return s.fold(&c)
	}
	return b
}

func isBoolType(t sqltypes.DataType) bool { _, ok := t.(sqltypes.BooleanType); return ok }

type likeTest struct{ class, arg string }

// likeShape classifies a LIKE pattern without escapes or '_': "abc%" is a prefix test,
// "%abc" a suffix test, "%abc%" an infix test and "abc" an equality.
func likeShape(p string) likeTest {
	if strings.ContainsAny(p, "_\\") {
		return likeTest{}
	}
	inner := strings.Trim(p, "%")
	if strings.Contains(inner, "%") {
		return likeTest{}
	}
	pre, suf := strings.HasPrefix(p, "%"), strings.HasSuffix(p, "%")
	switch {
	case !pre && !suf:
		return likeTest{"=", p}
	case !pre && suf && len(p) == len(inner)+1:
		return likeTest{"StartsWith", inner}
	case pre && !suf && len(p) == len(inner)+1:
		return likeTest{"EndsWith", inner}
	case pre && suf && len(p) == len(inner)+2:
		return likeTest{"Contains", inner}
	}
	return likeTest{}
}

// boundChildren lists an expression's operands; ok is false for a kind this file does not
// know (its references are then unknown).
func boundChildren(b Bound) ([]Bound, bool) {
	switch b := b.(type) {
	case *boundRef, *boundLit:
		return nil, true
	case *boundField:
		return []Bound{b.child}, true
	case *boundAlias:
		return []Bound{b.child}, true
	case *boundCast:
		return []Bound{b.child}, true
	case *boundArith:
		return []Bound{b.left, b.right}, true
	case *boundNegate:
		return []Bound{b.child}, true
	case *boundCompare:
		return []Bound{b.left, b.right}, true
	case *boundLogic:
		return []Bound{b.left, b.right}, true
	case *boundNot:
		return []Bound{b.child}, true
	case *boundIsNull:
		return []Bound{b.child}, true
	case *boundLike:
		return []Bound{b.child}, true
	case *boundStringTest:
		return []Bound{b.child}, true
	case *boundIn:
		return append([]Bound{b.child}, b.list...), true
	case *boundFunc:
		return b.args, true
	case *boundCaseWhen:
		out := append(append([]Bound{}, b.conds...), b.values...)
		if b.elseV != nil {
			out = append(out, b.elseV)
		}
		return out, true
	}
	return nil, false
}

// sideOf says which side of a join's input the columns an expression reads come from: the
// first `split` columns are the left side, the rest the right. It returns -1 (left), 1
// (right), 0 (no columns) or 2 (both, or unknown).
func sideOf(b Bound, split int) int {
	if r, ok := b.(*boundRef); ok {
		if r.index < split {
			return -1
		}
		return 1
	}
	kids, ok := boundChildren(b)
	if !ok {
		return 2
	}
	side := 0
	for _, k := range kids {
		s := sideOf(k, split)
		switch {
		case s == 0:
		case side == 0:
			side = s
		case s != side:
			return 2
		}
	}
	return side
}

// EquiJoinKeys splits a join condition over (left columns ++ right columns) into the
// equality conjuncts that compare a left-only expression with a right-only one, as Spark
// plans hash and sort-merge joins on them: the key expressions of each side, in conjunct
// order. Other conjuncts stay in the condition, which is still evaluated in full.
func EquiJoinKeys(cond Bound, split int) (left, right []Bound) {
	var walk func(b Bound)
	walk = func(b Bound) {
		switch x := b.(type) {
		case *boundLogic:
			if x.and {
				walk(x.left)
				walk(x.right)
			}
		case *boundAlias:
			walk(x.child)
		case *boundCompare:
			if x.op != "=" {
				return
			}
			ls, rs := sideOf(x.left, split), sideOf(x.right, split)
			switch {
			case ls == -1 && rs == 1:
				left, right = append(left, x.left), append(right, x.right)
			case ls == 1 && rs == -1:
				left, right = append(left, x.right), append(right, x.left)
			}
		}
	}
	walk(cond)
	return left, right
}

// CatalystSimpleString is Catalyst's simpleString of an expression (what Delta logs for a
// MERGE clause's condition): its toString, except that a bare column is followed by its
// type, as an attribute's simpleString is ("flag#12: boolean").
func CatalystSimpleString(b Bound, attr AttrNamer, loc *time.Location) string {
	if r, ok := b.(*boundRef); ok {
		return attr(r.index, r.field) + ": " + sqltypes.SimpleString(r.field.Type)
	}
	return CatalystString(b, attr, loc)
}
