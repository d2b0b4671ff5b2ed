// Package sparkerrors is Spark's error catalog and the error value the engine raises with
// it: each error names the exception PySpark raises (AnalysisException, PySparkTypeError...),
// Spark's error condition (UNRESOLVED_COLUMN.WITH_SUGGESTION), its message parameters and
// its message, worded by the condition's template in Spark 4.2's error-conditions.json (the
// JVM's) or PySpark 4.2's (errors raised in PySpark's own Python code).
package sparkerrors

import (
	"embed"
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
	"sync"
)

// The catalogs, as Spark 4.2.0, PySpark 4.2.0 and delta-spark 4.4.0 ship them (see
// conditions/README.md).
//
//go:embed conditions/spark-error-conditions.json conditions/pyspark-error-conditions.json conditions/delta-error-classes.json
var catalogFiles embed.FS

type condition struct {
	Message  []string             `json:"message"`
	SQLState string               `json:"sqlState"`
	SubClass map[string]condition `json:"subClass"`
	// PySpark's file spells the sub-conditions sub_class.
	SubClassPy map[string]condition `json:"sub_class"`
}

type catalog map[string]condition

var (
	loadOnce        sync.Once
	jvmCatalog      catalog
	pysparkCatalog  catalog
	deltaCatalog    catalog
	errCatalogFiles error
)

func load() {
	read := func(name string) catalog {
		data, err := catalogFiles.ReadFile(name)
		if err != nil {
			errCatalogFiles = err
			return catalog{}
		}
		var c catalog
		if err := json.Unmarshal(data, &c); err != nil {
			errCatalogFiles = fmt.Errorf("%s: %w", name, err)
			return catalog{}
		}
		for k, v := range c {
			if v.SubClass == nil && v.SubClassPy != nil {
				v.SubClass = v.SubClassPy
				c[k] = v
			}
		}
		return c
	}
	jvmCatalog = read("conditions/spark-error-conditions.json")
	pysparkCatalog = read("conditions/pyspark-error-conditions.json")
	deltaCatalog = read("conditions/delta-error-classes.json")
}

func catalogs() (jvm, pyspark catalog) {
	loadOnce.Do(load)
	return jvmCatalog, pysparkCatalog
}

func deltaConditions() catalog {
	loadOnce.Do(load)
	return deltaCatalog
}

// template is a condition's message template: the main condition's lines joined by
// newlines, then a space and the sub-condition's, as both Spark's and PySpark's readers do.
func (c catalog) template(class string) (tmpl, sqlState string, ok bool) {
	main, sub, hasSub := strings.Cut(class, ".")
	info, found := c[main]
	if !found {
		return "", "", false
	}
	tmpl = strings.Join(info.Message, "\n")
	if hasSub {
		si, found := info.SubClass[sub]
		if !found {
			return "", "", false
		}
		tmpl += " " + strings.Join(si.Message, "\n")
		if si.SQLState != "" {
			return tmpl, si.SQLState, true
		}
	} else if len(info.SubClass) > 0 {
		return "", "", false // a condition with sub-conditions is raised by one of them
	}
	return tmpl, info.SQLState, true
}

// Template is the message template of a JVM condition (class), e.g. "A column, variable,
// or function parameter with name <objectName> cannot be resolved." and its SQLSTATE:
// Spark's own conditions, then Delta Lake's (DELTA_...).
func Template(class string) (tmpl, sqlState string, ok bool) {
	jvm, _ := catalogs()
	if tmpl, sqlState, ok = jvm.template(class); ok {
		return tmpl, sqlState, ok
	}
	return deltaConditions().template(class)
}

// PySparkTemplate is the same for a condition of PySpark's own catalog (NOT_EXPECTED_TYPE).
func PySparkTemplate(class string) (tmpl, sqlState string, ok bool) {
	_, py := catalogs()
	return py.template(class)
}

// SQLState is the SQLSTATE of a JVM condition ("" when it has none or is unknown).
func SQLState(class string) string {
	_, st, _ := Template(class)
	return st
}

// PySparkSQLState is the SQLSTATE of a condition of PySpark's catalog.
func PySparkSQLState(class string) string {
	_, st, _ := PySparkTemplate(class)
	return st
}

// Compiled at first use: a package-level regexp is compiled at every process start
// (kafkalab run's script child too), which start-up cannot afford (#18).
var placeholderRe = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`<([a-zA-Z0-9_-]+)>`) })

// Placeholders lists a template's parameter names in the order they first appear.
func Placeholders(tmpl string) []string {
	var out []string
	seen := map[string]bool{}
	for _, m := range placeholderRe().FindAllStringSubmatch(tmpl, -1) {
		if !seen[m[1]] {
			seen[m[1]] = true
			out = append(out, m[1])
		}
	}
	return out
}

// Render fills a template's placeholders; an unknown name stays as written.
func Render(tmpl string, params []Param) string {
	return placeholderRe().ReplaceAllStringFunc(tmpl, func(ph string) string {
		name := ph[1 : len(ph)-1]
		for _, p := range params {
			if p.Name == name {
				return p.Value
			}
		}
		return ph
	})
}

var matcherCache sync.Map // template -> *regexp.Regexp

// Match reads the parameters back out of a message worded by tmpl. ok is false when the
// message is not the template's wording.
func Match(tmpl, message string) (params []Param, ok bool) {
	var re *regexp.Regexp
	if v, found := matcherCache.Load(tmpl); found {
		re = v.(*regexp.Regexp)
	} else {
		var b strings.Builder
		b.WriteString(`(?s)\A`)
		last := 0
		for _, loc := range placeholderRe().FindAllStringSubmatchIndex(tmpl, -1) {
			b.WriteString(regexp.QuoteMeta(tmpl[last:loc[0]]))
			name := tmpl[loc[2]:loc[3]]
			// A name used twice must match the same text; Go's regexp has no
			// backreferences, so later uses match anything and are checked below.
			b.WriteString(`(?P<` + strings.ReplaceAll(name, "-", "_") + `>.*?)`)
			last = loc[1]
		}
		b.WriteString(regexp.QuoteMeta(tmpl[last:]))
		b.WriteString(`\z`)
		compiled, err := regexp.Compile(b.String())
		if err != nil {
			return nil, false
		}
		re = compiled
		matcherCache.Store(tmpl, re)
	}
	m := re.FindStringSubmatch(message)
	if m == nil {
		return nil, false
	}
	names := Placeholders(tmpl)
	byName := map[string]string{}
	for i, n := range re.SubexpNames() {
		if i == 0 || n == "" {
			continue
		}
		if prev, dup := byName[n]; dup && prev != m[i] {
			return nil, false
		}
		byName[n] = m[i]
	}
	for _, n := range names {
		params = append(params, Param{Name: n, Value: byName[strings.ReplaceAll(n, "-", "_")]})
	}
	return params, true
}
