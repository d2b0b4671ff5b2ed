package engine

import (
	"time"

	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// showString renders rows as Spark's Dataset.showString (sqltypes.ShowString): rows holds up
// to n+1 rows, the extra one only telling that more exist.
func showString(schema *sqltypes.StructType, rows []sqltypes.Row, n, truncate int, vertical bool, loc *time.Location) string {
	return sqltypes.ShowString(schema, rows, sqltypes.ShowOptions{NumRows: n, Truncate: truncate, Vertical: vertical, Loc: loc})
}
