"""Extract, format and print tracebacks (kafkalab's traceback): CPython 3.11's layout
without the ^^^ markers under the failing expression (the code objects keep lines,
not columns)."""

import sys
import linecache

__all__ = ['extract_stack', 'extract_tb', 'format_exception', 'format_exception_only',
           'format_list', 'format_stack', 'format_tb', 'print_exc', 'format_exc',
           'print_exception', 'print_last', 'print_stack', 'print_tb', 'clear_frames',
           'FrameSummary', 'StackSummary', 'TracebackException', 'walk_stack', 'walk_tb']

_sentinel = object()
_RECURSIVE_CUTOFF = 3
_cause_message = '\nThe above exception was the direct cause of the following exception:\n\n'
_context_message = '\nDuring handling of the above exception, another exception occurred:\n\n'


def print_list(extracted_list, file=None):
    if file is None:
        file = sys.stderr
    for item in StackSummary.from_list(extracted_list).format():
        print(item, file=file, end='')


def format_list(extracted_list):
    return StackSummary.from_list(extracted_list).format()


def print_tb(tb, limit=None, file=None):
    print_list(extract_tb(tb, limit=limit), file=file)


def format_tb(tb, limit=None):
    return extract_tb(tb, limit=limit).format()


def extract_tb(tb, limit=None):
    return StackSummary.extract(walk_tb(tb), limit=limit)


def _parse_value_tb(exc, value, tb):
    if (value is _sentinel) != (tb is _sentinel):
        raise ValueError('Both or neither of value and tb must be given')
    if value is tb is _sentinel:
        if exc is not None:
            if isinstance(exc, BaseException):
                return exc, exc.__traceback__
            raise TypeError(f'Exception expected for value, {type(exc).__name__} found')
        return None, None
    return value, tb


def print_exception(exc, /, value=_sentinel, tb=_sentinel, limit=None, file=None, chain=True):
    value, tb = _parse_value_tb(exc, value, tb)
    te = TracebackException(type(value), value, tb, limit=limit, compact=True)
    te.print(file=file, chain=chain)


def format_exception(exc, /, value=_sentinel, tb=_sentinel, limit=None, chain=True):
    value, tb = _parse_value_tb(exc, value, tb)
    te = TracebackException(type(value), value, tb, limit=limit, compact=True)
    return list(te.format(chain=chain))


def format_exception_only(exc, /, value=_sentinel):
    if value is _sentinel:
        value = exc
    te = TracebackException(type(value), value, None, compact=True)
    return list(te.format_exception_only())


def _format_final_exc_line(etype, value):
    valuestr = _safe_string(value, 'exception')
    if value is None or not valuestr:
        line = '%s\n' % etype
    else:
        line = '%s: %s\n' % (etype, valuestr)
    return line


def _safe_string(value, what, func=str):
    try:
        return func(value)
    except Exception:
        return f'<{what} {func.__name__}() failed>'


def print_exc(limit=None, file=None, chain=True):
    print_exception(*sys.exc_info(), limit=limit, file=file, chain=chain)


def format_exc(limit=None, chain=True):
    return ''.join(format_exception(*sys.exc_info(), limit=limit, chain=chain))


def print_last(limit=None, file=None, chain=True):
    if not hasattr(sys, 'last_type'):
        raise ValueError('no last exception')
    print_exception(sys.last_type, sys.last_value, sys.last_traceback, limit, file, chain)


def print_stack(f=None, limit=None, file=None):
    if f is None:
        f = sys._getframe(1)
    print_list(extract_stack(f, limit=limit), file=file)


def format_stack(f=None, limit=None):
    if f is None:
        f = sys._getframe(1)
    return format_list(extract_stack(f, limit=limit))


def extract_stack(f=None, limit=None):
    if f is None:
        f = sys._getframe(1)
    stack = StackSummary.extract(walk_stack(f), limit=limit)
    stack.reverse()
    return stack


def clear_frames(tb):
    pass


class FrameSummary:
    """Information about a single frame from a traceback."""

    __slots__ = ('filename', 'lineno', 'end_lineno', 'colno', 'end_colno', 'name', '_line', 'locals')

    def __init__(self, filename, lineno, name, *, lookup_line=True, locals=None, line=None,
                 end_lineno=None, colno=None, end_colno=None):
        self.filename = filename
        self.lineno = lineno
        self.name = name
        self._line = line
        if lookup_line:
            self.line
        self.locals = {k: repr(v) for k, v in locals.items()} if locals else None
        self.end_lineno = end_lineno
        self.colno = colno
        self.end_colno = end_colno

    def __eq__(self, other):
        if isinstance(other, FrameSummary):
            return (self.filename == other.filename and self.lineno == other.lineno and
                    self.name == other.name and self.locals == other.locals)
        if isinstance(other, tuple):
            return (self.filename, self.lineno, self.name, self.line) == other
        return NotImplemented

    def __getitem__(self, pos):
        return (self.filename, self.lineno, self.name, self.line)[pos]

    def __iter__(self):
        return iter([self.filename, self.lineno, self.name, self.line])

    def __repr__(self):
        return '<FrameSummary file {filename}, line {lineno} in {name}>'.format(
            filename=self.filename, lineno=self.lineno, name=self.name)

    def __len__(self):
        return 4

    @property
    def _original_line(self):
        self.line
        return self._line

    @property
    def line(self):
        if self._line is None:
            if self.lineno is None:
                return None
            self._line = linecache.getline(self.filename, self.lineno)
        return self._line.strip()


def walk_stack(f):
    if f is None:
        f = sys._getframe().f_back.f_back.f_back.f_back
    while f is not None:
        yield f, f.f_lineno
        f = f.f_back


def walk_tb(tb):
    while tb is not None:
        yield tb.tb_frame, tb.tb_lineno
        tb = tb.tb_next


class StackSummary(list):
    """A list of FrameSummary objects, representing a stack of frames."""

    @classmethod
    def extract(klass, frame_gen, *, limit=None, lookup_lines=True, capture_locals=False):
        def extended_frame_gen():
            for f, lineno in frame_gen:
                yield f, (lineno, None, None, None)
        return klass._extract_from_extended_frame_gen(
            extended_frame_gen(), limit=limit, lookup_lines=lookup_lines,
            capture_locals=capture_locals)

    @classmethod
    def _extract_from_extended_frame_gen(klass, frame_gen, *, limit=None, lookup_lines=True,
                                         capture_locals=False):
        if limit is None:
            limit = getattr(sys, 'tracebacklimit', None)
            if limit is not None and limit < 0:
                limit = 0
        frames = list(frame_gen)
        if limit is not None:
            if limit >= 0:
                frames = frames[:limit]
            else:
                frames = frames[limit:]
        result = klass()
        for f, (lineno, end_lineno, colno, end_colno) in frames:
            co = f.f_code
            line = None
            try:
                import _kafkalab
                line = _kafkalab.getline(co, lineno)
            except ImportError:
                pass
            if line is None:
                line = ''
            f_locals = f.f_locals if capture_locals else None
            result.append(FrameSummary(co.co_filename, lineno, co.co_name, lookup_line=False,
                                       locals=f_locals, line=line, end_lineno=end_lineno,
                                       colno=colno, end_colno=end_colno))
        return result

    @classmethod
    def from_list(klass, a_list):
        result = StackSummary()
        for frame in a_list:
            if isinstance(frame, FrameSummary):
                result.append(frame)
            else:
                filename, lineno, name, line = frame
                result.append(FrameSummary(filename, lineno, name, line=line))
        return result

    def format_frame_summary(self, frame_summary):
        row = ['  File "{}", line {}, in {}\n'.format(
            frame_summary.filename, frame_summary.lineno, frame_summary.name)]
        if frame_summary.line:
            row.append('    {}\n'.format(frame_summary.line))
        if frame_summary.locals:
            for name, value in sorted(frame_summary.locals.items()):
                row.append('    {name} = {value}\n'.format(name=name, value=value))
        return ''.join(row)

    def format(self):
        result = []
        last_file = None
        last_line = None
        last_name = None
        count = 0
        for frame_summary in self:
            formatted_frame = self.format_frame_summary(frame_summary)
            if formatted_frame is None:
                continue
            if (last_file is None or last_file != frame_summary.filename or
                    last_line is None or last_line != frame_summary.lineno or
                    last_name is None or last_name != frame_summary.name):
                if count > _RECURSIVE_CUTOFF:
                    count -= _RECURSIVE_CUTOFF
                    result.append(f'  [Previous line repeated {count} more '
                                  f'time{"s" if count > 1 else ""}]\n')
                last_file = frame_summary.filename
                last_line = frame_summary.lineno
                last_name = frame_summary.name
                count = 0
            count += 1
            if count > _RECURSIVE_CUTOFF:
                continue
            result.append(formatted_frame)
        if count > _RECURSIVE_CUTOFF:
            count -= _RECURSIVE_CUTOFF
            result.append(f'  [Previous line repeated {count} more '
                          f'time{"s" if count > 1 else ""}]\n')
        return result


class TracebackException:
    """An exception ready for rendering."""

    def __init__(self, exc_type, exc_value, exc_traceback, *, limit=None, lookup_lines=True,
                 capture_locals=False, compact=False, max_group_width=15, max_group_depth=10,
                 _seen=None):
        is_recursive_call = _seen is not None
        if _seen is None:
            _seen = set()
        _seen.add(id(exc_value))
        self.stack = StackSummary.extract(walk_tb(exc_traceback), limit=limit,
                                          lookup_lines=lookup_lines, capture_locals=capture_locals)
        self.exc_type = exc_type
        self._str = _safe_string(exc_value, 'exception')
        self.__notes__ = getattr(exc_value, '__notes__', None)
        if exc_type and issubclass(exc_type, SyntaxError):
            self.filename = exc_value.filename
            lno = exc_value.lineno
            self.lineno = str(lno) if lno is not None else None
            end_lno = getattr(exc_value, 'end_lineno', None)
            self.end_lineno = str(end_lno) if end_lno is not None else None
            self.text = exc_value.text
            self.offset = exc_value.offset
            self.end_offset = getattr(exc_value, 'end_offset', None)
            self.msg = exc_value.msg
        if lookup_lines:
            self._load_lines()
        self.__suppress_context__ = exc_value.__suppress_context__ if exc_value is not None else False
        self.__cause__ = None
        self.__context__ = None
        if exc_value is not None:
            cause = exc_value.__cause__
            if cause is not None and id(cause) not in _seen:
                self.__cause__ = TracebackException(
                    type(cause), cause, cause.__traceback__, limit=limit,
                    lookup_lines=lookup_lines, capture_locals=capture_locals, _seen=_seen)
            context = exc_value.__context__
            need_context = not (compact and self.__cause__ is not None) and not (
                compact and self.__suppress_context__)
            if context is not None and id(context) not in _seen and need_context:
                self.__context__ = TracebackException(
                    type(context), context, context.__traceback__, limit=limit,
                    lookup_lines=lookup_lines, capture_locals=capture_locals, _seen=_seen)

    @classmethod
    def from_exception(cls, exc, *args, **kwargs):
        return cls(type(exc), exc, exc.__traceback__, *args, **kwargs)

    def _load_lines(self):
        for frame in self.stack:
            frame.line

    def __eq__(self, other):
        if isinstance(other, TracebackException):
            return self.__dict__ == other.__dict__
        return NotImplemented

    def __str__(self):
        return self._str

    def format_exception_only(self):
        if self.exc_type is None:
            yield _format_final_exc_line(None, self._str)
            return
        stype = self.exc_type.__qualname__
        smod = self.exc_type.__module__
        if smod not in ('__main__', 'builtins'):
            if not isinstance(smod, str):
                smod = '<unknown>'
            stype = smod + '.' + stype
        if not issubclass(self.exc_type, SyntaxError):
            yield _format_final_exc_line(stype, self._str)
        else:
            yield from self._format_syntax_error(stype)
        if isinstance(self.__notes__, (list, tuple)):
            for note in self.__notes__:
                note = _safe_string(note, 'note')
                yield from [l + '\n' for l in note.split('\n')]
        elif self.__notes__ is not None:
            yield _safe_string(self.__notes__, '__notes__', func=repr) + '\n'

    def _format_syntax_error(self, stype):
        filename_suffix = ''
        if self.lineno is not None:
            yield '  File "{}", line {}\n'.format(self.filename or '<string>', self.lineno)
        elif self.filename is not None:
            filename_suffix = ' ({})'.format(self.filename)
        text = self.text
        if text is not None:
            rtext = text.rstrip('\n')
            ltext = rtext.lstrip(' \n\f')
            spaces = len(rtext) - len(ltext)
            yield '    {}\n'.format(ltext)
            if self.offset is not None:
                offset = self.offset
                end_offset = self.end_offset if self.end_offset not in {None, 0} else offset
                if offset == end_offset or end_offset == -1:
                    end_offset = offset + 1
                colno = offset - 1 - spaces
                end_colno = end_offset - 1 - spaces
                if colno >= 0:
                    caretspace = ((c if c.isspace() else ' ') for c in ltext[:colno])
                    yield '    {}{}\n'.format(''.join(caretspace), ('^' * (end_colno - colno)))
        msg = self.msg or '<no detail available>'
        yield '{}: {}{}\n'.format(stype, msg, filename_suffix)

    def format(self, *, chain=True, _ctx=None):
        output = []
        exc = self
        if chain:
            while exc:
                if exc.__cause__ is not None:
                    chained_msg = _cause_message
                    chained_exc = exc.__cause__
                elif exc.__context__ is not None and not exc.__suppress_context__:
                    chained_msg = _context_message
                    chained_exc = exc.__context__
                else:
                    chained_msg = None
                    chained_exc = None
                output.append((chained_msg, exc))
                exc = chained_exc
        else:
            output.append((None, exc))
        for msg, exc in reversed(output):
            if msg is not None:
                yield msg
            if exc.stack:
                yield 'Traceback (most recent call last):\n'
                yield from exc.stack.format()
            yield from exc.format_exception_only()

    def print(self, *, file=None, chain=True):
        if file is None:
            file = sys.stderr
        for line in self.format(chain=chain):
            print(line, file=file, end='')
