package connect

import (
	"context"
	"sync"

	"github.com/kafkalab/kafkalab/engine"
	pb "github.com/kafkalab/kafkalab/engine/connect/sparkconnectpb"
	"github.com/kafkalab/kafkalab/engine/plan"
	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// df.observe(name or Observation, aggregates...) arrives as a CollectMetrics relation. On a
// stream the engine reports the metrics in each progress (observedMetrics); on a batch
// DataFrame they are gathered while the action runs and sent after its rows, as Spark's
// server sends ObservedMetrics, which fills the client's Observation.

// observedSink gathers the metrics one execution reports.
type observedSink struct {
	mu   sync.Mutex
	list []plan.ObservedMetrics
}

type observedSinkKey struct{}

func (s *observedSink) report(m plan.ObservedMetrics) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.list = append(s.list, m)
}

func (ss *session) collectMetrics(ctx context.Context, m *pb.CollectMetrics) (*engine.DataFrame, error) {
	in, err := ss.relation(ctx, m.GetInput())
	if err != nil {
		return nil, err
	}
	cols, err := ss.columns(ctx, m.GetMetrics())
	if err != nil {
		return nil, err
	}
	var report func(plan.ObservedMetrics)
	if sink, ok := ctx.Value(observedSinkKey{}).(*observedSink); ok && !in.IsStreaming() {
		report = sink.report
	}
	return in.Observe(m.GetName(), report, cols...)
}

// observedResponses words the gathered metrics as ExecutePlanResponses.
func (ss *session) observedResponses(s *observedSink) []*pb.ExecutePlanResponse {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []*pb.ExecutePlanResponse
	for _, m := range s.list {
		om := &pb.ExecutePlanResponse_ObservedMetrics{Name: m.Name}
		for i, f := range m.Schema.Fields {
			var v any
			if i < len(m.Row) {
				v = m.Row[i]
			}
			lit, ok := literalOf(v, f.Type)
			if !ok {
				ss.logf("observed metric %s.%s of type %s sent as NULL", m.Name, f.Name, sqltypes.SimpleString(f.Type))
			}
			om.Keys = append(om.Keys, f.Name)
			om.Values = append(om.Values, lit)
		}
		r := ss.response()
		r.ObservedMetrics = []*pb.ExecutePlanResponse_ObservedMetrics{om}
		out = append(out, r)
	}
	return out
}

// literalOf is a scalar value as a Connect literal; ok is false (and the literal NULL) for
// a type it does not word.
func literalOf(v any, t sqltypes.DataType) (*pb.Expression_Literal, bool) {
	l := &pb.Expression_Literal{}
	switch x := v.(type) {
	case nil:
		l.LiteralType = &pb.Expression_Literal_Null{Null: &pb.DataType{Kind: &pb.DataType_Null{Null: &pb.DataType_NULL{}}}}
		if pt, err := protoType(t); err == nil {
			l.LiteralType = &pb.Expression_Literal_Null{Null: pt}
		}
		return l, true
	case bool:
		l.LiteralType = &pb.Expression_Literal_Boolean{Boolean: x}
	case int8:
		l.LiteralType = &pb.Expression_Literal_Byte{Byte: int32(x)}
	case int16:
		l.LiteralType = &pb.Expression_Literal_Short{Short: int32(x)}
	case int32:
		l.LiteralType = &pb.Expression_Literal_Integer{Integer: x}
	case int64:
		l.LiteralType = &pb.Expression_Literal_Long{Long: x}
	case float32:
		l.LiteralType = &pb.Expression_Literal_Float{Float: x}
	case float64:
		l.LiteralType = &pb.Expression_Literal_Double{Double: x}
	case string:
		l.LiteralType = &pb.Expression_Literal_String_{String_: x}
	case []byte:
		l.LiteralType = &pb.Expression_Literal_Binary{Binary: x}
	case sqltypes.Date:
		l.LiteralType = &pb.Expression_Literal_Date{Date: int32(x)}
	case sqltypes.Timestamp:
		l.LiteralType = &pb.Expression_Literal_Timestamp{Timestamp: int64(x)}
	case sqltypes.TimestampNTZ:
		l.LiteralType = &pb.Expression_Literal_TimestampNtz{TimestampNtz: int64(x)}
	case sqltypes.Decimal:
		d := &pb.Expression_Literal_Decimal{Value: x.String()}
		if dt, ok := t.(sqltypes.DecimalType); ok {
			p, s := int32(dt.Precision), int32(dt.Scale)
			d.Precision, d.Scale = &p, &s
		}
		l.LiteralType = &pb.Expression_Literal_Decimal_{Decimal: d}
	default:
		l.LiteralType = &pb.Expression_Literal_Null{Null: &pb.DataType{Kind: &pb.DataType_Null{Null: &pb.DataType_NULL{}}}}
		return l, false
	}
	return l, true
}
