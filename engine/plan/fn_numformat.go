package plan

import (
	"math/big"
	"strings"

	"github.com/kafkalab/kafkalab/engine/sparkerrors"
	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// to_number, try_to_number, and to_char/to_varchar of a number: Spark's number format
// strings (ToNumberParser). A format is read as tokens, digit runs and thousands separators
// grouped together, and must follow [MI|S] [$] [0|9|G|,]* [.|D] [0|9]* [$] [PR|MI|S].

func init() {
	register(bindToNumber("to_number", false), "to_number")
	register(bindToNumber("try_to_number", true), "try_to_number")
}

type numTokenKind int

const (
	ntDigits numTokenKind = iota // a run of 0 and 9
	ntSep                        // , or G
	ntPoint                      // . or D
	ntDollar                     // $
	ntSign                       // S: + or -
	ntMinus                      // MI: - or nothing
	ntOpen                       // PR's '<', first
	ntClose                      // PR's '>', last
	ntGroup                      // digits and separators together
	ntOther                      // any other character
)

type numToken struct {
	kind  numTokenKind
	n     int        // ntDigits: how many digits
	exact bool       // ntDigits: a run starting with 0 before the point needs exactly n digits
	items []numToken // ntGroup: its digit runs and separators, in order
	ch    rune       // ntOther
}

// String is how Spark names a token in its errors.
func (t numToken) String() string {
	switch t.kind {
	case ntPoint:
		return ". or D"
	case ntSep:
		return ", or G"
	case ntDollar:
		return "$"
	case ntSign:
		return "S"
	case ntMinus:
		return "MI"
	case ntOpen, ntClose:
		return "PR"
	case ntOther:
		return "character '" + string(t.ch) + "''"
	}
	return "digit sequence"
}

// numFormat is a checked number format.
type numFormat struct {
	src              string
	tokens           []numToken
	precision, scale int
}

func (f *numFormat) invalid(sub string, params ...string) error {
	return sparkerrors.New(sparkerrors.AnalysisException, "INVALID_FORMAT."+sub, append([]string{"format", "'" + f.src + "'"}, params...)...)
}

// parseNumFormat reads and checks a format string as ToNumberParser does.
func parseNumFormat(src string) (*numFormat, error) {
	f := &numFormat{src: src}
	var raw []numToken
	afterPoint := false
	for i := 0; i < len(src); {
		c := src[i]
		switch {
		case c == '0' || c == '9':
			j := i + 1
			for j < len(src) && (src[j] == '0' || src[j] == '9') {
				j++
			}
			raw = append(raw, numToken{kind: ntDigits, n: j - i, exact: c == '0' && !afterPoint})
			i = j
			continue
		case c == '.' || c == 'D':
			raw = append(raw, numToken{kind: ntPoint})
			afterPoint = true
		case c == ',' || c == 'G':
			raw = append(raw, numToken{kind: ntSep})
		case c == '$':
			raw = append(raw, numToken{kind: ntDollar})
		case c == 'S':
			raw = append(raw, numToken{kind: ntSign})
		case c == 'M' && i+1 < len(src) && src[i+1] == 'I':
			raw = append(raw, numToken{kind: ntMinus})
			i++
		case c == 'P' && i+1 < len(src) && src[i+1] == 'R':
			raw = append([]numToken{{kind: ntOpen}}, raw...)
			raw = append(raw, numToken{kind: ntClose})
			i++
		default:
			raw = append(raw, numToken{kind: ntOther, ch: rune(c)})
		}
		i++
	}
	// Runs of digits and separators become one group each.
	for _, t := range raw {
		if t.kind == ntDigits || t.kind == ntSep {
			if n := len(f.tokens); n > 0 && f.tokens[n-1].kind == ntGroup {
				f.tokens[n-1].items = append(f.tokens[n-1].items, t)
				continue
			}
			f.tokens = append(f.tokens, numToken{kind: ntGroup, items: []numToken{t}})
			continue
		}
		f.tokens = append(f.tokens, t)
	}
	seenPoint := false
	for _, t := range f.tokens {
		switch t.kind {
		case ntPoint:
			seenPoint = true
		case ntGroup:
			for _, d := range t.items {
				f.precision += d.n
				if seenPoint {
					f.scale += d.n
				}
			}
		}
	}
	return f, f.check()
}

func (f *numFormat) index(kind numTokenKind) int {
	for i, t := range f.tokens {
		if t.kind == kind {
			return i
		}
	}
	return -1
}

// check is ToNumberParser's validation of the format, in its order.
func (f *numFormat) check() error {
	if f.src == "" {
		return f.invalid("EMPTY")
	}
	firstDigits, dollar, point := f.index(ntGroup), f.index(ntDollar), f.index(ntPoint)
	if firstDigits == -1 {
		return f.invalid("WRONG_NUM_DIGIT")
	}
	if firstDigits < dollar {
		return f.invalid("CUR_MUST_BEFORE_DIGIT")
	}
	if point != -1 && point < dollar {
		return f.invalid("CUR_MUST_BEFORE_DEC")
	}
	for i, t := range f.tokens {
		if t.kind != ntGroup {
			continue
		}
		if point == -1 || i < point {
			for j, it := range t.items {
				if it.kind == ntSep && (j == 0 || j == len(t.items)-1 || t.items[j-1].kind == ntSep || t.items[j+1].kind == ntSep) {
					return f.invalid("CONT_THOUSANDS_SEPS")
				}
			}
		} else if i > point {
			for _, it := range t.items {
				if it.kind == ntSep {
					return f.invalid("THOUSANDS_SEPS_MUST_BEFORE_DEC")
				}
			}
		}
	}
	for _, kind := range []numTokenKind{ntPoint, ntSign, ntMinus, ntDollar, ntClose} {
		n := 0
		for _, t := range f.tokens {
			if t.kind == kind {
				n++
			}
		}
		if n > 1 {
			return f.invalid("WRONG_NUM_TOKEN", "token", numToken{kind: kind}.String())
		}
	}
	order := [][]numTokenKind{{ntOpen}, {ntMinus, ntSign}, {ntDollar}, {ntGroup}, {ntPoint}, {ntGroup}, {ntDollar}, {ntMinus, ntSign, ntClose}}
	at := 0
	for _, allowed := range order {
		if at < len(f.tokens) {
			for _, k := range allowed {
				if f.tokens[at].kind == k {
					at++
					break
				}
			}
		}
	}
	if at < len(f.tokens) {
		return f.invalid("UNEXPECTED_TOKEN", "token", f.tokens[at].String())
	}
	return nil
}

// parse reads s by the format: the value as DECIMAL(precision, scale), or false when s does
// not match it.
func (f *numFormat) parse(s string) (sqltypes.Decimal, bool) {
	var before, after strings.Builder
	inPoint, opened, closed, negate := false, false, false, false
	i := 0
	for _, t := range f.tokens {
		var c byte
		has := i < len(s)
		if has {
			c = s[i]
		}
		switch t.kind {
		case ntGroup:
			next, ok := f.parseGroup(t, s, i, inPoint, &before, &after)
			if !ok {
				return sqltypes.Decimal{}, false
			}
			i = next
		case ntPoint:
			if has && c == '.' {
				inPoint = true
				i++
			}
		case ntDollar:
			if has {
				if c != '$' {
					return sqltypes.Decimal{}, false
				}
				i++
			}
		case ntSign:
			if has && (c == '+' || c == '-') {
				negate = negate != (c == '-')
				i++
			}
		case ntMinus:
			if has && c == '-' {
				negate = !negate
				i++
			}
		case ntOpen:
			if has && c == '<' {
				if opened {
					return sqltypes.Decimal{}, false
				}
				opened = true
				i++
			}
		case ntClose:
			if has && c == '>' {
				if !opened {
					return sqltypes.Decimal{}, false
				}
				closed, negate = true, !negate
				i++
			}
		default:
			return sqltypes.Decimal{}, false
		}
	}
	if i < len(s) || opened != closed || before.Len()+after.Len() == 0 {
		return sqltypes.Decimal{}, false
	}
	digits := before.String() + after.String() + strings.Repeat("0", f.scale-after.Len())
	unscaled, ok := new(big.Int).SetString(digits, 10)
	if !ok {
		return sqltypes.Decimal{}, false
	}
	if negate {
		unscaled.Neg(unscaled)
	}
	return sqltypes.DecimalFromBig(unscaled, f.scale), true
}

// parseGroup consumes digits, separators and white space from s at i, and checks the digit
// counts between separators against the group's runs, aligned from the right.
func (f *numFormat) parseGroup(g numToken, s string, i int, inPoint bool, before, after *strings.Builder) (int, bool) {
	sizes := []int{0} // digits between separators, left to right
	for ; i < len(s); i++ {
		c := s[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v':
		case c >= '0' && c <= '9':
			sizes[len(sizes)-1]++
			if inPoint {
				after.WriteByte(c)
			} else {
				before.WriteByte(c)
			}
		case c == ',':
			sizes = append(sizes, 0)
		default:
			goto done
		}
	}
done:
	var runs []numToken
	for _, it := range g.items {
		if it.kind == ntDigits {
			runs = append(runs, it)
		}
	}
	if len(sizes) > len(runs) {
		return i, false
	}
	for k := 1; k <= len(runs); k++ {
		run, got := runs[len(runs)-k], 0
		if k <= len(sizes) {
			got = sizes[len(sizes)-k]
		}
		if (run.exact && got != run.n) || got > run.n {
			return i, false
		}
	}
	return i, true
}

// format writes a decimal by the format (ToNumberParser.format); digits that do not fit
// the format's are all written '#'.
func (f *numFormat) format(d sqltypes.Decimal) string {
	plain := d.String()
	neg := strings.HasPrefix(plain, "-")
	intPart, frac, _ := strings.Cut(strings.TrimPrefix(plain, "-"), ".")
	intPart = strings.TrimLeft(intPart, "0")
	frac = strings.TrimRight(frac, "0")
	nBefore, nAfter := f.precision-f.scale, f.scale
	if len(intPart) > nBefore || len(frac) > nAfter {
		intPart, frac = strings.Repeat("#", nBefore), strings.Repeat("#", nAfter)
	}
	intPart = strings.Repeat(" ", nBefore-len(intPart)) + intPart
	frac += strings.Repeat("0", nAfter-len(frac))

	var out []byte
	bi, ai, inPoint := 0, 0, false
	for _, t := range f.tokens {
		switch t.kind {
		case ntGroup:
			for _, it := range t.items {
				switch {
				case it.kind == ntSep:
					if n := len(out); n > 0 && out[n-1] >= '0' && out[n-1] <= '9' {
						out = append(out, ',')
					} else {
						out = spaceAfterSigns(out)
					}
				case inPoint:
					out = append(out, frac[ai:ai+it.n]...)
					ai += it.n
				default:
					for k := 0; k < it.n; k++ {
						switch c := intPart[bi]; {
						case c == ' ' && it.exact:
							out = append(out, '0')
						case c == ' ':
							out = spaceAfterSigns(out)
						default:
							out = append(out, c)
						}
						bi++
					}
				}
			}
		case ntPoint:
			if n := len(out); n > 0 && out[n-1] == ' ' {
				out[n-1] = '0'
			}
			out = append(out, '.')
			inPoint = true
		case ntDollar:
			out = append(out, '$')
		case ntSign:
			out = dropLonePoint(out)
			if neg {
				out = charBeforeSpaces(out, '-')
			} else {
				out = charBeforeSpaces(out, '+')
			}
		case ntMinus:
			if neg {
				out = charBeforeSpaces(dropLonePoint(out), '-')
			} else {
				out = append(out, ' ')
			}
		case ntOpen:
			if neg {
				out = append(out, '<')
			}
		case ntClose:
			out = dropLonePoint(out)
			if neg {
				out = charBeforeSpaces(out, '>')
			} else {
				out = append(out, ' ', ' ')
			}
		}
	}
	s := string(dropLonePoint(out))
	if s == "" || s == "+" || s == "-" {
		return "0"
	}
	return s
}

// charBeforeSpaces appends c and moves it left past the spaces before it.
func charBeforeSpaces(out []byte, c byte) []byte {
	out = append(out, c)
	for i := len(out) - 1; i >= 1 && out[i-1] == ' ' && out[i] == c; i-- {
		out[i], out[i-1] = ' ', c
	}
	return out
}

// spaceAfterSigns appends a space and moves it left past the signs and '<' before it.
func spaceAfterSigns(out []byte) []byte {
	out = append(out, ' ')
	for i := len(out) - 1; i >= 1 && (out[i-1] == '+' || out[i-1] == '-' || out[i-1] == '<') && out[i] == ' '; i-- {
		out[i], out[i-1] = out[i-1], ' '
	}
	return out
}

// dropLonePoint blanks a decimal point with no digit after it.
func dropLonePoint(out []byte) []byte {
	if i := strings.IndexByte(string(out), '.'); i != -1 && (i == len(out)-1 || out[i+1] == ' ') {
		out[i] = ' '
	}
	return out
}

// numberFormatArg reads the constant format argument of name(args).
func numberFormatArg(name string, args []Bound) (*numFormat, error) {
	s, ok := stringLiteral(args[1])
	if !ok {
		return nil, nonFoldable("format", `"STRING"`, args[1], callSQL(name, args))
	}
	return parseNumFormat(s)
}

func mismatchInput(typ sqltypes.DataType, input, format string) error {
	return sparkerrors.New(sparkerrors.IllegalArgumentException, "INVALID_FORMAT.MISMATCH_INPUT",
		"inputType", quoteSQL(typ.SQL()), "input", input, "format", format)
}

// bindToNumber is to_number(str, format) (an error where str does not match) and
// try_to_number (NULL there): a DECIMAL of the format's digits.
func bindToNumber(name string, try bool) binder {
	return func(r *resolver, c Call) (Bound, error) {
		args, err := r.bindArgs(c, 2, 2, inString, inString)
		if err != nil {
			return nil, err
		}
		f, err := numberFormatArg(name, args)
		if err != nil {
			return nil, err
		}
		typ := sqltypes.DecimalType{Precision: f.precision, Scale: f.scale}
		return fn2(name, args[0], args[1], typ, func(_ *EvalContext, s, _ any) (any, error) {
			d, ok := f.parse(s.(string))
			if !ok {
				if try {
					return nil, nil
				}
				return nil, mismatchInput(sqltypes.String, s.(string), f.src)
			}
			return d, nil
		}).withNullable(true), nil
	}
}

// decimalForNumber is the DECIMAL a number is implicitly cast to (DecimalType.forType).
func decimalForNumber(t sqltypes.DataType) (sqltypes.DecimalType, bool) {
	switch t := t.(type) {
	case sqltypes.DecimalType:
		return t, true
	case sqltypes.ByteType:
		return sqltypes.DecimalType{Precision: 3}, true
	case sqltypes.ShortType:
		return sqltypes.DecimalType{Precision: 5}, true
	case sqltypes.IntegerType:
		return sqltypes.DecimalType{Precision: 10}, true
	case sqltypes.LongType:
		return sqltypes.DecimalType{Precision: 20}, true
	case sqltypes.FloatType:
		return sqltypes.DecimalType{Precision: 14, Scale: 7}, true
	case sqltypes.DoubleType:
		return sqltypes.DecimalType{Precision: 30, Scale: 15}, true
	}
	return sqltypes.DecimalType{}, false
}

// bindToChar is to_char(expr, format) and to_varchar: a date or timestamp through
// date_format's patterns, a number through the number format.
func bindToChar(r *resolver, c Call) (Bound, error) {
	if len(c.Args) != 2 {
		return bindDateFormat(r, c)
	}
	first, err := r.resolve(c.Args[0])
	if err != nil {
		return nil, err
	}
	dt, numeric := decimalForNumber(first.DataType())
	if !numeric {
		return bindDateFormat(r, c)
	}
	name := strings.ToLower(c.Name)
	args, err := r.bindArgs(c, 2, 2, inAny, inString)
	if err != nil {
		return nil, err
	}
	f, err := numberFormatArg(name, args)
	if err != nil {
		return nil, err
	}
	num := castTo(args[0], dt)
	b := fn2(name, num, args[1], sqltypes.String, func(_ *EvalContext, v, _ any) (any, error) {
		return f.format(v.(sqltypes.Decimal)), nil
	})
	b.sqlArgs = []string{args[0].SQL(), args[1].SQL()}
	return b, nil
}
