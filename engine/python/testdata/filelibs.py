# csv, glob, fnmatch and base64 as CPython 3.11 has them (kafkalab writes its own in pylib/lib).
import csv, io, glob, os, base64, fnmatch
os.makedirs("g/a/b", exist_ok=True)
for p in ["g/x.csv", "g/y.txt", "g/a/z.csv", "g/a/b/w.csv", "g/.h.csv"]:
    open(p, "w").write("1\n")
print(sorted(glob.glob("g/*.csv")), sorted(glob.glob("g/**/*.csv", recursive=True)), sorted(glob.glob("g/**", recursive=True)))
print(sorted(glob.glob("*/a")), glob.glob("nope/*"), sorted(glob.glob("*.csv", root_dir="g")), glob.escape("a[1]*.csv"))
print(fnmatch.fnmatch("part-0001.parquet", "part-*.parquet"), fnmatch.filter(["a.py", "b.txt", "c.py"], "*.py"), fnmatch.translate("a[!b]?*"))
buf = io.StringIO()
w = csv.writer(buf)
w.writerow(["id", "name, with comma", 'say "hi"', None, 1.5, 2])
w.writerows([[1, "x\ny"], [""]])
print(repr(buf.getvalue()))
rows = list(csv.reader(io.StringIO(buf.getvalue())))
print(rows)
with open("p.csv", "w", newline="") as f:
    dw = csv.DictWriter(f, fieldnames=["name", "age"])
    dw.writeheader()
    dw.writerow({"name": "Ann", "age": 31})
    dw.writerows([{"name": "Bo"}])
with open("p.csv", newline="") as f:
    print([dict(r) for r in csv.DictReader(f)])
print(list(csv.reader(["a;b;'c;d'"], delimiter=";", quotechar="'")))
print(list(csv.reader(['1,"2",3.5'], quoting=csv.QUOTE_NONNUMERIC)))
s = io.StringIO(); csv.writer(s, quoting=csv.QUOTE_ALL, lineterminator="\n").writerow([1, "a"]); print(repr(s.getvalue()))
for v in [b"", b"f", b"fo", b"foo", b"foob", b"fooba", b"foobar", bytes(range(250, 256))]:
    e = base64.b64encode(v)
    print(e, base64.b64decode(e) == v, base64.urlsafe_b64encode(v), base64.b32encode(v), base64.b32decode(base64.b32encode(v)) == v, base64.b16encode(v))
print(base64.b64decode("aGk="), base64.b64decode(b"aGk"+b"="), base64.encodebytes(b"x" * 60))
try:
    base64.b64decode("abc")
except Exception as e:
    print(type(e).__name__, e)
