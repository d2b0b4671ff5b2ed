package kafkatools

import (
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"sort"
	"strconv"
	"strings"
)

// option describes one command-line option the way Kafka's tools (jopt-simple) accept them:
// "--name value" or "--name=value"; options may repeat; a unique prefix of a name is accepted.
type option struct {
	name    string
	arg     string // the argument's placeholder; empty for a switch
	help    string
	require bool // shown as REQUIRED in the help
}

// usageError is a mistake on the command line (exit code 1, like Kafka's printUsageAndExit).
type usageError struct{ msg string }

func (e *usageError) Error() string { return e.msg }

func usagef(format string, a ...any) error { return &usageError{msg: fmt.Sprintf(format, a...)} }

// options holds the parsed command line.
type options struct {
	vals map[string][]string
	seen map[string]bool
	// order is each option's name as the command line gives them, repeats included.
	order []string
}

func (o *options) has(name string) bool { return o.seen[name] }

// value returns the last value given for name, or def.
func (o *options) value(name, def string) string {
	if v := o.vals[name]; len(v) > 0 {
		return v[len(v)-1]
	}
	return def
}

func (o *options) values(name string) []string { return o.vals[name] }

// intValue parses an integer option; missing gives def.
func (o *options) intValue(name string, def int64) (int64, error) {
	if !o.has(name) {
		return def, nil
	}
	s := o.value(name, "")
	n, err := strconv.ParseInt(strings.TrimSpace(s), 10, 64)
	if err != nil {
		return 0, usagef("--%s needs a whole number, not %q", name, s)
	}
	return n, nil
}

// javaIntValue parses an option Kafka's tools declare as an Integer: jopt-simple refuses
// what Java's Integer.parseInt refuses, with "Cannot parse argument". example is a good
// value for the hint; missing gives def.
func (o *options) javaIntValue(name string, def int64, example string) (int64, error) {
	if !o.has(name) {
		return def, nil
	}
	s := o.value(name, "")
	n, err := strconv.ParseInt(strings.TrimSpace(s), 10, 64)
	switch {
	case err == nil && n >= math.MinInt32 && n <= math.MaxInt32:
		return n, nil
	case err == nil || errors.Is(err, strconv.ErrRange):
		return 0, fmt.Errorf("Cannot parse argument '%s' of option %s: the number is too large, Kafka's tools take at most %d; try --%s %s",
			s, name, math.MaxInt32, name, example)
	}
	return 0, fmt.Errorf("Cannot parse argument '%s' of option %s: give a whole number, like --%s %s", s, name, name, example)
}

// parseOptions reads args against the tool's option list.
func parseOptions(specs []option, args []string) (*options, error) {
	o := &options{vals: map[string][]string{}, seen: map[string]bool{}}
	byName := map[string]option{}
	for _, s := range specs {
		byName[s.name] = s
	}
	for i := 0; i < len(args); i++ {
		a := args[i]
		if !strings.HasPrefix(a, "--") || a == "--" {
			if strings.HasPrefix(a, "-") && len(a) > 1 {
				return nil, usagef("%s is not a recognized option (options start with two dashes, like --topic)", a)
			}
			return nil, usagef("found non-option argument %q: every value follows its option, like --topic %s", a, a)
		}
		name, val, hasVal := strings.Cut(a[2:], "=")
		spec, ok := byName[name]
		if !ok {
			var matches []string
			for _, s := range specs {
				if strings.HasPrefix(s.name, name) && name != "" {
					matches = append(matches, s.name)
				}
			}
			switch len(matches) {
			case 1:
				spec = byName[matches[0]]
			case 0:
				return nil, usagef("%s is not a recognized option", name)
			default:
				sort.Strings(matches)
				return nil, usagef("option %s is ambiguous; it could be --%s", name, strings.Join(matches, " or --"))
			}
		}
		o.seen[spec.name] = true
		o.order = append(o.order, spec.name)
		if spec.arg == "" {
			if hasVal {
				return nil, usagef("option --%s takes no value (remove =%s)", spec.name, val)
			}
			continue
		}
		if !hasVal {
			if i+1 >= len(args) {
				return nil, usagef("option --%s requires an argument: --%s %s", spec.name, spec.name, spec.arg)
			}
			i++
			val = args[i]
		}
		o.vals[spec.name] = append(o.vals[spec.name], val)
	}
	return o, nil
}

// printHelp writes the tool's option table, like jopt-simple's help formatter.
func printHelp(w io.Writer, summary string, specs []option) {
	fmt.Fprintln(w, summary)
	fmt.Fprintln(w, "Option                                   Description")
	fmt.Fprintln(w, "------                                   -----------")
	sorted := append([]option(nil), specs...)
	sort.Slice(sorted, func(i, j int) bool { return sorted[i].name < sorted[j].name })
	for _, s := range sorted {
		left := "--" + s.name
		if s.arg != "" {
			left += " <" + s.arg + ">"
		}
		help := s.help
		if s.require {
			help = "REQUIRED: " + help
		}
		if len(left) > 40 {
			fmt.Fprintf(w, "%s\n%-40s %s\n", left, "", help)
		} else {
			fmt.Fprintf(w, "%-40s %s\n", left, help)
		}
	}
}

// parseProperties turns repeated "k=v" values into a map (Kafka's parseKeyValueArgs).
func parseProperties(flag string, vals []string) (map[string]string, error) {
	m := map[string]string{}
	for _, kv := range vals {
		k, v, ok := strings.Cut(kv, "=")
		if !ok || k == "" {
			return nil, usagef("invalid --%s %q: use the form key=value", flag, kv)
		}
		m[k] = v
	}
	return m, nil
}

// clientProperties gathers a producer's or consumer's settings as Kafka 4.x's tools do:
// --command-config's file first, then the older repeatable flag (--producer-property or
// --consumer-property), then --command-property, which takes precedence. Settings for SASL
// or TLS are refused: the lab's tools connect in plain text.
func clientProperties(o *options, oldFlag string) (map[string]string, error) {
	props := map[string]string{}
	if o.has("command-config") {
		path := o.value("command-config", "")
		data, err := os.ReadFile(path)
		if err != nil {
			return nil, fmt.Errorf("cannot read --command-config %s: %w", path, err)
		}
		for k, v := range parseJavaProperties(string(data)) {
			props[k] = v
		}
	}
	for _, flag := range []string{oldFlag, "command-property"} {
		if flag == "" {
			continue
		}
		m, err := parseProperties(flag, o.values(flag))
		if err != nil {
			return nil, err
		}
		for k, v := range m {
			props[k] = v
		}
	}
	for _, k := range sortedKeys(props) {
		v := props[k]
		if k == "security.protocol" && !strings.EqualFold(v, "PLAINTEXT") || strings.HasPrefix(k, "sasl.") || strings.HasPrefix(k, "ssl.") {
			return nil, fmt.Errorf("%s=%s is not available: kafkalab's Kafka tools connect in plain text, without SASL or TLS; leave it out for the lab's broker", k, v)
		}
	}
	return props, nil
}

// parseJavaProperties reads a .properties file's key=value (or key: value, key value)
// lines, skipping blank lines and # or ! comments. Line continuations and escapes are not
// handled: client config files do not need them.
func parseJavaProperties(text string) map[string]string {
	out := map[string]string{}
	for _, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(strings.TrimSuffix(line, "\r"))
		if line == "" || line[0] == '#' || line[0] == '!' {
			continue
		}
		i := strings.IndexAny(line, "=: \t")
		if i < 0 {
			out[line] = ""
			continue
		}
		k, v := line[:i], strings.TrimSpace(line[i+1:])
		if line[i] == ' ' || line[i] == '\t' {
			v = strings.TrimSpace(strings.TrimLeft(v, "=:"))
		}
		out[k] = v
	}
	return out
}
