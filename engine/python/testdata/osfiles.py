# The confined os, os.path and shutil against CPython: every call stays in the working
# folder; the output (names sorted, no absolute paths) is what CPython 3.11 prints.
import os
import shutil

os.makedirs("in/people")
os.makedirs("in/people", exist_ok=True)
try:
    os.makedirs("in/people")
except FileExistsError as e:
    print("FileExistsError", e)
for i in range(3):
    with open(os.path.join("in/people", "part%d.csv" % i), "w") as f:
        f.write("id,name\n%d,p%d\n" % (i, i))
    os.utime(os.path.join("in/people", "part%d.csv" % i), (1700000000 + i * 100, 1700000000 + i * 100))
os.mkdir("in/logs")
os.makedirs("in/logs/2024/01")
print(sorted(os.listdir("in")), sorted(os.listdir("in/people")))
print(os.path.exists("in/people/part1.csv"), os.path.isfile("in/people"), os.path.isdir("in/people"), os.path.exists("nope"))
print(os.path.getsize("in/people/part2.csv"), os.path.getmtime("in/people/part2.csv"))
print(os.path.split("in/people/part2.csv"), os.path.split("/a"), os.path.split("a/"), os.path.split("name"))
print(os.path.splitext("in/people/part2.csv"), os.path.basename("in/people/"), os.path.dirname("in/people/part2.csv"))
print(os.path.relpath(os.path.join(os.getcwd(), "in", "people")), os.path.relpath("in/people/part1.csv", "in"))
print(os.path.abspath("in/../in/people") == os.path.join(os.getcwd(), "in", "people"), os.path.islink("in"))
for root, dirs, files in os.walk("in"):
    dirs.sort()
    print(root, dirs, sorted(files))
for root, dirs, files in os.walk("in"):
    dirs[:] = [d for d in dirs if d != "logs"]
    print("pruned", root, sorted(dirs), sorted(files))
print([r for r, _, _ in os.walk("in", topdown=False) if "logs" in r])
print(list(os.walk("missing")))
errors = []
print(list(os.walk("missing", onerror=errors.append)), [type(e).__name__ for e in errors])
shutil.copy("in/people/part0.csv", "in/logs")
print(shutil.copyfile("in/people/part0.csv", "copy.csv"), open("copy.csv").read() == open("in/logs/part0.csv").read())
print(shutil.move("copy.csv", "in/logs/2024"), sorted(os.listdir("in/logs/2024")))
os.rename("in/logs/part0.csv", "renamed.csv")
os.replace("renamed.csv", "replaced.csv")
os.remove("replaced.csv")
for call in (lambda: os.remove("in/people"), lambda: os.rmdir("in/people"), lambda: os.rmdir("in/people/part0.csv"),
             lambda: os.listdir("nope"), lambda: os.remove("nope"), lambda: shutil.rmtree("in/people/part0.csv"),
             lambda: os.path.getsize("nope"), lambda: open("in/nope/x", "w")):
    try:
        call()
    except OSError as e:
        print(type(e).__name__, e)
shutil.rmtree("in/logs")
shutil.rmtree("in/logs", ignore_errors=True)
os.rmdir("in/people") if not os.listdir("in/people") else print(sorted(os.listdir("in/people")))
print(sorted(os.listdir("in")), sorted(os.listdir(".")))
