package engine

import (
	"context"
	"fmt"
	"strings"

	"github.com/kafkalab/kafkalab/engine/delta"
	"github.com/kafkalab/kafkalab/engine/plan"
	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// TableBuilder is delta.tables.DeltaTableBuilder: DeltaTable.create, createIfNotExists,
// replace and createOrReplace, gathering a table's name or location, columns, partitioning,
// properties and comment, and execute() committing them as the SQL statement would (CREATE
// TABLE, CREATE OR REPLACE TABLE, REPLACE TABLE).
type TableBuilder struct {
	s        *Session
	mode     string // create, createIfNotExists, replace, createOrReplace
	name     string
	location string
	schema   sqltypes.StructType
	parts    []string
	props    []plan.Property
	comment  *string
}

// NewTableBuilder is DeltaTable.create(spark) and its siblings; mode names which.
func (s *Session) NewTableBuilder(mode string) *TableBuilder { return &TableBuilder{s: s, mode: mode} }

// TableName is tableName(name).
func (b *TableBuilder) TableName(name string) *TableBuilder { b.name = name; return b }

// Location is location(path).
func (b *TableBuilder) Location(path string) *TableBuilder { b.location = path; return b }

// AddColumn is addColumn(name, dataType, nullable, generatedAlwaysAs, comment). A generated
// column keeps its expression in its metadata (delta.generationExpression), as delta-spark
// writes it; every write computes it (delta.Table's writers).
func (b *TableBuilder) AddColumn(f sqltypes.StructField, comment *string, generatedAlwaysAs string) error {
	if comment != nil || generatedAlwaysAs != "" {
		f.Metadata = map[string]any{}
	}
	if comment != nil {
		f.Metadata["comment"] = *comment
	}
	if generatedAlwaysAs != "" {
		f.Metadata["delta.generationExpression"] = generatedAlwaysAs
	}
	b.schema.Fields = append(b.schema.Fields, f)
	return nil
}

// checkGenerated checks each generated column's expression against the table's other
// columns, as delta-spark does before it creates the table: it must resolve and have the
// column's type.
func (b *TableBuilder) checkGenerated() error {
	for _, f := range b.schema.Fields {
		g := delta.GenerationExpression(f)
		if g == "" {
			continue
		}
		e, err := plan.ParseExpression(g)
		if err != nil {
			return fmt.Errorf("generated column %s: %w", f.Name, err)
		}
		bound, err := plan.Resolve(e, b.s.newScope(&b.schema, nil))
		if err != nil {
			return fmt.Errorf("generated column %s: %w", f.Name, err)
		}
		if !sqltypes.EqualTypes(bound.DataType(), f.Type, true) {
			return &plan.AnalysisError{Class: "DELTA_GENERATED_COLUMNS_EXPR_TYPE_MISMATCH", Message: fmt.Sprintf(
				"The expression type of the generated column %s is %s, but the column type is %s", f.Name, bound.DataType().SQL(), f.Type.SQL())}
		}
	}
	return nil
}

// AddColumns is addColumns(schema).
func (b *TableBuilder) AddColumns(st *sqltypes.StructType) *TableBuilder {
	b.schema.Fields = append(b.schema.Fields, st.Fields...)
	return b
}

// PartitionedBy is partitionedBy(cols...).
func (b *TableBuilder) PartitionedBy(cols ...string) *TableBuilder {
	b.parts = append(b.parts, cols...)
	return b
}

// Property is property(key, value).
func (b *TableBuilder) Property(k, v string) *TableBuilder {
	b.props = append(b.props, plan.Property{Key: k, Value: v})
	return b
}

// Comment is comment(text).
func (b *TableBuilder) Comment(c string) *TableBuilder { b.comment = &c; return b }

// Execute is execute(): the table as created or replaced.
func (b *TableBuilder) Execute(ctx context.Context) (*DeltaTable, error) {
	s := b.s
	if b.name == "" && b.location == "" {
		return nil, &plan.AnalysisError{Class: "DELTA_CREATE_TABLE_MISSING_TABLE_NAME_OR_LOCATION", Message: "Table name or location has to be specified."}
	}
	var path string
	var err error
	managed := b.location == ""
	if managed {
		path, err = s.TablePath(b.name)
	} else {
		path, err = s.ResolvePath(b.location)
	}
	if err != nil {
		return nil, err
	}
	open := func() (*DeltaTable, error) {
		if b.name != "" && managed {
			return s.DeltaTableForName(ctx, b.name)
		}
		return s.DeltaTableForPath(ctx, path)
	}
	exists := s.isDeltaTable(path)
	switch {
	case exists && b.mode == "createIfNotExists":
		return open()
	case exists && b.mode == "create":
		if b.name != "" {
			return nil, s.tableExistsError(b.name)
		}
		return nil, &plan.AnalysisError{Class: "DELTA_PATH_EXISTS", Message: fmt.Sprintf("Cannot write to already existent path file:%s without setting OVERWRITE = 'true'.", path)}
	case !exists && b.mode == "replace":
		return nil, &plan.AnalysisError{Class: "TABLE_OR_VIEW_NOT_FOUND", Message: fmt.Sprintf("The table or view %s cannot be found: replace() needs an existing table; use createOrReplace().", b.name+b.location)}
	}
	if len(b.schema.Fields) == 0 {
		return nil, &plan.AnalysisError{Class: "DELTA_SCHEMA_NOT_PROVIDED", Message: "Table schema is not provided. Please provide the schema (column definition) of the table when using REPLACE table and an AS SELECT query is not provided."}
	}
	if err := b.checkGenerated(); err != nil {
		return nil, err
	}
	// "owner" is one of the catalog's reserved table properties: the catalog sets the table's
	// owner itself and delta-spark keeps no such key (real Spark's dl46 commits
	// property("owner", "hr") as no property at all).
	kept := make([]plan.Property, 0, len(b.props))
	for _, p := range b.props {
		if !strings.EqualFold(p.Key, "owner") {
			kept = append(kept, p)
		}
	}
	props, err := tableProperties(kept)
	if err != nil {
		return nil, err
	}
	opts := delta.CreateOptions{Now: s.now(), Managed: managed, Driver: s.delta, PartitionColumns: b.parts, Properties: props,
		Description: b.comment, KeepNullability: true, DefaultProperties: s.deltaDefaultProperties()}
	switch b.mode {
	case "replace":
		opts.Operation = "REPLACE TABLE"
		_, _, err = delta.ReplaceTable(ctx, path, &b.schema, opts)
	case "createOrReplace":
		_, _, err = delta.ReplaceTable(ctx, path, &b.schema, opts)
	default:
		_, err = delta.CreateTable(ctx, path, &b.schema, opts)
	}
	if committedIsDone(err) != nil {
		return nil, err
	}
	return open()
}
