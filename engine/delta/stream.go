package delta

import (
	"context"
	"fmt"

	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// The reading side of a Delta table as a streaming source (Delta's DeltaSource): the files
// of a starting snapshot, then the files each later commit adds.

// AddedIn lists the files the commits from..to (inclusive) add with dataChange true, in
// commit order. A commit that removes data with dataChange true (an overwrite, a delete)
// cannot be streamed as appends; it is an error naming the version, as Delta's source
// refuses it unless told to ignore changes.
func (t *Table) AddedIn(from, to int64) ([]File, error) {
	var out []File
	for v := from; v <= to; v++ {
		actions, err := t.readCommit(v)
		if err != nil {
			return nil, err
		}
		for i, a := range actions {
			switch {
			case a.Add != nil && a.Add.DataChange:
				out = append(out, File{Add: *a.Add, Version: v, Order: i})
			case a.Remove != nil && a.Remove.DataChange:
				return nil, fmt.Errorf("[DELTA_SOURCE_TABLE_IGNORE_CHANGES] Detected a data update (for example %s) in the source table at version %d. This is currently not supported: a Delta table read as a stream must only be appended to", a.Remove.Path, v)
			}
		}
	}
	return out, nil
}

// ReadFile reads one data file of the table with the snapshot's schema.
func (s *Snapshot) ReadFile(ctx context.Context, f File) ([]sqltypes.Row, error) {
	return s.readFile(ctx, f)
}

// Commit is what one commit changes, as a streaming source sees it: the files it adds and
// the paths it removes with dataChange true.
type Commit struct {
	Version int64
	Added   []File
	Removed []string
}

// CommitChanges reads the data changes of commit v.
func (t *Table) CommitChanges(v int64) (Commit, error) {
	actions, err := t.readCommit(v)
	if err != nil {
		return Commit{}, err
	}
	c := Commit{Version: v}
	for i, a := range actions {
		switch {
		case a.Add != nil && a.Add.DataChange:
			c.Added = append(c.Added, File{Add: *a.Add, Version: v, Order: i})
		case a.Remove != nil && a.Remove.DataChange:
			c.Removed = append(c.Removed, a.Remove.Path)
		}
	}
	return c, nil
}
