"""Base16, Base32 and Base64 encodings of bytes (kafkalab's base64)."""

__all__ = ['b64encode', 'b64decode', 'standard_b64encode', 'standard_b64decode',
           'urlsafe_b64encode', 'urlsafe_b64decode', 'b16encode', 'b16decode', 'encodebytes',
           'decodebytes', 'b32encode', 'b32decode']

_B64 = b'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'
_B32 = b'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'


class Error(ValueError):
    pass


def _bytes(s, what):
    if isinstance(s, str):
        try:
            return s.encode('ascii')
        except UnicodeEncodeError:
            raise ValueError('string argument should contain only ASCII characters')
    if isinstance(s, (bytes, bytearray)):
        return bytes(s)
    raise TypeError("%s() argument 1 must be str or a bytes-like object, not %s" % (what, type(s).__name__))


def b64encode(s, altchars=None):
    data = _bytes(s, 'b64encode') if not isinstance(s, (bytes, bytearray)) else bytes(s)
    alphabet = _B64
    if altchars is not None:
        alt = _bytes(altchars, 'b64encode')
        alphabet = _B64[:62] + alt[:2]
    out = []
    for i in range(0, len(data), 3):
        chunk = data[i:i + 3]
        n = len(chunk)
        v = (chunk[0] << 16) | ((chunk[1] if n > 1 else 0) << 8) | (chunk[2] if n > 2 else 0)
        out.append(alphabet[(v >> 18) & 63])
        out.append(alphabet[(v >> 12) & 63])
        out.append(alphabet[(v >> 6) & 63] if n > 1 else 61)
        out.append(alphabet[v & 63] if n > 2 else 61)
    return bytes(out)


def b64decode(s, altchars=None, validate=False):
    data = _bytes(s, 'b64decode')
    alphabet = _B64
    if altchars is not None:
        alt = _bytes(altchars, 'b64decode')
        alphabet = _B64[:62] + alt[:2]
    table = {c: i for i, c in enumerate(alphabet)}
    vals = []
    pad = 0
    for c in data:
        if c == 61:  # '='
            pad += 1
            continue
        if c in table:
            if pad:
                raise Error('Excess data after padding')
            vals.append(table[c])
        elif validate:
            raise Error('Only base64 data is allowed')
    if len(vals) % 4 == 1:
        raise Error('Invalid base64-encoded string: number of data characters (%d) cannot be 1 more than a multiple of 4' % len(vals))
    if (len(vals) + pad) % 4 and validate:
        raise Error('Incorrect padding')
    if pad == 0 and len(vals) % 4:
        raise Error('Incorrect padding')
    out = []
    for i in range(0, len(vals), 4):
        chunk = vals[i:i + 4]
        v = 0
        for k in range(4):
            v = (v << 6) | (chunk[k] if k < len(chunk) else 0)
        out.append((v >> 16) & 255)
        if len(chunk) > 2:
            out.append((v >> 8) & 255)
        if len(chunk) > 3:
            out.append(v & 255)
    return bytes(out)


def standard_b64encode(s):
    return b64encode(s)


def standard_b64decode(s):
    return b64decode(s)


def urlsafe_b64encode(s):
    return b64encode(s, b'-_')


def urlsafe_b64decode(s):
    return b64decode(s, b'-_')


def encodebytes(s):
    enc = b64encode(s)
    out = b''
    for i in range(0, len(enc), 76):
        out += enc[i:i + 76] + b'\n'
    return out


def decodebytes(s):
    return b64decode(s)


def b16encode(s):
    return ''.join('%02X' % b for b in _bytes(s, 'b16encode')).encode('ascii')


def b16decode(s, casefold=False):
    text = _bytes(s, 'b16decode').decode('ascii')
    if casefold:
        text = text.upper()
    if any(c not in '0123456789ABCDEF' for c in text):
        raise Error('Non-base16 digit found')
    if len(text) % 2:
        raise Error('Odd-length string')
    return bytes(int(text[i:i + 2], 16) for i in range(0, len(text), 2))


def b32encode(s):
    data = _bytes(s, 'b32encode')
    out = []
    for i in range(0, len(data), 5):
        chunk = data[i:i + 5]
        n = len(chunk)
        v = 0
        for k in range(5):
            v = (v << 8) | (chunk[k] if k < n else 0)
        chars = [_B32[(v >> (35 - 5 * k)) & 31] for k in range(8)]
        keep = {1: 2, 2: 4, 3: 5, 4: 7, 5: 8}[n]
        out.extend(chars[:keep] + [61] * (8 - keep))
    return bytes(out)


def b32decode(s, casefold=False):
    text = _bytes(s, 'b32decode')
    if casefold:
        text = text.upper()
    table = {c: i for i, c in enumerate(_B32)}
    out = []
    for i in range(0, len(text), 8):
        chunk = [c for c in text[i:i + 8] if c != 61]
        v = 0
        for k in range(8):
            if k < len(chunk):
                if chunk[k] not in table:
                    raise Error('Non-base32 digit found')
                v = (v << 5) | table[chunk[k]]
            else:
                v <<= 5
        nbytes = {0: 0, 2: 1, 4: 2, 5: 3, 7: 4, 8: 5}.get(len(chunk))
        if nbytes is None:
            raise Error('Incorrect padding')
        out.extend(((v >> (32 - 8 * k)) & 255) for k in range(nbytes))
    return bytes(out)
