package kafkaadmin

import (
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"
)

// option is one command-line option. Kafka's tools parse with jopt-simple or argparse4j;
// both take "--name value" and "--name=value", and a unique prefix of a long name.
type option struct {
	name  string
	short string // a one-dash alias ("-b"), as argparse4j declares some
	arg   string // the argument's placeholder; empty for a switch
	// many: the option takes every following word up to the next option (argparse4j's
	// nargs("+"), as --producer-props k=v k=v).
	many bool
	// optional: the argument may be left out (jopt-simple's withOptionalArg); the next word
	// is taken when it does not start with a dash.
	optional bool
	help     string
}

type usageError struct{ msg string }

func (e *usageError) Error() string { return e.msg }

func usagef(format string, a ...any) error { return &usageError{msg: fmt.Sprintf(format, a...)} }

type options struct {
	vals map[string][]string
	seen map[string]bool
	// positional are the words given without an option, for a tool that takes them
	// (tool.positional); each also sets the option of the same place.
	positional []string
}

func (o *options) has(name string) bool { return o.seen[name] }

func (o *options) value(name, def string) string {
	if v := o.vals[name]; len(v) > 0 {
		return v[len(v)-1]
	}
	return def
}

func (o *options) values(name string) []string { return o.vals[name] }

// intValue parses a whole-number option; def when it is absent.
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

// parseArgs reads args for t: the subcommand word (when t has subcommands) and the options.
func parseArgs(t *tool, args []string) (string, *options, error) {
	o := &options{vals: map[string][]string{}, seen: map[string]bool{}}
	byName := map[string]option{}
	for _, s := range t.specs {
		byName[s.name] = s
		if s.short != "" {
			byName[s.short] = s
		}
	}
	sub := ""
	for i := 0; i < len(args); i++ {
		a := args[i]
		var name, val string
		var hasVal bool
		switch {
		case strings.HasPrefix(a, "--") && a != "--":
			name, val, hasVal = strings.Cut(a[2:], "=")
		case strings.HasPrefix(a, "-") && len(a) > 1:
			if _, ok := byName[a]; !ok {
				return "", nil, usagef("%s is not a recognized option (options start with two dashes, like --bootstrap-server)", a)
			}
			name = a
		default:
			if len(t.subcommands) > 0 && sub == "" {
				for _, s := range t.subcommands {
					if a == s {
						sub = s
					}
				}
				if sub == "" {
					return "", nil, usagef("unknown command %q: choose one of %s", a, strings.Join(t.subcommands, ", "))
				}
				continue
			}
			if len(t.positional) > 0 {
				o.positional = append(o.positional, a)
				continue
			}
			return "", nil, usagef("found non-option argument %q: every value follows its option", a)
		}
		spec, ok := byName[name]
		if !ok {
			var matches []string
			for _, s := range t.specs {
				if name != "" && strings.HasPrefix(s.name, name) {
					matches = append(matches, s.name)
				}
			}
			switch len(matches) {
			case 1:
				spec = byName[matches[0]]
			case 0:
				return "", nil, usagef("--%s is not a recognized option", name)
			default:
				sort.Strings(matches)
				return "", nil, usagef("option --%s is ambiguous; it could be --%s", name, strings.Join(matches, " or --"))
			}
		}
		o.seen[spec.name] = true
		if spec.arg == "" {
			if hasVal {
				return "", nil, usagef("option --%s takes no value (remove =%s)", spec.name, val)
			}
			continue
		}
		if hasVal {
			o.vals[spec.name] = append(o.vals[spec.name], val)
			continue
		}
		if spec.optional && (i+1 >= len(args) || strings.HasPrefix(args[i+1], "-")) {
			continue
		}
		if i+1 >= len(args) {
			return "", nil, usagef("option --%s requires an argument: --%s %s", spec.name, spec.name, spec.arg)
		}
		i++
		o.vals[spec.name] = append(o.vals[spec.name], args[i])
		for spec.many && i+1 < len(args) && !strings.HasPrefix(args[i+1], "-") {
			i++
			o.vals[spec.name] = append(o.vals[spec.name], args[i])
		}
	}
	for i, w := range o.positional {
		if i < len(t.positional) {
			o.seen[t.positional[i]] = true
			o.vals[t.positional[i]] = []string{w}
		}
	}
	if len(t.subcommands) > 0 && sub == "" && !o.has("help") && !o.has("version") {
		return "", nil, usagef("missing the command: %s %s ...", t.name, strings.Join(t.subcommands, " | "))
	}
	return sub, o, nil
}

// printHelp writes the tool's option table in jopt-simple's layout.
func printHelp(w io.Writer, t *tool) {
	fmt.Fprintln(w, t.summary)
	if len(t.subcommands) > 0 {
		fmt.Fprintf(w, "Usage: %s [options] {%s}\n", t.name, strings.Join(t.subcommands, ","))
	}
	fmt.Fprintln(w, "Option                                   Description")
	fmt.Fprintln(w, "------                                   -----------")
	sorted := append([]option(nil), t.specs...)
	sort.Slice(sorted, func(i, j int) bool { return sorted[i].name < sorted[j].name })
	for _, s := range sorted {
		left := "--" + s.name
		if s.short != "" {
			left = s.short + ", " + left
		}
		if s.arg != "" {
			left += " <" + s.arg + ">"
		}
		if len(left) > 40 {
			fmt.Fprintf(w, "%s\n%-40s %s\n", left, "", s.help)
		} else {
			fmt.Fprintf(w, "%-40s %s\n", left, s.help)
		}
	}
}
