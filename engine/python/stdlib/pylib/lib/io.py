"""In-memory text and binary streams (kafkalab's io: StringIO and BytesIO).

Files are opened with open(); kafkalab keeps them inside the working folder."""

__all__ = ['StringIO', 'BytesIO', 'SEEK_SET', 'SEEK_CUR', 'SEEK_END',
           'UnsupportedOperation', 'IOBase', 'TextIOBase', 'BufferedIOBase']

SEEK_SET = 0
SEEK_CUR = 1
SEEK_END = 2


class UnsupportedOperation(OSError, ValueError):
    pass


class IOBase:
    """The base class of the in-memory streams."""

    def __init__(self):
        self._closed = False

    @property
    def closed(self):
        return self._closed

    def close(self):
        self._closed = True

    def _check_open(self):
        if self._closed:
            raise ValueError('I/O operation on closed file.')

    def readable(self):
        self._check_open()
        return True

    def writable(self):
        self._check_open()
        return True

    def seekable(self):
        self._check_open()
        return True

    def flush(self):
        self._check_open()

    def isatty(self):
        self._check_open()
        return False

    def __enter__(self):
        self._check_open()
        return self

    def __exit__(self, *args):
        self.close()

    def __iter__(self):
        self._check_open()
        return self

    def __next__(self):
        line = self.readline()
        if not line:
            raise StopIteration
        return line

    def readlines(self, hint=-1):
        lines = []
        total = 0
        for line in self:
            lines.append(line)
            total += len(line)
            if 0 < hint <= total:
                break
        return lines

    def writelines(self, lines):
        for line in lines:
            self.write(line)


class TextIOBase(IOBase):
    pass


class BufferedIOBase(IOBase):
    pass


class _MemoryStream(IOBase):
    _empty = ''

    def __init__(self, initial):
        super().__init__()
        self._buf = initial
        self._pos = 0

    def getvalue(self):
        self._check_open()
        return self._buf

    def tell(self):
        self._check_open()
        return self._pos

    def seek(self, pos, whence=0):
        self._check_open()
        if whence == SEEK_SET:
            if pos < 0:
                raise ValueError('Negative seek position %d' % pos)
            self._pos = pos
        elif whence == SEEK_CUR:
            self._pos = max(0, self._pos + pos)
        elif whence == SEEK_END:
            self._pos = max(0, len(self._buf) + pos)
        else:
            raise ValueError('Invalid whence (%d, should be 0, 1 or 2)' % whence)
        return self._pos

    def read(self, size=-1):
        self._check_open()
        if size is None or size < 0:
            size = len(self._buf)
        data = self._buf[self._pos:self._pos + size]
        self._pos += len(data)
        return data

    def readline(self, size=-1):
        self._check_open()
        end = self._buf.find(self._newline_char, self._pos)
        end = len(self._buf) if end < 0 else end + 1
        if size is not None and size >= 0:
            end = min(end, self._pos + size)
        data = self._buf[self._pos:end]
        self._pos = end
        return data

    def write(self, s):
        self._check_open()
        self._check_type(s)
        n = len(s)
        if self._pos > len(self._buf):
            self._buf += self._pad * (self._pos - len(self._buf))
        self._buf = self._buf[:self._pos] + s + self._buf[self._pos + n:]
        self._pos += n
        return n

    def truncate(self, size=None):
        self._check_open()
        if size is None:
            size = self._pos
        if size < 0:
            raise ValueError('Negative size value %d' % size)
        self._buf = self._buf[:size]
        return size


class StringIO(_MemoryStream, TextIOBase):
    """Text I/O implementation using an in-memory buffer."""
    _newline_char = '\n'
    _pad = '\0'

    def __init__(self, initial_value='', newline='\n'):
        if initial_value is None:
            initial_value = ''
        if not isinstance(initial_value, str):
            raise TypeError('initial_value must be str or None, not %s' % type(initial_value).__name__)
        super().__init__(initial_value)

    def _check_type(self, s):
        if not isinstance(s, str):
            raise TypeError('string argument expected, got %r' % type(s).__name__)

    def __repr__(self):
        return '<_io.StringIO object at 0x%x>' % id(self)


class BytesIO(_MemoryStream, BufferedIOBase):
    """Buffered I/O implementation using an in-memory bytes buffer."""
    _newline_char = b'\n'
    _pad = b'\0'

    def __init__(self, initial_bytes=b''):
        if initial_bytes is None:
            initial_bytes = b''
        super().__init__(bytes(initial_bytes))

    def _check_type(self, s):
        if not isinstance(s, (bytes, bytearray)):
            raise TypeError("a bytes-like object is required, not '%s'" % type(s).__name__)

    def getbuffer(self):
        return self._buf

    def read1(self, size=-1):
        return self.read(size)

    def __repr__(self):
        return '<_io.BytesIO object at 0x%x>' % id(self)
