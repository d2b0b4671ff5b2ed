"""Runs every entry of corpus.py in CPython and writes corpus_golden.json.

An entry is the text between two '#---' lines. A single expression prints its repr;
statements print what they print. An exception that escapes adds its last traceback
line ("ValueError: msg"). The Go test runs the same entries in kafkalab's interpreter
and compares; it also re-runs this script (when python3 is there) to catch a stale
golden file.
"""
import contextlib
import io
import json
import sys


def entries(path):
    with open(path, encoding="utf-8") as f:
        text = f.read()
    return [e.strip("\n") for e in text.split("#---\n") if e.strip()]


def run(src):
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        try:
            try:
                code = compile(src, "<corpus>", "eval")
            except SyntaxError:
                code = None
            if code is not None:
                print(repr(eval(code, {})))
            else:
                exec(compile(src, "<corpus>", "exec"), {"__name__": "__main__"})
        except Exception as e:  # noqa: BLE001 - the corpus records every error
            msg = str(e)
            print(type(e).__name__ + (": " + msg if msg else ""))
    return out.getvalue()


def main():
    here = sys.argv[1] if len(sys.argv) > 1 else "."
    results = [run(e) for e in entries(here + "/corpus.py")]
    json.dump(results, sys.stdout, indent=0, ensure_ascii=False)
    sys.stdout.write("\n")


if __name__ == "__main__":
    sys.setrecursionlimit(1000)
    main()
