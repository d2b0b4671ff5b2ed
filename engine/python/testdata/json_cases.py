import json
for f in [lambda: json.dumps(float('inf'), allow_nan=False), lambda: json.dumps({(1,2):1}), lambda: json.dumps({'b':1, 1:2}, sort_keys=True), lambda: json.loads('"abc'), lambda: json.loads('"a\x01"'), lambda: json.loads('"\\x"'), lambda: json.loads('"\\u12"'), lambda: json.loads('[1] x'), lambda: json.loads('{"a":1,}'), lambda: json.loads('[1 2]'),lambda: json.loads('{"a":1 "b":2}'), lambda: json.loads(b'[1]'), lambda: json.loads(5), lambda: json.loads('\n\n  [1,\n  x]'), lambda: json.dumps([1], indent=0), lambda: json.loads('-'), lambda: json.loads('01'), lambda: json.loads('1.5e'), lambda: json.loads('[-Infinity, NaN]'), lambda: json.dumps(1, foo=2),
   lambda: json.loads('{"x": 1, "y": 2}', object_pairs_hook=list), lambda: json.dumps({'a': [1, 2]}, separators=(',', ':'), sort_keys=True), lambda: json.dumps([{'a': 1}], skipkeys=True), lambda: json.dumps({(1,): 1, 'k': 2}, skipkeys=True),
   lambda: json.dumps(10**30), lambda: json.dumps(1.0), lambda: json.dumps([1e300*1e10, -1e300*1e10]), lambda: json.loads('  "x"  '), lambda: json.loads('[]'), lambda: json.loads(' {} '), lambda: json.loads('1E400')]:
  try: print(repr(f()))
  except Exception as e: print(type(e).__name__, e, e.args)
e = None
try: json.loads('[1,\nx]')
except json.JSONDecodeError as x: e = x
print(e.msg, e.pos, e.lineno, e.colno, repr(e.doc), repr(e), isinstance(e, ValueError))
print(json.dumps({'a': {'b': [1, {}], 'c': []}}, indent=2, sort_keys=True))
print(json.dumps([1, 'x', {'k': 2}], indent=' '))
l = []; l.append(l)
try: json.dumps(l)
except ValueError as e: print(e)
class P:
    def __init__(self): self.x = 1
print(json.dumps(P(), default=lambda o: o.__dict__))
try: json.dumps(P(), default=lambda o: o)
except ValueError as e: print(e)
print(json.dumps('😀 é \x7f'), json.dumps({'k': 'ü'}, ensure_ascii=False, indent=1))
