// Command goclient drives a Spark Connect server with Apache Spark's Go client
// (spark-connect-go) and prints what it gets back; scripts/connect/tier.sh compares the
// output with goclient.golden. It is a module of its own because spark-connect-go registers
// the same .proto files as kafkalab's server, so the two cannot share a binary.
//
// Usage: go run . -remote sc://127.0.0.1:15002
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/apache/spark-connect-go/spark/sql"
	"github.com/apache/spark-connect-go/spark/sql/functions"
	"github.com/apache/spark-connect-go/spark/sql/types"
)

func main() {
	remote := flag.String("remote", "sc://127.0.0.1:15002", "the Spark Connect server")
	flag.Parse()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	if err := run(ctx, *remote); err != nil {
		fmt.Fprintln(os.Stderr, "goclient:", err)
		os.Exit(1)
	}
}

func run(ctx context.Context, remote string) error {
	spark, err := sql.NewSessionBuilder().Remote(remote).Build(ctx)
	if err != nil {
		return fmt.Errorf("session: %w", err)
	}
	defer spark.Stop()

	schema := types.StructOf(
		types.NewStructField("order_id", types.INTEGER),
		types.NewStructField("customer_id", types.STRING),
		types.NewStructField("amount", types.DOUBLE),
	)
	orders, err := spark.CreateDataFrame(ctx, [][]any{{1001, "C01", 25.5}, {1002, "C02", 12.0}, {1003, "C01", 31.0}}, schema)
	if err != nil {
		return fmt.Errorf("createDataFrame: %w", err)
	}
	cols, err := orders.Columns(ctx)
	if err != nil {
		return err
	}
	fmt.Println("columns:", strings.Join(cols, ", "))
	n, err := orders.Count(ctx)
	if err != nil {
		return err
	}
	fmt.Println("count:", n)

	big, err := orders.Filter(ctx, functions.Col("amount").Gt(functions.Lit(types.Float64(20))))
	if err != nil {
		return err
	}
	rows, err := big.Collect(ctx)
	if err != nil {
		return fmt.Errorf("filter: %w", err)
	}
	for _, r := range rows {
		fmt.Println("over 20:", r.Values())
	}

	per, err := orders.GroupBy(functions.Col("customer_id")).Agg(ctx, functions.Sum(functions.Col("amount")).Alias("total"))
	if err != nil {
		return err
	}
	per, err = per.Sort(ctx, functions.Col("customer_id").Asc())
	if err != nil {
		return err
	}
	rows, err = per.Collect(ctx)
	if err != nil {
		return fmt.Errorf("groupBy: %w", err)
	}
	for _, r := range rows {
		fmt.Println("per customer:", r.Values())
	}

	q, err := spark.Sql(ctx, "SELECT 40 + 2 AS answer, upper('kafkalab') AS name")
	if err != nil {
		return fmt.Errorf("sql: %w", err)
	}
	rows, err = q.Collect(ctx)
	if err != nil {
		return fmt.Errorf("sql: %w", err)
	}
	fmt.Println("sql:", rows[0].Values())

	// An analysis error comes back as Spark words it.
	bad, err := orders.Select(ctx, functions.Col("nope"))
	if err == nil {
		_, err = bad.Collect(ctx)
	}
	if err == nil {
		return fmt.Errorf("selecting a missing column succeeded")
	}
	msg := err.Error()
	fmt.Println("error names UNRESOLVED_COLUMN:", strings.Contains(msg, "UNRESOLVED_COLUMN"))
	return nil
}
