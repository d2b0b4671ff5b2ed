"""Turn the examples in PySpark's own docstrings into scripts for kafkalab.

PySpark's docstrings carry doctest examples whose expected output Spark's CI checks on real
Spark, so each docstring is a small script with real Spark's answer beside it. This reads them
from the PySpark installed next to the interpreter running it (nothing of PySpark's is kept in
this repository) and prints one JSON object per docstring: its name, a script that runs its
examples in order and prints a marker line before each, and each example's expected output.
"""

import ast
import doctest
import inspect
import json
import sys

import pyspark
import pyspark.sql.functions.builtin as builtin
from pyspark.sql import Column, DataFrame

# What PySpark's own doctest runs put in scope (the functions module's names, spark, sc).
# The session turns on spark.sql.timeType.enabled, as Spark's own test suites do when they
# run these doctests: it is false by default in PySpark 4.2, where the TIME functions'
# examples (F.make_time, F.to_time, F.hour of a TIME...) fail with UNSUPPORTED_TIME_TYPE.
PRELUDE = """from pyspark.sql import SparkSession, Row, Window
from pyspark.sql.functions import *
from pyspark.sql.types import *
import pyspark.sql.functions as sf
spark = SparkSession.builder.master("local[4]").config("spark.sql.timeType.enabled", "true").getOrCreate()
sc = spark.sparkContext
"""

# PySpark's functions doctests run in the module's own globals: beside its functions they
# hold what builtin.py imports, which some examples use (sys.maxsize, typing's Any).
# (inspect, also imported there, is not a module kafkalab's scripts have; no example uses it.)
FUNCTIONS_PRELUDE = """import decimal
import functools
import sys
import warnings
from typing import Any, cast, Callable, Mapping, Sequence, Iterable, overload, Optional, Tuple, Type, TYPE_CHECKING, Union, ValuesView
"""

MARK = "@@example "


class _ShowValues(ast.NodeTransformer):
    """Doctest runs an example in interactive mode, which shows the value of every
    expression statement however deep in a compound statement (a with block's last line),
    though not in a function or class body: each such statement becomes one that prints
    its value unless it is None."""

    def visit_FunctionDef(self, node):
        return node

    visit_AsyncFunctionDef = visit_ClassDef = visit_Lambda = visit_FunctionDef

    def visit_Expr(self, node):
        show = ast.parse("_value = None\nif _value is not None:\n    print(repr(_value))\n").body
        show[0].value = node.value
        return show


def _shows_values(tree):
    """Whether some expression statement sits in tree outside a function or class."""
    def walk(node):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)):
            return False
        if isinstance(node, ast.Expr):
            return True
        return any(walk(child) for child in ast.iter_child_nodes(node))
    return walk(tree)


def example_code(ex):
    """An example as script lines: an expression's value is printed as doctest shows it."""
    src = ex.source.rstrip("\n")
    try:
        compile(src, "<example>", "eval")
        body = "_value = (%s\n)\nif _value is not None:\n    print(repr(_value))\n" % src
    except SyntaxError:
        body = src + "\n"
        try:
            tree = ast.parse(src)
        except SyntaxError:
            tree = None
        if tree is not None and _shows_values(tree):
            tree = ast.fix_missing_locations(_ShowValues().visit(tree))
            body = ast.unparse(tree) + "\n"
    if ex.exc_msg is not None:
        # The example expects an exception: the script goes on after it.
        body = "try:\n" + "".join("    " + line + "\n" for line in body.splitlines()) + \
            "except Exception as _error:\n    print('@@raised', type(_error).__name__)\n"
    return body


def items():
    finder = doctest.DocTestFinder(recurse=False)
    owners = [("F.", vars(builtin), lambda o: inspect.isfunction(o) and o.__module__ == builtin.__name__)]
    owners += [(prefix, vars(cls), inspect.isfunction) for prefix, cls in (("DataFrame.", DataFrame), ("Column.", Column))]
    for prefix, names, keep in owners:
        for name, obj in sorted(names.items()):
            if name.startswith("_") or not keep(obj):
                continue
            for test in finder.find(obj, name):
                examples = [e for e in test.examples if not e.options.get(doctest.SKIP)]
                if not examples:
                    continue
                script = [PRELUDE + (FUNCTIONS_PRELUDE if prefix == "F." else "")]
                for i, ex in enumerate(examples):
                    script.append("print(%r)\n" % (MARK + str(i)))
                    script.append(example_code(ex))
                script.append("print(%r)\n" % (MARK + "end"))
                yield {
                    "name": prefix + name,
                    "script": "".join(script),
                    "examples": [{"source": e.source, "want": e.want, "raises": e.exc_msg is not None} for e in examples],
                }


def main():
    out = {"pyspark": pyspark.__version__, "items": list(items())}
    json.dump(out, sys.stdout)


if __name__ == "__main__":
    main()
