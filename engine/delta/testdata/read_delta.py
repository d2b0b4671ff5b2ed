"""Read a Delta table written by kafkalab with independent implementations.

Usage: read_delta.py TABLE_PATH

Prints one JSON document: what the `deltalake` package (delta-rs) sees in the table (version,
schema, rows) and what `pyarrow.parquet` sees in each data file (physical and logical types,
footer metadata). The Go interop test compares it with what it wrote.
"""
import json
import os
import sys

import deltalake
import pyarrow
import pyarrow.parquet as pq


def value(v):
    """Make a pyarrow/python value JSON-friendly without losing exactness."""
    if v is None:
        return None
    if isinstance(v, (bool, int, str)):
        return v
    if hasattr(v, "isoformat"):
        return v.isoformat()
    if isinstance(v, bytes):
        return v.hex()
    return str(v)  # Decimal -> exact text


def main(path):
    dt = deltalake.DeltaTable(path)
    table = dt.to_pyarrow_table()
    rows = [{k: value(v) for k, v in r.items()} for r in table.to_pylist()]
    files = []
    for uri in dt.file_uris():
        local = uri[len("file://"):] if uri.startswith("file://") else uri
        pf = pq.ParquetFile(local)
        meta = {k.decode(): v.decode() for k, v in (pf.metadata.metadata or {}).items()}
        cols = []
        for i in range(pf.metadata.num_columns):
            c = pf.schema.column(i)
            cols.append({
                "name": c.name,
                "physical": c.physical_type,
                "logical": str(c.logical_type),
                "codec": pf.metadata.row_group(0).column(i).compression if pf.metadata.num_row_groups else None,
            })
        files.append({"rows": pf.metadata.num_rows, "columns": cols, "footer": meta})
    out = {
        "deltalake": deltalake.__version__,
        "pyarrow": pyarrow.__version__,
        "version": dt.version(),
        "schema": [[f.name, str(f.type)] for f in table.schema],
        "rows": rows,
        "files": files,
        "history": [h.get("operation") for h in dt.history()],
    }
    json.dump(out, sys.stdout, sort_keys=True)


if __name__ == "__main__":
    main(sys.argv[1])
    # Leave without the interpreter's teardown: on a loaded machine delta-rs's and pyarrow's
    # native thread pools can abort the process while they are destroyed ("terminate called
    # without an active exception", seen once in CI), after the answer is complete.
    sys.stdout.flush()
    os._exit(0)
