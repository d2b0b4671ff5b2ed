package engine

import (
	"strconv"
	"strings"
)

// options is a case-insensitive option map that remembers the spelling given, as Spark's
// CaseInsensitiveMap does.
type options struct {
	keys []string
	m    map[string]string // lower-cased key -> value
	orig map[string]string // lower-cased key -> key as given
}

func (o *options) set(k, v string) {
	if o.m == nil {
		o.m, o.orig = map[string]string{}, map[string]string{}
	}
	lk := strings.ToLower(k)
	if _, ok := o.m[lk]; !ok {
		o.keys = append(o.keys, lk)
	}
	o.m[lk] = v
	o.orig[lk] = k
}

func (o *options) get(k string) (string, bool) {
	v, ok := o.m[strings.ToLower(k)]
	return v, ok
}

// asMap returns the options with their keys as given.
func (o *options) asMap() map[string]string {
	out := make(map[string]string, len(o.m))
	for lk, v := range o.m {
		out[o.orig[lk]] = v
	}
	return out
}

// optionValue renders a PySpark option value as Spark stores it (booleans lower-case).
func optionValue(v any) string {
	switch x := v.(type) {
	case string:
		return x
	case bool:
		return strconv.FormatBool(x)
	case int:
		return strconv.Itoa(x)
	case int64:
		return strconv.FormatInt(x, 10)
	case float64:
		return strconv.FormatFloat(x, 'f', -1, 64)
	}
	return ""
}
