package sparkdiff

import (
	"bufio"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// A corpus golden is what real Spark printed for a script. kafkalab is held to it in the
// unit tier; the real-Spark tier's part is to confirm that Spark still prints it. For a
// script, golden and Spark that have not changed since Spark last confirmed it, running Spark
// again confirms nothing new, and the whole corpus costs 15 minutes of the tier. So each
// confirmation is recorded in a committed file beside the goldens (spark-verified.txt): the
// item's name and a hash of everything its transcript depends on. The tier runs on Spark only
// the items whose hash is not recorded (new or changed scripts, goldens, normalisation, Spark
// or driver), or every item with KAFKALAB_CORPUS_FULL=1.

// corpusVerifyInputs are the files, relative to the repository, in every item's hash: the
// driver and the pinned versions, and the code that turns a run into a transcript.
var corpusVerifyInputs = []string{
	"scripts/spark/driver.py",
	"scripts/spark/lib.sh",
	"scripts/spark/install.sh",
	"scripts/kafka/lib.sh",
	"lab/testharness/sparkdiff/corpus.go",
	"lab/testharness/sparkdiff/corpus_run.go",
}

// corpusVerifier computes item hashes against the files of one repository.
type corpusVerifier struct{ common []byte }

func newCorpusVerifier(repo string) (*corpusVerifier, error) {
	h := sha256.New()
	fmt.Fprintf(h, "kafkalab corpus verified v1\n")
	for _, rel := range corpusVerifyInputs {
		data, err := os.ReadFile(filepath.Join(repo, rel))
		if err != nil {
			return nil, fmt.Errorf("corpus verification: %w", err)
		}
		fmt.Fprintf(h, "%s %d\n", rel, len(data))
		h.Write(data)
	}
	return &corpusVerifier{common: h.Sum(nil)}, nil
}

// hash is the item's hash with golden as its golden's content.
func (v *corpusVerifier) hash(it CorpusItem, golden []byte) string {
	h := sha256.New()
	h.Write(v.common)
	topics, _ := json.Marshal(it.Topics)
	fmt.Fprintf(h, "%s\n%t\n%s\n%d\n", it.Name, it.Files, topics, len(it.Source))
	h.Write([]byte(it.Source))
	fmt.Fprintf(h, "\n%d\n", len(golden))
	h.Write(golden)
	return hex.EncodeToString(h.Sum(nil))[:24]
}

// readVerified reads a spark-verified.txt (name, tab, hash per line); a missing file is empty.
func readVerified(path string) (map[string]string, error) {
	f, err := os.Open(path)
	if errors.Is(err, fs.ErrNotExist) {
		return map[string]string{}, nil
	}
	if err != nil {
		return nil, err
	}
	defer f.Close()
	out := map[string]string{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		name, hash, ok := strings.Cut(line, "\t")
		if !ok {
			return nil, fmt.Errorf("%s: %q is not name<TAB>hash", path, line)
		}
		out[name] = hash
	}
	return out, sc.Err()
}

// writeVerified writes the confirmations, sorted by name.
func writeVerified(path string, verified map[string]string) error {
	names := make([]string, 0, len(verified))
	for n := range verified {
		names = append(names, n)
	}
	sort.Strings(names)
	var b strings.Builder
	b.WriteString("# Corpus items whose golden real Spark last printed, with a hash of the script, the golden and\n")
	b.WriteString("# the Spark side's code (lab/testharness/sparkdiff/corpusverify.go). The real-Spark tier runs only\n")
	b.WriteString("# the items whose hash is not here, and writes this file; commit it with the goldens.\n")
	for _, n := range names {
		fmt.Fprintf(&b, "%s\t%s\n", n, verified[n])
	}
	return os.WriteFile(path, []byte(b.String()), 0o644)
}
