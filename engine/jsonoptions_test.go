package engine

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// TestReadJSONOptions: the JSON reader options of docs/sql-data-sources-json.md, with the
// schemas and rows PySpark 4.2.0 printed for spark.read.options(...).json(file).
func TestReadJSONOptions(t *testing.T) {
	ctx := context.Background()
	s := newTestSession(t)
	files := map[string]string{
		"multi.json":   "[\n  {\"name\": \"Ann\", \"age\": 30},\n  {\"name\": \"Bob\",\n   \"age\": 25}\n]\n",
		"lax.json":     "{'name': 'Cy', /* a comment */ 'score': 1.25}\n{'name': 'Di', 'score': 3}\n",
		"corrupt.json": "{\"a\": 1, \"b\": \"x\"}\n{\"a\": 2, \"b\": \n{\"a\": 3, \"b\": \"z\"}\n",
	}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(s.WorkDir(), name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	tests := []struct {
		file      string
		opts      map[string]string
		schema    string
		rows      string
		failsWith string
	}{
		// spark.read.option("multiLine", True).json("multi.json")
		{"multi.json", map[string]string{"multiLine": "true"}, "struct<age:bigint,name:string>", "[[30 Ann] [25 Bob]]", ""},
		// spark.read.options(allowComments=True, allowSingleQuotes=True).json("lax.json")
		{"lax.json", map[string]string{"allowComments": "true", "allowSingleQuotes": "true"}, "struct<name:string,score:double>", "[[Cy 1.25] [Di 3]]", ""},
		// spark.read.options(allowComments=True, primitivesAsString=True).json("lax.json")
		{"lax.json", map[string]string{"allowComments": "true", "primitivesAsString": "true"}, "struct<name:string,score:string>", "[[Cy 1.25] [Di 3]]", ""},
		// spark.read.options(allowComments=True, prefersDecimal=True).json("lax.json"): 1.25
		// is decimal(3,2), 3 a bigint (decimal(20,0)), merged decimal(22,2)
		{"lax.json", map[string]string{"allowComments": "true", "prefersDecimal": "true"}, "struct<name:string,score:decimal(22,2)>", "[[Cy 1.25] [Di 3.00]]", ""},
		// spark.read.option("mode", "DROPMALFORMED").json("c.json"): no _corrupt_record column
		{"corrupt.json", map[string]string{"mode": "DROPMALFORMED"}, "struct<a:bigint,b:string>", "[[1 x] [3 z]]", ""},
		// without options the malformed line is kept in _corrupt_record
		{"corrupt.json", nil, "struct<_corrupt_record:string,a:bigint,b:string>", `[[<nil> 1 x] [{"a": 2, "b":  <nil> <nil>] [<nil> 3 z]]`, ""},
		{"corrupt.json", map[string]string{"mode": "FAILFAST"}, "struct<_corrupt_record:string,a:bigint,b:string>", "", "MALFORMED_RECORD_IN_PARSING.WITHOUT_SUGGESTION"},
	}
	for _, tc := range tests {
		t.Run(fmt.Sprint(tc.file, tc.opts), func(t *testing.T) {
			df, err := s.Read().Options(tc.opts).JSON(ctx, tc.file)
			if err != nil {
				t.Fatal(err)
			}
			if got := sqltypes.SimpleString(df.Schema()); got != tc.schema {
				t.Fatalf("schema %s, want %s", got, tc.schema)
			}
			rows, err := df.Collect(ctx)
			if tc.failsWith != "" {
				if err == nil || !strings.Contains(err.Error(), "["+tc.failsWith+"]") {
					t.Fatalf("collect: %v, want %s", err, tc.failsWith)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got := fmt.Sprint(rows); got != tc.rows {
				t.Fatalf("rows %s, want %s", got, tc.rows)
			}
		})
	}
}
