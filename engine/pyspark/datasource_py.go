package pyspark

// The Python side of the Python Data Source API (pyspark.sql.datasource and
// pyspark.sql.streaming.datasource): the base classes a learner subclasses, written in
// Python so that subclassing, super() and isinstance behave as in PySpark, and the small
// adapters the engine calls (datasource.go). kafkalab's own code, following the contract
// PySpark documents.

const dataSourceSource = `
import json as _json


class DataSource(object):
    def __init__(self, options):
        self.options = options

    @classmethod
    def name(cls):
        return cls.__name__

    def schema(self):
        raise _not_implemented("schema")

    def reader(self, schema):
        raise _not_implemented("reader")

    def streamReader(self, schema):
        raise _not_implemented("streamReader")

    def simpleStreamReader(self, schema):
        raise _not_implemented("simpleStreamReader")

    def writer(self, schema, overwrite):
        raise _not_implemented("writer")

    def streamWriter(self, schema, overwrite):
        raise _not_implemented("streamWriter")


class InputPartition(object):
    def __init__(self, value):
        self.value = value

    def __repr__(self):
        attrs = ", ".join(k + "=" + repr(v) for k, v in sorted(self.__dict__.items()))
        return type(self).__name__ + "(" + attrs + ")"


class DataSourceReader(object):
    def partitions(self):
        raise _not_implemented("partitions")

    def read(self, partition):
        raise _not_implemented("read")


class DataSourceStreamReader(object):
    def initialOffset(self):
        raise _not_implemented("initialOffset")

    def latestOffset(self, start=None, limit=None):
        raise _not_implemented("latestOffset")

    def getDefaultReadLimit(self):
        from pyspark.sql.streaming.datasource import ReadAllAvailable
        return ReadAllAvailable()

    def reportLatestOffset(self):
        return None

    def partitions(self, start, end):
        raise _not_implemented("partitions")

    def read(self, partition):
        raise _not_implemented("read")

    def commit(self, end):
        pass

    def stop(self):
        pass


class SimpleDataSourceStreamReader(object):
    def initialOffset(self):
        raise _not_implemented("initialOffset")

    def read(self, start):
        raise _not_implemented("read")

    def readBetweenOffsets(self, start, end):
        raise _not_implemented("readBetweenOffsets")

    def commit(self, end):
        pass


class WriterCommitMessage(object):
    pass


class DataSourceWriter(object):
    def write(self, iterator):
        raise _not_implemented("write")

    def commit(self, messages):
        pass

    def abort(self, messages):
        pass


class DataSourceArrowWriter(DataSourceWriter):
    pass


class DataSourceStreamWriter(object):
    def write(self, iterator):
        raise _not_implemented("write")

    def commit(self, messages, batchId):
        pass

    def abort(self, messages, batchId):
        pass


class DataSourceStreamArrowWriter(DataSourceStreamWriter):
    pass


class CaseInsensitiveDict(dict):
    def __init__(self, pairs=None):
        dict.__init__(self)
        for k, v in (pairs or {}).items():
            self[k] = v

    def __setitem__(self, key, value):
        dict.__setitem__(self, key.lower(), value)

    def __getitem__(self, key):
        return dict.__getitem__(self, key.lower())

    def __contains__(self, key):
        return dict.__contains__(self, key.lower())

    def get(self, key, default=None):
        return dict.get(self, key.lower(), default)


class _KLNotImplemented(NotImplementedError):
    pass


def _not_implemented(feature):
    return _KLNotImplemented("[NOT_IMPLEMENTED] " + feature + " is not implemented.")


def _overrides(obj, base, name):
    return getattr(type(obj), name, None) is not getattr(base, name)


def _kl_partitions(reader):
    # partitions() left out means one partition, read with None, as PySpark plans it.
    if not _overrides(reader, DataSourceReader, "partitions"):
        return [None]
    return list(reader.partitions())


class _KLSimple(object):
    # A SimpleDataSourceStreamReader run as a stream reader: latestOffset reads on the
    # driver and keeps the rows for the batch that starts there; a batch planned from a
    # checkpoint (no rows kept) replays its range with readBetweenOffsets.
    def __init__(self, reader):
        self.r = reader
        self.kept = {}

    def initialOffset(self):
        return self.r.initialOffset()

    def latestOffset(self, start, limit):
        rows, end = self.r.read(start)
        self.kept[_json.dumps(start)] = (_json.dumps(end), list(rows))
        return end

    def getDefaultReadLimit(self):
        return None

    def reportLatestOffset(self):
        return None

    def partitions(self, start, end):
        return [(start, end)]

    def read(self, partition):
        start, end = partition
        kept = self.kept.pop(_json.dumps(start), None)
        if kept is not None and kept[0] == _json.dumps(end):
            return iter(kept[1])
        return self.r.readBetweenOffsets(start, end)

    def commit(self, end):
        self.r.commit(end)

    def stop(self):
        stop = getattr(self.r, "stop", None)
        if stop is not None:
            stop()


class _KLStream(object):
    # The engine's view of a stream reader: offsets cross as JSON text, json.dumps of the
    # reader's dicts as PySpark sends them to the JVM.
    def __init__(self, ds, schema):
        if _overrides(ds, DataSource, "streamReader"):
            self.r = ds.streamReader(schema)
            fn = getattr(type(self.r), "latestOffset", None)
            code = getattr(fn, "__code__", None)
            self.with_limit = code is not None and code.co_argcount >= 3
        elif _overrides(ds, DataSource, "simpleStreamReader"):
            self.r = _KLSimple(ds.simpleStreamReader(schema))
            self.with_limit = True
        else:
            self.r = ds.streamReader(schema)
            self.with_limit = False

    def initial(self):
        return _json.dumps(self.r.initialOffset())

    def latest(self, start, all_available):
        if not self.with_limit:
            return _json.dumps(self.r.latestOffset())
        from pyspark.sql.streaming.datasource import ReadAllAvailable
        limit = ReadAllAvailable() if all_available else self.r.getDefaultReadLimit()
        if limit is None:
            limit = ReadAllAvailable()
        return _json.dumps(self.r.latestOffset(_json.loads(start), limit))

    def report(self):
        v = self.r.reportLatestOffset()
        return None if v is None else _json.dumps(v)

    def partitions(self, start, end):
        return list(self.r.partitions(_json.loads(start), _json.loads(end)))

    def read(self, partition):
        return self.r.read(partition)

    def commit(self, end):
        self.r.commit(_json.loads(end))

    def stop(self):
        self.r.stop()


_datasource_helpers(DataSource, CaseInsensitiveDict, _kl_partitions, _KLStream)
`

const streamingDataSourceSource = `
class ReadLimit(object):
    pass


class ReadAllAvailable(ReadLimit):
    def __repr__(self):
        return "ReadAllAvailable()"


class ReadMinRows(ReadLimit):
    def __init__(self, min_rows, max_trigger_delay=None):
        self.min_rows = min_rows
        self.max_trigger_delay = max_trigger_delay


class ReadMaxRows(ReadLimit):
    def __init__(self, max_rows):
        self.max_rows = max_rows

    def __repr__(self):
        return "ReadMaxRows(max_rows=" + repr(self.max_rows) + ")"


class ReadMaxFiles(ReadLimit):
    def __init__(self, max_files):
        self.max_files = max_files


class ReadMaxBytes(ReadLimit):
    def __init__(self, max_bytes):
        self.max_bytes = max_bytes


class CompositeReadLimit(ReadLimit):
    def __init__(self, readLimits):
        self.readLimits = readLimits
`
