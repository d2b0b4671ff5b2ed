# sys.getrecursionlimit/setrecursionlimit move the limit scripts hit, as in CPython.
import sys
print(sys.getrecursionlimit())
sys.setrecursionlimit(50)
print(sys.getrecursionlimit())
def f(n):
    return n if n == 0 else f(n - 1)
try:
    f(100)
except RecursionError as e:
    print("RecursionError", e)
sys.setrecursionlimit(5000)
print(f(3000))
try:
    sys.setrecursionlimit(0)
except ValueError as e:
    print("ValueError", e)
