# Copyright 2022 The go-python Authors.  All rights reserved.
# Use of this source code is governed by a BSD-style
# license that can be found in the LICENSE file.
# The expected output is CPython 3.11's (checked with python3).

import time

t0, m0, p0, n0 = time.time(), time.monotonic(), time.perf_counter(), time.time_ns()
time.sleep(0.01)
print(time.time() > t0, time.monotonic() > m0, time.perf_counter() - p0 >= 0.009, time.time_ns() > n0)
print(type(time.monotonic_ns()), type(time.perf_counter_ns()), type(time.process_time()))

print("# sleep")
try:
    time.sleep(-1)
    print("no error sleep(-1)")
except ValueError as e:
    print("caught error: %s" % (e,))
try:
    time.sleep("1")
    print("no error sleep('1')")
except TypeError as e:
    print("caught error: %s" % (e,))

print("# gmtime, strftime, asctime")
st = time.gmtime(0)
print(st, st.tm_year, st[0], tuple(st), st.tm_zone, st.tm_gmtoff, len(st))
print(time.strftime("%Y-%m-%d %H:%M:%S", time.gmtime(1700000000)))
print(time.strftime("%a %A %b %B %d %j %U %W %w %u %y %p %I %% %e %c %x %X %D %T %F %R %G %g %V %C %-d %-m %k %l", time.gmtime(1700000000)))
for ts in [0, 86400 * 3, 1704067200, 1735603200, 951782400, -86400 * 400]:
    print(time.strftime("%G-%V-%u %U %W %j %a", time.gmtime(ts)))
print(time.asctime(time.gmtime(1700000000)), time.asctime((2024, 1, 5, 3, 4, 5, 4, 5, 0)))
print(time.gmtime(1700000000.5).tm_sec, time.gmtime(-1.5))
print(time.strftime("%Y", (2024, 0, 0, 0, 0, 0, 0, 0, 0)))
try:
    time.strftime("%Y", (2024, 13, 1, 0, 0, 0, 0, 1, 0))
except ValueError as e:
    print(e)

print("# strptime")
print(time.strptime("2024-03-05 10:11:12", "%Y-%m-%d %H:%M:%S"))
print(time.strptime("Tue Mar  5 10:11:12 2024"))
print(time.strptime("05/03/24 11PM", "%d/%m/%y %I%p"))
print(time.strptime("2024 060", "%Y %j"))
print(time.strptime("2023 10 3", "%Y %U %w"))
print(time.strptime("2024-W10-2", "%G-W%V-%u"))
print(time.strptime("Feb 29", "%b %d"))
print(time.strptime("12:30 +0530", "%H:%M %z").tm_gmtoff)
print(time.strptime("March 7, 2021", "%B %d, %Y")[:3])
for bad in [("2024-13-01", "%Y-%m-%d"), ("2024-02-30", "%Y-%m-%d"), ("2024-01-01x", "%Y-%m-%d"), ("x", "%Q")]:
    try:
        time.strptime(*bad)
    except ValueError as e:
        print("ValueError:", e)

print("# struct_time")
print(time.struct_time, repr(time.struct_time((1, 2, 3, 4, 5, 6, 0, 1, 0))))
st = time.struct_time((2020, 1, 2, 3, 4, 5, 3, 2, -1))
try:
    st.tm_year = 1
except AttributeError as e:
    print("AttributeError", e)
print(isinstance(st, tuple), st == (2020, 1, 2, 3, 4, 5, 3, 2, -1), time.get_clock_info("monotonic").monotonic)
print("OK")
