"""CSV files (kafkalab's csv): reader, writer, DictReader and DictWriter with the excel
dialect's defaults and the usual format parameters."""

__all__ = ['QUOTE_MINIMAL', 'QUOTE_ALL', 'QUOTE_NONNUMERIC', 'QUOTE_NONE', 'Error',
           'reader', 'writer', 'DictReader', 'DictWriter', 'Dialect', 'excel', 'excel_tab',
           'register_dialect', 'get_dialect', 'list_dialects', 'field_size_limit']

QUOTE_MINIMAL, QUOTE_ALL, QUOTE_NONNUMERIC, QUOTE_NONE = 0, 1, 2, 3


class Error(Exception):
    pass


class Dialect:
    delimiter = ','
    quotechar = '"'
    escapechar = None
    doublequote = True
    skipinitialspace = False
    lineterminator = '\r\n'
    quoting = QUOTE_MINIMAL
    strict = False


class excel(Dialect):
    pass


class excel_tab(excel):
    delimiter = '\t'


class unix_dialect(Dialect):
    lineterminator = '\n'
    quoting = QUOTE_ALL


_dialects = {'excel': excel, 'excel-tab': excel_tab, 'unix': unix_dialect}


def register_dialect(name, dialect=None, **fmtparams):
    _dialects[name] = _Format(dialect or excel, fmtparams)


def get_dialect(name):
    try:
        return _dialects[name]
    except KeyError:
        raise Error('unknown dialect')


def list_dialects():
    return list(_dialects)


def field_size_limit(new_limit=None):
    return 131072


class _Format:
    """The dialect's settings with the call's keyword overrides."""

    def __init__(self, dialect, fmtparams):
        if isinstance(dialect, str):
            dialect = get_dialect(dialect)
        for name in ('delimiter', 'quotechar', 'escapechar', 'doublequote', 'skipinitialspace',
                     'lineterminator', 'quoting', 'strict'):
            setattr(self, name, fmtparams.get(name, getattr(dialect, name)))
        unknown = set(fmtparams) - {'delimiter', 'quotechar', 'escapechar', 'doublequote',
                                    'skipinitialspace', 'lineterminator', 'quoting', 'strict'}
        if unknown:
            raise TypeError("'%s' is an invalid keyword argument for this function" % sorted(unknown)[0])
        if not isinstance(self.delimiter, str) or len(self.delimiter) != 1:
            raise TypeError('"delimiter" must be a 1-character string')


class _Writer:
    def __init__(self, f, fmt):
        self._f = f
        self.dialect = fmt

    def _field(self, value):
        d = self.dialect
        if value is None:
            text = ''
        elif isinstance(value, float):
            text = repr(value)
        else:
            text = str(value)
        numeric = isinstance(value, (int, float)) and not isinstance(value, bool)
        if d.quoting == QUOTE_ALL or (d.quoting == QUOTE_NONNUMERIC and not numeric):
            quote = True
        elif d.quoting == QUOTE_NONE:
            quote = False
        else:
            quote = any(c in text for c in (d.delimiter, d.quotechar, '\n', '\r'))
        if d.quoting == QUOTE_NONE:
            for special in (d.delimiter, d.quotechar):
                if special and special in text:
                    if not d.escapechar:
                        raise Error('need to escape, but no escapechar set')
                    text = text.replace(special, d.escapechar + special)
            return text
        if quote:
            if d.doublequote:
                text = text.replace(d.quotechar, d.quotechar * 2)
            elif d.escapechar:
                text = text.replace(d.quotechar, d.escapechar + d.quotechar)
            return d.quotechar + text + d.quotechar
        return text

    def writerow(self, row):
        fields = [self._field(v) for v in row]
        # A row of one empty field is written quoted, so it reads back as one field.
        if len(fields) == 1 and fields[0] == '' and self.dialect.quoting != QUOTE_NONE:
            fields[0] = self.dialect.quotechar * 2
        line = self.dialect.delimiter.join(fields) + self.dialect.lineterminator
        return self._f.write(line)

    def writerows(self, rows):
        for row in rows:
            self.writerow(row)


def writer(csvfile, dialect='excel', **fmtparams):
    """A writer that turns rows (sequences) into delimited lines on csvfile."""
    return _Writer(csvfile, _Format(dialect, fmtparams))


class _Reader:
    def __init__(self, lines, fmt):
        self._lines = iter(lines)
        self.dialect = fmt
        self.line_num = 0

    def __iter__(self):
        return self

    def _next_line(self):
        line = next(self._lines)
        self.line_num += 1
        return line

    def __next__(self):
        d = self.dialect
        line = self._next_line()
        fields = []
        field = []
        in_quotes = False
        quoted = False
        i = 0
        while True:
            if i >= len(line):
                if in_quotes:
                    # A quoted field runs on over the next line.
                    try:
                        line = self._next_line()
                    except StopIteration:
                        if d.strict:
                            raise Error('unexpected end of data')
                        break
                    i = 0
                    continue
                break
            c = line[i]
            if in_quotes:
                if d.escapechar and c == d.escapechar and i + 1 < len(line):
                    field.append(line[i + 1])
                    i += 2
                    continue
                if c == d.quotechar:
                    if d.doublequote and i + 1 < len(line) and line[i + 1] == d.quotechar:
                        field.append(c)
                        i += 2
                        continue
                    in_quotes = False
                    i += 1
                    continue
                field.append(c)
                i += 1
                continue
            if c == d.delimiter:
                fields.append(self._finish(''.join(field), quoted))
                field = []
                quoted = False
                i += 1
                if d.skipinitialspace:
                    while i < len(line) and line[i] == ' ':
                        i += 1
                continue
            if c in '\r\n':
                i += 1
                continue
            if d.escapechar and c == d.escapechar and i + 1 < len(line):
                field.append(line[i + 1])
                i += 2
                continue
            if c == d.quotechar and d.quoting != QUOTE_NONE and not field:
                in_quotes = True
                quoted = True
                i += 1
                continue
            field.append(c)
            i += 1
        if fields or field or quoted or line.strip('\r\n') != '':
            fields.append(self._finish(''.join(field), quoted))
        return fields

    def _finish(self, text, quoted):
        if self.dialect.quoting == QUOTE_NONNUMERIC and not quoted and text != '':
            return float(text)
        return text


def reader(csvfile, dialect='excel', **fmtparams):
    """A reader over csvfile's lines that yields each row as a list of strings."""
    return _Reader(csvfile, _Format(dialect, fmtparams))


class DictReader:
    """Rows as dicts keyed by fieldnames (the first row when not given)."""

    def __init__(self, f, fieldnames=None, restkey=None, restval=None, dialect='excel', **kwds):
        self.reader = reader(f, dialect, **kwds)
        self._fieldnames = fieldnames
        self.restkey = restkey
        self.restval = restval
        self.line_num = 0

    @property
    def fieldnames(self):
        if self._fieldnames is None:
            try:
                self._fieldnames = next(self.reader)
            except StopIteration:
                pass
        self.line_num = self.reader.line_num
        return self._fieldnames

    def __iter__(self):
        return self

    def __next__(self):
        names = self.fieldnames
        row = next(self.reader)
        while row == []:
            row = next(self.reader)
        self.line_num = self.reader.line_num
        d = dict(zip(names, row))
        if len(row) > len(names):
            d[self.restkey] = row[len(names):]
        elif len(row) < len(names):
            for key in names[len(row):]:
                d[key] = self.restval
        return d


class DictWriter:
    """Writes dicts as rows, in the order of fieldnames."""

    def __init__(self, f, fieldnames, restval='', extrasaction='raise', dialect='excel', **kwds):
        if extrasaction not in ('raise', 'ignore'):
            raise ValueError("extrasaction (%s) must be 'raise' or 'ignore'" % extrasaction)
        self.fieldnames = list(fieldnames)
        self.restval = restval
        self.extrasaction = extrasaction
        self.writer = writer(f, dialect, **kwds)

    def writeheader(self):
        return self.writer.writerow(self.fieldnames)

    def _row(self, rowdict):
        if self.extrasaction == 'raise':
            extra = [k for k in rowdict if k not in self.fieldnames]
            if extra:
                raise ValueError('dict contains fields not in fieldnames: ' + ', '.join(repr(k) for k in extra))
        return [rowdict.get(k, self.restval) for k in self.fieldnames]

    def writerow(self, rowdict):
        return self.writer.writerow(self._row(rowdict))

    def writerows(self, rowdicts):
        for r in rowdicts:
            self.writerow(r)
