package plan

import (
	"fmt"
	"strings"
)

// Explain is df.explain()'s text: kafkalab's own operator tree, one operator a line,
// indented as Spark indents its trees ("+- " under a parent, ":  " beside a sibling still
// to come). It names kafkalab's operators, not Spark's physical ones, under Spark's
// headers; extended shows it as the analyzed plan too, as Spark's extended mode lists
// its plans.
func Explain(n Node, extended bool) string {
	var b strings.Builder
	var walk func(n Node, prefix string, last, root bool)
	walk = func(n Node, prefix string, last, root bool) {
		if root {
			b.WriteString(n.Describe() + "\n")
		} else {
			b.WriteString(prefix + "+- " + n.Describe() + "\n")
			if last {
				prefix += "   "
			} else {
				prefix += ":  "
			}
		}
		kids := n.Children()
		for i, k := range kids {
			walk(k, prefix, i == len(kids)-1, false)
		}
	}
	walk(n, "", true, true)
	tree := b.String()
	if extended {
		return fmt.Sprintf("== Analyzed Logical Plan ==\n%s\n== Physical Plan ==\n%s\n", tree, tree)
	}
	return "== Physical Plan ==\n" + tree + "\n"
}
