package engine

import (
	"context"
	"strings"

	"github.com/kafkalab/kafkalab/engine/delta"
	"github.com/kafkalab/kafkalab/engine/plan"
	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// CatalogColumn is one entry of spark.catalog.listColumns(table).
type CatalogColumn struct {
	Name        string
	DataType    string // the type's catalog string: bigint, string, struct<a:int>...
	Nullable    bool
	IsPartition bool
}

// ListColumns is spark.catalog.listColumns(name): a temporary view's or a table's columns
// in order; a Delta table's partition columns say so.
func (s *Session) ListColumns(ctx context.Context, name string) ([]CatalogColumn, error) {
	df, err := s.Table(ctx, name)
	if err != nil {
		return nil, err
	}
	parts := map[string]bool{}
	if t, err := s.tableIdent(name); err == nil && (s.view(t) == nil || len(plan.ParseAttributeName(name)) > 1) {
		if path, err := s.tablePath(name, t); err == nil && s.isDeltaTable(path) {
			if tbl, err := delta.Open(path); err == nil {
				if snap, err := tbl.Snapshot(); err == nil && snap.Metadata != nil {
					for _, c := range snap.Metadata.PartitionColumns {
						parts[c] = true
					}
				}
			}
		}
	}
	var out []CatalogColumn
	for _, f := range df.Schema().Fields {
		out = append(out, CatalogColumn{Name: f.Name, DataType: sqltypes.SimpleString(f.Type), Nullable: f.Nullable, IsPartition: parts[f.Name]})
	}
	return out, nil
}

// FunctionExists is spark.catalog.functionExists(name): a function of kafkalab's engine
// or one the session registered (spark.udf.register).
func (s *Session) FunctionExists(name string) bool {
	return plan.HasFunction(name) || s.function(strings.ToLower(name)) != nil
}
