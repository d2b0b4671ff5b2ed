package plan

import (
	"strconv"
	"strings"

	"github.com/kafkalab/kafkalab/engine/sparkerrors"
	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// Session variables (DECLARE VARIABLE, SET VAR, DROP TEMPORARY VARIABLE): Spark keeps them
// in the session, in system.session. A name a query uses that is no column is looked up
// among them (a column wins), and reads the variable's value when the query is analysed.

// Variable is a session variable's current state.
type Variable struct {
	Name  string // as declared
	Type  sqltypes.DataType
	Value any
}

// VariableName is the name a statement gives a variable: name, session.name or
// system.session.name. ok is false for any other qualifier.
func VariableName(parts []string) (string, bool) {
	switch len(parts) {
	case 1:
		return parts[0], true
	case 2:
		return parts[1], strings.EqualFold(parts[0], "session")
	case 3:
		return parts[2], strings.EqualFold(parts[0], "system") && strings.EqualFold(parts[1], "session")
	}
	return "", false
}

// QualifiedVariable is a variable's name as Spark's errors give it: `system`.`session`.`v`.
func QualifiedVariable(name string) string { return quoteIdent("system", "session", name) }

// boundVar is a variable read by a query: its value then, named as Spark names a
// VariableReference (the variable's name at the top of a select list, else
// variablereference(system.session.v=<value>)).
type boundVar struct {
	boundLit
	name string
}

func (b *boundVar) SQL() string {
	return "variablereference(system.session." + b.name + "=" + sparkLiteralSQL(b.value, b.typ) + ")"
}

// sparkLiteralSQL is a value written as Spark's Literal.sql writes it: strings quoted,
// BIGINT with L, DOUBLE with D, SMALLINT with S, TINYINT with Y, DECIMAL with BD.
func sparkLiteralSQL(v any, t sqltypes.DataType) string {
	if v == nil {
		return "NULL"
	}
	switch x := v.(type) {
	case string:
		return "'" + strings.ReplaceAll(x, "'", "\\'") + "'"
	case int64:
		if _, ok := t.(sqltypes.LongType); ok {
			return strconv.FormatInt(x, 10) + "L"
		}
	case float64:
		return formatDouble(x) + "D"
	case int16:
		return strconv.Itoa(int(x)) + "S"
	case int8:
		return strconv.Itoa(int(x)) + "Y"
	case sqltypes.Decimal:
		return formatDecimal(x) + "BD"
	}
	return (&boundLit{value: v, typ: t}).SQL()
}

// variable resolves a name no column has as a session variable, if the scope knows one.
func (r *resolver) variable(parts []string) (Bound, bool) {
	if r.scope.Variables == nil {
		return nil, false
	}
	name, ok := VariableName(parts)
	if !ok {
		return nil, false
	}
	v, ok := r.scope.Variables(name)
	if !ok {
		return nil, false
	}
	return &boundVar{boundLit: boundLit{value: v.Value, typ: v.Type}, name: v.Name}, true
}

// UnresolvedVariable is Spark's error for a variable SET VAR or DECLARE names that is not
// there (or is qualified by something other than system.session), placed at its name.
func UnresolvedVariable(parts []string, searchPath string, line, pos int) error {
	e := sparkerrors.New(sparkerrors.AnalysisException, "UNRESOLVED_VARIABLE",
		"variableName", quoteIdent(parts...), "searchPath", searchPath)
	if line > 0 {
		e.Tail = "; line " + strconv.Itoa(line) + " pos " + strconv.Itoa(pos)
	}
	return e
}

// DeclareVariable is DECLARE [OR REPLACE] [VARIABLE] name [type] [DEFAULT expr | = expr].
type DeclareVariable struct {
	Replace   bool
	Parts     []string
	Line, Pos int               // the name's place
	Type      sqltypes.DataType // nil: the default's type
	Default   Expr              // nil: NULL
	// DefaultText is the default as written; Src the statement's text (the parser's).
	DefaultText, Src string
}

// SetVariables is SET VAR[IABLE] v = expr [, ...] or SET VAR (v, ...) = (query).
type SetVariables struct {
	Targets [][]string
	Places  [][2]int // each target's line and pos
	Values  []Expr   // nil entries: DEFAULT
	Query   string   // the query of the (v, ...) = (query) form
	Src     string   // the statement's text (the parser's)
}

// DropVariable is DROP TEMPORARY VARIABLE [IF EXISTS] name.
type DropVariable struct {
	IfExists bool
	Parts    []string
}

// variableName reads a variable's possibly qualified name.
func (p *sqlParser) variableName() ([]string, int, error) {
	at := p.peek().pos
	var parts []string
	for {
		name, ok := p.identifier()
		if !ok {
			return nil, 0, p.syntaxError()
		}
		parts = append(parts, name)
		if !p.op(".") {
			return parts, at, nil
		}
	}
}

// declareVariable parses what follows DECLARE.
func (p *sqlParser) declareVariable(q *Query) (*Query, error) {
	start := p.toks[max(p.i-1, 0)]
	d := &DeclareVariable{}
	if p.at(tkIdent, "OR") && strings.EqualFold(p.toks[p.i+1].text, "REPLACE") {
		p.next()
		p.next()
		d.Replace = true
	}
	if p.at(tkIdent, "VARIABLE") && p.toks[p.i+1].kind != tkEOF && !(p.toks[p.i+1].kind == tkOp) &&
		!strings.EqualFold(p.toks[p.i+1].text, "DEFAULT") {
		p.next()
	}
	parts, at, err := p.variableName()
	if err != nil {
		return nil, err
	}
	d.Parts = parts
	d.Line, d.Pos = p.lineAndPos(at)
	if !p.at(tkEOF, "") && !p.at(tkIdent, "DEFAULT") && !p.at(tkOp, "=") {
		typeStart := p.peek().pos
		for !p.at(tkEOF, "") && !p.at(tkIdent, "DEFAULT") && !p.at(tkOp, "=") {
			p.next()
		}
		end := len(p.src)
		if !p.at(tkEOF, "") {
			end = p.peek().pos
		}
		dt, err := sqltypes.ParseDataType(strings.TrimSpace(p.src[typeStart:end]))
		if err != nil {
			return nil, err
		}
		d.Type = dt
	}
	if p.keyword("DEFAULT") || p.op("=") {
		from := p.peek().pos
		if d.Default, err = p.expr(); err != nil {
			return nil, err
		}
		d.DefaultText = strings.TrimSpace(p.src[from:p.prevEnd()])
	}
	d.Src = p.src
	if d.Type == nil && d.Default == nil {
		return nil, p.atSpan(sparkerrors.New(sparkerrors.ParseException, "INVALID_SQL_SYNTAX.VARIABLE_TYPE_OR_DEFAULT_REQUIRED"), start, p.prevEnd())
	}
	q.Declare = d
	return q, p.end()
}

// setVariables parses what follows SET VAR or SET VARIABLE.
func (p *sqlParser) setVariables(q *Query) (*Query, error) {
	s := &SetVariables{Src: p.src}
	if p.op("(") {
		for {
			parts, at, err := p.variableName()
			if err != nil {
				return nil, err
			}
			line, pos := p.lineAndPos(at)
			s.Targets, s.Places = append(s.Targets, parts), append(s.Places, [2]int{line, pos})
			if !p.op(",") {
				break
			}
		}
		if err := p.expect(")"); err != nil {
			return nil, err
		}
		if err := p.expect("="); err != nil {
			return nil, err
		}
		if !p.at(tkOp, "(") {
			return nil, p.syntaxError()
		}
		text, err := p.parenthesised()
		if err != nil {
			return nil, err
		}
		s.Query = text
		q.SetVar = s
		return q, p.end()
	}
	for {
		parts, at, err := p.variableName()
		if err != nil {
			return nil, err
		}
		line, pos := p.lineAndPos(at)
		if err := p.expect("="); err != nil {
			return nil, err
		}
		var v Expr
		if !p.keyword("DEFAULT") {
			if v, err = p.expr(); err != nil {
				return nil, err
			}
		}
		s.Targets, s.Places, s.Values = append(s.Targets, parts), append(s.Places, [2]int{line, pos}), append(s.Values, v)
		if !p.op(",") {
			break
		}
	}
	q.SetVar = s
	return q, p.end()
}

// InStatement places err, an error of computing a variable's value, at the whole
// statement src, as Spark's errors of SET VAR and DECLARE show it.
func InStatement(err error, src string) error {
	e, ok := sparkerrors.As(err)
	if !ok || e.ParseAt != 0 || e.Tail != "" || src == "" || e.Kind == sparkerrors.AnalysisException {
		return err
	}
	placed := *e
	placed.ParseAt, placed.ParseEnd, placed.ParseSrc = 1, len(src), src
	return &placed
}
