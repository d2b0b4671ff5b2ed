package pyspark

import (
	"bytes"
	"encoding/json"
	"strconv"
	"strings"

	"github.com/kafkalab/kafkalab/engine/python"
	"github.com/kafkalab/kafkalab/engine/python/py"
)

// pyProgress is StreamingQueryProgress (and its nested source/sink/state parts) as
// PySpark 4 gives it: attribute access (p.numInputRows, p.sources[0].endOffset), item
// access (p["numInputRows"]), and .json / .prettyJson. PySpark 4.2 builds the progress
// from Spark's JSON (StreamingQueryProgress.fromJson), so .json and .prettyJson are
// Python's json.dumps of that parsed JSON, compact or with indent=4, and so is what print
// shows of the progress and of its state operators, sources and sink; the maps inside
// (durationMs, metrics...) are plain dicts.
type pyProgress struct {
	fields py.StringDict
	keys   []string // in Spark's order
	raw    string   // Spark's JSON text of this object, compact, numbers as Python writes them
	class  bool     // a progress class (the progress, a state operator, a source, the sink), not a plain dict
}

var progressType = py.NewType("StreamingQueryProgress", "A streaming query's progress report for one micro-batch.")

func (p *pyProgress) Type() *py.Type { return progressType }

// progressFromJSON builds the object from Spark's progress JSON.
func progressFromJSON(raw []byte) (*pyProgress, error) {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	v, err := decodeOrdered(dec)
	if err != nil {
		return nil, err
	}
	p, ok := v.(*pyProgress)
	if !ok {
		return nil, py.ExceptionNewf(py.ValueError, "progress JSON is not an object")
	}
	p.class = true
	for _, part := range []string{"stateOperators", "sources"} {
		if l, ok := p.fields[part].(*py.List); ok {
			for _, it := range l.Items {
				if q, ok := it.(*pyProgress); ok {
					q.class = true
				}
			}
		}
	}
	if sink, ok := p.fields["sink"].(*pyProgress); ok {
		sink.class = true
	}
	if err := p.fillLikePySpark(); err != nil {
		return nil, err
	}
	p.keysLikePySpark()
	return p, nil
}

// The keys of PySpark 4.2's progress classes: each is a dict built from its constructor's
// arguments, so keys(), items() and iteration list these, in this order, whatever Spark's
// JSON left out.
var (
	progressKeys = []string{"id", "runId", "name", "timestamp", "batchId", "batchDuration", "durationMs", "eventTime",
		"stateOperators", "sources", "sink", "numInputRows", "inputRowsPerSecond", "processedRowsPerSecond", "observedMetrics"}
	stateOperatorKeys = []string{"operatorName", "numRowsTotal", "numRowsUpdated", "numRowsRemoved", "allUpdatesTimeMs",
		"allRemovalsTimeMs", "commitTimeMs", "memoryUsedBytes", "numRowsDroppedByWatermark", "numShufflePartitions",
		"numStateStoreInstances", "customMetrics"}
	sourceKeys = []string{"description", "startOffset", "endOffset", "latestOffset", "numInputRows", "inputRowsPerSecond",
		"processedRowsPerSecond", "metrics"}
	sinkKeys = []string{"description", "numOutputRows", "metrics"}
)

// keysLikePySpark gives the progress and its class parts their PySpark keys; a key
// Spark's JSON lacks reads as None, as the constructor's None default would.
func (p *pyProgress) keysLikePySpark() {
	set := func(o py.Object, keys []string) {
		q, ok := o.(*pyProgress)
		if !ok {
			return
		}
		q.keys = keys
		for _, k := range keys {
			if _, has := q.fields[k]; !has {
				q.fields[k] = py.None
			}
		}
	}
	set(p, progressKeys)
	for part, keys := range map[string][]string{"stateOperators": stateOperatorKeys, "sources": sourceKeys} {
		if l, ok := p.fields[part].(*py.List); ok {
			for _, it := range l.Items {
				set(it, keys)
			}
		}
	}
	set(p.fields["sink"], sinkKeys)
}

// fillLikePySpark gives the progress what PySpark 4.2's StreamingQueryProgress.fromJson
// gives it beyond Spark's JSON: an empty dict for each map Spark leaves out when empty
// (eventTime without a watermark, durationMs, metrics...), and source offsets as JSON
// text (json.dumps of the parsed offsets, so "null" for a first batch's startOffset).
// Only attribute access changes; json, prettyJson and repr stay Spark's own JSON.
func (p *pyProgress) fillLikePySpark() error {
	emptyDicts := func(o py.Object, names ...string) {
		if q, ok := o.(*pyProgress); ok {
			for _, n := range names {
				if _, has := q.fields[n]; !has {
					q.fields[n] = &pyProgress{fields: py.NewStringDict(), raw: "{}"}
				}
			}
		}
	}
	each := func(name string, fn func(py.Object) error) error {
		l, ok := p.fields[name].(*py.List)
		if !ok {
			return nil
		}
		for _, it := range l.Items {
			if err := fn(it); err != nil {
				return err
			}
		}
		return nil
	}
	emptyDicts(p, "durationMs", "eventTime", "observedMetrics")
	// PySpark turns each observation's JSON object into a Row (fields in the JSON's order).
	if om, ok := p.fields["observedMetrics"].(*pyProgress); ok {
		for _, name := range om.keys {
			if o, ok := om.fields[name].(*pyProgress); ok {
				r := &pyRow{names: append([]string(nil), o.keys...)}
				for _, k := range o.keys {
					r.values = append(r.values, o.fields[k])
				}
				om.fields[name] = r
			}
		}
	}
	if err := each("stateOperators", func(o py.Object) error { emptyDicts(o, "customMetrics"); return nil }); err != nil {
		return err
	}
	emptyDicts(p.fields["sink"], "metrics")
	return each("sources", func(o py.Object) error {
		src, ok := o.(*pyProgress)
		if !ok {
			return nil
		}
		emptyDicts(src, "metrics")
		for _, k := range []string{"startOffset", "endOffset", "latestOffset"} {
			v, has := src.fields[k]
			if _, isText := v.(py.String); !has || isText {
				continue
			}
			text, err := python.JSONDumps(v, -1)
			if err != nil {
				return err
			}
			src.fields[k] = py.String(text)
		}
		return nil
	})
}

// decodeOrdered decodes JSON keeping object key order (Spark's field order), objects as
// pyProgress so nested parts have attribute access too.
func decodeOrdered(dec *json.Decoder) (py.Object, error) {
	tok, err := dec.Token()
	if err != nil {
		return nil, err
	}
	switch t := tok.(type) {
	case json.Delim:
		switch t {
		case '{':
			p := &pyProgress{fields: py.NewStringDict()}
			for dec.More() {
				kt, err := dec.Token()
				if err != nil {
					return nil, err
				}
				k := kt.(string)
				v, err := decodeOrdered(dec)
				if err != nil {
					return nil, err
				}
				p.keys = append(p.keys, k)
				p.fields[k] = v
			}
			if _, err := dec.Token(); err != nil {
				return nil, err
			}
			p.raw = p.encode()
			return p, nil
		case '[':
			l := py.NewList()
			for dec.More() {
				v, err := decodeOrdered(dec)
				if err != nil {
					return nil, err
				}
				l.Append(v)
			}
			if _, err := dec.Token(); err != nil {
				return nil, err
			}
			return l, nil
		}
	case json.Number:
		if i, err := t.Int64(); err == nil {
			return py.Int(i), nil
		}
		f, _ := t.Float64()
		return py.Float(f), nil
	case string:
		return py.String(t), nil
	case bool:
		return py.NewBool(t), nil
	case nil:
		return py.None, nil
	}
	return py.None, nil
}

// encode writes the object back as compact JSON in its original order.
func (p *pyProgress) encode() string {
	var b strings.Builder
	encodeValue(&b, p)
	return b.String()
}

func encodeValue(b *strings.Builder, v py.Object) {
	switch x := v.(type) {
	case *pyProgress:
		b.WriteByte('{')
		for i, k := range x.keys {
			if i > 0 {
				b.WriteByte(',')
			}
			kj, _ := json.Marshal(k)
			b.Write(kj)
			b.WriteByte(':')
			encodeValue(b, x.fields[k])
		}
		b.WriteByte('}')
	case *py.List:
		b.WriteByte('[')
		for i, it := range x.Items {
			if i > 0 {
				b.WriteByte(',')
			}
			encodeValue(b, it)
		}
		b.WriteByte(']')
	case py.String:
		sj, _ := json.Marshal(string(x))
		b.Write(sj)
	case py.Int:
		b.WriteString(strconv.FormatInt(int64(x), 10))
	case py.Float:
		b.WriteString(py.FloatRepr(float64(x)))
	case py.Bool:
		if x {
			b.WriteString("true")
		} else {
			b.WriteString("false")
		}
	default:
		b.WriteString("null")
	}
}

// prettyJSON is json.dumps(parsed, indent=4): four spaces, "key": value, [] and {} when
// empty.
func prettyJSON(raw string) string {
	var out bytes.Buffer
	if err := json.Indent(&out, []byte(raw), "", "    "); err != nil {
		return raw
	}
	return out.String()
}

func (p *pyProgress) M__getattr__(name string) (py.Object, error) {
	if v, ok := p.fields[name]; ok {
		return v, nil
	}
	switch name {
	case "json":
		return py.String(python.JSONSpacing(p.raw)), nil
	case "prettyJson":
		return py.String(prettyJSON(p.raw)), nil
	}
	return nil, py.ExceptionNewf(py.AttributeError, "'StreamingQueryProgress' object has no attribute '%s'", name)
}

func (p *pyProgress) M__getitem__(key py.Object) (py.Object, error) {
	k, ok := key.(py.String)
	if !ok {
		return nil, py.ExceptionNewf(py.KeyError, "%v", key)
	}
	if v, ok := p.fields[string(k)]; ok {
		return v, nil
	}
	return nil, py.ExceptionNewf(py.KeyError, "'%s'", string(k))
}

func (p *pyProgress) M__contains__(key py.Object) (py.Object, error) {
	k, ok := key.(py.String)
	_, has := p.fields[string(k)]
	return py.NewBool(ok && has), nil
}

func (p *pyProgress) M__iter__() (py.Object, error) {
	return py.NewIterator(py.NewListFromStrings(p.keys)), nil
}

func (p *pyProgress) M__len__() (py.Object, error) { return py.Int(len(p.keys)), nil }
func (p *pyProgress) M__repr__() (py.Object, error) {
	if p.class {
		return py.String(prettyJSON(p.raw)), nil
	}
	var b strings.Builder
	b.WriteByte('{')
	for i, k := range p.keys {
		if i > 0 {
			b.WriteString(", ")
		}
		kr, _ := py.ReprAsString(py.String(k))
		vr, err := py.ReprAsString(p.fields[k])
		if err != nil {
			return nil, err
		}
		b.WriteString(kr + ": " + vr)
	}
	b.WriteByte('}')
	return py.String(b.String()), nil
}
func (p *pyProgress) M__str__() (py.Object, error) { return p.M__repr__() }

func (p *pyProgress) JSONValue() (any, error) { return json.RawMessage(p.raw), nil }

func init() {
	python.DefMethod(progressType, "keys", func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		return py.NewListFromStrings(self.(*pyProgress).keys), nil
	})
	python.DefMethod(progressType, "get", func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		a, err := python.ParseArgs("get", args, kwargs, []string{"key", "default"}, 1)
		if err != nil {
			return nil, err
		}
		k, _ := a[0].(py.String)
		if v, ok := self.(*pyProgress).fields[string(k)]; ok {
			return v, nil
		}
		if a[1] == nil {
			return py.None, nil
		}
		return a[1], nil
	})
	python.DefMethod(progressType, "items", func(self py.Object, args py.Tuple, kwargs py.StringDict) (py.Object, error) {
		p := self.(*pyProgress)
		l := py.NewList()
		for _, k := range p.keys {
			l.Append(py.Tuple{py.String(k), p.fields[k]})
		}
		return l, nil
	})
}
