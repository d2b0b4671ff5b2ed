package lab

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/kafkalab/kafkalab/lessons"
)

// token is in every file outside the workspace: an attempt that prints it read outside.
const token = "SENTINEL-7f3a"

// escape is one attempt to get out of the workspace: an entry at the sandbox's prompt (a
// command line or PySpark, OUT standing for the folder outside) and what its output or
// error must say.
type escape struct {
	name, entry, want string
}

// escapeWorld is a workspace beside a sentinel folder full of files, with links from the
// workspace to the outside (to a folder, to a file, dangling) and files that name outside
// paths (a Delta log, a file sink log).
type escapeWorld struct {
	base, ws, out string
}

func newEscapeWorld(t *testing.T, lb *Lab) *escapeWorld {
	t.Helper()
	base := t.TempDir()
	w := &escapeWorld{base: base, ws: filepath.Join(base, "ws"), out: filepath.Join(base, "outside")}
	for _, d := range []string{w.ws, filepath.Join(w.out, "sub"), filepath.Join(w.ws, "sub"), filepath.Join(w.ws, "data_with_link")} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	files := map[string]string{
		filepath.Join(w.out, "secret.txt"):                 token + "\n",
		filepath.Join(w.out, "data.json"):                  `{"s":"` + token + `"}` + "\n",
		filepath.Join(w.out, "evil.py"):                    "print('" + token + "')\n",
		filepath.Join(w.out, "sub", "kept.txt"):            token + "\n",
		filepath.Join(w.ws, "notes.txt"):                   "notes\n",
		filepath.Join(w.ws, "data_with_link", "a.json"):    `{"s":"inside"}` + "\n",
		filepath.Join(w.ws, "sub", "inside.txt"):           "inside\n",
		filepath.Join(w.base, "beside.txt"):                token + "\n",
		filepath.Join(w.out, "sub", "nested", "deep.json"): `{"s":"` + token + `"}` + "\n",
	}
	for p, body := range files {
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// A Parquet folder and a Delta table outside, written by kafkalab itself.
	var setup bytes.Buffer
	c := NewConsole(ConsoleConfig{WorkDir: w.out, Stdout: &setup, Stderr: &setup, Runner: childRunner(t)})
	ctx := context.Background()
	if err := c.Start(ctx); err != nil {
		t.Fatal(err)
	}
	if err := c.Run(ctx, "df = spark.createDataFrame([('"+token+"',)], 's STRING')\ndf.write.parquet('pq')\ndf.write.format('delta').save('dt')"); err != nil {
		t.Fatalf("setup: %v\n%s", err, setup.String())
	}
	c.Close()
	links := map[string]string{
		"link_out":              w.out,
		"link_file":             filepath.Join(w.out, "secret.txt"),
		"dangling":              filepath.Join(w.out, "created.txt"),
		"dangling_dir":          filepath.Join(w.out, "newdir"),
		"relative_out":          "../outside",
		"inner":                 "sub",
		"evil_link.py":          filepath.Join(w.out, "evil.py"),
		"data_with_link/b.json": filepath.Join(w.out, "data.json"),
	}
	for name, target := range links {
		if err := os.Symlink(target, filepath.Join(w.ws, name)); err != nil {
			t.Skipf("no symbolic links here: %v", err)
		}
	}
	// A Delta table whose log names the data files outside, by absolute URI and by "..".
	part := ""
	ents, _ := os.ReadDir(filepath.Join(w.out, "dt"))
	for _, e := range ents {
		if strings.HasSuffix(e.Name(), ".parquet") {
			part = e.Name()
		}
	}
	if part == "" {
		t.Fatal("setup: the Delta table outside has no data file")
	}
	for name, path := range map[string]string{
		"crafted_abs": "file://" + filepath.Join(w.out, "dt", part),
		"crafted_rel": "../../outside/dt/" + part,
	} {
		if err := copyTree(filepath.Join(w.out, "dt"), filepath.Join(w.ws, name)); err != nil {
			t.Fatal(err)
		}
		for _, e := range ents {
			if strings.HasSuffix(e.Name(), ".parquet") {
				os.Remove(filepath.Join(w.ws, name, e.Name()))
			}
		}
		logs, _ := filepath.Glob(filepath.Join(w.ws, name, "_delta_log", "*.json"))
		for _, l := range logs {
			data, _ := os.ReadFile(l)
			data = bytes.ReplaceAll(data, []byte(`"path":"`+part+`"`), []byte(`"path":"`+path+`"`))
			if err := os.WriteFile(l, data, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		os.Remove(filepath.Join(w.ws, name, "_delta_log", "00000000000000000001.crc"))
	}
	// A streaming file sink's log naming a file outside.
	pqEnts, _ := os.ReadDir(filepath.Join(w.out, "pq"))
	for _, e := range pqEnts {
		if strings.HasSuffix(e.Name(), ".parquet") {
			entry, _ := json.Marshal(map[string]any{"path": "file://" + filepath.Join(w.out, "pq", e.Name()), "size": 1,
				"isDir": false, "modificationTime": 0, "blockReplication": 1, "blockSize": 33554432, "action": "add"})
			meta := filepath.Join(w.ws, "sink_craft", "_spark_metadata")
			os.MkdirAll(meta, 0o755)
			if err := os.WriteFile(filepath.Join(meta, "0"), append([]byte("v1\n"), entry...), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	return w
}

// fileState is what a file outside looks like: type, size, time and content.
type fileState struct {
	mode    fs.FileMode
	size    int64
	mtime   time.Time
	content [32]byte
}

// snapshot records everything in base but the workspace.
func (w *escapeWorld) snapshot(t *testing.T) map[string]fileState {
	t.Helper()
	out := map[string]fileState{}
	err := filepath.WalkDir(w.base, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if p == w.ws {
			return filepath.SkipDir
		}
		info, err := os.Lstat(p)
		if err != nil {
			return err
		}
		st := fileState{mode: info.Mode(), size: info.Size(), mtime: info.ModTime()}
		if info.Mode().IsRegular() {
			data, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			st.content = sha256.Sum256(data)
		}
		out[p] = st
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// diff says what changed outside the workspace between two snapshots.
func diff(before, after map[string]fileState) []string {
	var out []string
	for p, b := range before {
		a, ok := after[p]
		switch {
		case !ok:
			out = append(out, "deleted "+p)
		case a != b:
			out = append(out, "changed "+p)
		}
	}
	for p := range after {
		if _, ok := before[p]; !ok {
			out = append(out, "created "+p)
		}
	}
	sort.Strings(out)
	return out
}

// escapes are the attempts: every path route the engine, the runtime and the commands
// have, each through "..", absolute paths, schemes, symbolic links and settings.
func escapes() []escape {
	const (
		scripts  = "kafkalab keeps scripts inside the workspace "
		commands = "kafkalab keeps commands inside the workspace "
		missing  = "is not available to scripts in kafkalab"
		noModule = "No module named"
	)
	stream := "sdf = spark.readStream.format('kafka').option('kafka.bootstrap.servers', 'localhost:9092').option('subscribe', 'esc').load()\n"
	df := "df = spark.createDataFrame([('x',)], 's STRING')\n"
	return []escape{
		// Reads through the engine.
		{"json file:///", "spark.read.format('json').load('file://OUT/data.json').show()", scripts},
		{"json file:/", "spark.read.json('file:OUT/data.json').show()", scripts},
		{"json absolute", "spark.read.json('OUT/data.json').show()", scripts},
		{"json ..", "spark.read.json('../outside/data.json').show()", scripts},
		{"json leading //", "spark.read.json('/' + 'OUT/data.json').show()", scripts},
		{"json file://localhost", "spark.read.json('file://localhostOUT/data.json').show()", scripts},
		{"json nested ..", "spark.read.json('sub/../../outside/sub/nested').show()", scripts},
		{"json option path", "spark.read.format('json').option('path', '../outside/data.json').load().show()", scripts},
		{"json through a link to a folder", "spark.read.json('link_out/data.json').show()", scripts},
		{"json through a link to a file", "spark.read.json('link_file').show()", scripts},
		{"json through a relative link", "spark.read.json('relative_out/data.json').show()", scripts},
		{"json a folder with a link out", "spark.read.json('data_with_link').show()", scripts},
		{"json a dangling link", "spark.read.json('dangling_dir').show()", scripts},
		{"parquet file:", "spark.read.parquet('file:OUT/pq').show()", scripts},
		{"parquet ..", "spark.read.format('parquet').load('../outside/pq').show()", scripts},
		{"parquet sink log naming a file outside", "spark.read.parquet('sink_craft').show()", scripts},
		{"delta file:/", "spark.read.format('delta').load('file:/' + 'OUT/dt').show()", scripts},
		{"delta option path", "spark.read.format('delta').option('path', 'OUT/dt').load().show()", scripts},
		{"delta log naming an absolute URI", "spark.read.format('delta').load('crafted_abs').show()", scripts},
		{"delta log naming ..", "spark.read.format('delta').load('crafted_rel').show()", scripts},
		{"DeltaTable.forPath file:///", "from delta.tables import DeltaTable\nDeltaTable.forPath(spark, 'file://OUT/dt').toDF().show()", scripts},
		{"DeltaTable.forPath ..", "from delta.tables import DeltaTable\nDeltaTable.forPath(spark, '../outside/dt').toDF().show()", scripts},
		{"DeltaTable.isDeltaTable", "from delta.tables import DeltaTable\nprint(DeltaTable.isDeltaTable(spark, 'OUT/dt'))", scripts},
		{"DeltaTable.forName backticks", "from delta.tables import DeltaTable\nDeltaTable.forName(spark, '`../../outside/dt`').toDF().show()", scripts},
		{"spark.table backticks", "spark.table('`../../outside/dt`').show()", scripts},
		{"spark.table qualified backticks", "spark.table('default.`../../outside/dt`').show()", scripts},
		{"spark.sql backticks", "spark.sql('SELECT * FROM `../../outside/dt`').show()", scripts},
		{"spark.table dotted in backticks", "spark.table('`../../outside/dt/..`').show()", scripts},
		// Writes through the engine.
		{"parquet overwrite file:", df + "df.write.mode('overwrite').parquet('file:OUT/pq')", scripts},
		{"parquet file:///", df + "df.write.parquet('file://OUT/newpq')", scripts},
		{"parquet through a dangling link", df + "df.write.parquet('dangling_dir')", scripts},
		{"delta save absolute", df + "df.write.format('delta').save('OUT/newdt')", scripts},
		{"delta overwrite ..", df + "df.write.format('delta').mode('overwrite').save('../outside/dt')", scripts},
		{"delta option path", df + "df.write.format('delta').option('path', '../outside/dt2').save()", scripts},
		{"delta through a link", df + "df.write.format('delta').mode('append').save('link_out/dt')", scripts},
		{"saveAsTable backticks", df + "df.write.mode('overwrite').saveAsTable('`../../outside/t`')", scripts},
		{"saveAsTable qualified backticks", df + "df.write.saveAsTable('spark_catalog.default.`../../outside/t2`')", scripts},
		{"warehouse absolute by conf.set", df + "spark.conf.set('spark.sql.warehouse.dir', 'OUT/wh')\ndf.write.saveAsTable('t')", scripts},
		{"warehouse file:/// by conf.set", "spark.conf.set('spark.sql.warehouse.dir', 'file://OUT')\nspark.table('dt').show()", scripts},
		{"warehouse .. by conf.set", "spark.conf.set('spark.sql.warehouse.dir', 'sub/../..')\nspark.table('outside').show()", scripts},
		{"warehouse by builder", df + "SparkSession.builder.config('spark.sql.warehouse.dir', '../outside').getOrCreate()\ndf.write.saveAsTable('t3')", scripts},
		{"warehouse through a link", "spark.conf.set('spark.sql.warehouse.dir', 'link_out')\nspark.table('dt').show()", scripts},
		// Streaming queries.
		{"checkpointLocation file:///", stream + "q = sdf.writeStream.format('delta').option('checkpointLocation', 'file://OUT/cp').start('t_path')\nq.stop()", scripts},
		{"checkpointLocation ..", stream + "q = sdf.writeStream.option('checkpointLocation', '../outside/cp').toTable('t')\nq.stop()", scripts},
		{"checkpointLocation through a link", stream + "q = sdf.writeStream.format('delta').option('checkpointLocation', 'link_out/cp').start('t_path')\nq.stop()", scripts},
		{"checkpointLocation a dangling link", stream + "q = sdf.writeStream.format('console').option('checkpointLocation', 'dangling_dir').start()\nq.stop()", scripts},
		{"delta sink path file:", stream + "q = sdf.writeStream.format('delta').option('checkpointLocation', 'cp').start('file:OUT/sinkdt')\nq.stop()", scripts},
		{"parquet sink path absolute", stream + "q = sdf.writeStream.format('parquet').option('checkpointLocation', 'cp').start('OUT/pqsink')\nq.stop()", scripts},
		{"parquet sink option path", stream + "q = sdf.writeStream.format('parquet').option('path', '../outside/pqsink').option('checkpointLocation', 'cp2').start()\nq.stop()", scripts},
		{"toTable backticks", stream + "q = sdf.writeStream.option('checkpointLocation', 'cp3').toTable('`../../outside/st`')\nq.stop()", scripts},
		{"checkpoint root absolute by conf", stream + "spark.conf.set('spark.sql.streaming.checkpointLocation', 'OUT/cps')\nq = sdf.writeStream.queryName('q').toTable('t4')\nq.stop()", scripts},
		{"checkpoint root by builder", stream + "SparkSession.builder.config('spark.sql.streaming.checkpointLocation', 'file:OUT/cps').getOrCreate()\nq = sdf.writeStream.format('console').queryName('q').start()\nq.stop()", scripts},
		{"queryName .. under the checkpoint root", stream + "spark.conf.set('spark.sql.streaming.checkpointLocation', 'cps')\nq = sdf.writeStream.queryName('../../outside/q').toTable('t5')\nq.stop()", scripts},
		{"queryName .. with the console sink", stream + "spark.conf.set('spark.sql.streaming.checkpointLocation', 'cps')\nq = sdf.writeStream.format('console').queryName('../../outside/q2').start()\nq.stop()", scripts},
		// The runtime's own files.
		{"open absolute", "print(open('OUT/secret.txt').read())", scripts},
		{"open ..", "print(open('../outside/secret.txt').read())", scripts},
		{"open /etc/passwd", "print(open('/etc/passwd').read())", scripts + "%WS: '/etc/passwd' resolves to /etc/passwd, outside it"},
		{"open /proc", "print(open('/proc/self/environ').read())", scripts},
		{"open through a link to a folder", "print(open('link_out/secret.txt').read())", scripts},
		{"open a link to a file", "print(open('link_file').read())", scripts},
		{"open through a relative link", "print(open('relative_out/secret.txt').read())", scripts},
		{"open for writing through a dangling link", "open('dangling', 'w').write('x')", scripts},
		{"open for appending through a dangling link", "open('dangling', 'a').write('x')", scripts},
		{"open exclusive through a dangling link", "open('dangling', 'x').write('x')", scripts},
		{"open under a dangling folder link", "open('dangling_dir/x.txt', 'w').write('x')", scripts},
		{"open for writing outside", "open('OUT/new.txt', 'w').write('x')", scripts},
		{"open for appending outside", "open('../outside/secret.txt', 'a').write('x')", scripts},
		{"open r+ outside", "open('../outside/secret.txt', 'r+').write('x')", scripts},
		{"open a winding path", "print(open('./sub/../../outside/secret.txt').read())", scripts},
		{"open a path through an inside link, then out", "print(open('inner/../../outside/secret.txt').read())", scripts},
		{"open a scheme (a file name to Python)", "print(open('file://OUT/secret.txt').read())", "No such file or directory"},
		{"open a two-dot leader", "print(open('\u2025/outside/secret.txt').read())", "No such file or directory"},
		{"open fullwidth dots", "print(open('\uff0e\uff0e/outside/secret.txt').read())", "No such file or directory"},
		{"open backslashes", "print(open('..\\\\outside\\\\secret.txt').read())", "No such file or directory"},
		{"open percent-encoded dots", "print(open('%2e%2e/outside/secret.txt').read())", "No such file or directory"},
		{"open a NUL byte", "print(open('notes.txt\\x00/../../outside/secret.txt').read())", "ValueError: embedded null byte"},
		{"open bytes", "print(open(b'../outside/secret.txt').read())", "TypeError"},
		{"exec of a file outside", "exec(open('../outside/evil.py').read())", scripts},
		{"compile a read outside", "exec(compile(\"print(open('../outside/secret.txt').read())\", 'x.py', 'exec'))", scripts},
		{"eval a read outside", "eval(\"open('OUT/secret.txt').read()\")", scripts},
		{"os.listdir ..", "import os\nprint(os.listdir('..'))", scripts},
		{"os.listdir absolute", "import os\nprint(os.listdir('OUT'))", scripts},
		{"os.listdir through a link", "import os\nprint(os.listdir('link_out'))", scripts},
		{"os.remove outside", "import os\nos.remove('../outside/secret.txt')", scripts},
		{"os.unlink through a link", "import os\nos.unlink('link_out/secret.txt')", scripts},
		{"os.remove a link to a file outside", "import os\nos.remove('link_file')", scripts},
		{"os.rename from outside", "import os\nos.rename('../outside/secret.txt', 'stolen.txt')", scripts},
		{"os.rename to outside", "import os\nos.rename('notes.txt', '../outside/planted.txt')", scripts},
		{"os.replace through a link", "import os\nos.replace('notes.txt', 'link_out/planted.txt')", scripts},
		{"os.makedirs outside", "import os\nos.makedirs('../outside/newdir')", scripts},
		{"os.makedirs through a dangling link", "import os\nos.makedirs('dangling_dir/x')", scripts},
		{"os.mkdir absolute", "import os\nos.mkdir('OUT/newdir2')", scripts},
		{"os.rmdir outside", "import os\nos.rmdir('../outside/sub')", scripts},
		{"os.walk ..", "import os\nprint(list(os.walk('..')))", scripts},
		{"os.walk absolute", "import os\nprint(list(os.walk('OUT', topdown=False)))", scripts},
		{"os.walk into a link", "import os\nprint(False, [f for _, _, fs in os.walk('.') for f in fs if 'secret' in f or 'kept' in f])", "False []"},
		{"os.walk onerror outside", "import os\nos.walk('OUT', onerror=lambda e: print(e)).__next__()", scripts},
		{"os.utime outside", "import os\nos.utime('../outside/secret.txt', (0, 0))", scripts},
		{"os.utime through a link", "import os\nos.utime('link_file', (0, 0))", scripts},
		{"os.path.getsize outside", "import os\nprint(os.path.getsize('OUT/secret.txt'))", scripts},
		{"os.path.getmtime through a link", "import os\nprint(os.path.getmtime('link_out/secret.txt'))", scripts},
		{"shutil.copy from outside", "import shutil\nshutil.copy('../outside/secret.txt', 'stolen.txt')", scripts},
		{"shutil.copyfile a link to a file outside", "import shutil\nshutil.copyfile('link_file', 'stolen.txt')", scripts},
		{"shutil.copy to outside", "import shutil\nshutil.copy('notes.txt', 'OUT/planted.txt')", scripts},
		{"shutil.copy through a dangling link", "import shutil\nshutil.copy('notes.txt', 'dangling')", scripts},
		{"shutil.move to outside", "import shutil\nshutil.move('notes.txt', 'link_out')", scripts},
		{"shutil.move the workspace", "import shutil\nshutil.move('.', 'elsewhere')", "a script cannot move it"},
		{"shutil.rmtree outside", "import shutil\nshutil.rmtree('../outside/sub')", scripts},
		{"shutil.rmtree through a link", "import shutil\nshutil.rmtree('link_out/sub')", scripts},
		{"shutil.rmtree the workspace", "import shutil\nshutil.rmtree('.')", "a script cannot remove it"},
		{"shutil.rmtree the workspace by its path", "import shutil, os\nshutil.rmtree(os.getcwd())", "a script cannot remove it"},
		{"shutil.rmtree a link to a folder outside", "import shutil\nshutil.rmtree('link_out')", scripts},
		{"os.rmdir the workspace", "import os\nos.rmdir('.')", "a script cannot remove it"},
		{"os.system", "import os\nos.system('cat OUT/secret.txt')", "kafkalab does not support os.system"},
		{"os.popen", "import os\nos.popen('cat OUT/secret.txt')", "kafkalab does not support os.popen"},
		{"os.chdir", "import os\nos.chdir('..')", "kafkalab does not support os.chdir"},
		{"os.symlink", "import os\nos.symlink('OUT', 'mine')", "kafkalab does not support os.symlink"},
		{"os.path.exists outside", "import os\nprint(os.path.exists('OUT/secret.txt'), os.path.isfile('../outside/secret.txt'), os.path.isdir('link_out'))", "False False False"},
		// Imports.
		{"import subprocess", "import subprocess", missing},
		{"__import__ subprocess", "__import__('subprocess').run(['cat', 'OUT/secret.txt'])", missing},
		{"shutil.rmtree absolute", "import shutil\nshutil.rmtree('OUT')", scripts},
		{"import pathlib", "import pathlib\nprint(pathlib.Path('OUT/secret.txt').read_text())", missing},
		{"io.open", "import io\nprint(io.open('OUT/secret.txt').read())", scripts},
		{"import importlib", "import importlib\nimportlib.import_module('evil')", missing},
		{"exec an import", "exec('import socket')", missing},
		{"eval __import__", "eval(\"__import__('os').system('x')\")", "kafkalab does not support os.system"},
		{"import a module outside on sys.path", "import sys\nsys.path.append('OUT')\nimport evil", noModule},
		{"__import__ a module outside", "__import__('evil')", noModule},
		{"import through a link to a folder", "from link_out import evil", noModule},
		{"import a module linked from outside", "import evil_link", noModule},
		{"relative import", "from .. import evil", "relative imports"},
		// The commands of steps and the prompt.
		{"cat /etc/passwd", "cat /etc/passwd", "cat: " + commands + "%WS: '/etc/passwd' resolves to /etc/passwd, outside it"},
		{"cat ..", "cat ../outside/secret.txt", "cat: " + commands},
		{"cat a link to a file", "cat link_file", "cat: " + commands},
		{"cat through a link", "cat link_out/secret.txt", "cat: " + commands},
		{"cat beside the workspace", "cat ../beside.txt", "cat: " + commands},
		{"ls ..", "ls ..", "ls: " + commands},
		{"ls absolute", "ls OUT", "ls: " + commands},
		{"ls through a link", "ls link_out", "ls: " + commands},
		{"rm -rf ..", "rm -rf ../outside", "rm: " + commands},
		{"rm through a link", "rm link_out/secret.txt", "rm: " + commands},
		{"rm -rf a link to a folder outside", "rm -rf link_out/sub", "rm: " + commands},
		{"python ..", "python ../outside/evil.py", "python: " + commands},
		{"python absolute", "python OUT/evil.py", "python: " + commands},
		{"python through a link", "python link_out/evil.py", "python: " + commands},
		{"python a link to a file outside", "python evil_link.py", "python: " + commands},
		{"python /etc/passwd", "python /etc/passwd", "python needs a script: python NAME.py ARGS"},
		{"python ../../../../etc/passwd", "python ../../../../../../../../etc/passwd", "python needs a script"},
		{"python ../../../../x.py", "python ../../../../../../../../etc/passwd.py", "python: " + commands + "%WS: '../../../../../../../../etc/passwd.py' resolves to /etc/passwd.py, outside it"},
		{"a tool's config file outside", "kafka-console-producer.sh --bootstrap-server localhost:9092 --topic esc --producer.config ../outside/secret.txt", commands},
		{"a tool's absolute config file", "kafka-topics.sh --bootstrap-server localhost:9092 --list --command-config OUT/secret.txt", commands},
		{"a tool's config file through a link", "kafka-console-consumer.sh --bootstrap-server localhost:9092 --topic esc --consumer.config link_file", commands},
	}
}

// TestEscapeCorpus makes every attempt at the sandbox's prompt, in a fresh interpreter
// each (in a child process, as kafkalab runs them), and checks that each is refused with
// what it must say, that nothing outside was printed (the sentinel's token), and that
// nothing outside the workspace was created, changed or deleted.
func TestEscapeCorpus(t *testing.T) {
	lb := newTestLab(t, nil)
	w := newEscapeWorld(t, lb)
	runner := childRunner(t)
	before := w.snapshot(t)
	cases := escapes()
	refused := 0
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var out bytes.Buffer
			c := NewConsole(ConsoleConfig{WorkDir: w.ws, Stdout: &out, Stderr: &out, Brokers: lb.Broker().Bootstrap(),
				Rewrite: map[string]string{CourseAddress: lb.Bootstrap()}, Runner: runner})
			ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
			defer cancel()
			if !IsCommand(tc.entry) {
				if err := c.Start(ctx); err != nil {
					t.Fatal(err)
				}
				defer c.Close()
			}
			err := c.Run(ctx, strings.ReplaceAll(tc.entry, "OUT", w.out))
			got := out.String()
			if err != nil {
				got += err.Error()
			}
			lines := strings.Split(strings.TrimSpace(got), "\n")
			t.Logf("%s", lines[len(lines)-1])
			want := strings.ReplaceAll(tc.want, "%WS", w.ws)
			if err == nil || !strings.Contains(got, want) {
				if !(err == nil && strings.HasPrefix(want, "False")) || !strings.Contains(got, want) {
					t.Errorf("not refused as it should be: want %q in\n%s", want, got)
				}
			}
			if strings.Contains(got, token) {
				t.Errorf("read outside the workspace:\n%s", got)
			}
			if strings.Contains(got, "goroutine ") {
				t.Errorf("a Go stack trace:\n%s", got)
			}
			if changed := diff(before, w.snapshot(t)); len(changed) > 0 {
				t.Errorf("changed outside the workspace: %v", changed)
				before = w.snapshot(t)
			}
			if !t.Failed() {
				refused++
			}
		})
	}
	t.Logf("%d escape attempts, %d refused with nothing outside read, created, changed or deleted", len(cases), refused)
	if len(cases) < 80 {
		t.Errorf("the corpus has %d attempts; it must keep at least 80", len(cases))
	}
}

// The same commands in a lesson's step are refused as at the prompt: a step's sh block
// and its python block.
func TestEscapeFromALessonStep(t *testing.T) {
	src := "---\nid: 99-escape\ntitle: Escape\ngoal: Try.\n---\n" +
		"## Cat\n```sh run\n! cat ../../../../../../etc/passwd\n! python /etc/evil.py\n```\n" +
		"## Open\n```python run\ntry:\n    open('/etc/passwd').read()\nexcept PermissionError as e:\n    print('refused:', e)\n```\n"
	lesson, err := lessons.Parse("99-escape.md", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	lb := newTestLab(t, []*lessons.Lesson{lesson})
	ctx := context.Background()
	ws := lb.Workspace(lesson.ID)
	res := lb.RunStep(ctx, lesson, lesson.Steps[0], nil)
	if !res.Passed || !strings.Contains(res.Output, "cat: kafkalab keeps commands inside the workspace "+ws+": '../../../../../../etc/passwd' resolves to /etc/passwd, outside it\n") ||
		!strings.Contains(res.Output, "python: kafkalab keeps commands inside the workspace "+ws+": '/etc/evil.py' resolves to /etc/evil.py, outside it\n") {
		t.Errorf("the sh step: passed %v, %+v\n%s", res.Passed, res.Failures, res.Output)
	}
	res = lb.RunStep(ctx, lesson, lesson.Steps[1], nil)
	if !res.Passed || res.Output != fmt.Sprintf("refused: kafkalab keeps scripts inside the workspace %s: '/etc/passwd' resolves to /etc/passwd, outside it\n", ws) {
		t.Errorf("the python step: passed %v, %+v\n%q", res.Passed, res.Failures, res.Output)
	}
}
