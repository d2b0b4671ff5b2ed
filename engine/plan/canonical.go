package plan

import (
	"fmt"
	"hash/fnv"
	"strings"
)

// Canonical is a plan written so that two plans Spark would call the same query
// (df.sameSemantics) are written alike: the names a select list gives its columns are left
// out, a relation of rows known up front is written by its rows (two spark.range(10) are
// the same), and any other relation, whose data is read when it runs, by its identity (two
// createDataFrame calls are two RDDs on Spark, never the same).
func Canonical(n Node) string {
	var b strings.Builder
	var walk func(n Node)
	walk = func(n Node) {
		switch x := n.(type) {
		case *Project:
			b.WriteString("Project[")
			for i, e := range x.Exprs {
				if i > 0 {
					b.WriteString(", ")
				}
				if a, ok := unzoned(e).(*boundAlias); ok {
					e = a.child
				}
				b.WriteString(e.SQL())
			}
			b.WriteString("]")
		case *Relation:
			if x.Load != nil || x.SizeUnknown {
				fmt.Fprintf(&b, "%s@%p", x.Name, x)
				break
			}
			h := fnv.New64a()
			for _, task := range x.Rows {
				fmt.Fprintf(h, "%v|", task)
			}
			fmt.Fprintf(&b, "%s[%s]#%x", x.Name, x.Scope.Schema.SQL(), h.Sum64())
		default:
			b.WriteString(n.Describe())
		}
		b.WriteString("(")
		for _, c := range n.Children() {
			walk(c)
		}
		b.WriteString(")")
	}
	walk(n)
	return b.String()
}
