package engine

import (
	"context"
	"fmt"
	"strings"
	"testing"
)

// TestReadBasePath: docs/sql-data-sources-parquet.md (Partition Discovery) on PySpark
// 4.2.0: df.write.partitionBy("gender", "country").parquet("people"), then reading
// people/gender=M gives ['name', 'n', 'country'], and with basePath "people" also gender.
func TestReadBasePath(t *testing.T) {
	ctx := context.Background()
	s := newTestSession(t)
	df, err := s.SQL(ctx, "SELECT * FROM VALUES ('Ann', 'F', 'US', 1), ('Bob', 'M', 'CN', 2), ('Cy', 'M', 'US', 3) AS t(name, gender, country, n)")
	if err != nil {
		t.Fatal(err)
	}
	if err := df.Write().PartitionBy("gender", "country").Format("parquet").Save(ctx, "people"); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		format, path string
		opts         map[string]string
		cols, rows   string
	}{
		{"parquet", "people/gender=M", nil, "name,n,country", "[[Bob 2 CN] [Cy 3 US]]"},
		{"parquet", "people/gender=M", map[string]string{"basePath": "people"}, "name,n,gender,country", "[[Bob 2 M CN] [Cy 3 M US]]"},
		{"parquet", "people/gender=M/country=US", map[string]string{"basePath": "people"}, "name,n,gender,country", "[[Cy 3 M US]]"},
	} {
		r := s.Read().Format(tc.format)
		if tc.opts != nil {
			r.Options(tc.opts)
		}
		got, err := r.Load(ctx, tc.path)
		if err != nil {
			t.Fatalf("%s %v: %v", tc.path, tc.opts, err)
		}
		if cols := strings.Join(got.Columns(), ","); cols != tc.cols {
			t.Errorf("%s %v: columns %s, want %s", tc.path, tc.opts, cols, tc.cols)
		}
		sorted, err := got.OrderBy("name")
		if err != nil {
			t.Fatal(err)
		}
		rows, err := sorted.Collect(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if fmt.Sprint(rows) != tc.rows {
			t.Errorf("%s %v: rows %v, want %s", tc.path, tc.opts, rows, tc.rows)
		}
	}
}
