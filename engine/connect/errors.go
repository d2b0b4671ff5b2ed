package connect

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/google/uuid"
	"google.golang.org/genproto/googleapis/rpc/errdetails"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/kafkalab/kafkalab/engine"
	pb "github.com/kafkalab/kafkalab/engine/connect/sparkconnectpb"
	"github.com/kafkalab/kafkalab/engine/plan"
	"github.com/kafkalab/kafkalab/engine/sparkerrors"
	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// sparkError is an error as a Spark server reports it: the JVM exception classes (most
// specific first) that decide which PySpark exception the client raises, Spark's error
// class, SQLSTATE and message parameters, and the message.
type sparkError struct {
	classes    []string
	errorClass string
	sqlState   string
	params     map[string]string
	message    string
	cause      *sparkError
}

func (e *sparkError) Error() string { return e.message }

// JVM class hierarchies the PySpark client maps to its exception types.
var (
	analysisClasses        = []string{"org.apache.spark.sql.AnalysisException", "java.lang.Exception", "java.lang.Throwable"}
	parseClasses           = append([]string{"org.apache.spark.sql.catalyst.parser.ParseException"}, analysisClasses...)
	streamingQueryClasses  = []string{"org.apache.spark.sql.streaming.StreamingQueryException", "java.lang.Exception", "java.lang.Throwable"}
	unsupportedClasses     = []string{"java.lang.UnsupportedOperationException", "java.lang.RuntimeException", "java.lang.Exception", "java.lang.Throwable"}
	illegalArgumentClasses = []string{"java.lang.IllegalArgumentException", "java.lang.RuntimeException", "java.lang.Exception", "java.lang.Throwable"}
	noSuchElementClasses   = []string{"org.apache.spark.SparkNoSuchElementException", "java.util.NoSuchElementException", "java.lang.RuntimeException", "java.lang.Exception", "java.lang.Throwable"}
	sparkClasses           = []string{"org.apache.spark.SparkException", "java.lang.Exception", "java.lang.Throwable"}
)

// unsupportedFeature is a Connect message kafkalab cannot run: the client gets an
// UnsupportedOperationException naming it, and the server logs it.
type unsupportedFeature struct{ what string }

func (e *unsupportedFeature) Error() string {
	return "kafkalab does not support " + e.what + " through Spark Connect"
}

func unsupportedf(format string, args ...any) error {
	return &unsupportedFeature{what: fmt.Sprintf(format, args...)}
}

// invalidPlan is a malformed request (a missing field): Spark's InvalidPlanInput.
func invalidPlan(format string, args ...any) error {
	return &sparkError{classes: []string{"org.apache.spark.sql.connect.common.InvalidPlanInput", "java.lang.Exception", "java.lang.Throwable"},
		errorClass: "INTERNAL_ERROR", sqlState: "XX000", message: fmt.Sprintf(format, args...)}
}

// withState appends Spark 4's " SQLSTATE: x" to a message that has one.
func withState(msg, state string) string {
	if state == "" {
		return msg
	}
	return msg + " SQLSTATE: " + state
}

// toSparkError words any error the engine or this package returns as Spark would.
func toSparkError(err error) *sparkError {
	var ue *plan.UnsupportedError
	var uf *unsupportedFeature
	var qe *engine.StreamingQueryError
	var se *sparkError
	var pe *sqltypes.ParseError
	switch {
	case errors.As(err, &qe):
		cause := toSparkError(qe.Cause)
		msg := fmt.Sprintf("[STREAM_FAILED] Query [id = %s, runId = %s] terminated with exception: %s", qe.ID, qe.RunID, cause.message)
		return &sparkError{classes: streamingQueryClasses, errorClass: "STREAM_FAILED", sqlState: "XXKST",
			params:  map[string]string{"id": qe.ID, "runId": qe.RunID, "message": cause.message},
			message: withState(msg, "XXKST"), cause: cause}
	case errors.As(err, &se):
		return se
	case errors.As(err, &pe):
		// A type string that does not parse (col.cast("strin"), a schema string) is a
		// ParseException on Spark, whose message opens with a line break and ends with
		// the text and a caret under the failing position.
		params := map[string]string{}
		if e, ok := sparkerrors.As(errors.New(pe.Error())); ok {
			for _, p := range e.Parameters() {
				params[p.Name] = p.Value
			}
		}
		return &sparkError{classes: parseClasses, errorClass: pe.Class, sqlState: pe.State, params: params, message: "\n" + pe.Detail()}
	case asSparkError(err) != nil:
		return asSparkError(err)
	case errors.As(err, &uf):
		return &sparkError{classes: unsupportedClasses, errorClass: "UNSUPPORTED_FEATURE.KAFKALAB", sqlState: "0A000",
			params: map[string]string{"feature": uf.what}, message: withState("[UNSUPPORTED_FEATURE.KAFKALAB] "+uf.Error()+".", "0A000")}
	case errors.As(err, &ue):
		return &sparkError{classes: unsupportedClasses, errorClass: "UNSUPPORTED_FEATURE.KAFKALAB", sqlState: "0A000",
			params: map[string]string{"feature": ue.Message}, message: withState("[UNSUPPORTED_FEATURE.KAFKALAB] "+ue.Message+".", "0A000")}
	case errors.Is(err, context.Canceled):
		return &sparkError{classes: sparkClasses, errorClass: "OPERATION_CANCELED", sqlState: "HY008", params: map[string]string{},
			message: withState("[OPERATION_CANCELED] Operation has been canceled.", "HY008")}
	case errors.Is(err, context.DeadlineExceeded):
		return &sparkError{classes: sparkClasses, message: err.Error()}
	}
	msg := err.Error()
	class, _ := bracketClass(msg)
	return &sparkError{classes: illegalArgumentClasses, errorClass: class, message: msg}
}

// asSparkError is the engine's Spark error in err's chain as the server reports it: the
// JVM classes of its kind, its condition, SQLSTATE, parameters and Spark's text. An
// argument error of PySpark's own (which a Python client raises before asking the server)
// travels as an IllegalArgumentException with its condition.
func asSparkError(err error) *sparkError {
	var ue *plan.UnsupportedError
	var uf *unsupportedFeature
	if errors.As(err, &ue) || errors.As(err, &uf) {
		return nil
	}
	e, ok := sparkerrors.As(err)
	if !ok {
		return nil
	}
	classes := e.Kind.JVMClasses()
	if e.Kind.PySpark() {
		classes = illegalArgumentClasses
	}
	params := map[string]string{}
	for _, p := range e.Parameters() {
		params[p.Name] = p.Value
	}
	var cause *sparkError
	if e.Cause != nil && e.Cause != err {
		cause = asSparkError(e.Cause)
	}
	return &sparkError{classes: classes, errorClass: e.Class, sqlState: e.SQLState(), params: params, message: e.Text(), cause: cause}
}

// bracketClass reads the error class off a message worded "[CLASS] text".
func bracketClass(msg string) (string, bool) {
	if !strings.HasPrefix(msg, "[") {
		return "", false
	}
	end := strings.IndexByte(msg, ']')
	if end < 2 || strings.ContainsAny(msg[1:end], " \n") {
		return "", false
	}
	return msg[1:end], true
}

// status turns an error into the gRPC status a Spark server sends: INTERNAL with an
// ErrorInfo carrying the classes, error class, SQLSTATE and parameters, and an errorId
// FetchErrorDetails answers for.
func (s *session) status(err error) error {
	if _, ok := status.FromError(err); ok && err != nil {
		if st, _ := status.FromError(err); st.Code() != codes.Unknown {
			return err
		}
	}
	se := toSparkError(err)
	id := uuid.NewString()
	if s != nil && s.errs != nil {
		s.mu.Lock()
		s.errs[id] = se
		if len(s.errs) > 64 {
			for k := range s.errs {
				if k != id {
					delete(s.errs, k)
					break
				}
			}
		}
		s.mu.Unlock()
	}
	classes, _ := json.Marshal(se.classes)
	meta := map[string]string{"classes": string(classes), "errorId": id}
	if se.sqlState != "" {
		meta["sqlState"] = se.sqlState
	}
	// As Spark's server: the class and parameters ride in the trailer only when the
	// parameters fit spark.connect.grpc.maxMetadataSize (1024), and the status message is
	// cut to 2048 characters; the client reads the whole error with FetchErrorDetails.
	// (A Python traceback from a foreachBatch worker otherwise overflows the client's
	// metadata limit and it reports RESOURCE_EXHAUSTED instead of the error.)
	if se.errorClass != "" {
		p, _ := json.Marshal(se.params)
		if len(se.params) == 0 {
			p = []byte("{}")
		}
		if len(p) <= maxMetadataSize {
			meta["errorClass"] = se.errorClass
			meta["messageParameters"] = string(p)
		}
	}
	st := status.New(codes.Internal, abbreviate(se.message, maxStatusMessage))
	if d, derr := st.WithDetails(&errdetails.ErrorInfo{Reason: se.classes[0], Domain: "org.apache.spark", Metadata: meta}); derr == nil {
		st = d
	}
	return st.Err()
}

// Spark Connect's limits on what an error's trailer carries.
const (
	maxMetadataSize  = 1024
	maxStatusMessage = 2048
)

// abbreviate cuts s to max characters ending in "...", as commons-lang's StringUtils.abbreviate.
func abbreviate(s string, max int) string {
	r := []rune(s)
	if len(r) <= max {
		return s
	}
	return string(r[:max-3]) + "..."
}

// details is FetchErrorDetails' answer: the error and its causes, root first.
func (e *sparkError) details() []*pb.FetchErrorDetailsResponse_Error {
	var out []*pb.FetchErrorDetailsResponse_Error
	for cur := e; cur != nil; cur = cur.cause {
		item := &pb.FetchErrorDetailsResponse_Error{ErrorTypeHierarchy: cur.classes, Message: cur.message}
		if cur.errorClass != "" || cur.sqlState != "" {
			t := &pb.FetchErrorDetailsResponse_SparkThrowable{MessageParameters: cur.params}
			if cur.errorClass != "" {
				t.ErrorClass = &cur.errorClass
			}
			if cur.sqlState != "" {
				t.SqlState = &cur.sqlState
			}
			item.SparkThrowable = t
		}
		if cur.cause != nil {
			idx := int32(len(out) + 1)
			item.CauseIdx = &idx
		}
		out = append(out, item)
	}
	return out
}
