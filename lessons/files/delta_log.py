"""Reads a Delta table's log next to its query's checkpoint: which batch each version holds,
and whether every parquet file in the folder belongs to the table."""
import json
import os

TABLE = "spark-warehouse/bronze_orders"
CHECKPOINT = "checkpoints/bronze_orders"

if __name__ == "__main__":
    with open(CHECKPOINT + "/metadata") as f:
        query_id = json.loads(f.read())["id"]
    log = TABLE + "/_delta_log"
    named = 0
    for name in sorted(os.listdir(log)):
        if not name.endswith(".json"):
            continue
        with open(log + "/" + name) as f:
            actions = [json.loads(line) for line in f.read().splitlines()]
        adds = [a for a in actions if "add" in a]
        named += len(adds)
        for a in actions:
            if "txn" in a:
                txn = a["txn"]
                print("version", int(name[:20]), "| txn appId is this query:", txn["appId"] == query_id,
                      "| batch", txn["version"], "|", len(adds), "files added")
    on_disk = [n for n in os.listdir(TABLE) if n.endswith(".parquet")]
    print("parquet files in the folder:", len(on_disk), "| named by the log:", named)
