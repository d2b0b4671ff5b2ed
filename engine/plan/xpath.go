package plan

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"math"
	"sort"
	"strconv"
	"strings"
)

// An XPath 1.0 evaluator over a small DOM, for Spark's xpath_* functions. Spark hands the
// string to the JDK's DOM parser (not namespace aware) and evaluates the path with the
// JDK's XPath engine; this file follows the XPath 1.0 recommendation the JDK implements:
// node-sets in document order, string-values, the comparison rules between node-sets,
// strings, numbers and booleans, and the core function library.

type xnodeKind uint8

const (
	xRoot xnodeKind = iota
	xElement
	xText
	xAttr
	xComment
	xPI
)

type xnode struct {
	kind     xnodeKind
	name     string // element and attribute names keep their prefix (prefix:local)
	value    string // text, attribute value, comment text, PI data
	parent   *xnode
	children []*xnode
	attrs    []*xnode
	order    int // position in document order
}

// nodeValue is DOM's getNodeValue, which Spark's xpath() returns per node: NULL for
// elements and the document, the text for everything else.
func (n *xnode) nodeValue() any {
	if n.kind == xRoot || n.kind == xElement {
		return nil
	}
	return n.value
}

// stringValue is XPath's string-value: the concatenated descendant text of an element or
// the document, the node's own value otherwise.
func (n *xnode) stringValue() string {
	if n.kind != xRoot && n.kind != xElement {
		return n.value
	}
	var b strings.Builder
	var walk func(*xnode)
	walk = func(m *xnode) {
		for _, c := range m.children {
			switch c.kind {
			case xText:
				b.WriteString(c.value)
			case xElement:
				walk(c)
			}
		}
	}
	walk(n)
	return b.String()
}

func xmlName(n xml.Name) string {
	if n.Space != "" {
		return n.Space + ":" + n.Local
	}
	return n.Local
}

// parseXMLDoc builds the DOM of one well-formed XML document.
func parseXMLDoc(s string) (*xnode, error) {
	d := xml.NewDecoder(strings.NewReader(s))
	d.Strict = true
	root := &xnode{kind: xRoot}
	cur := root
	order := 1
	add := func(n *xnode) {
		n.parent = cur
		n.order = order
		order++
		cur.children = append(cur.children, n)
	}
	sawRoot := false
	for {
		tok, err := d.RawToken()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, err
		}
		switch t := tok.(type) {
		case xml.StartElement:
			if cur == root && sawRoot {
				return nil, errors.New("markup after the root element must be well-formed")
			}
			sawRoot = true
			e := &xnode{kind: xElement, name: xmlName(t.Name)}
			add(e)
			for _, a := range t.Attr {
				if a.Name.Space == "xmlns" || (a.Name.Space == "" && a.Name.Local == "xmlns") {
					continue // namespace declarations are not attributes in XPath's data model
				}
				e.attrs = append(e.attrs, &xnode{kind: xAttr, name: xmlName(a.Name), value: a.Value, parent: e, order: order})
				order++
			}
			cur = e
		case xml.EndElement:
			if cur == root || cur.name != xmlName(t.Name) {
				return nil, fmt.Errorf("element type %q must be terminated by the matching end-tag", xmlName(t.Name))
			}
			cur = cur.parent
		case xml.CharData:
			if cur == root {
				if len(bytes.TrimSpace(t)) > 0 {
					return nil, errors.New("content is not allowed in prolog")
				}
				continue
			}
			if k := len(cur.children); k > 0 && cur.children[k-1].kind == xText {
				cur.children[k-1].value += string(t)
				continue
			}
			add(&xnode{kind: xText, value: string(t)})
		case xml.Comment:
			add(&xnode{kind: xComment, value: string(t)})
		case xml.ProcInst:
			if t.Target == "xml" {
				continue
			}
			add(&xnode{kind: xPI, name: t.Target, value: strings.TrimLeft(string(t.Inst), " \t\r\n")})
		}
	}
	if cur != root {
		return nil, fmt.Errorf("XML document structures must start and end within the same entity")
	}
	if !sawRoot {
		return nil, errors.New("premature end of file")
	}
	return root, nil
}

// ---- the expression language ----

// xvalue is one of: []*xnode (a node-set in document order), string, float64, bool.
type xvalue any

type xctx struct {
	node      *xnode
	pos, size int
}

type xexpr interface {
	eval(c xctx) (xvalue, error)
}

type xpathTok struct {
	kind byte // 'n' name, 's' string, 'd' number, 'o' operator/punctuation, 'v' variable
	text string
	num  float64
}

func tokenizeXPath(s string) ([]xpathTok, error) {
	var toks []xpathTok
	i := 0
	isNameStart := func(c byte) bool {
		return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c >= 0x80
	}
	isNameChar := func(c byte) bool {
		return isNameStart(c) || c == '-' || c == '.' || (c >= '0' && c <= '9')
	}
	for i < len(s) {
		c := s[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			i++
		case c == '"' || c == '\'':
			j := strings.IndexByte(s[i+1:], c)
			if j < 0 {
				return nil, errors.New("misquoted literal... expected double quote")
			}
			toks = append(toks, xpathTok{kind: 's', text: s[i+1 : i+1+j]})
			i += j + 2
		case (c >= '0' && c <= '9') || (c == '.' && i+1 < len(s) && s[i+1] >= '0' && s[i+1] <= '9'):
			j := i
			for j < len(s) && (s[j] >= '0' && s[j] <= '9' || s[j] == '.') {
				j++
			}
			f, err := strconv.ParseFloat(s[i:j], 64)
			if err != nil {
				return nil, fmt.Errorf("bad number %q", s[i:j])
			}
			toks = append(toks, xpathTok{kind: 'd', num: f, text: s[i:j]})
			i = j
		case c == '$':
			j := i + 1
			for j < len(s) && isNameChar(s[j]) {
				j++
			}
			toks = append(toks, xpathTok{kind: 'v', text: s[i+1 : j]})
			i = j
		case isNameStart(c):
			j := i
			for j < len(s) && isNameChar(s[j]) {
				j++
			}
			// a QName (prefix:local) or prefix:*
			if j+1 < len(s) && s[j] == ':' && s[j+1] != ':' {
				if s[j+1] == '*' {
					j += 2
				} else if isNameStart(s[j+1]) {
					j++
					for j < len(s) && isNameChar(s[j]) {
						j++
					}
				}
			}
			toks = append(toks, xpathTok{kind: 'n', text: s[i:j]})
			i = j
		default:
			two := ""
			if i+1 < len(s) {
				two = s[i : i+2]
			}
			switch two {
			case "//", "..", "::", "!=", "<=", ">=":
				toks = append(toks, xpathTok{kind: 'o', text: two})
				i += 2
				continue
			}
			if strings.IndexByte("/()[]@,|+-=<>*.", c) < 0 {
				return nil, fmt.Errorf("unexpected character %q", c)
			}
			toks = append(toks, xpathTok{kind: 'o', text: string(c)})
			i++
		}
	}
	return toks, nil
}

type xparser struct {
	toks []xpathTok
	i    int
}

func (p *xparser) peek() xpathTok {
	if p.i < len(p.toks) {
		return p.toks[p.i]
	}
	return xpathTok{}
}

func (p *xparser) peekAt(k int) xpathTok {
	if p.i+k < len(p.toks) {
		return p.toks[p.i+k]
	}
	return xpathTok{}
}

func (p *xparser) isOp(s string) bool {
	t := p.peek()
	return t.kind == 'o' && t.text == s
}

// operatorContext is XPath's lexical rule: after a token that ends an operand, * is
// multiplication and a name is an operator name (and, or, div, mod).
func (p *xparser) operatorContext() bool {
	if p.i == 0 {
		return false
	}
	prev := p.toks[p.i-1]
	if prev.kind == 'n' {
		switch prev.text {
		case "and", "or", "div", "mod":
			// an operator name is followed by an operand
			return !p.isOperatorAt(p.i - 1)
		}
		return true
	}
	if prev.kind != 'o' {
		return true
	}
	switch prev.text {
	case ")", "]", ".", "..", "*":
		// a * that was itself a name test ends an operand; one that was multiplication
		// does not, but then an operand follows and this rule is not asked.
		return prev.text != "*" || p.i < 2 || !p.isOperatorAt(p.i-1)
	}
	return false
}

func (p *xparser) isOperatorAt(k int) bool {
	save := p.i
	p.i = k
	r := p.operatorContext()
	p.i = save
	return r
}

func (p *xparser) isNameOp(s string) bool {
	t := p.peek()
	return t.kind == 'n' && t.text == s && p.operatorContext()
}

func (p *xparser) expect(s string) error {
	if !p.isOp(s) {
		return fmt.Errorf("expected %q", s)
	}
	p.i++
	return nil
}

func compileXPath(s string) (xexpr, error) {
	toks, err := tokenizeXPath(s)
	if err != nil {
		return nil, err
	}
	if len(toks) == 0 {
		return nil, errors.New("empty expression")
	}
	p := &xparser{toks: toks}
	e, err := p.orExpr()
	if err != nil {
		return nil, err
	}
	if p.i < len(p.toks) {
		return nil, fmt.Errorf("extra illegal tokens: %q", p.toks[p.i].text)
	}
	return e, nil
}

type xbinary struct {
	op   string
	l, r xexpr
}

func (p *xparser) binaryLevel(next func() (xexpr, error), nameOps []string, symOps []string) (xexpr, error) {
	l, err := next()
	if err != nil {
		return nil, err
	}
	for {
		op := ""
		for _, o := range nameOps {
			if p.isNameOp(o) {
				op = o
			}
		}
		for _, o := range symOps {
			if p.isOp(o) {
				op = o
			}
		}
		if op == "" {
			return l, nil
		}
		p.i++
		r, err := next()
		if err != nil {
			return nil, err
		}
		l = &xbinary{op: op, l: l, r: r}
	}
}

func (p *xparser) orExpr() (xexpr, error) {
	return p.binaryLevel(p.andExpr, []string{"or"}, nil)
}
func (p *xparser) andExpr() (xexpr, error) {
	return p.binaryLevel(p.eqExpr, []string{"and"}, nil)
}
func (p *xparser) eqExpr() (xexpr, error) {
	return p.binaryLevel(p.relExpr, nil, []string{"=", "!="})
}
func (p *xparser) relExpr() (xexpr, error) {
	return p.binaryLevel(p.addExpr, nil, []string{"<", "<=", ">", ">="})
}
func (p *xparser) addExpr() (xexpr, error) {
	return p.binaryLevel(p.mulExpr, nil, []string{"+", "-"})
}
func (p *xparser) mulExpr() (xexpr, error) {
	l, err := p.unaryExpr()
	if err != nil {
		return nil, err
	}
	for {
		op := ""
		switch {
		case p.isOp("*") && p.operatorContext():
			op = "*"
		case p.isNameOp("div"):
			op = "div"
		case p.isNameOp("mod"):
			op = "mod"
		}
		if op == "" {
			return l, nil
		}
		p.i++
		r, err := p.unaryExpr()
		if err != nil {
			return nil, err
		}
		l = &xbinary{op: op, l: l, r: r}
	}
}

type xneg struct{ e xexpr }

func (p *xparser) unaryExpr() (xexpr, error) {
	if p.isOp("-") {
		p.i++
		e, err := p.unaryExpr()
		if err != nil {
			return nil, err
		}
		return &xneg{e}, nil
	}
	return p.binaryLevel(p.pathExpr, nil, []string{"|"})
}

type xliteral struct{ v xvalue }

func (e *xliteral) eval(xctx) (xvalue, error) { return e.v, nil }

type xcall struct {
	name string
	args []xexpr
}

type xfilter struct {
	e     xexpr
	preds []xexpr
}

// xpath is a location path: from the root (abs), from a filter expression's nodes (base),
// or from the context node.
type xpathExpr struct {
	abs   bool
	base  xexpr
	steps []xstep
}

type xstep struct {
	axis  string
	test  string // a name, "*", "prefix:*", or "node()", "text()", "comment()", "processing-instruction()"
	preds []xexpr
}

var xnodeTypes = map[string]bool{"node": true, "text": true, "comment": true, "processing-instruction": true}

func (p *xparser) startsStep() bool {
	t := p.peek()
	switch t.kind {
	case 'n':
		return true
	case 'o':
		return t.text == "@" || t.text == "." || t.text == ".." || t.text == "*"
	}
	return false
}

func (p *xparser) pathExpr() (xexpr, error) {
	t := p.peek()
	if t.kind == 'o' && (t.text == "/" || t.text == "//") {
		p.i++
		pe := &xpathExpr{abs: true}
		if t.text == "//" {
			pe.steps = append(pe.steps, xstep{axis: "descendant-or-self", test: "node()"})
		} else if !p.startsStep() {
			return pe, nil
		}
		return pe, p.relPath(pe)
	}
	// a primary expression: literal, number, variable, (expr) or a function call
	isPrimary := t.kind == 's' || t.kind == 'd' || t.kind == 'v' || (t.kind == 'o' && t.text == "(") ||
		(t.kind == 'n' && p.peekAt(1).kind == 'o' && p.peekAt(1).text == "(" && !xnodeTypes[t.text])
	if !isPrimary {
		pe := &xpathExpr{}
		return pe, p.relPath(pe)
	}
	prim, err := p.primary()
	if err != nil {
		return nil, err
	}
	f := &xfilter{e: prim}
	for p.isOp("[") {
		pr, err := p.predicate()
		if err != nil {
			return nil, err
		}
		f.preds = append(f.preds, pr)
	}
	var out xexpr = f
	if len(f.preds) == 0 {
		out = prim
	}
	if p.isOp("/") || p.isOp("//") {
		pe := &xpathExpr{base: out}
		if p.isOp("//") {
			pe.steps = append(pe.steps, xstep{axis: "descendant-or-self", test: "node()"})
		}
		p.i++
		return pe, p.relPath(pe)
	}
	return out, nil
}

func (p *xparser) relPath(pe *xpathExpr) error {
	for {
		st, err := p.step()
		if err != nil {
			return err
		}
		pe.steps = append(pe.steps, st)
		switch {
		case p.isOp("/"):
			p.i++
		case p.isOp("//"):
			p.i++
			pe.steps = append(pe.steps, xstep{axis: "descendant-or-self", test: "node()"})
		default:
			return nil
		}
	}
}

var xaxes = map[string]bool{"child": true, "descendant": true, "descendant-or-self": true, "self": true,
	"parent": true, "ancestor": true, "ancestor-or-self": true, "following-sibling": true,
	"preceding-sibling": true, "following": true, "preceding": true, "attribute": true, "namespace": true}

func (p *xparser) step() (xstep, error) {
	if p.isOp(".") {
		p.i++
		return xstep{axis: "self", test: "node()"}, nil
	}
	if p.isOp("..") {
		p.i++
		return xstep{axis: "parent", test: "node()"}, nil
	}
	st := xstep{axis: "child"}
	if p.isOp("@") {
		p.i++
		st.axis = "attribute"
	} else if t := p.peek(); t.kind == 'n' && p.peekAt(1).kind == 'o' && p.peekAt(1).text == "::" {
		if !xaxes[t.text] {
			return st, fmt.Errorf("illegal axis name: %s", t.text)
		}
		st.axis = t.text
		p.i += 2
	}
	t := p.peek()
	switch {
	case t.kind == 'o' && t.text == "*":
		st.test = "*"
		p.i++
	case t.kind == 'n' && xnodeTypes[t.text] && p.peekAt(1).kind == 'o' && p.peekAt(1).text == "(":
		p.i += 2
		if t.text == "processing-instruction" && p.peek().kind == 's' {
			p.i++ // the target's name is accepted and ignored
		}
		if err := p.expect(")"); err != nil {
			return st, err
		}
		st.test = t.text + "()"
	case t.kind == 'n':
		st.test = t.text
		p.i++
	default:
		return st, errors.New("a location step was expected following the '/' or '//' token")
	}
	for p.isOp("[") {
		pr, err := p.predicate()
		if err != nil {
			return st, err
		}
		st.preds = append(st.preds, pr)
	}
	return st, nil
}

func (p *xparser) predicate() (xexpr, error) {
	p.i++ // [
	e, err := p.orExpr()
	if err != nil {
		return nil, err
	}
	return e, p.expect("]")
}

func (p *xparser) primary() (xexpr, error) {
	t := p.peek()
	p.i++
	switch t.kind {
	case 's':
		return &xliteral{t.text}, nil
	case 'd':
		return &xliteral{t.num}, nil
	case 'v':
		return nil, fmt.Errorf("could not find variable with the name of %s", t.text)
	case 'o': // (
		e, err := p.orExpr()
		if err != nil {
			return nil, err
		}
		return e, p.expect(")")
	}
	name := t.text
	if _, ok := xfuncs[name]; !ok {
		return nil, fmt.Errorf("could not find function: %s", name)
	}
	p.i++ // (
	c := &xcall{name: name}
	if !p.isOp(")") {
		for {
			a, err := p.orExpr()
			if err != nil {
				return nil, err
			}
			c.args = append(c.args, a)
			if !p.isOp(",") {
				break
			}
			p.i++
		}
	}
	if err := p.expect(")"); err != nil {
		return nil, err
	}
	ar := xfuncs[name]
	if len(c.args) < ar[0] || (ar[1] >= 0 && len(c.args) > ar[1]) {
		return nil, fmt.Errorf("function %s takes %d to %d arguments, got %d", name, ar[0], ar[1], len(c.args))
	}
	return c, nil
}

// ---- evaluation ----

func xToString(v xvalue) string {
	switch x := v.(type) {
	case []*xnode:
		if len(x) == 0 {
			return ""
		}
		return x[0].stringValue()
	case string:
		return x
	case bool:
		if x {
			return "true"
		}
		return "false"
	case float64:
		return xNumberString(x)
	}
	return ""
}

// xNumberString is XPath's number to string: integers without a fraction, others in
// plain decimal notation, never an exponent.
func xNumberString(f float64) string {
	switch {
	case math.IsNaN(f):
		return "NaN"
	case math.IsInf(f, 1):
		return "Infinity"
	case math.IsInf(f, -1):
		return "-Infinity"
	case f == 0:
		return "0"
	}
	return strconv.FormatFloat(f, 'f', -1, 64)
}

func xStringToNumber(s string) float64 {
	s = strings.Trim(s, " \t\r\n")
	t := strings.TrimPrefix(s, "-")
	if t == "" || t == "." {
		return math.NaN()
	}
	for _, c := range t {
		if (c < '0' || c > '9') && c != '.' {
			return math.NaN()
		}
	}
	if strings.Count(t, ".") > 1 {
		return math.NaN()
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil {
		return math.NaN()
	}
	return f
}

func xToNumber(v xvalue) float64 {
	switch x := v.(type) {
	case float64:
		return x
	case bool:
		if x {
			return 1
		}
		return 0
	}
	return xStringToNumber(xToString(v))
}

func xToBool(v xvalue) bool {
	switch x := v.(type) {
	case []*xnode:
		return len(x) > 0
	case string:
		return x != ""
	case float64:
		return x != 0 && !math.IsNaN(x)
	case bool:
		return x
	}
	return false
}

func (e *xneg) eval(c xctx) (xvalue, error) {
	v, err := e.e.eval(c)
	if err != nil {
		return nil, err
	}
	return -xToNumber(v), nil
}

func (e *xbinary) eval(c xctx) (xvalue, error) {
	l, err := e.l.eval(c)
	if err != nil {
		return nil, err
	}
	switch e.op {
	case "or":
		if xToBool(l) {
			return true, nil
		}
	case "and":
		if !xToBool(l) {
			return false, nil
		}
	}
	r, err := e.r.eval(c)
	if err != nil {
		return nil, err
	}
	switch e.op {
	case "or", "and":
		return xToBool(r), nil
	case "+":
		return xToNumber(l) + xToNumber(r), nil
	case "-":
		return xToNumber(l) - xToNumber(r), nil
	case "*":
		return xToNumber(l) * xToNumber(r), nil
	case "div":
		return xToNumber(l) / xToNumber(r), nil
	case "mod":
		return math.Mod(xToNumber(l), xToNumber(r)), nil
	case "|":
		a, ok1 := l.([]*xnode)
		b, ok2 := r.([]*xnode)
		if !ok1 || !ok2 {
			return nil, errors.New("can not convert to a node-set in a union")
		}
		return xUnion(a, b), nil
	}
	return xCompare(e.op, l, r), nil
}

func xUnion(a, b []*xnode) []*xnode {
	seen := make(map[*xnode]bool, len(a)+len(b))
	out := make([]*xnode, 0, len(a)+len(b))
	for _, s := range [][]*xnode{a, b} {
		for _, n := range s {
			if !seen[n] {
				seen[n] = true
				out = append(out, n)
			}
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].order < out[j].order })
	return out
}

func xCmpAtoms(op string, l, r xvalue) bool {
	if op == "=" || op == "!=" {
		var eq bool
		_, lb := l.(bool)
		_, rb := r.(bool)
		_, ln := l.(float64)
		_, rn := r.(float64)
		switch {
		case lb || rb:
			eq = xToBool(l) == xToBool(r)
		case ln || rn:
			eq = xToNumber(l) == xToNumber(r)
		default:
			eq = xToString(l) == xToString(r)
		}
		if op == "=" {
			return eq
		}
		if ln || rn {
			// NaN != NaN is true, as IEEE comparisons go
			return xToNumber(l) != xToNumber(r)
		}
		return !eq
	}
	a, b := xToNumber(l), xToNumber(r)
	switch op {
	case "<":
		return a < b
	case "<=":
		return a <= b
	case ">":
		return a > b
	}
	return a >= b
}

// xCompare applies XPath's comparison rules: a node-set compares true when some node's
// string-value (converted as the other side asks) does; with a boolean the node-set is
// converted to a boolean as a whole.
func xCompare(op string, l, r xvalue) bool {
	ls, lIsSet := l.([]*xnode)
	rs, rIsSet := r.([]*xnode)
	switch {
	case lIsSet && rIsSet:
		for _, a := range ls {
			for _, b := range rs {
				var x, y xvalue = a.stringValue(), b.stringValue()
				if op != "=" && op != "!=" {
					x, y = xStringToNumber(a.stringValue()), xStringToNumber(b.stringValue())
				}
				if xCmpAtoms(op, x, y) {
					return true
				}
			}
		}
		return false
	case lIsSet || rIsSet:
		set, other, setLeft := ls, r, true
		if rIsSet {
			set, other, setLeft = rs, l, false
		}
		if _, ok := other.(bool); ok {
			return xCmpAtoms(op, xToBool(l), xToBool(r))
		}
		for _, n := range set {
			var a xvalue = n.stringValue()
			if _, ok := other.(float64); ok || (op != "=" && op != "!=") {
				a = xStringToNumber(n.stringValue())
			}
			if setLeft && xCmpAtoms(op, a, other) || !setLeft && xCmpAtoms(op, other, a) {
				return true
			}
		}
		return false
	}
	return xCmpAtoms(op, l, r)
}

func (e *xfilter) eval(c xctx) (xvalue, error) {
	v, err := e.e.eval(c)
	if err != nil {
		return nil, err
	}
	set, ok := v.([]*xnode)
	if !ok {
		return nil, errors.New("a predicate applies only to a node-set")
	}
	for _, pr := range e.preds {
		if set, err = xApplyPredicate(set, pr); err != nil {
			return nil, err
		}
	}
	return set, nil
}

func xApplyPredicate(set []*xnode, pr xexpr) ([]*xnode, error) {
	var out []*xnode
	for i, n := range set {
		v, err := pr.eval(xctx{node: n, pos: i + 1, size: len(set)})
		if err != nil {
			return nil, err
		}
		keep := false
		if f, ok := v.(float64); ok {
			keep = f == float64(i+1)
		} else {
			keep = xToBool(v)
		}
		if keep {
			out = append(out, n)
		}
	}
	return out, nil
}

func (e *xpathExpr) eval(c xctx) (xvalue, error) {
	var set []*xnode
	switch {
	case e.abs:
		r := c.node
		for r.parent != nil {
			r = r.parent
		}
		set = []*xnode{r}
	case e.base != nil:
		v, err := e.base.eval(c)
		if err != nil {
			return nil, err
		}
		s, ok := v.([]*xnode)
		if !ok {
			return nil, errors.New("can not convert to a node-set before a location step")
		}
		set = s
	default:
		set = []*xnode{c.node}
	}
	for _, st := range e.steps {
		var next []*xnode
		for _, n := range set {
			cand := xAxis(st.axis, n)
			var matched []*xnode
			for _, m := range cand {
				if xTest(st, m) {
					matched = append(matched, m)
				}
			}
			for _, pr := range st.preds {
				var err error
				if matched, err = xApplyPredicate(matched, pr); err != nil {
					return nil, err
				}
			}
			next = append(next, matched...)
		}
		set = xUnion(next, nil)
	}
	return set, nil
}

func xTest(st xstep, n *xnode) bool {
	switch st.test {
	case "node()":
		return true
	case "text()":
		return n.kind == xText
	case "comment()":
		return n.kind == xComment
	case "processing-instruction()":
		return n.kind == xPI
	}
	principal := xElement
	if st.axis == "attribute" {
		principal = xAttr
	}
	if n.kind != principal {
		return false
	}
	if st.test == "*" {
		return true
	}
	if strings.HasSuffix(st.test, ":*") {
		return strings.HasPrefix(n.name, strings.TrimSuffix(st.test, "*"))
	}
	return n.name == st.test
}

// xAxis lists an axis's nodes in axis order (reverse axes nearest first), as predicates'
// positions count them.
func xAxis(axis string, n *xnode) []*xnode {
	var out []*xnode
	var desc func(*xnode)
	desc = func(m *xnode) {
		for _, c := range m.children {
			out = append(out, c)
			desc(c)
		}
	}
	switch axis {
	case "child":
		return n.children
	case "attribute":
		return n.attrs
	case "self":
		return []*xnode{n}
	case "parent":
		if n.parent != nil {
			return []*xnode{n.parent}
		}
	case "descendant":
		desc(n)
	case "descendant-or-self":
		out = append(out, n)
		desc(n)
	case "ancestor", "ancestor-or-self":
		if axis == "ancestor-or-self" {
			out = append(out, n)
		}
		for p := n.parent; p != nil; p = p.parent {
			out = append(out, p)
		}
	case "following-sibling", "preceding-sibling":
		if n.parent == nil || n.kind == xAttr {
			return nil
		}
		sib := n.parent.children
		idx := 0
		for i, s := range sib {
			if s == n {
				idx = i
			}
		}
		if axis == "following-sibling" {
			return sib[idx+1:]
		}
		for i := idx - 1; i >= 0; i-- {
			out = append(out, sib[i])
		}
	case "following", "preceding":
		root := n
		for root.parent != nil {
			root = root.parent
		}
		var all []*xnode
		var walk func(*xnode)
		walk = func(m *xnode) {
			for _, c := range m.children {
				all = append(all, c)
				walk(c)
			}
		}
		walk(root)
		anc := map[*xnode]bool{}
		for p := n; p != nil; p = p.parent {
			anc[p] = true
		}
		ref := n
		if n.kind == xAttr {
			ref = n.parent
		}
		last := ref.order
		// the last descendant of ref bounds the following axis
		for _, m := range all {
			if m.order > ref.order && xIsAncestor(ref, m) && m.order > last {
				last = m.order
			}
		}
		if axis == "following" {
			for _, m := range all {
				if m.order > last {
					out = append(out, m)
				}
			}
			return out
		}
		for i := len(all) - 1; i >= 0; i-- {
			if m := all[i]; m.order < ref.order && !anc[m] {
				out = append(out, m)
			}
		}
	}
	return out
}

func xIsAncestor(a, n *xnode) bool {
	for p := n.parent; p != nil; p = p.parent {
		if p == a {
			return true
		}
	}
	return false
}

// xfuncs are the core function library's names with their argument counts (max -1: any).
var xfuncs = map[string][2]int{
	"last": {0, 0}, "position": {0, 0}, "count": {1, 1}, "local-name": {0, 1}, "name": {0, 1},
	"namespace-uri": {0, 1}, "string": {0, 1}, "concat": {2, -1}, "starts-with": {2, 2},
	"contains": {2, 2}, "substring-before": {2, 2}, "substring-after": {2, 2}, "substring": {2, 3},
	"string-length": {0, 1}, "normalize-space": {0, 1}, "translate": {3, 3}, "boolean": {1, 1},
	"not": {1, 1}, "true": {0, 0}, "false": {0, 0}, "number": {0, 1}, "sum": {1, 1},
	"floor": {1, 1}, "ceiling": {1, 1}, "round": {1, 1}, "lang": {1, 1},
}

func (e *xcall) eval(c xctx) (xvalue, error) {
	args := make([]xvalue, len(e.args))
	for i, a := range e.args {
		v, err := a.eval(c)
		if err != nil {
			return nil, err
		}
		args[i] = v
	}
	str := func(i int) string {
		if i < len(args) {
			return xToString(args[i])
		}
		return c.node.stringValue()
	}
	nodeArg := func() (*xnode, bool, error) {
		if len(args) == 0 {
			return c.node, true, nil
		}
		s, ok := args[0].([]*xnode)
		if !ok {
			return nil, false, fmt.Errorf("%s() needs a node-set", e.name)
		}
		if len(s) == 0 {
			return nil, false, nil
		}
		return s[0], true, nil
	}
	switch e.name {
	case "last":
		return float64(c.size), nil
	case "position":
		return float64(c.pos), nil
	case "count", "sum":
		s, ok := args[0].([]*xnode)
		if !ok {
			return nil, fmt.Errorf("%s() needs a node-set", e.name)
		}
		if e.name == "count" {
			return float64(len(s)), nil
		}
		t := 0.0
		for _, n := range s {
			t += xStringToNumber(n.stringValue())
		}
		return t, nil
	case "local-name", "name", "namespace-uri":
		n, ok, err := nodeArg()
		if err != nil || !ok {
			return "", err
		}
		if e.name == "namespace-uri" || (n.kind != xElement && n.kind != xAttr && n.kind != xPI) {
			return "", nil
		}
		if e.name == "local-name" {
			if i := strings.IndexByte(n.name, ':'); i >= 0 {
				return n.name[i+1:], nil
			}
		}
		return n.name, nil
	case "string":
		return str(0), nil
	case "concat":
		var b strings.Builder
		for i := range args {
			b.WriteString(str(i))
		}
		return b.String(), nil
	case "starts-with":
		return strings.HasPrefix(str(0), str(1)), nil
	case "contains":
		return strings.Contains(str(0), str(1)), nil
	case "substring-before":
		a, b := str(0), str(1)
		if i := strings.Index(a, b); i >= 0 {
			return a[:i], nil
		}
		return "", nil
	case "substring-after":
		a, b := str(0), str(1)
		if i := strings.Index(a, b); i >= 0 {
			return a[i+len(b):], nil
		}
		return "", nil
	case "substring":
		rs := []rune(str(0))
		start := xRound(xToNumber(args[1]))
		end := math.Inf(1)
		if len(args) > 2 {
			end = start + xRound(xToNumber(args[2]))
		}
		var b strings.Builder
		for i, r := range rs {
			p := float64(i + 1)
			if p >= start && p < end {
				b.WriteRune(r)
			}
		}
		return b.String(), nil
	case "string-length":
		return float64(len([]rune(str(0)))), nil
	case "normalize-space":
		return strings.Join(strings.Fields(str(0)), " "), nil
	case "translate":
		from, to := []rune(str(1)), []rune(str(2))
		var b strings.Builder
		for _, r := range str(0) {
			idx := -1
			for i, f := range from {
				if f == r {
					idx = i
					break
				}
			}
			switch {
			case idx < 0:
				b.WriteRune(r)
			case idx < len(to):
				b.WriteRune(to[idx])
			}
		}
		return b.String(), nil
	case "boolean":
		return xToBool(args[0]), nil
	case "not":
		return !xToBool(args[0]), nil
	case "true":
		return true, nil
	case "false":
		return false, nil
	case "lang":
		return false, nil
	case "number":
		if len(args) == 0 {
			return xStringToNumber(c.node.stringValue()), nil
		}
		return xToNumber(args[0]), nil
	case "floor":
		return math.Floor(xToNumber(args[0])), nil
	case "ceiling":
		return math.Ceil(xToNumber(args[0])), nil
	case "round":
		return xRound(xToNumber(args[0])), nil
	}
	return nil, fmt.Errorf("could not find function: %s", e.name)
}

// xRound is XPath's round: halves go towards positive infinity.
func xRound(f float64) float64 {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return f
	}
	return math.Floor(f + 0.5)
}

// evalXPath parses the document and evaluates the compiled path with the document as the
// context node.
func evalXPath(doc string, e xexpr) (xvalue, error) {
	root, err := parseXMLDoc(doc)
	if err != nil {
		return nil, err
	}
	return e.eval(xctx{node: root, pos: 1, size: 1})
}
