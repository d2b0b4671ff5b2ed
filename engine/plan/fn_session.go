package plan

import (
	"os"
	"os/user"
	"strings"

	"github.com/google/uuid"
	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// Functions about the session: its catalog and database (kafkalab has one of each, as a
// fresh Spark session), the user running it, Spark's version, and uuid().

func init() {
	constant := func(value func() string) binder {
		return func(_ *resolver, c Call) (Bound, error) {
			if len(c.Args) != 0 {
				return nil, wrongArgs(strings.ToLower(c.Name), "0", len(c.Args))
			}
			v := value()
			return &boundFunc{name: strings.ToLower(c.Name), typ: sqltypes.String, volatile: true,
				fn: func(*EvalContext, []any) (any, error) { return v, nil }}, nil
		}
	}
	// current_database is an alias Spark prints by its canonical name, current_schema().
	register(func(r *resolver, c Call) (Bound, error) {
		c.Name = "current_schema"
		db := "default"
		if r.scope != nil && r.scope.Database != nil {
			db = r.scope.Database()
		}
		return constant(func() string { return db })(r, c)
	}, "current_database", "current_schema")
	register(constant(func() string { return "spark_catalog" }), "current_catalog")
	register(constant(CurrentUser), "current_user", "user", "session_user")
	register(constant(func() string { return SparkVersionString }), "version")
	register(func(r *resolver, c Call) (Bound, error) {
		if len(c.Args) > 1 {
			return nil, wrongArgs("uuid", "[0, 1]", len(c.Args))
		}
		if len(c.Args) == 1 {
			args, err := r.resolveAll(c.Args)
			if err != nil {
				return nil, err
			}
			seed, err := seedArg("uuid", args, 0)
			if err != nil {
				return nil, err
			}
			return &boundSeededUUID{seed: seed}, nil
		}
		return &boundFunc{name: "uuid", typ: sqltypes.String, volatile: true,
			fn: func(*EvalContext, []any) (any, error) { return uuid.NewString(), nil }}, nil
	}, "uuid")
}

// SparkVersionString is what version() answers: the Spark release kafkalab follows and its
// build's git revision, as Spark 4.2.0 prints them.
const SparkVersionString = "4.2.0 32f7299601108917fb01920a54e084595b7b3bf8"

// CurrentUser is the user Spark reports in local mode: SPARK_USER when set, else the
// operating system's user.
func CurrentUser() string {
	if u := os.Getenv("SPARK_USER"); u != "" {
		return u
	}
	if u, err := user.Current(); err == nil {
		return u.Username
	}
	return os.Getenv("USER")
}
