package main

import (
	"context"
	"fmt"

	"github.com/kafkalab/kafkalab/lab/export"
	"github.com/kafkalab/kafkalab/lessons"
)

func init() {
	register(&command{
		name:    "export",
		summary: "write a lesson as a plain PySpark project (scripts, session helper, README) to run on real Spark",
		run:     runExport,
	})
}

func runExport(ctx context.Context, env *cliEnv, args []string) int {
	fs := commandFlags(env, "kafkalab export",
		"Usage: kafkalab export [--lessons DIR] LESSON DIR",
		"Writes LESSON (its id or number, e.g. 04) into the new or empty folder DIR as a PySpark project:",
		"its scripts, the session helper, requirements.txt and a README with every command to run.",
	)
	lessonDir := fs.String("lessons", "", "export from the lessons in this folder instead of the built-in course")
	rest, err := parseInterspersed(fs, args)
	if err != nil {
		return flagErrorCode(err)
	}
	if len(rest) != 2 {
		fmt.Fprintln(env.stderr, "kafkalab export: name a lesson and a folder, e.g. kafkalab export 04 orders-lesson")
		return 2
	}
	course, err := loadCourse(*lessonDir)
	if err != nil {
		return exitCodeFor(env, err)
	}
	l, ok := lessons.Find(course, rest[0])
	if !ok {
		fmt.Fprintf(env.stderr, "kafkalab export: no lesson %q in the course; name one by id or number (01..%02d)\n", rest[0], len(course))
		return 2
	}
	plan, err := export.NewPlan(course, l)
	if err != nil {
		return exitCodeFor(env, err)
	}
	if err := export.Export(plan, rest[1]); err != nil {
		fmt.Fprintf(env.stderr, "kafkalab export: %v\n", err)
		return 1
	}
	fmt.Fprintf(env.stdout, "Exported %s to %s: see %s/README.md (PySpark %s, delta-spark %s)\n",
		l.ID, rest[1], rest[1], export.PySparkVersion, export.DeltaSparkVersion)
	return 0
}
