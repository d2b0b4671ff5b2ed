package stream

import (
	"path/filepath"
	"strconv"
)

// MetadataSource is implemented by sources that keep their own files under
// <checkpoint>/sources/<index> instead of the executor's initial-offsets file: Spark's rate
// source stores its start time there, rate-micro-batch stores nothing.
type MetadataSource interface {
	// OpenMetadata is called once per run, before the first batch, with the source's
	// folder; the source reads what an earlier run left there or writes it.
	OpenMetadata(dir string) error
}

// openSourceMetadata lets every MetadataSource read or write its folder.
func (ex *execution) openSourceMetadata() error {
	for i, src := range ex.cfg.Sources {
		if m, ok := src.(MetadataSource); ok {
			if err := m.OpenMetadata(filepath.Join(ex.q.cp.Path(), "sources", strconv.Itoa(i))); err != nil {
				return err
			}
		}
	}
	return nil
}

// CommittingSource is implemented by sources that act once a batch is safely behind
// them (the file source's cleanSource): Spark calls Source.commit with the previous
// batch's end after it wrote the next batch's offsets.
type CommittingSource interface {
	Commit(end string) error
}

// commitSources tells every CommittingSource that the last committed batch is done.
func (ex *execution) commitSources() error {
	for i, src := range ex.cfg.Sources {
		c, ok := src.(CommittingSource)
		if !ok || i >= len(ex.committed) || ex.committed[i] == "" {
			continue
		}
		if err := c.Commit(ex.committed[i]); err != nil {
			return err
		}
	}
	return nil
}
