package plan

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/kafkalab/kafkalab/engine/rowiter"
	"github.com/kafkalab/kafkalab/engine/sparkerrors"
	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// Generators (explode, posexplode, inline, stack, json_tuple) turn one input row into
// zero or more output rows. Spark allows one at the top of a select list; the select
// becomes a Generate operator (the input row joined with each generated row) under a
// projection that puts the select list in order.

// boundGenerator is a resolved generator call.
type boundGenerator struct {
	name   string
	args   []Bound
	outer  bool // an input whose generator yields nothing still gives one row of NULLs
	fields []sqltypes.StructField
	// gen calls emit once per generated row (the slice is reused: emit must copy it).
	gen func(c *EvalContext, vals []any, emit func(out []any)) error
}

func (g *boundGenerator) DataType() sqltypes.DataType {
	return &sqltypes.StructType{Fields: g.fields}
}
func (g *boundGenerator) Nullable() bool { return false }
func (g *boundGenerator) SQL() string    { return callSQL(g.name, g.args) }
func (g *boundGenerator) Eval(*EvalContext, sqltypes.Row) (any, error) {
	return nil, analysisErr("UNSUPPORTED_GENERATOR.NESTED_IN_EXPRESSIONS",
		"The generator is not supported: nested in expressions %s.", quoteSQL(g.SQL()))
}

// generators are the generator functions by name.
var generators = map[string]func(r *resolver, c Call) (*boundGenerator, error){}

func isGeneratorCall(e Expr) (Call, string, bool) {
	alias := ""
	if a, ok := e.(Alias); ok {
		e, alias = a.Child, a.Name
		if len(a.Names) > 1 {
			alias = strings.Join(a.Names, "\x00")
		}
	}
	c, ok := e.(Call)
	if !ok {
		return Call{}, "", false
	}
	_, gen := generators[strings.ToLower(c.Name)]
	return c, alias, gen
}

// NewSelect is a select list that may hold one generator: a plain projection without
// one, a projection over a Generate with one.
func NewSelect(child Node, exprs []Expr) (Node, error) {
	genAt := -1
	var names []string
	for i, e := range exprs {
		if c, _, ok := isGeneratorCall(e); ok {
			if genAt >= 0 {
				first, _, _ := isGeneratorCall(exprs[genAt])
				names = append(names, quoteSQL(exprString(first)))
				names = append(names, quoteSQL(exprString(c)))
				return nil, analysisErr("UNSUPPORTED_GENERATOR.MULTI_GENERATOR",
					"The generator is not supported: only one generator allowed per SELECT clause but found 2: %s.", strings.Join(names, ", "))
			}
			genAt = i
		}
	}
	if genAt < 0 {
		return NewProject(child, exprs)
	}
	in := childScope(child)
	r := &resolver{scope: in}
	call, alias, _ := isGeneratorCall(exprs[genAt])
	g, err := generators[strings.ToLower(call.Name)](r, call)
	if err != nil {
		return nil, err
	}
	if alias != "" {
		// Several names (AS (a, b)) arrive joined by NUL; each names one output column.
		names := strings.Split(alias, "\x00")
		if len(g.fields) != len(names) {
			return nil, sparkerrors.New(sparkerrors.AnalysisException, "UDTF_ALIAS_NUMBER_MISMATCH",
				"aliasesSize", strconv.Itoa(len(g.fields)), "aliasesNames", strings.Join(names, ", "))
		}
		for i, n := range names {
			g.fields[i].Name = n
		}
	}
	gen := &Generate{Child: child, Gen: g}
	gen.scope = &Scope{Schema: &sqltypes.StructType{Fields: append(append([]sqltypes.StructField(nil), in.Schema.Fields...), g.fields...)},
		Qualifiers: in.Qualifiers, Settings: in.Settings}
	var bound []Bound
	for i, e := range exprs {
		if i == genAt {
			for k, f := range g.fields {
				bound = append(bound, &boundRef{index: len(in.Schema.Fields) + k, field: f})
			}
			continue
		}
		if st, ok := e.(Star); ok {
			bs, err := r.expandStar(st)
			if err != nil {
				return nil, err
			}
			bound = append(bound, bs...)
			continue
		}
		b, err := r.resolve(e)
		if err != nil {
			return nil, err
		}
		bound = append(bound, b)
	}
	return NewBoundProject(gen, bound), nil
}

// exprString is a short text of an unresolved call for messages.
func exprString(c Call) string {
	return c.Name + "(...)"
}

// Generate joins each input row with the rows its generator makes.
type Generate struct {
	Child Node
	Gen   *boundGenerator
	scope *Scope
}

func (g *Generate) Output() *Scope   { return g.scope }
func (g *Generate) Children() []Node { return []Node{g.Child} }
func (g *Generate) Describe() string { return "Generate " + g.Gen.SQL() }
func (g *Generate) Execute(ctx context.Context, ex *Exec) ([]rowiter.Iter, error) {
	in, err := g.Child.Execute(ctx, ex)
	if err != nil {
		return nil, err
	}
	width := len(g.scope.Schema.Fields)
	nIn := width - len(g.Gen.fields)
	out := make([]rowiter.Iter, len(in))
	for t, task := range in {
		vals := make([]any, len(g.Gen.args)) // one per task: tasks run concurrently
		var res []sqltypes.Row
		out[t] = rowiter.Map(task, func(_ context.Context, rows []sqltypes.Row) ([]sqltypes.Row, error) {
			res = res[:0]
			for _, row := range rows {
				for i, a := range g.Gen.args {
					var err error
					if vals[i], err = a.Eval(ex.Eval, row); err != nil {
						return nil, err
					}
				}
				n := 0
				err := g.Gen.gen(ex.Eval, vals, func(gen []any) {
					nr := make(sqltypes.Row, width)
					copy(nr, row[:nIn])
					copy(nr[nIn:], gen)
					res = append(res, nr)
					n++
				})
				if err != nil {
					return nil, err
				}
				if n == 0 && g.Gen.outer {
					nr := make(sqltypes.Row, width)
					copy(nr, row[:nIn])
					res = append(res, nr)
				}
			}
			return res, nil
		})
	}
	return out, nil
}

func init() {
	explode := func(name string, outer, pos bool) func(r *resolver, c Call) (*boundGenerator, error) {
		return func(r *resolver, c Call) (*boundGenerator, error) {
			args, err := r.bindArgs(c, 1, 1)
			if err != nil {
				return nil, err
			}
			a := args[0]
			g := &boundGenerator{name: name, args: args, outer: outer}
			if pos {
				g.fields = append(g.fields, sqltypes.StructField{Name: "pos", Type: sqltypes.Integer, Nullable: outer})
			}
			switch t := a.DataType().(type) {
			case sqltypes.ArrayType:
				g.fields = append(g.fields, sqltypes.StructField{Name: "col", Type: t.Element, Nullable: t.ContainsNull || outer})
				width := len(g.fields)
				g.gen = func(_ *EvalContext, v []any, emit func([]any)) error {
					buf := make([]any, width)
					arr, _ := v[0].([]any)
					for i, e := range arr {
						if pos {
							buf[0], buf[1] = int32(i), e
						} else {
							buf[0] = e
						}
						emit(buf)
					}
					return nil
				}
			case sqltypes.MapType:
				g.fields = append(g.fields,
					sqltypes.StructField{Name: "key", Type: t.Key, Nullable: outer},
					sqltypes.StructField{Name: "value", Type: t.Value, Nullable: t.ValueContainsNull || outer})
				width := len(g.fields)
				g.gen = func(_ *EvalContext, v []any, emit func([]any)) error {
					buf := make([]any, width)
					m, _ := v[0].(*sqltypes.MapValue)
					if m == nil {
						return nil
					}
					for i := range m.Keys {
						if pos {
							buf[0], buf[1], buf[2] = int32(i), m.Keys[i], m.Values[i]
						} else {
							buf[0], buf[1] = m.Keys[i], m.Values[i]
						}
						emit(buf)
					}
					return nil
				}
			default:
				return nil, analysisErr("DATATYPE_MISMATCH.UNEXPECTED_INPUT_TYPE",
					"Cannot resolve %s due to data type mismatch: The first parameter requires the (\"ARRAY\" or \"MAP\") type, however %s has the type %s.",
					quoteSQL(callSQL(name, args)), quoteSQL(a.SQL()), quoteSQL(a.DataType().SQL()))
			}
			return g, nil
		}
	}
	generators["explode"] = explode("explode", false, false)
	generators["explode_outer"] = explode("explode_outer", true, false)
	generators["posexplode"] = explode("posexplode", false, true)
	generators["posexplode_outer"] = explode("posexplode_outer", true, true)
	inline := func(name string, outer bool) func(r *resolver, c Call) (*boundGenerator, error) {
		return func(r *resolver, c Call) (*boundGenerator, error) {
			args, err := r.bindArgs(c, 1, 1)
			if err != nil {
				return nil, err
			}
			at, ok := args[0].DataType().(sqltypes.ArrayType)
			st, isStruct := sqltypes.DataType(nil), false
			if ok {
				st = at.Element
				_, isStruct = st.(*sqltypes.StructType)
			}
			if !isStruct {
				return nil, analysisErr("DATATYPE_MISMATCH.UNEXPECTED_INPUT_TYPE",
					"Cannot resolve %s due to data type mismatch: The first parameter requires the \"ARRAY<STRUCT>\" type, however %s has the type %s.",
					quoteSQL(callSQL(name, args)), quoteSQL(args[0].SQL()), quoteSQL(args[0].DataType().SQL()))
			}
			g := &boundGenerator{name: name, args: args, outer: outer}
			for _, f := range st.(*sqltypes.StructType).Fields {
				f.Nullable = f.Nullable || outer || at.ContainsNull
				g.fields = append(g.fields, f)
			}
			nulls := make([]any, len(g.fields))
			g.gen = func(_ *EvalContext, v []any, emit func([]any)) error {
				arr, _ := v[0].([]any)
				for _, e := range arr {
					if e == nil {
						emit(nulls)
						continue
					}
					emit(e.(sqltypes.Row))
				}
				return nil
			}
			return g, nil
		}
	}
	generators["inline"] = inline("inline", false)
	generators["inline_outer"] = inline("inline_outer", true)
	generators["stack"] = bindStack
}

// bindStack is stack(n, v1, ..., vk): k values in n rows of ceil(k/n) columns col0..,
// the missing values of the last row NULL.
func bindStack(r *resolver, c Call) (*boundGenerator, error) {
	if len(c.Args) < 2 {
		return nil, wrongArgs("stack", "> 1", len(c.Args))
	}
	args, err := r.resolveAll(c.Args)
	if err != nil {
		return nil, err
	}
	n64, ok := intLiteral(args[0])
	if !ok || n64 <= 0 {
		return nil, analysisErr("DATATYPE_MISMATCH.NON_FOLDABLE_INPUT",
			"Cannot resolve %s due to data type mismatch: the input `n` should be a foldable \"INT\" expression; however, got %s.",
			quoteSQL(callSQL("stack", args)), quoteSQL(args[0].SQL()))
	}
	n := int(n64)
	vals := args[1:]
	cols := (len(vals) + n - 1) / n
	g := &boundGenerator{name: "stack", args: args}
	for j := 0; j < cols; j++ {
		var t sqltypes.DataType = sqltypes.Null
		for i := j; i < len(vals); i += cols {
			nt, ok := comparisonType(t, vals[i].DataType())
			if !ok {
				return nil, analysisErr("DATATYPE_MISMATCH.STACK_COLUMN_DIFF_TYPES",
					"Cannot resolve %s due to data type mismatch: The data type of the column (%d) do not have the same type: %s (%s) <> %s (%s).",
					quoteSQL(callSQL("stack", args)), j, quoteSQL(t.SQL()), quoteSQL(vals[j].SQL()), quoteSQL(vals[i].DataType().SQL()), quoteSQL(vals[i].SQL()))
			}
			t = nt
		}
		for i := j; i < len(vals); i += cols {
			args[1+i] = castTo(vals[i], t)
		}
		g.fields = append(g.fields, sqltypes.StructField{Name: fmt.Sprintf("col%d", j), Type: t, Nullable: true})
	}
	g.gen = func(_ *EvalContext, v []any, emit func([]any)) error {
		buf := make([]any, cols)
		for i := 0; i < n; i++ {
			for j := range buf {
				buf[j] = nil
				if k := i*cols + j; k < len(v)-1 {
					buf[j] = v[1+k]
				}
			}
			emit(buf)
		}
		return nil
	}
	return g, nil
}
