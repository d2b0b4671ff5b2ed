# Python's datetime module as learners' event generators and UDFs use it; the golden is
# CPython 3.11's output.
import datetime as dtmod
from datetime import datetime, date, time, timedelta, timezone


def show(label, f):
    try:
        print(label, repr(f()))
    except Exception as e:
        print(label, type(e).__name__, e)


# timedelta: construction, normalisation, repr/str
for td in [timedelta(), timedelta(1), timedelta(days=-1), timedelta(seconds=-1), timedelta(microseconds=-1),
           timedelta(hours=25, minutes=61, seconds=61), timedelta(weeks=2, days=-3), timedelta(milliseconds=1500),
           timedelta(days=1.5), timedelta(seconds=0.1), timedelta(microseconds=0.5), timedelta(microseconds=1.5),
           timedelta(microseconds=2.5), timedelta(hours=-1.25), timedelta(days=-2, seconds=3)]:
    print(repr(td), str(td), td.days, td.seconds, td.microseconds, td.total_seconds())
show("min", lambda: timedelta.min)
show("max", lambda: timedelta.max)
show("res", lambda: timedelta.resolution)
show("overflow", lambda: timedelta(days=1000000000))
show("badtype", lambda: timedelta("a"))
a, b = timedelta(hours=5, seconds=7), timedelta(minutes=-90)
for label, f in [("a+b", lambda: a + b), ("a-b", lambda: a - b), ("-a", lambda: -a), ("abs b", lambda: abs(b)),
                 ("+b", lambda: +b), ("a*3", lambda: a * 3), ("3*a", lambda: 3 * a), ("a*0.5", lambda: a * 0.5),
                 ("b*-1.5", lambda: b * -1.5), ("a/b", lambda: a / b), ("a/3", lambda: a / 3), ("a/7", lambda: timedelta(microseconds=7) / 2),
                 ("a/2.5", lambda: a / 2.5), ("a//b", lambda: a // b), ("a//4", lambda: a // 4), ("b//7", lambda: b // 7),
                 ("a%b", lambda: a % b), ("a/0", lambda: a / 0), ("a/td0", lambda: a / timedelta(0)), ("a//td0", lambda: a // timedelta(0)),
                 ("a<b", lambda: a < b), ("a>b", lambda: a > b), ("a==a", lambda: a == timedelta(seconds=18007)),
                 ("a!=b", lambda: a != b), ("a<=a", lambda: a <= a), ("a==1", lambda: a == 1), ("bool0", lambda: bool(timedelta(0))),
                 ("bool", lambda: bool(b)), ("hash", lambda: hash(timedelta(days=1)) == hash(timedelta(hours=24))),
                 ("set", lambda: len({timedelta(1), timedelta(hours=24), timedelta(2)}))]:
    show(label, f)

# date: construction errors, month ends, leap years, arithmetic
for args in [(2024, 2, 29), (2023, 2, 29), (2024, 4, 31), (2024, 13, 1), (0, 1, 1), (10000, 1, 1), (2024, 0, 1)]:
    show("date%r" % (args,), lambda: date(*args))
d = date(2024, 1, 31)
show("d+1", lambda: d + timedelta(1))
show("d+30", lambda: d + timedelta(days=30))
show("leap", lambda: date(2024, 2, 28) + timedelta(days=1))
show("noleap", lambda: date(2023, 2, 28) + timedelta(days=1))
show("century", lambda: date(1900, 2, 28) + timedelta(days=1))
show("y2000", lambda: date(2000, 2, 28) + timedelta(days=1))
show("d-td", lambda: date(2024, 3, 1) - timedelta(days=1))
show("d-d", lambda: date(2024, 3, 1) - date(2023, 3, 1))
show("d-d neg", lambda: date(2023, 3, 1) - date(2024, 3, 1))
show("td+d", lambda: timedelta(days=2) + d)
show("dmin-1", lambda: date.min - timedelta(1))
show("dmax+1", lambda: date.max + timedelta(1))
show("d.min", lambda: (date.min, date.max, date.resolution))
show("weekday", lambda: [date(2024, 1, i).weekday() for i in range(1, 8)])
show("isoweekday", lambda: [date(2024, 1, i).isoweekday() for i in range(1, 8)])
for dd in [date(2024, 1, 1), date(2021, 1, 3), date(2020, 12, 31), date(2026, 12, 28), date(2027, 1, 1)]:
    print("isocal", dd, tuple(dd.isocalendar()), dd.isocalendar()[1])
show("ordinal", lambda: (date(2024, 1, 1).toordinal(), date.fromordinal(738886), date.min.toordinal()))
show("replace", lambda: date(2024, 2, 29).replace(year=2025))
show("replace ok", lambda: date(2024, 1, 31).replace(month=3, day=1))
show("d cmp", lambda: (date(2024, 1, 1) < date(2024, 1, 2), date(2024, 1, 1) == date(2024, 1, 1), date(2024, 1, 1) != date(2024, 1, 2)))
show("d fromiso", lambda: [date.fromisoformat(s) for s in ["2024-02-29", "20240229", "2024-W01", "2024-W01-3", "2024W016", "2020-W53-7"]])
show("d fromiso bad", lambda: date.fromisoformat("2024-2-29"))
show("d fromiso bad2", lambda: date.fromisoformat("2023-02-29"))
show("d strftime", lambda: date(2024, 3, 5).strftime("%Y/%m/%d %a %A %b %B %j %y %H:%M:%S %%"))
show("d format", lambda: f"{date(2024, 3, 5):%d.%m.%Y}")
show("d str", lambda: (str(date(2024, 3, 5)), date(2024, 3, 5).isoformat(), date(5, 1, 2).isoformat()))

# datetime: construction, repr, fields, errors
for args in [(2024, 1, 1), (2024, 1, 1, 13, 5), (2024, 1, 1, 0, 0, 7), (2024, 1, 1, 0, 0, 0, 5), (2024, 2, 30),
             (2024, 1, 1, 24), (2024, 1, 1, 0, 60), (2024, 1, 1, 0, 0, 60), (2024, 1, 1, 0, 0, 0, 1000000)]:
    show("datetime%r" % (args,), lambda: datetime(*args))
show("tzinfo bad", lambda: datetime(2024, 1, 1, tzinfo=3))
show("float arg", lambda: datetime(2024.0, 1, 1))
dt = datetime(2024, 2, 28, 23, 59, 59, 999999)
print(dt, dt.isoformat(), dt.isoformat(" "), dt.isoformat(timespec="seconds"), dt.isoformat(timespec="milliseconds"),
      dt.isoformat(timespec="minutes"), dt.isoformat(timespec="hours"), datetime(2024, 1, 1).isoformat(timespec="microseconds"))
print(dt.year, dt.month, dt.day, dt.hour, dt.minute, dt.second, dt.microsecond, dt.tzinfo, dt.utcoffset(), dt.tzname())
show("dt+1us", lambda: dt + timedelta(microseconds=1))
show("dt-1d", lambda: dt - timedelta(days=1))
show("td+dt", lambda: timedelta(hours=1) + dt)
show("dt-dt", lambda: datetime(2024, 3, 1) - dt)
show("dt-dt neg", lambda: dt - datetime(2024, 3, 1))
try:
    dt - date(2024, 1, 1)
except TypeError as e:
    print("dt-date TypeError")  # the message names the classes datetime.datetime/datetime.date
show("dt-1ms float", lambda: dt - timedelta(milliseconds=0.0005))
show("dtmax+1", lambda: datetime.max + timedelta(microseconds=1))
show("dtmin-1", lambda: datetime.min - timedelta(microseconds=1))
show("dt min/max", lambda: (datetime.min, datetime.max, datetime.resolution))
show("dt cmp", lambda: (dt < datetime(2024, 3, 1), dt == datetime(2024, 2, 28, 23, 59, 59, 999999), dt >= dt, dt != dt))
show("dt vs date ==", lambda: dt == date(2024, 2, 28))
show("dt vs date <", lambda: dt < date(2024, 2, 28))
show("date vs dt <", lambda: date(2024, 2, 28) < dt)
show("dt hash", lambda: hash(dt) == hash(datetime(2024, 2, 28, 23, 59, 59, 999999)))
show("dt date/time", lambda: (dt.date(), dt.time(), dt.timetz()))
show("dt weekday", lambda: (dt.weekday(), dt.isoweekday(), tuple(dt.isocalendar())))
show("dt replace", lambda: dt.replace(day=29, microsecond=0))
show("dt replace bad", lambda: dt.replace(year=2023, day=29))
show("dt replace tz", lambda: dt.replace(tzinfo=timezone.utc))
show("combine", lambda: datetime.combine(date(2024, 5, 6), time(7, 8, 9, 10)))
show("combine tz", lambda: datetime.combine(date(2024, 5, 6), time(7, 8), tzinfo=timezone(timedelta(hours=2))))
show("combine time tz", lambda: datetime.combine(date(2024, 5, 6), time(7, 8, tzinfo=timezone.utc)))
show("fromtimestamp utc", lambda: datetime.fromtimestamp(1700000000, timezone.utc))
show("fromtimestamp frac", lambda: datetime.fromtimestamp(1700000000.1234565, timezone.utc))
show("fromtimestamp half", lambda: datetime.fromtimestamp(0.0000025, tz=timezone.utc))
show("fromtimestamp neg", lambda: datetime.fromtimestamp(-1.5, timezone.utc))
show("fromtimestamp +2", lambda: datetime.fromtimestamp(0, timezone(timedelta(hours=2))))
show("timestamp aware", lambda: datetime(2024, 1, 1, tzinfo=timezone.utc).timestamp())
show("timestamp aware us", lambda: datetime(2024, 1, 1, 0, 0, 0, 123456, tzinfo=timezone(timedelta(hours=-5))).timestamp())

# strftime
fm = "%Y-%m-%d %H:%M:%S.%f|%y|%b %B|%a %A|%j|%p %I|%z|%Z|%%|%w %u|%U %W|%G-W%V"
for x in [datetime(2024, 12, 31, 0, 5, 6, 7), datetime(2023, 1, 1, 12, 0), datetime(2024, 7, 4, 23, 59, 59),
          datetime(2024, 7, 4, 13, 1, tzinfo=timezone.utc),
          datetime(2024, 7, 4, 13, 1, tzinfo=timezone(timedelta(hours=-3, minutes=-30))),
          datetime(2024, 7, 4, 13, 1, tzinfo=timezone(timedelta(hours=5, seconds=30), "Odd"))]:
    print(x.strftime(fm))
show("ctime", lambda: datetime(2024, 3, 5, 6, 7, 8).ctime())
show("strftime c x X", lambda: datetime(2024, 3, 5, 6, 7, 8).strftime("%c|%x|%X"))
show("f-string", lambda: f"{datetime(2024, 3, 5, 6, 7, 8):%H:%M} {datetime(2024, 3, 5)}")
show("strftime bad", lambda: datetime(2024, 1, 1).strftime(5))

# strptime
for s, f in [("2024-03-05 06:07:08", "%Y-%m-%d %H:%M:%S"), ("2024-03-05T06:07:08.123", "%Y-%m-%dT%H:%M:%S.%f"),
             ("05/03/24", "%d/%m/%y"), ("05/03/69", "%d/%m/%y"), ("5 Mar 2024", "%d %b %Y"), ("March 5, 2024", "%B %d, %Y"),
             ("Tue, 05 Mar 2024 06:07:08 +0200", "%a, %d %b %Y %H:%M:%S %z"), ("2024-03-05T06:07:08Z", "%Y-%m-%dT%H:%M:%S%z"),
             ("2024-03-05 06:07:08-05:30", "%Y-%m-%d %H:%M:%S%z"), ("07:15 PM", "%I:%M %p"), ("12:15 am", "%I:%M %p"),
             ("2024 060", "%Y %j"), ("2024-02-29", "%Y-%m-%d"), ("2023-02-29", "%Y-%m-%d"), ("2024-3-5", "%Y-%m-%d"),
             ("2024-03-05", "%d/%m/%Y"), ("2024-03-05x", "%Y-%m-%d"), ("2024", "%q"), ("100%", "100%%"),
             ("2024-03-05  06:07", "%Y-%m-%d %H:%M"), ("2024-03-05 UTC", "%Y-%m-%d %Z")]:
    show("strptime %r %r" % (s, f), lambda: datetime.strptime(s, f))

# fromisoformat
for s in ["2024-03-05", "2024-03-05T06", "2024-03-05T06:07", "2024-03-05 06:07:08", "2024-03-05T06:07:08.5",
          "2024-03-05T06:07:08.123456", "2024-03-05T06:07:08.1234567", "2024-03-05T06:07:08,25", "20240305T060708",
          "2024-03-05T06:07:08Z", "2024-03-05T06:07:08+00:00", "2024-03-05T06:07:08+05:30", "2024-03-05T06:07:08-0800",
          "2024-03-05T06:07:08+05", "2024-W10-2T01:02", "2024-13-05", "2024-03-05T25:00", "not a date", "2024-03-05T"]:
    show("fromiso %r" % s, lambda: datetime.fromisoformat(s))
show("fromiso int", lambda: datetime.fromisoformat(5))

# time
for t in [time(), time(7), time(7, 8), time(7, 8, 9), time(7, 8, 9, 10), time(23, 59, 59, 999999, tzinfo=timezone.utc)]:
    print(repr(t), str(t), t.isoformat(), t.isoformat("milliseconds"), t.hour, t.minute, t.second, t.microsecond, t.tzinfo, t.strftime("%H.%M.%S %f %p %I"))
show("time bad", lambda: time(24))
show("time cmp", lambda: (time(1) < time(2), time(1) == time(1, 0), time.min, time.max, time.resolution))
show("time replace", lambda: time(1, 2).replace(minute=30))

# timezone and aware datetimes
utc = timezone.utc
plus2 = timezone(timedelta(hours=2))
minus530 = timezone(-timedelta(hours=5, minutes=30), "IST-ish")
for z in [utc, plus2, minus530, timezone(timedelta(0)), timezone(timedelta(seconds=30)), timezone(timedelta(hours=-2, seconds=-30)),
          timezone(timedelta(0), "Z0"), dtmod.UTC]:
    print(repr(z), str(z), z.utcoffset(None), z.tzname(None), z.dst(None))
show("tz range", lambda: timezone(timedelta(hours=24)))
show("tz type", lambda: timezone(5))
show("tz eq", lambda: (timezone(timedelta(hours=2)) == plus2, utc == timezone(timedelta(0)), plus2 == utc))
show("tz min/max", lambda: (timezone.min, timezone.max))
aw = datetime(2024, 3, 31, 1, 30, tzinfo=plus2)
print(repr(aw), aw, aw.isoformat(), aw.utcoffset(), aw.tzname(), aw.tzinfo)
show("astimezone utc", lambda: aw.astimezone(utc))
show("astimezone -5:30", lambda: aw.astimezone(minus530))
show("astimezone day back", lambda: datetime(2024, 1, 1, 1, tzinfo=utc).astimezone(timezone(timedelta(hours=-3))))
show("aware eq", lambda: aw == datetime(2024, 3, 30, 23, 30, tzinfo=utc))
show("aware lt", lambda: aw < datetime(2024, 3, 30, 23, 31, tzinfo=utc))
show("aware sub", lambda: aw - datetime(2024, 3, 30, 20, 0, tzinfo=minus530))
show("aware hash", lambda: hash(aw) == hash(datetime(2024, 3, 30, 23, 30, tzinfo=utc)))
show("aware+td", lambda: aw + timedelta(days=1, hours=1))
show("naive==aware", lambda: aw == datetime(2024, 3, 31, 1, 30))
show("naive<aware", lambda: aw < datetime(2024, 3, 31, 1, 30))
show("naive-aware", lambda: aw - datetime(2024, 3, 31, 1, 30))
show("now tz", lambda: datetime.now(timezone.utc).tzinfo)
show("now naive", lambda: datetime.now().tzinfo)
show("now types", lambda: (type(datetime.now()).__name__, type(datetime.utcnow()).__name__, type(date.today()).__name__, type(datetime.today()).__name__))
show("now close", lambda: abs(datetime.now(timezone.utc) - datetime.utcnow().replace(tzinfo=timezone.utc)) < timedelta(seconds=5))
show("today", lambda: date.today() == datetime.now().date())
show("utcfromtimestamp", lambda: datetime.utcfromtimestamp(1700000000.5))
show("utcfromtimestamp 0", lambda: datetime.utcfromtimestamp(0))
show("module", lambda: (dtmod.MINYEAR, dtmod.MAXYEAR, dtmod.datetime is datetime))

# classes: datetime is a date; isocalendar's named result
show("isinstance", lambda: (isinstance(datetime(2024, 1, 1), date), isinstance(date(2024, 1, 1), datetime), issubclass(datetime, date)))
show("isocalendar", lambda: (date(2024, 12, 30).isocalendar(), datetime(2021, 1, 3, 5).isocalendar()))
ic = date(2026, 12, 31).isocalendar()
show("isocal fields", lambda: (ic.year, ic.week, ic.weekday, ic[0], len(ic), list(ic), ic == (2026, 53, 4)))
show("combine dt", lambda: datetime.combine(datetime(2024, 5, 6, 1, 2), time(3, 4)))
show("dt fromordinal", lambda: datetime.fromordinal(738886))
show("date.weekday(dt)", lambda: date.weekday(datetime(2024, 1, 3)))
show("divmod", lambda: (divmod(timedelta(hours=5), timedelta(hours=2)), divmod(timedelta(hours=-5), timedelta(hours=2))))
show("divmod0", lambda: divmod(timedelta(1), timedelta(0)))
show("time.fromisoformat", lambda: [time.fromisoformat(s) for s in ["10:20:30", "10:20", "10", "T102030", "10:20:30.5+02:00", "10:20:30Z"]])
show("time.fromisoformat bad", lambda: time.fromisoformat("25:00"))
show("tzinfo", lambda: (isinstance(timezone.utc, dtmod.tzinfo), issubclass(timezone, dtmod.tzinfo)))
