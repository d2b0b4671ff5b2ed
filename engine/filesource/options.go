package filesource

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/kafkalab/kafkalab/engine/sparkerrors"
)

// CleanSource is what happens to a file once its batch is committed.
type CleanSource int

const (
	CleanOff CleanSource = iota
	CleanArchive
	CleanDelete
)

// Options are the file source's own options (Spark's FileStreamOptions); the format's
// options (sep, header, multiLine, ...) go to the reader.
type Options struct {
	MaxFilesPerTrigger  int   // 0: no limit
	MaxBytesPerTrigger  int64 // 0: no limit
	LatestFirst         bool
	FileNameOnly        bool
	MaxFileAgeMs        int64
	CleanSource         CleanSource
	SourceArchiveDir    string
	PathGlobFilter      string
	RecursiveFileLookup bool
}

// illegal is Spark's IllegalArgumentException (a require() or an option check).
func illegal(format string, args ...any) error {
	return &sparkerrors.Error{Kind: sparkerrors.IllegalArgumentException, Message: fmt.Sprintf(format, args...)}
}

func lookup(opts map[string]string, name string) (string, bool) {
	for k, v := range opts {
		if strings.EqualFold(k, name) {
			return v, true
		}
	}
	return "", false
}

func boolOption(opts map[string]string, name string) (bool, error) {
	v, ok := lookup(opts, name)
	if !ok {
		return false, nil
	}
	switch strings.ToLower(strings.TrimSpace(v)) {
	case "true":
		return true, nil
	case "false":
		return false, nil
	}
	return false, illegal("Invalid value '%s' for option '%s', must be 'true' or 'false'", v, name)
}

// ParseOptions checks the options as Spark's FileStreamOptions does, with its messages.
func ParseOptions(opts map[string]string) (Options, error) {
	var o Options
	if v, ok := lookup(opts, "maxFilesPerTrigger"); ok {
		n, err := strconv.Atoi(strings.TrimSpace(v))
		if err != nil || n <= 0 || n > math.MaxInt32 {
			return o, illegal("Invalid value '%s' for option 'maxFilesPerTrigger', must be a positive integer", v)
		}
		o.MaxFilesPerTrigger = n
	}
	if v, ok := lookup(opts, "maxBytesPerTrigger"); ok {
		n, err := strconv.ParseInt(strings.TrimSpace(v), 10, 64)
		if err != nil || n <= 0 {
			return o, illegal("Invalid value '%s' for option 'maxBytesPerTrigger', must be a positive integer", v)
		}
		o.MaxBytesPerTrigger = n
	}
	if o.MaxFilesPerTrigger > 0 && o.MaxBytesPerTrigger > 0 {
		return o, illegal("Options 'maxFilesPerTrigger' and 'maxBytesPerTrigger' can't be both set at the same time")
	}
	age := "7d"
	if v, ok := lookup(opts, "maxFileAge"); ok {
		age = v
	}
	ms, err := timeStringAsMs(age)
	if err != nil {
		return o, err
	}
	o.MaxFileAgeMs = ms
	if o.LatestFirst, err = boolOption(opts, "latestFirst"); err != nil {
		return o, err
	}
	if o.FileNameOnly, err = boolOption(opts, "fileNameOnly"); err != nil {
		return o, err
	}
	if o.RecursiveFileLookup, err = boolOption(opts, "recursiveFileLookup"); err != nil {
		return o, err
	}
	o.PathGlobFilter, _ = lookup(opts, "pathGlobFilter")
	o.SourceArchiveDir, _ = lookup(opts, "sourceArchiveDir")
	if v, ok := lookup(opts, "cleanSource"); ok {
		switch strings.ToLower(strings.TrimSpace(v)) {
		case "archive":
			o.CleanSource = CleanArchive
		case "delete":
			o.CleanSource = CleanDelete
		case "off":
			o.CleanSource = CleanOff
		default:
			return o, illegal("Invalid mode for clean source option Some(%s). Must be one of ARCHIVE,DELETE,OFF", v)
		}
	}
	if o.CleanSource == CleanArchive && o.SourceArchiveDir == "" {
		return o, illegal("Archive mode must be used with 'sourceArchiveDir' option.")
	}
	return o, nil
}

// timeStringAsMs reads "7d", "1h", "500ms" or plain milliseconds, as Spark's
// JavaUtils.timeStringAsMs.
func timeStringAsMs(s string) (int64, error) {
	t := strings.ToLower(strings.TrimSpace(s))
	units := []struct {
		suffix string
		unit   time.Duration
	}{{"us", time.Microsecond}, {"ms", time.Millisecond}, {"min", time.Minute}, {"s", time.Second},
		{"m", time.Minute}, {"h", time.Hour}, {"d", 24 * time.Hour}}
	unit := time.Millisecond
	for _, u := range units {
		if strings.HasSuffix(t, u.suffix) {
			t, unit = strings.TrimSuffix(t, u.suffix), u.unit
			break
		}
	}
	n, err := strconv.ParseInt(strings.TrimSpace(t), 10, 64)
	if err != nil {
		return 0, &sparkerrors.Error{Kind: sparkerrors.NumberFormatException, Message: "Time must be specified as seconds (s), milliseconds (ms), microseconds (us), minutes (m or min), hour (h), or day (d). E.g. 50s, 100ms, or 250us.\nFailed to parse time string: " + s}
	}
	return (time.Duration(n) * unit).Milliseconds(), nil
}
