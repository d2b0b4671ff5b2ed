package delta

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
)

// Detail is what DESCRIBE DETAIL (DeltaTable.detail()) reports of a table's latest
// snapshot.
type Detail struct {
	ID, Location      string
	Name, Description *string
	CreatedAt         *int64 // metaData.createdTime, ms
	LastModified      int64  // the latest commit file's modification time, ms
	PartitionColumns  []string
	NumFiles, Size    int64
	Properties        []KV // metaData.configuration, by key
	MinReaderVersion  int
	MinWriterVersion  int
	// TableFeatures are the features the protocol supports, those a legacy protocol
	// version implies included, sorted by name as Delta lists them.
	TableFeatures []string
}

// legacyWriterFeatures are the features each legacy writer version (below 7) implies,
// cumulatively, as Delta's protocol spec lists them.
var legacyWriterFeatures = [][]string{
	2: {"appendOnly", "invariants"},
	3: {"checkConstraints"},
	4: {"changeDataFeed", "generatedColumns"},
	5: {"columnMapping"},
	6: {"identityColumns"},
}

// Detail describes the latest snapshot; a folder without a Delta log is an error.
func (t *Table) Detail() (*Detail, error) {
	s, err := t.Snapshot()
	if err != nil {
		return nil, err
	}
	if s.Version < 0 || s.Metadata == nil || s.Protocol == nil {
		return nil, fmt.Errorf("%s is not a Delta table", t.path)
	}
	st, err := os.Stat(filepath.Join(t.logDir(), versionFileName(s.Version)))
	if err != nil {
		return nil, fmt.Errorf("delta table %s: %w", t.path, err)
	}
	d := &Detail{ID: s.Metadata.ID, Location: "file:" + t.path, Name: s.Metadata.Name, Description: s.Metadata.Description,
		CreatedAt: s.Metadata.CreatedTime, LastModified: st.ModTime().UnixMilli(), PartitionColumns: s.Metadata.PartitionColumns,
		MinReaderVersion: s.Protocol.MinReaderVersion, MinWriterVersion: s.Protocol.MinWriterVersion}
	if d.PartitionColumns == nil {
		d.PartitionColumns = []string{}
	}
	for _, f := range s.Files {
		d.NumFiles++
		d.Size += f.Add.Size
	}
	keys := make([]string, 0, len(s.Metadata.Configuration))
	for k := range s.Metadata.Configuration {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		d.Properties = append(d.Properties, KV{Key: k, Value: s.Metadata.Configuration[k]})
	}
	features := map[string]bool{}
	for v := 2; v < len(legacyWriterFeatures) && v <= d.MinWriterVersion; v++ {
		for _, f := range legacyWriterFeatures[v] {
			features[f] = true
		}
	}
	if d.MinReaderVersion == 2 {
		features["columnMapping"] = true
	}
	for _, f := range append(append([]string{}, s.Protocol.ReaderFeatures...), s.Protocol.WriterFeatures...) {
		features[f] = true
	}
	d.TableFeatures = make([]string, 0, len(features))
	for f := range features {
		d.TableFeatures = append(d.TableFeatures, f)
	}
	sort.Strings(d.TableFeatures)
	return d, nil
}
