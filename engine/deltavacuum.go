package engine

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/kafkalab/kafkalab/engine/delta"
	"github.com/kafkalab/kafkalab/engine/plan"
	"github.com/kafkalab/kafkalab/engine/sparkerrors"
	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// ConfRetentionDurationCheck is Delta's guard against a VACUUM retention shorter than the
// table's delta.deletedFileRetentionDuration (on unless set to false).
const ConfRetentionDurationCheck = "spark.databricks.delta.retentionDurationCheck.enabled"

var vacuumSchema = sqltypes.MustParseDDL("path STRING").AsNullable()

// Vacuum is deltaTable.vacuum([retentionHours]): it deletes the files no version within
// the retention needs (the table's retention, 7 days by default, when retentionHours is
// nil). delta-spark 4.4 returns an empty DataFrame.
func (dt *DeltaTable) Vacuum(ctx context.Context, retentionHours *float64) (*DataFrame, error) {
	if _, err := dt.vacuum(ctx, retentionHours, false); err != nil {
		return nil, err
	}
	rel := &plan.Relation{Scope: dt.s.newScope(&sqltypes.StructType{}, nil), Name: "LocalRelation", Rows: [][]sqltypes.Row{nil}}
	return dt.s.newDF(rel), nil
}

// VacuumSQL is VACUUM table [RETAIN n HOURS] [DRY RUN]: one column, path, holding the
// files a dry run would delete, or the table's location after a vacuum.
func (dt *DeltaTable) VacuumSQL(ctx context.Context, retentionHours *float64, dryRun bool) (*DataFrame, error) {
	res, err := dt.vacuum(ctx, retentionHours, dryRun)
	if err != nil {
		return nil, err
	}
	var rows []sqltypes.Row
	if dryRun {
		for _, p := range res.Paths {
			rows = append(rows, sqltypes.Row{p})
		}
	} else {
		rows = []sqltypes.Row{{"file:" + dt.table.AbsPath()}}
	}
	rel := &plan.Relation{Scope: dt.s.newScope(vacuumSchema, nil), Name: "VacuumCommand", Rows: [][]sqltypes.Row{rows}}
	return dt.s.newDF(rel), nil
}

func (dt *DeltaTable) vacuum(ctx context.Context, retentionHours *float64, dryRun bool) (delta.VacuumResult, error) {
	check := !strings.EqualFold(strings.TrimSpace(dt.s.Conf().GetOr(ConfRetentionDurationCheck, "true")), "false")
	res, err := dt.table.Vacuum(ctx, delta.VacuumOptions{RetentionHours: retentionHours, DryRun: dryRun, RetentionCheck: check, Now: dt.s.now()})
	var short *delta.RetentionTooShortError
	switch {
	case errors.As(err, &short):
		return res, sparkerrors.New(sparkerrors.IllegalArgumentException, "DELTA_VACUUM_RETENTION_PERIOD_TOO_SHORT",
			"configuredRetentionHours", strconv.FormatInt(short.Hours, 10))
	case errors.Is(err, delta.ErrNegativeRetention):
		// Delta checks this one with Scala's require: no condition.
		return res, &sparkerrors.Error{Kind: sparkerrors.IllegalArgumentException, Message: err.Error()}
	}
	if err = committedIsDone(err); err != nil {
		return res, err
	}
	if !dryRun {
		// Delta prints this line on the driver's console (stdout), where a learner sees it.
		if w := dt.s.Stdout(); w != nil {
			fmt.Fprintf(w, "Deleted %d files and directories in a total of %d directories.\n", res.Deleted, res.Directories)
		}
	}
	return res, nil
}
