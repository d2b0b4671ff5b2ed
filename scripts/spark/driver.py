"""Long-lived real-Spark runner for kafkalab's differential harness (lab/testharness/sparkdiff).

Runs lesson scripts one after another in ONE Python process, so the JVM starts once per
workspace: each script runs as `python SCRIPT ARGS` would (as __main__, with sys.argv, in the
current folder), and its get_spark() finds the session the first script made.

Protocol: one JSON request per line on stdin, one JSON answer per line on the original
stdout. The scripts' own stdout (Python prints and the JVM's System.out, e.g. the console
sink) goes to the file named by --out, and their stderr (tracebacks, Spark's log) to --err;
each answer gives the byte ranges the request wrote to both.

  {"op": "run", "script": "read_orders.py", "args": []}
  {"op": "table", "name": "bronze_orders"}       # sorted by all columns, truncate=False
  {"op": "exit"}

With --shared the driver serves the lessons of a whole tier on ONE session (one JVM start and
one JIT warm-up for every lesson instead of one per lesson): each "run" names its lesson's
workspace, {"op": "run", "script": "x.py", "args": [], "cwd": "/ws"}. A new workspace starts
like a new machine: the previous lesson's tables are dropped and the default database moves
to the workspace's spark-warehouse. Each script then runs as a fresh `python` process would:
what it changed in the session (settings, temp views, listeners, caches) is undone after it,
and its spark.stop() leaves the shared session alive.

With --corpus the driver serves the script corpus instead (lab/testharness/sparkdiff corpus.go): ONE
session for the whole corpus, made at start with Delta and the Kafka connector; each "run"
names its own working folder and database,

  {"op": "run", "script": "/abs/x.py", "args": [...], "cwd": "/ws/x", "db": "corpus_x"}

and runs in a fresh namespace there: Python's and Hadoop's working folders are the script's,
its managed tables land in its folder (the database's location), spark.stop() leaves the
shared session alive, and what the script changed in the session (settings, temp views,
listeners, caches, the current database) is undone after it.

The broker address: lessons say localhost:9092; --bootstrap rewrites that in the values of
reader/writer options, as kafkalab's engine does, so the scripts stay unchanged on disk.
"""
import argparse
import io
import json
import os
import runpy
import sys
import time
import traceback

COURSE_ADDRESS = "localhost:9092"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", required=True)
    ap.add_argument("--err", required=True)
    ap.add_argument("--bootstrap", default="")
    ap.add_argument("--jars-dir", default="", help="jars to use instead of spark.jars.packages")
    ap.add_argument("--corpus", action="store_true", help="serve the script corpus on one shared session")
    ap.add_argument("--shared", action="store_true", help="serve every lesson of a tier on one shared session")
    opts = ap.parse_args()

    proto = os.fdopen(os.dup(1), "w", buffering=1)
    out_fd = os.open(opts.out, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644)
    err_fd = os.open(opts.err, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644)
    # The JVM that pyspark starts inherits fds 1 and 2: its System.out joins the scripts' prints.
    os.dup2(out_fd, 1)
    os.dup2(err_fd, 2)
    sys.stdout = io.TextIOWrapper(os.fdopen(1, "wb", buffering=0), line_buffering=True, write_through=True)
    sys.stderr = io.TextIOWrapper(os.fdopen(2, "wb", buffering=0), line_buffering=True, write_through=True)

    if opts.bootstrap:
        patch_bootstrap(opts.bootstrap)
    if opts.jars_dir:
        patch_packages(local_jars(opts.jars_dir))
    cwd = os.getcwd()
    corpus = CorpusSession() if opts.corpus else CourseSession() if opts.shared else None
    for line in sys.stdin:
        req = json.loads(line)
        op = req.get("op")
        if op == "exit":
            break
        o0, e0 = os.lseek(1, 0, os.SEEK_END), os.lseek(2, 0, os.SEEK_END)
        t0 = time.monotonic()
        ans = {"ok": True}
        try:
            if op == "run" and corpus is not None:
                corpus.run(req)
            elif op == "run":
                run_script(cwd, req["script"], req.get("args", []))
            elif op == "table":
                if corpus is not None and req.get("cwd"):
                    corpus.visit(req["cwd"])
                ans["show"] = show_table(req["name"])
            elif op == "cpu":
                ans["show"] = "%.1f" % cpu_seconds()
            else:
                raise ValueError("unknown op %r" % op)
        except SystemExit as e:
            if e.code not in (None, 0):
                ans["ok"] = False
                ans["error"] = "exit status %s" % e.code
        except BaseException as e:  # a script's failure is an answer, not the driver's end
            traceback.print_exc()
            ans["ok"] = False
            ans["error"] = "%s: %s" % (type(e).__name__, e)
        finally:
            stop_queries()
            if corpus is not None:
                corpus.reset()
        sys.stdout.flush()
        sys.stderr.flush()
        time.sleep(0.05)  # let the JVM's last console lines land
        ans["seconds"] = time.monotonic() - t0
        ans["out"] = [o0, os.lseek(1, 0, os.SEEK_END)]
        ans["err"] = [e0, os.lseek(2, 0, os.SEEK_END)]
        proto.write(json.dumps(ans) + "\n")
    stop_spark()


def run_script(cwd, script, args, workspaces=()):
    # Each `python SCRIPT` is a new driver on Spark: forget the Delta tables this JVM has
    # loaded, so the script's first commit to a table starts from the files on disk (the
    # previous version's .crc), as a fresh process does.
    s = active_session()
    if s is not None:
        s._jvm.org.apache.spark.sql.delta.DeltaLog.clearCache()
    # Forget the workspaces' own modules (stream_session...): a step may have changed them,
    # and another lesson's copy must not stand in for this one's.
    dirs = tuple(d + os.sep for d in set(workspaces) | {cwd})
    for name, mod in list(sys.modules.items()):
        f = getattr(mod, "__file__", None) or ""
        if f.startswith(dirs):
            del sys.modules[name]
    sys.path[:] = [p for p in sys.path if p + os.sep not in dirs]
    sys.path.insert(0, cwd)
    sys.argv = [script] + list(args)
    runpy.run_path(os.path.join(cwd, script), run_name="__main__")


class CorpusSession:
    """The one session every corpus script shares (see the module's doc)."""

    def __init__(self):
        from delta import configure_spark_with_delta_pip
        from pyspark.sql import SparkSession

        builder = (
            SparkSession.builder.appName("kafkalab-corpus")
            .master("local[2]")
            .config("spark.ui.enabled", "false")
            # Delta computes table state with 50 tasks by default; fewer is the same result,
            # sooner, on a small machine.
            .config("spark.databricks.delta.snapshotPartitions", "2")
            .config("spark.sql.extensions", "io.delta.sql.DeltaSparkSessionExtension")
            .config("spark.sql.catalog.spark_catalog", "org.apache.spark.sql.delta.catalog.DeltaCatalog")
        )
        self.spark = configure_spark_with_delta_pip(builder, extra_packages=[KAFKA_PACKAGE]).getOrCreate()
        self.spark.sparkContext.setLogLevel("ERROR")
        self.home = os.getcwd()
        self.listeners = []
        keep_alive(self.listeners)
        absolutize_paths()

    def visit(self, path):
        pass  # each corpus request names its own folder and database

    def set_workdir(self, path):
        # The JVM keeps the folder it started in; relative paths given to readers, writers
        # and DeltaTable are made absolute against the script's folder (absolutize_paths).
        os.chdir(path)

    def run(self, req):
        ws, db = req["cwd"], req.get("db")
        self.set_workdir(ws)
        if db:
            self.spark.sql("CREATE DATABASE IF NOT EXISTS %s LOCATION '%s'" % (db, os.path.join(ws, "spark-warehouse")))
            self.spark.catalog.setCurrentDatabase(db)
        self.spark._jvm.org.apache.spark.sql.delta.DeltaLog.clearCache()
        script = req["script"]
        sys.argv = [os.path.basename(script)] + list(req.get("args", []))
        runpy.run_path(script, run_name="__main__")

    def reset(self):
        reset_session(self.spark, self.listeners)
        self.set_workdir(self.home)


class CourseSession:
    """The one session every lesson of a tier shares (--shared; see the module's doc)."""

    def __init__(self):
        from delta import configure_spark_with_delta_pip
        from pyspark.sql import SparkSession

        # The settings the course's stream_session.get_spark() fixes at a session's start
        # (master, Delta's extension and catalog); the rest each script sets itself. The
        # catalog lives in memory: the scripts' Hive metastore would be one Derby database
        # in the first lesson's folder, and its default database cannot move.
        builder = (
            SparkSession.builder.master("local[4]")
            .appName("kafkalab-course")
            .config("spark.sql.extensions", "io.delta.sql.DeltaSparkSessionExtension")
            .config("spark.sql.catalog.spark_catalog", "org.apache.spark.sql.delta.catalog.DeltaCatalog")
            .config("spark.sql.catalogImplementation", "in-memory")
        )
        self.spark = configure_spark_with_delta_pip(builder, extra_packages=[KAFKA_PACKAGE]).getOrCreate()
        self.spark.sparkContext.setLogLevel("WARN")
        self.listeners = []
        self.workspaces = []
        keep_alive(self.listeners)
        absolutize_paths()

    def run(self, req):
        ws = req["cwd"]
        self.visit(ws)
        run_script(ws, req["script"], req.get("args", []), self.workspaces)

    def visit(self, ws):
        """Moves to the lesson in ws, if it is not the current one."""
        if not self.workspaces or self.workspaces[-1] != ws:
            self.enter(ws)

    def enter(self, ws):
        """Starts a lesson in ws on a clean catalog whose default database lives in ws."""
        s = self.spark
        for db in s.catalog.listDatabases():
            if db.name != "default":
                s.sql("DROP DATABASE IF EXISTS `%s` CASCADE" % db.name)
        for t in s.catalog.listTables("default"):
            if t.isTemporary:
                s.catalog.dropTempView(t.name)
            else:
                s.sql("DROP TABLE IF EXISTS default.`%s`" % t.name)
        ext = s._jsparkSession.sharedState().externalCatalog()
        db = ext.getDatabase("default")
        where = s._jvm.java.net.URI("file:" + os.path.join(ws, "spark-warehouse"))
        ext.alterDatabase(db.copy(db.name(), db.description(), where, db.properties()))
        os.chdir(ws)
        self.workspaces.append(ws)
        self.recover_tables(os.path.join(ws, "spark-warehouse"))

    def recover_tables(self, warehouse):
        """Puts back the managed Delta tables a driver killed by a crash directive had made:
        the scripts' Hive metastore would have kept them on disk, this catalog lives in memory."""
        s = self.spark
        if not os.path.isdir(warehouse):
            return
        known = {t.name for t in s.catalog.listTables("default")}
        ext = s._jsparkSession.sharedState().externalCatalog()
        for name in sorted(os.listdir(warehouse)):
            if name in known or not os.path.isdir(os.path.join(warehouse, name, "_delta_log")):
                continue
            s.sql("CREATE TABLE default.`%s` USING delta LOCATION '%s'" % (name, os.path.join(warehouse, name)))
            # Registered at a location, the table is EXTERNAL; it was made MANAGED.
            table = ext.getTable("default", name)
            field = table.getClass().getDeclaredField("tableType")
            field.setAccessible(True)
            field.set(table, s._jvm.org.apache.spark.sql.catalyst.catalog.CatalogTableType.MANAGED())

    def reset(self):
        reset_session(self.spark, self.listeners)
        # A learner's `python SCRIPT` ends its JVM, and with it the Kafka clients Spark
        # caches per JVM. On the shared JVM they would outlive the script, the lesson and the
        # kafkalab pass, which deletes and recreates the lesson's topics on the same broker.
        drop_kafka_clients(self.spark)


def drop_kafka_clients(s):
    """Closes the Kafka producers and consumers that the connector keeps in JVM-wide pools,
    as the end of a script's own JVM would.

    The Kafka sink borrows its producer from InternalKafkaProducerPool, keyed by the
    producer's settings and kept for spark.kafka.producer.cache.timeout (10 minutes) after
    its last use; the source keeps consumers and fetched records in KafkaDataConsumer's
    pools. An idle cached producer still refreshes its metadata, and a producer's metadata
    request lets the broker create a missing topic: after the harness deleted `orders`, the
    broker brought it back with num.partitions=1 (seen on Kafka 4.3.1). The producer kept
    that count, so on one shared JVM lesson 16 after lesson 15 (CI at ed9ec5b) sent its three
    keyed orders all to partition 0 of the recreated 3-partition topic, where a new producer
    (a learner's, or kafkalab's) spreads them by key hash."""
    kafka = s._jvm.org.apache.spark.sql.kafka010
    producers = getattr(getattr(kafka.producer, "InternalKafkaProducerPool$"), "MODULE$")
    producers.reset()  # closes every cached producer and empties the pool
    # The consumer pools are private fields of the KafkaDataConsumer object; their reset()
    # closes the idle consumers and forgets the fetched records.
    consumers = getattr(getattr(kafka.consumer, "KafkaDataConsumer$"), "MODULE$")
    for name in ("consumerPool", "fetchedDataPool"):
        field = consumers.getClass().getDeclaredField(name)
        field.setAccessible(True)
        field.get(consumers).reset()


def keep_alive(listeners):
    """Makes a script's spark.stop() end only its own run of `python`, not the shared JVM,
    and records the listeners it adds so that reset_session can remove them."""
    from pyspark import SparkContext
    from pyspark.sql import SparkSession
    from pyspark.sql.streaming import StreamingQueryManager

    SparkSession.stop = lambda self: None
    SparkContext.stop = lambda self: None
    add = StreamingQueryManager.addListener

    def add_listener(mgr, listener):
        listeners.append(listener)
        return add(mgr, listener)

    StreamingQueryManager.addListener = add_listener


def reset_session(s, listeners):
    """Undoes what a script changed in the shared session, as the end of its process would."""
    for listener in listeners:
        try:
            s.streams.removeListener(listener)
        except Exception:
            traceback.print_exc()
    del listeners[:]
    s.streams.resetTerminated()
    s.catalog.setCurrentDatabase("default")
    s._jsparkSession.sessionState().catalog().clearTempTables()
    s.catalog.clearCache()
    s.sql("RESET")


def absolutize_paths():
    """Makes the relative paths a script gives Spark absolute against its folder (os.getcwd()),
    as a `python SCRIPT` started in that folder would resolve them."""
    from delta.tables import DeltaTable
    from pyspark.sql.readwriter import DataFrameReader, DataFrameWriter
    from pyspark.sql.streaming.readwriter import DataStreamReader, DataStreamWriter

    def absolute(p):
        if isinstance(p, str) and p and not p.startswith("/") and ":" not in p:
            return os.path.join(os.getcwd(), p)
        if isinstance(p, (list, tuple)):
            return [absolute(x) for x in p]
        return p

    def wrap_path(cls, name):
        orig = getattr(cls, name)

        def method(self, *args, **kwargs):
            if args:
                args = (absolute(args[0]),) + args[1:]
            if "path" in kwargs:
                kwargs["path"] = absolute(kwargs["path"])
            return orig(self, *args, **kwargs)

        setattr(cls, name, method)

    for cls in (DataFrameReader, DataStreamReader):
        for name in ("load", "json", "csv", "parquet", "text", "orc"):
            wrap_path(cls, name)
    for name in ("save", "json", "csv", "parquet", "text", "orc"):
        wrap_path(DataFrameWriter, name)
    wrap_path(DataStreamWriter, "start")
    for cls in (DataFrameReader, DataFrameWriter, DataStreamReader, DataStreamWriter):
        orig_option = cls.option

        def option(self, key, value, _orig=orig_option):
            if key in ("path", "checkpointLocation"):
                value = absolute(value)
            return _orig(self, key, value)

        cls.option = option
    for name in ("forPath", "isDeltaTable"):
        orig = getattr(DeltaTable, name).__func__

        def static(cls, spark, path, *args, _orig=orig, **kwargs):
            return _orig(cls, spark, absolute(path), *args, **kwargs)

        setattr(DeltaTable, name, classmethod(static))


# The connector of the pinned Spark: local jars replace the coordinates (patch_packages).
KAFKA_PACKAGE = "org.apache.spark:spark-sql-kafka-0-10_2.13:4.2.0"


def cpu_seconds():
    """CPU time (user + system) of this process and its descendants (the JVM, Python
    workers), from /proc: a measure of the corpus's cost that other load does not inflate."""
    stats = {}
    for pid in os.listdir("/proc"):
        if not pid.isdigit():
            continue
        try:
            with open("/proc/%s/stat" % pid) as f:
                fields = f.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        stats[int(pid)] = (int(fields[1]), int(fields[11]) + int(fields[12]))  # ppid, utime + stime
    mine, total = {os.getpid()}, 0
    for _ in range(4):  # the JVM and its daemons are a few levels down at most
        for pid, (ppid, _ticks) in stats.items():
            if ppid in mine:
                mine.add(pid)
    for pid in mine:
        total += stats.get(pid, (0, 0))[1]
    return total / os.sysconf("SC_CLK_TCK")


def active_session():
    from pyspark.sql import SparkSession

    return SparkSession.getActiveSession()


def stop_queries():
    # A separate `python` process would take its running queries with it when it ends.
    s = active_session()
    if s is None:
        return
    for q in s.streams.active:
        try:
            q.stop()
        except Exception:
            traceback.print_exc()


def stop_spark():
    s = active_session()
    if s is not None:
        s.stop()


def show_table(name):
    s = active_session()
    if s is None:
        # The first session of this process fixes its jars and catalog for every later
        # script: make it the course's, as the scripts' own get_spark() would.
        s = course_session()
    t = s.table(name)
    return t.orderBy(*t.columns)._jdf.showString(1000000, 0, False)


def local_jars(folder):
    """The jars of folder that pyspark does not already ship (by artifact name)."""
    import pyspark

    def artifact(name):
        base = name[: -len(".jar")]
        parts = base.split("-")
        while parts and parts[-1][:1].isdigit():
            parts.pop()
        return "-".join(parts)

    shipped = {artifact(n) for n in os.listdir(os.path.join(os.path.dirname(pyspark.__file__), "jars"))}
    return ",".join(
        os.path.join(folder, n) for n in sorted(os.listdir(folder)) if n.endswith(".jar") and artifact(n) not in shipped
    )


def patch_packages(jars):
    """configure_spark_with_delta_pip sets spark.jars.packages, which Ivy would resolve over the
    network at every JVM start; the same artifacts as local files go in spark.jars instead."""
    from pyspark.sql import SparkSession

    orig = SparkSession.Builder.config

    def config(self, key=None, value=None, *args, **kwargs):
        if key == "spark.jars.packages":
            key, value = "spark.jars", jars
        return orig(self, key, value, *args, **kwargs)

    SparkSession.Builder.config = config


def course_session():
    cwd = os.getcwd()
    if os.path.exists(os.path.join(cwd, "stream_session.py")):
        if cwd not in sys.path:
            sys.path.insert(0, cwd)
        import stream_session

        return stream_session.get_spark("show-table")
    from pyspark.sql import SparkSession

    return SparkSession.builder.getOrCreate()


def patch_bootstrap(addr):
    from pyspark.sql.readwriter import DataFrameReader, DataFrameWriter
    from pyspark.sql.streaming.readwriter import DataStreamReader, DataStreamWriter

    def wrap(cls):
        orig = cls.option

        def option(self, key, value):
            if isinstance(value, str) and COURSE_ADDRESS in value:
                value = value.replace(COURSE_ADDRESS, addr)
            return orig(self, key, value)

        cls.option = option

    for cls in (DataFrameReader, DataFrameWriter, DataStreamReader, DataStreamWriter):
        wrap(cls)


if __name__ == "__main__":
    main()
