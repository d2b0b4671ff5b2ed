"""This module provides various functions to manipulate time values (kafkalab's time:
the clocks and conversions are Go functions of this module, time.go; struct_time and
strptime are here)."""

__all__ = ['altzone', 'asctime', 'ctime', 'daylight', 'get_clock_info', 'gmtime', 'localtime',
           'mktime', 'monotonic', 'monotonic_ns', 'perf_counter', 'perf_counter_ns',
           'process_time', 'process_time_ns', 'sleep', 'strftime', 'strptime', 'struct_time',
           'thread_time', 'thread_time_ns', 'time', 'time_ns', 'timezone', 'tzname']

_STRUCT_TM_ITEMS = 11
_FIELDS = ('tm_year', 'tm_mon', 'tm_mday', 'tm_hour', 'tm_min', 'tm_sec', 'tm_wday',
           'tm_yday', 'tm_isdst')


class struct_time(tuple):
    """The time value as returned by gmtime(), localtime(), and strptime(), and
    accepted by asctime(), mktime() and strftime().  May be considered as a
    sequence of 9 integers."""

    n_sequence_fields = 9
    n_fields = 11
    n_unnamed_fields = 0

    def __new__(cls, sequence, dict=None):
        seq = tuple(sequence)
        n = len(seq)
        if n < 9:
            raise TypeError(f'time.struct_time() takes an at least 9-sequence ({n}-sequence given)')
        if n > 11:
            raise TypeError(f'time.struct_time() takes an at most 11-sequence ({n}-sequence given)')
        self = tuple.__new__(cls, seq[:9])
        extra = seq[9:] + (None,) * (11 - n)
        object.__setattr__(self, '_extra', extra)
        return self

    def __setattr__(self, name, value):
        if name in _FIELDS or name in ('tm_zone', 'tm_gmtoff', 'n_fields', 'n_sequence_fields',
                                       'n_unnamed_fields'):
            raise AttributeError('readonly attribute')
        raise AttributeError(f"'time.struct_time' object has no attribute '{name}'")

    def __repr__(self):
        return 'time.struct_time(%s)' % ', '.join(
            '%s=%r' % (name, value) for name, value in zip(_FIELDS, self))

    def __reduce__(self):
        return (struct_time, (tuple(self) + self._extra,))

    tm_year = property(lambda self: self[0], doc='year, for example, 1993')
    tm_mon = property(lambda self: self[1], doc='month of year, range [1, 12]')
    tm_mday = property(lambda self: self[2], doc='day of month, range [1, 31]')
    tm_hour = property(lambda self: self[3], doc='hours, range [0, 23]')
    tm_min = property(lambda self: self[4], doc='minutes, range [0, 59]')
    tm_sec = property(lambda self: self[5], doc='seconds, range [0, 61])')
    tm_wday = property(lambda self: self[6], doc='day of week, range [0, 6], Monday is 0')
    tm_yday = property(lambda self: self[7], doc='day of year, range [1, 366]')
    tm_isdst = property(lambda self: self[8],
                        doc='1 if summer time is in effect, 0 if not, and -1 if unknown')
    tm_zone = property(lambda self: self._extra[0], doc='abbreviation of timezone name')
    tm_gmtoff = property(lambda self: self._extra[1], doc='offset from UTC in seconds')


struct_time.__module__ = 'time'


def gmtime(seconds=None):
    """Convert seconds since the Epoch to a time tuple expressing UTC (a.k.a. GMT)."""
    return struct_time(_gmtime(seconds))


def localtime(seconds=None):
    """Convert seconds since the Epoch to a time tuple expressing local time."""
    return struct_time(_localtime(seconds))


def _gettmarg(t, name):
    if isinstance(t, struct_time):
        return tuple(t), t.tm_zone, t.tm_gmtoff
    if not isinstance(t, tuple):
        raise TypeError('Tuple or struct_time argument required')
    if len(t) != 9:
        raise TypeError(f'{name}(): illegal time tuple argument')
    for v in t:
        if not isinstance(v, int):
            raise TypeError(f"'{type(v).__name__}' object cannot be interpreted as an integer")
    return t, None, None


def mktime(t):
    """Convert a time tuple in local time to seconds since the Epoch."""
    tt, _, _ = _gettmarg(t, 'mktime')
    return _mktime(tt)


def strftime(format, t=None):
    """Convert a time tuple to a string according to a format specification."""
    if t is None:
        t = localtime()
    tt, zone, gmtoff = _gettmarg(t, 'strftime')
    tt = list(tt)
    # Zero is accepted for the month, day and day of the year, as CPython does.
    if tt[1] == 0:
        tt[1] = 1
    if tt[2] == 0:
        tt[2] = 1
    if tt[7] == 0:
        tt[7] = 1
    if tt[8] < -1:
        tt[8] = -1
    elif tt[8] > 1:
        tt[8] = 1
    if tt[6] < 0:
        raise ValueError('day of week out of range')
    if zone is None:
        # A plain tuple: glibc names the zone from tm_isdst and has no offset.
        if tt[8] < 0:
            zone, gmtoff = '', None
        else:
            zone, gmtoff = tzname[tt[8]], 0
    return _strftime(format, tuple(tt), zone, gmtoff)


_DAYS = ('Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun')
_MONTHS = ('Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec')


def asctime(t=None):
    """Convert a time tuple to a string, e.g. 'Sat Jun 06 16:26:11 1998'."""
    if t is None:
        t = localtime()
    tt, _, _ = _gettmarg(t, 'asctime')
    if not 1 <= tt[1] <= 12 and tt[1] != 0:
        raise ValueError('month out of range')
    if not 0 <= tt[6] <= 6:
        raise ValueError('day of week out of range')
    return '%s %s %2d %02d:%02d:%02d %d' % (_DAYS[tt[6]], _MONTHS[max(tt[1], 1) - 1], tt[2],
                                            tt[3], tt[4], tt[5], tt[0])


def ctime(seconds=None):
    """Convert a time in seconds since the Epoch to a string in local time."""
    return asctime(localtime(seconds))


class _ClockInfo:
    def __init__(self, implementation, monotonic, adjustable, resolution):
        self.implementation = implementation
        self.monotonic = monotonic
        self.adjustable = adjustable
        self.resolution = resolution

    def __repr__(self):
        return ('namespace(implementation=%r, monotonic=%r, adjustable=%r, resolution=%r)' %
                (self.implementation, self.monotonic, self.adjustable, self.resolution))


def get_clock_info(name):
    """Get information of the specified clock."""
    if name == 'time':
        return _ClockInfo('clock_gettime(CLOCK_REALTIME)', False, True, 1e-09)
    if name in ('monotonic', 'perf_counter'):
        return _ClockInfo('clock_gettime(CLOCK_MONOTONIC)', True, False, 1e-09)
    if name == 'process_time':
        return _ClockInfo('clock_gettime(CLOCK_PROCESS_CPUTIME_ID)', True, False, 1e-09)
    if name == 'thread_time':
        return _ClockInfo('clock_gettime(CLOCK_THREAD_CPUTIME_ID)', True, False, 1e-09)
    raise ValueError('unknown clock')


# strptime, after CPython's _strptime (C locale).

_LONG_DAYS = ('monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday')
_LONG_MONTHS = ('january', 'february', 'march', 'april', 'may', 'june', 'july', 'august',
                'september', 'october', 'november', 'december')
_DIRECTIVES = {
    'd': r'(?P<d>3[01]|[12]\d|0[1-9]|[1-9]| [1-9])',
    'f': r'(?P<f>[0-9]{1,6})',
    'H': r'(?P<H>2[0-3]|[0-1]\d|\d)',
    'I': r'(?P<I>1[0-2]|0[1-9]|[1-9])',
    'G': r'(?P<G>\d\d\d\d)',
    'j': r'(?P<j>36[0-6]|3[0-5]\d|[12]\d\d|0[1-9]\d|00[1-9]|[1-9]\d|0[1-9]|[1-9])',
    'm': r'(?P<m>1[0-2]|0[1-9]|[1-9])',
    'M': r'(?P<M>[0-5]\d|\d)',
    'S': r'(?P<S>6[0-1]|[0-5]\d|\d)',
    'U': r'(?P<U>5[0-3]|[0-4]\d|\d)',
    'w': r'(?P<w>[0-6])',
    'u': r'(?P<u>[1-7])',
    'V': r'(?P<V>5[0-3]|0[1-9]|[1-4]\d|\d)',
    'y': r'(?P<y>\d\d)',
    'Y': r'(?P<Y>\d\d\d\d)',
    'z': r'(?P<z>[+-]\d\d:?[0-5]\d(:?[0-5]\d(\.\d{1,6})?)?|(?-i:Z))',
    'A': r'(?P<A>' + '|'.join(sorted(_LONG_DAYS, key=len, reverse=True)) + ')',
    'a': r'(?P<a>' + '|'.join(sorted((d[:3] for d in _LONG_DAYS), key=len, reverse=True)) + ')',
    'B': r'(?P<B>' + '|'.join(sorted(_LONG_MONTHS, key=len, reverse=True)) + ')',
    'b': r'(?P<b>' + '|'.join(sorted((m[:3] for m in _LONG_MONTHS), key=len, reverse=True)) + ')',
    'p': r'(?P<p>am|pm)',
    '%': '%',
}
_COMPOSITE = {
    'c': '%a %b %d %H:%M:%S %Y',
    'x': '%m/%d/%y',
    'X': '%H:%M:%S',
    'D': '%m/%d/%y',
    'T': '%H:%M:%S',
    'R': '%H:%M',
    'F': '%Y-%m-%d',
}
_regex_cache = {}


def _tz_names():
    names = {'utc', 'gmt', tzname[0].lower()}
    return names, {tzname[1].lower()} if daylight else set()


def _pattern(format, whole=None):
    import re
    if whole is None:
        whole = format
    processed = []
    format = re.sub(r'([\\.^$*+?\(\){}\[\]|])', r'\\\1', format)
    format = re.sub(r'\s+', r'\\s+', format)
    i = 0
    seen = set()
    while i < len(format):
        c = format[i]
        if c != '%':
            processed.append(c)
            i += 1
            continue
        if i + 1 >= len(format):
            raise ValueError("stray %% in format '%s'" % whole)
        d = format[i + 1]
        i += 2
        if d in _COMPOSITE:
            processed.append(_pattern(_COMPOSITE[d], whole))
        elif d == 'Z':
            std, dst = _tz_names()
            names = sorted(std | dst, key=len, reverse=True)
            processed.append('(?P<Z>' + '|'.join(re.escape(n) for n in names) + ')')
        elif d in _DIRECTIVES:
            pat = _DIRECTIVES[d]
            if d in seen and d != '%':
                # A repeated directive must match the same text.
                pat = '(?P=%s)' % d
            seen.add(d)
            processed.append(pat)
        else:
            raise ValueError("'%s' is a bad directive in format '%s'" % (d, whole))
    return ''.join(processed)


def _compile(format):
    import re
    regex = _regex_cache.get(format)
    if regex is None:
        regex = re.compile(_pattern(format), re.IGNORECASE)
        _regex_cache[format] = regex
    return regex


def _days_before_year(year):
    y = year - 1
    return y * 365 + y // 4 - y // 100 + y // 400


def _is_leap(year):
    return year % 4 == 0 and (year % 100 != 0 or year % 400 == 0)


_DAYS_BEFORE_MONTH = (0, 0, 31, 59, 90, 120, 151, 181, 212, 243, 273, 304, 334)


def _ordinal(year, month, day):
    return (_days_before_year(year) + _DAYS_BEFORE_MONTH[month] +
            (month > 2 and _is_leap(year)) + day)


def _from_ordinal(n):
    # The inverse of _ordinal: (year, month, day), as datetime's _ord2ymd.
    n -= 1
    n400, n = divmod(n, 146097)
    year = n400 * 400 + 1
    n100, n = divmod(n, 36524)
    n4, n = divmod(n, 1461)
    n1, n = divmod(n, 365)
    year += n100 * 100 + n4 * 4 + n1
    if n1 == 4 or n100 == 4:
        return year - 1, 12, 31
    leapyear = n1 == 3 and (n4 != 24 or n100 == 3)
    month = (n + 50) >> 5
    preceding = _DAYS_BEFORE_MONTH[month] + (month > 2 and leapyear)
    if preceding > n:
        month -= 1
        preceding -= _DAYS_IN_MONTH[month] + (month == 2 and leapyear)
    return year, month, n - preceding + 1


_DAYS_IN_MONTH = (0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31)


def _weekday(year, month, day):
    return (_ordinal(year, month, day) + 6) % 7


def _calc_julian_from_U_or_W(year, week_of_year, day_of_week, week_starts_Mon):
    first_weekday = _weekday(year, 1, 1)
    if not week_starts_Mon:
        first_weekday = (first_weekday + 1) % 7
        day_of_week = (day_of_week + 1) % 7
    week_0_length = (7 - first_weekday) % 7
    if week_of_year == 0:
        return 1 + day_of_week - first_weekday
    days_to_week = week_0_length + (7 * (week_of_year - 1))
    return 1 + days_to_week + day_of_week


def _calc_julian_from_V(iso_year, iso_week, iso_weekday):
    correction = _weekday(iso_year, 1, 4) + 1 + 3
    ordinal = (iso_week * 7) + iso_weekday - correction
    if ordinal < 1:
        ordinal += _ordinal(iso_year, 1, 1)
        iso_year -= 1
        ordinal -= _ordinal(iso_year, 1, 1)
    return iso_year, ordinal


def _strptime(data_string, format):
    for index, arg in enumerate([data_string, format]):
        if not isinstance(arg, str):
            msg = 'strptime() argument {} must be str, not {}'
            raise TypeError(msg.format(index, type(arg)))
    format_regex = _compile(format)
    found = format_regex.match(data_string)
    if not found:
        raise ValueError('time data %r does not match format %r' % (data_string, format))
    if len(data_string) != found.end():
        raise ValueError('unconverted data remains: %s' % data_string[found.end():])

    iso_year = year = None
    month = day = 1
    hour = minute = second = fraction = 0
    tz = -1
    gmtoff = None
    gmtoff_fraction = 0
    iso_week = week_of_year = None
    week_of_year_start = None
    weekday = julian = None
    found_dict = found.groupdict()
    for group_key in found_dict.keys():
        value = found_dict[group_key]
        if value is None:
            continue
        if group_key == 'y':
            year = int(value)
            if year <= 68:
                year += 2000
            else:
                year += 1900
        elif group_key == 'Y':
            year = int(value)
        elif group_key == 'G':
            iso_year = int(value)
        elif group_key == 'm':
            month = int(value)
        elif group_key == 'B':
            month = _LONG_MONTHS.index(value.lower()) + 1
        elif group_key == 'b':
            month = [m[:3] for m in _LONG_MONTHS].index(value.lower()) + 1
        elif group_key == 'd':
            day = int(value)
        elif group_key == 'H':
            hour = int(value)
        elif group_key == 'I':
            hour = int(value)
            ampm = found_dict.get('p', '').lower()
            if ampm in ('', 'am'):
                if hour == 12:
                    hour = 0
            elif ampm == 'pm':
                if hour != 12:
                    hour += 12
        elif group_key == 'M':
            minute = int(value)
        elif group_key == 'S':
            second = int(value)
        elif group_key == 'f':
            s = value
            s += '0' * (6 - len(s))
            fraction = int(s)
        elif group_key == 'A':
            weekday = _LONG_DAYS.index(value.lower())
        elif group_key == 'a':
            weekday = [d[:3] for d in _LONG_DAYS].index(value.lower())
        elif group_key == 'w':
            weekday = int(value)
            if weekday == 0:
                weekday = 6
            else:
                weekday -= 1
        elif group_key == 'u':
            weekday = int(value)
            weekday -= 1
        elif group_key == 'j':
            julian = int(value)
        elif group_key in ('U', 'W'):
            week_of_year = int(value)
            if group_key == 'U':
                week_of_year_start = 6
            else:
                week_of_year_start = 0
        elif group_key == 'V':
            iso_week = int(value)
        elif group_key == 'z':
            z = value
            if z == 'Z':
                gmtoff = 0
            else:
                if z[3] == ':':
                    z = z[:3] + z[4:]
                    if len(z) > 5:
                        if z[5] != ':':
                            msg = f"Inconsistent use of : in {found_dict['z']}"
                            raise ValueError(msg)
                        z = z[:5] + z[6:]
                hours = int(z[1:3])
                minutes = int(z[3:5])
                seconds = int(z[5:7] or 0)
                gmtoff = (hours * 60 * 60) + (minutes * 60) + seconds
                gmtoff_remainder = z[8:]
                gmtoff_remainder_padding = '0' * (6 - len(gmtoff_remainder))
                gmtoff_fraction = int(gmtoff_remainder + gmtoff_remainder_padding)
                if z.startswith('-'):
                    gmtoff = -gmtoff
                    gmtoff_fraction = -gmtoff_fraction
        elif group_key == 'Z':
            found_zone = value.lower()
            std, dst = _tz_names()
            if found_zone in std:
                if tzname[0] == tzname[1] and daylight and found_zone not in ('utc', 'gmt'):
                    pass
                else:
                    tz = 0
            elif found_zone in dst:
                tz = 1

    if year is None and iso_year is not None:
        if iso_week is None or weekday is None:
            raise ValueError("ISO year directive '%G' must be used with "
                             "the ISO week directive '%V' and a weekday "
                             "directive ('%A', '%a', '%w', or '%u').")
        if julian is not None:
            raise ValueError("Day of the year directive '%j' is not "
                             "compatible with ISO year directive '%G'. "
                             "Use '%Y' instead.")
    elif week_of_year is None and iso_week is not None:
        if weekday is None:
            raise ValueError("ISO week directive '%V' must be used with "
                             "the ISO year directive '%G' and a weekday "
                             "directive ('%A', '%a', '%w', or '%u').")
        else:
            raise ValueError("ISO week directive '%V' is incompatible with "
                             "the year directive '%Y'. Use the ISO year '%G' "
                             'instead.')

    leap_year_fix = False
    if year is None and month == 2 and day == 29:
        year = 1904
        leap_year_fix = True
    elif year is None:
        year = 1900

    if julian is None and weekday is not None:
        if week_of_year is not None:
            week_starts_Mon = True if week_of_year_start == 0 else False
            julian = _calc_julian_from_U_or_W(year, week_of_year, weekday, week_starts_Mon)
        elif iso_year is not None and iso_week is not None:
            year, julian = _calc_julian_from_V(iso_year, iso_week, weekday + 1)
        if julian is not None and julian <= 0:
            year -= 1
            yday = 366 if _is_leap(year) else 365
            julian += yday

    if julian is None:
        if not 1 <= month <= 12 or day < 1 or day > _DAYS_IN_MONTH[month] + (month == 2 and _is_leap(year)):
            raise ValueError('day is out of range for month')
        julian = _ordinal(year, month, day) - _ordinal(year, 1, 1) + 1
    else:
        year, month, day = _from_ordinal(julian - 1 + _ordinal(year, 1, 1))
    if weekday is None:
        weekday = _weekday(year, month, day)
    tzname_found = found_dict.get('Z')
    if leap_year_fix:
        year = 1900
    return ((year, month, day, hour, minute, second, weekday, julian, tz, tzname_found, gmtoff),
            fraction, gmtoff_fraction)


def strptime(string, format='%a %b %d %H:%M:%S %Y'):
    """Parse a string to a time tuple according to a format specification."""
    tt = _strptime(string, format)[0]
    return struct_time(tt[:_STRUCT_TM_ITEMS])
