package delta

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"sync"

	"github.com/google/uuid"
	"github.com/kafkalab/kafkalab/engine/sqltypes"
)

// Version checksum files. After every commit delta-spark 4.4 writes _delta_log/<version>.crc
// (spark.databricks.delta.writeChecksumFile.enabled, on by default): one JSON line with the
// table state at that version. Readers may use it to check a snapshot; none needs it.
// kafkalab writes the same file from the snapshot the commit was planned on plus the
// commit's own actions, and never reads it back to build a snapshot.
//
// Rules, as observed in real PySpark 4.2 + delta-spark 4.4.0 runs:
//   - keys in this order: txnId (the commitInfo txnId of the version), tableSizeBytes,
//     numFiles, numMetadata (1), numProtocol (1), setTransactions, domainMetadata,
//     metadata, protocol, fileSizeHistogram, allFiles; then a newline.
//   - setTransactions: the latest txn action of each app id, in the iteration order of the
//     hash map Delta replays them into (see hashMapOrder). Left out for good once a version
//     has more than 100 of them.
//   - allFiles: the add actions of the active files with "dataChange":false and the rest as
//     committed. Left out when the table has more than 50 files before or after the commit,
//     and when the commit changes the schema of a table that holds files.
//     Delta's order comes from a hash map keyed by each file's absolute URI, so it depends
//     on where the table lives; kafkalab lists files in the order they were added
//     (version, then position in the commit). Comparisons must sort them.
//   - fileSizeHistogram: file counts and bytes per size bin; a file falls in the last bin
//     whose lower bound is <= its size.
//   - an entry carries "tags":{} when the writer took the previous state from the .crc file
//     on disk (Delta reads it back with an empty map for the absent tags): the first commit
//     of a new driver (see Driver), or the commit after a checkpoint, which makes Delta
//     reload the table. A writer that made the previous version itself keeps the entries as they
//     were; one with no usable .crc for the previous version rebuilds them from the log,
//     without tags.

const (
	// crcMaxFiles is spark.databricks.delta.allFilesInCrc.thresholdNumFiles.
	crcMaxFiles = 50
	// crcMaxTxns is spark.databricks.delta.setTransactionsInCrc.maxAllowed.
	crcMaxTxns = 100
)

// fileSizeBinBounds are the lower bounds of Delta's file size histogram bins (95 of them):
// 0, then powers of two from 8 KiB to 8 MiB, then steps of 4, 8, 4, 16 and 64 MiB up to
// 1.375 GiB, of 128 MiB to 2 GiB, of 256 MiB to 4 GiB, then powers of two to 256 GiB.
var fileSizeBinBounds = []int64{
	0, 8192, 16384, 32768, 65536, 131072, 262144, 524288, 1048576, 2097152, 4194304, 8388608,
	12582912, 16777216, 20971520, 25165824, 29360128, 33554432, 37748736, 41943040,
	50331648, 58720256, 67108864, 75497472, 83886080, 92274688, 100663296, 109051904, 117440512, 125829120,
	130023424, 134217728, 138412032, 142606336, 146800640, 150994944,
	167772160, 184549376, 201326592, 218103808, 234881024, 251658240, 268435456, 285212672, 301989888,
	318767104, 335544320, 352321536, 369098752, 385875968, 402653184, 419430400, 436207616, 452984832,
	469762048, 486539264, 503316480, 520093696, 536870912, 553648128, 570425344, 587202560, 603979776,
	671088640, 738197504, 805306368, 872415232, 939524096, 1006632960, 1073741824, 1140850688,
	1207959552, 1275068416, 1342177280, 1409286144, 1476395008,
	1610612736, 1744830464, 1879048192, 2013265920, 2147483648,
	2415919104, 2684354560, 2952790016, 3221225472, 3489660928, 3758096384, 4026531840, 4294967296,
	8589934592, 17179869184, 34359738368, 68719476736, 137438953472, 274877906944,
}

func checksumFileName(v int64) string { return fmt.Sprintf("%020d.crc", v) }

// pendingCommit is one version's actions, kept structured until after the commit so the
// checksum can be derived from them. lines gives the commit file's lines in Delta's order:
// commitInfo, metaData, protocol, txn, adds, removes.
type pendingCommit struct {
	info     *CommitInfo
	metadata *Metadata
	protocol *Protocol
	txn      *Txn
	adds     []AddFile
	removes  []*RemoveFile
	// cdcs are the change data files (cdc actions), listed right after the adds.
	cdcs   []AddCDCFile
	layout lineLayout
	// lead is how many adds come before the removes in leadThenRemovesFirst.
	lead int
}

// lineLayout is the order of a commit's file actions, which depends on the command:
// writers list adds then removes, DELETE its removes first, and RESTORE (a "large" commit)
// its metaData, adds and removes before the protocol.
type lineLayout int

const (
	addsFirst lineLayout = iota
	removesFirst
	restoreLayout
	// leadThenRemovesFirst is replaceWhere's: the new data's adds, then the removes and
	// adds of the rewrite of the files it replaces.
	leadThenRemovesFirst
)

func (p *pendingCommit) lines() []string {
	out := []string{p.info.encode()}
	if p.metadata != nil {
		out = append(out, p.metadata.encode())
	}
	if p.protocol != nil && p.layout != restoreLayout {
		out = append(out, p.protocol.encode())
	}
	if p.txn != nil {
		out = append(out, p.txn.encode())
	}
	adds := func() {
		for i := range p.adds {
			out = append(out, p.adds[i].encode())
		}
		for i := range p.cdcs {
			out = append(out, p.cdcs[i].encode())
		}
	}
	removes := func() {
		for _, r := range p.removes {
			out = append(out, r.encode())
		}
	}
	switch p.layout {
	case leadThenRemovesFirst:
		for i := range p.adds[:p.lead] {
			out = append(out, p.adds[i].encode())
		}
		removes()
		for i := range p.adds[p.lead:] {
			out = append(out, p.adds[p.lead+i].encode())
		}
	case removesFirst:
		removes()
		adds()
	default:
		adds()
		removes()
	}
	if p.protocol != nil && p.layout == restoreLayout {
		out = append(out, p.protocol.encode())
	}
	return out
}

// checksumMemo is what a writer remembers of the last checksum it wrote for a table, the
// way a Spark driver keeps the snapshot of its own last commit: the next commit in this
// process continues from it instead of from the file on disk.
type checksumMemo struct {
	version int64
	txnID   string
	// emptyTags are the files whose entry carries "tags":{} without the add having tags.
	emptyTags map[string]bool
	// txnsListed is false once setTransactions was left out.
	txnsListed bool
}

// Driver is what one Spark driver remembers of the Delta tables it committed to: the
// checksum state of its own last commit to each, which its next commit continues from. A
// new driver (a new `python script.py` on Spark, a new engine session in kafkalab) has
// none and takes the previous version's state from its .crc file on disk, which shows in
// the entries it lists ("tags":{}). A table opened without a driver behaves as a new
// driver at every commit.
type Driver struct {
	mu      sync.Mutex
	byTable map[string]checksumMemo
	// Guard, when set, vets every data file a log names before it is read: a log may name
	// any path (an absolute URI, "../x"), and a confined session reads only inside its
	// working folder.
	Guard func(path string) error
}

// NewDriver returns a driver that remembers nothing yet.
func NewDriver() *Driver { return &Driver{byTable: map[string]checksumMemo{}} }

// Open is Open(path) for a table this driver writes.
func (d *Driver) Open(path string) (*Table, error) {
	t, err := Open(path)
	if err != nil {
		return nil, err
	}
	t.driver = d
	return t, nil
}

// Forget drops what the driver remembers, as a restart does.
func (d *Driver) Forget() {
	d.mu.Lock()
	defer d.mu.Unlock()
	clear(d.byTable)
}

func (t *Table) forgetMemo() {
	if d := t.driver; d != nil {
		d.mu.Lock()
		defer d.mu.Unlock()
		delete(d.byTable, t.path)
	}
}

func (t *Table) rememberMemo(m checksumMemo) {
	d := t.driver
	if d == nil {
		return
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	// Of two writers of one table, keep the newer version.
	if old, ok := d.byTable[t.path]; !ok || old.version < m.version {
		d.byTable[t.path] = m
	}
}

func (t *Table) memoFor(s *Snapshot) (checksumMemo, bool) {
	d := t.driver
	if d == nil {
		return checksumMemo{}, false
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	m, ok := d.byTable[t.path]
	// The txnId tells apart a table deleted and made again up to the same version.
	if !ok || m.version != s.Version || m.txnID == "" || m.txnID != s.lastTxnID {
		return checksumMemo{}, false
	}
	return m, true
}

// priorChecksum is what the checksum of the version before a commit contributes.
type priorChecksum struct {
	emptyTags  map[string]bool
	txns       []Txn // in the order they go into the hash map
	txnsListed bool
}

// prior finds the previous version's checksum state: this process's own (memo), else the
// .crc file of that version, else the log replay (what Delta's state reconstruction
// yields).
func (t *Table) prior(s *Snapshot) priorChecksum {
	p := priorChecksum{txnsListed: true}
	for _, app := range s.txnOrder {
		p.txns = append(p.txns, s.txns[app])
	}
	if s.Version < 0 {
		return p
	}
	if m, ok := t.memoFor(s); ok {
		p.emptyTags, p.txnsListed = m.emptyTags, m.txnsListed
		return p
	}
	disk, ok := t.readChecksum(s)
	if !ok {
		return p
	}
	if disk.AllFiles != nil {
		p.emptyTags = map[string]bool{}
		for _, f := range s.Files {
			if f.Add.Tags == nil {
				p.emptyTags[f.Add.Path] = true
			}
		}
	}
	if disk.SetTransactions == nil {
		p.txnsListed = false
	} else {
		p.txns = *disk.SetTransactions
	}
	return p
}

// diskChecksum is the part of a .crc file a writer reads back.
type diskChecksum struct {
	TxnID           string `json:"txnId"`
	TableSizeBytes  int64  `json:"tableSizeBytes"`
	NumFiles        int64  `json:"numFiles"`
	SetTransactions *[]Txn `json:"setTransactions"`
	AllFiles        *[]struct {
		Path string `json:"path"`
		Size int64  `json:"size"`
	} `json:"allFiles"`
}

// readChecksum reads the .crc file of the snapshot's version; ok is false when there is
// none, or it does not describe the snapshot (then the log is the truth).
func (t *Table) readChecksum(s *Snapshot) (diskChecksum, bool) {
	var c diskChecksum
	data, err := os.ReadFile(filepath.Join(t.logDir(), checksumFileName(s.Version)))
	if err != nil || json.Unmarshal(data, &c) != nil {
		return c, false
	}
	var size int64
	sizes := make(map[string]int64, len(s.Files))
	for _, f := range s.Files {
		size += f.Add.Size
		sizes[f.Add.Path] = f.Add.Size
	}
	if c.NumFiles != int64(len(s.Files)) || c.TableSizeBytes != size || (c.TxnID != "" && s.lastTxnID != "" && c.TxnID != s.lastTxnID) {
		return c, false
	}
	if c.AllFiles != nil {
		if len(*c.AllFiles) != len(s.Files) {
			return c, false
		}
		for _, f := range *c.AllFiles {
			if sz, ok := sizes[f.Path]; !ok || sz != f.Size {
				return c, false
			}
		}
	}
	if c.SetTransactions != nil {
		if len(*c.SetTransactions) != len(s.Txns) {
			return c, false
		}
		for _, tx := range *c.SetTransactions {
			if v, ok := s.Txns[tx.AppID]; !ok || v != tx.Version {
				return c, false
			}
		}
	}
	return c, true
}

// checksum builds the .crc text of version v = prev.Version+1 committed with p, and what
// to remember of it.
func (t *Table) checksum(prev *Snapshot, p *pendingCommit) ([]byte, checksumMemo, error) {
	md, proto := prev.Metadata, prev.Protocol
	if p.metadata != nil {
		md = p.metadata
	}
	if p.protocol != nil {
		proto = p.protocol
	}
	if md == nil || proto == nil {
		return nil, checksumMemo{}, errors.New("the table has no metaData or protocol action")
	}
	if prev.domainMetadata {
		return nil, checksumMemo{}, errors.New("the table has domainMetadata actions, which kafkalab does not track")
	}
	for _, f := range proto.WriterFeatures {
		// These put fields in the checksum (commit timestamps, deletion vector counts)
		// that kafkalab does not produce.
		if f == "inCommitTimestamp" || f == "deletionVectors" {
			return nil, checksumMemo{}, fmt.Errorf("the table uses the %s feature, which kafkalab does not support", f)
		}
	}
	before := t.prior(prev)

	// Files: those of the previous version in the order they were added, minus the
	// removed ones, then this commit's adds.
	old := slices.Clone(prev.Files)
	sort.SliceStable(old, func(i, j int) bool {
		if old[i].Version != old[j].Version {
			return old[i].Version < old[j].Version
		}
		return old[i].Order < old[j].Order
	})
	gone := map[string]bool{}
	for _, r := range p.removes {
		gone[r.Path] = true
	}
	for i := range p.adds {
		gone[p.adds[i].Path] = true // a path added again replaces its old entry
	}
	files := make([]AddFile, 0, len(old)+len(p.adds))
	emptyTags := map[string]bool{}
	for _, f := range old {
		if gone[f.Add.Path] {
			continue
		}
		a := f.Add
		a.DataChange = false
		if a.Tags == nil && before.emptyTags[a.Path] {
			a.Tags = map[string]string{}
			emptyTags[a.Path] = true
		}
		files = append(files, a)
	}
	for _, a := range p.adds {
		a.DataChange = false
		files = append(files, a)
	}
	var total int64
	counts := make([]int64, len(fileSizeBinBounds))
	bytes := make([]int64, len(fileSizeBinBounds))
	for _, f := range files {
		total += f.Size
		bin := sort.Search(len(fileSizeBinBounds), func(i int) bool { return fileSizeBinBounds[i] > f.Size }) - 1
		if bin >= 0 {
			counts[bin]++
			bytes[bin] += f.Size
		}
	}
	listFiles := max(len(prev.Files), len(files)) <= crcMaxFiles
	// A commit that changes the schema of a table holding files (mergeSchema, an
	// overwriteSchema) leaves allFiles out: Delta does not carry the files' entries, whose
	// stats follow the old schema, across a schema change. An empty table keeps the list,
	// and so does a change that leaves no file (REPLACE TABLE's: there is nothing to carry).
	if p.metadata != nil && prev.Version >= 0 && prev.Metadata != nil && len(prev.Files) > 0 && len(files) > 0 &&
		p.metadata.SchemaString != prev.Metadata.SchemaString {
		listFiles = false
	}
	if !listFiles {
		emptyTags = nil // the next commit rebuilds the list from the log
	}

	// setTransactions: the previous ones, then this commit's.
	var txns []Txn
	listTxns := before.txnsListed
	if listTxns {
		puts := slices.Clone(before.txns)
		if p.txn != nil {
			puts = append(puts, *p.txn)
		}
		txns = latestTxns(puts)
		listTxns = len(before.txns) <= crcMaxTxns && len(txns) <= crcMaxTxns
	}

	w := &jw{}
	w.obj()
	if p.info.TxnID != "" {
		w.key("txnId").str(p.info.TxnID)
	}
	w.key("tableSizeBytes").i64(total)
	w.key("numFiles").i64(int64(len(files)))
	w.key("numMetadata").i64(1)
	w.key("numProtocol").i64(1)
	if listTxns {
		w.key("setTransactions").arr()
		for i := range txns {
			txns[i].writeJSON(w)
		}
		w.endArr()
	}
	w.key("domainMetadata").arr()
	w.endArr()
	w.key("metadata")
	md.writeJSON(w)
	w.key("protocol")
	proto.writeJSON(w)
	w.key("fileSizeHistogram").obj()
	w.key("sortedBinBoundaries")
	i64Array(w, fileSizeBinBounds)
	w.key("fileCounts")
	i64Array(w, counts)
	w.key("totalBytes")
	i64Array(w, bytes)
	w.endObj()
	if listFiles {
		w.key("allFiles").arr()
		for i := range files {
			files[i].writeJSON(w)
		}
		w.endArr()
	}
	w.endObj()
	memo := checksumMemo{version: prev.Version + 1, txnID: p.info.TxnID, emptyTags: emptyTags, txnsListed: listTxns}
	return append(w.b, '\n'), memo, nil
}

func i64Array(w *jw, xs []int64) {
	w.arr()
	for _, x := range xs {
		w.i64(x)
	}
	w.endArr()
}

// writeChecksum writes the .crc file of the version just committed on top of prev. It is
// best effort: the commit stands whatever happens here.
func (t *Table) writeChecksum(prev *Snapshot, p *pendingCommit) error {
	v := prev.Version + 1
	data, memo, err := t.checksum(prev, p)
	if err != nil {
		t.forgetMemo()
		return fmt.Errorf("no checksum file for version %d: %w", v, err)
	}
	// The state is known now, written or not (so is a Spark driver's after a failed write).
	t.rememberMemo(memo)
	dir := t.logDir()
	name := checksumFileName(v)
	tmp := filepath.Join(dir, "."+name+"."+uuid.NewString()+".tmp")
	if err := os.WriteFile(tmp, data, 0o644); err != nil {
		os.Remove(tmp)
		return fmt.Errorf("write checksum file %s: %w", name, err)
	}
	if err := os.Rename(tmp, filepath.Join(dir, name)); err != nil {
		os.Remove(tmp)
		return fmt.Errorf("write checksum file %s: %w", name, err)
	}
	return nil
}

// latestTxns replays txn actions (puts, in order) into a Scala 2.13 mutable.HashMap keyed
// by app id, as Delta does, and returns the latest action of each app id in the map's
// iteration order.
func latestTxns(puts []Txn) []Txn {
	keys := make([]string, len(puts))
	latest := map[string]Txn{}
	for i, tx := range puts {
		keys[i] = tx.AppID
		latest[tx.AppID] = tx
	}
	order := hashMapOrder(keys)
	out := make([]Txn, len(order))
	for i, k := range order {
		out[i] = latest[k]
	}
	return out
}

// hashMapOrder returns the distinct keys of a sequence of puts into a new Scala 2.13
// mutable.HashMap[String, _] in the order the map iterates them. The map starts with 16
// buckets and doubles before any put (an update too) that finds size+1 >= 3/4 of the
// buckets; a key's bucket is the low bits of its spread hash (String.hashCode h, then
// h ^ h>>>16); buckets are walked in index order, each holding its keys by ascending
// (signed) hash, equal hashes in insertion order.
func hashMapOrder(puts []string) []string {
	buckets, size := 16, 0
	seen := map[string]bool{}
	var keys []string
	for _, k := range puts {
		if size+1 >= buckets*3/4 {
			buckets *= 2
		}
		if !seen[k] {
			seen[k] = true
			keys = append(keys, k)
			size++
		}
	}
	hash := make(map[string]int32, len(keys))
	for _, k := range keys {
		h := sqltypes.JavaStringHash(k)
		hash[k] = h ^ int32(uint32(h)>>16)
	}
	mask := int32(buckets - 1)
	sort.SliceStable(keys, func(i, j int) bool {
		hi, hj := hash[keys[i]], hash[keys[j]]
		if bi, bj := hi&mask, hj&mask; bi != bj {
			return bi < bj
		}
		return hi < hj
	})
	return keys
}
