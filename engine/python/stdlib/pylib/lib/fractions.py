"""Fraction, infinite-precision rational numbers (kafkalab's fractions)."""

import math
import re

__all__ = ['Fraction']

_PyHASH_MODULUS = 2 ** 61 - 1
_PyHASH_INF = 314159

_RATIONAL_FORMAT = re.compile(r"""
    \A\s*
    (?P<sign>[-+]?)
    (?=\d|\.\d)
    (?P<num>\d*|\d+(_\d+)*)
    (?:
        (?:\s*/\s*(?P<denom>\d+(_\d+)*))?
    |
        (?:\.(?P<decimal>\d*|\d+(_\d+)*))?
        (?:E(?P<exp>[-+]?\d+(_\d+)*))?
    )
    \s*\Z
""", re.VERBOSE | re.IGNORECASE)


class Fraction:
    """This class implements rational numbers."""

    __slots__ = ('_numerator', '_denominator')

    def __new__(cls, numerator=0, denominator=None):
        self = super().__new__(cls)
        if denominator is None:
            if type(numerator) is int or isinstance(numerator, int):
                self._numerator = int(numerator)
                self._denominator = 1
                return self
            elif isinstance(numerator, Fraction):
                self._numerator = numerator._numerator
                self._denominator = numerator._denominator
                return self
            elif isinstance(numerator, float):
                self._numerator, self._denominator = numerator.as_integer_ratio()
                return self
            elif isinstance(numerator, str):
                m = _RATIONAL_FORMAT.match(numerator)
                if m is None:
                    raise ValueError('Invalid literal for Fraction: %r' % numerator)
                numerator = int(m.group('num') or '0')
                denom = m.group('denom')
                if denom:
                    denominator = int(denom)
                else:
                    denominator = 1
                    decimal = m.group('decimal')
                    if decimal:
                        decimal = decimal.replace('_', '')
                        scale = 10 ** len(decimal)
                        numerator = numerator * scale + int(decimal)
                        denominator *= scale
                    exp = m.group('exp')
                    if exp:
                        exp = int(exp)
                        if exp >= 0:
                            numerator *= 10 ** exp
                        else:
                            denominator *= 10 ** -exp
                if m.group('sign') == '-':
                    numerator = -numerator
            elif hasattr(numerator, 'as_integer_ratio'):
                self._numerator, self._denominator = numerator.as_integer_ratio()
                return self
            else:
                raise TypeError('argument should be a string or a Rational instance')
        elif isinstance(numerator, int) and isinstance(denominator, int):
            pass
        elif isinstance(numerator, Fraction) and isinstance(denominator, Fraction):
            numerator, denominator = (numerator._numerator * denominator._denominator,
                                      denominator._numerator * numerator._denominator)
        else:
            raise TypeError('both arguments should be Rational instances')
        if denominator == 0:
            raise ZeroDivisionError('Fraction(%s, 0)' % numerator)
        g = math.gcd(numerator, denominator)
        if denominator < 0:
            g = -g
        self._numerator = numerator // g
        self._denominator = denominator // g
        return self

    @classmethod
    def from_float(cls, f):
        """Converts a finite float to a rational number, exactly."""
        if isinstance(f, int):
            return cls(f)
        if not isinstance(f, float):
            raise TypeError('%s.from_float() only takes floats, not %r (%s)' % (cls.__name__, f, type(f).__name__))
        return cls(*f.as_integer_ratio())

    @classmethod
    def from_decimal(cls, dec):
        """Converts a finite Decimal instance to a rational number, exactly."""
        return cls(*dec.as_integer_ratio())

    def is_integer(self):
        """Return True if the Fraction is an integer."""
        return self._denominator == 1

    def as_integer_ratio(self):
        """Return the integer ratio as a tuple."""
        return (self._numerator, self._denominator)

    def limit_denominator(self, max_denominator=1000000):
        """Closest Fraction to self with denominator at most max_denominator."""
        if max_denominator < 1:
            raise ValueError('max_denominator should be at least 1')
        if self._denominator <= max_denominator:
            return Fraction(self)
        p0, q0, p1, q1 = 0, 1, 1, 0
        n, d = self._numerator, self._denominator
        while True:
            a = n // d
            q2 = q0 + a * q1
            if q2 > max_denominator:
                break
            p0, q0, p1, q1 = p1, q1, p0 + a * p1, q2
            n, d = d, n - a * d
        k = (max_denominator - q0) // q1
        if 2 * d * (q0 + k * q1) <= self._denominator:
            return Fraction(p1, q1)
        return Fraction(p0 + k * p1, q0 + k * q1)

    @property
    def numerator(a):
        return a._numerator

    @property
    def denominator(a):
        return a._denominator

    def __repr__(self):
        """repr(self)"""
        return '%s(%s, %s)' % (self.__class__.__name__, self._numerator, self._denominator)

    def __str__(self):
        """str(self)"""
        if self._denominator == 1:
            return str(self._numerator)
        return '%s/%s' % (self._numerator, self._denominator)

    @staticmethod
    def _coerce(other):
        if isinstance(other, Fraction):
            return other
        if isinstance(other, int):
            return Fraction(other)
        return None

    def __add__(a, b):
        fb = Fraction._coerce(b)
        if fb is not None:
            return Fraction(a._numerator * fb._denominator + fb._numerator * a._denominator,
                            a._denominator * fb._denominator)
        if isinstance(b, float):
            return float(a) + b
        if isinstance(b, complex):
            return complex(a) + b
        return NotImplemented

    def __radd__(b, a):
        fa = Fraction._coerce(a)
        if fa is not None:
            return fa + b
        if isinstance(a, float):
            return a + float(b)
        if isinstance(a, complex):
            return a + complex(b)
        return NotImplemented

    def __sub__(a, b):
        fb = Fraction._coerce(b)
        if fb is not None:
            return Fraction(a._numerator * fb._denominator - fb._numerator * a._denominator,
                            a._denominator * fb._denominator)
        if isinstance(b, float):
            return float(a) - b
        if isinstance(b, complex):
            return complex(a) - b
        return NotImplemented

    def __rsub__(b, a):
        fa = Fraction._coerce(a)
        if fa is not None:
            return fa - b
        if isinstance(a, float):
            return a - float(b)
        if isinstance(a, complex):
            return a - complex(b)
        return NotImplemented

    def __mul__(a, b):
        fb = Fraction._coerce(b)
        if fb is not None:
            return Fraction(a._numerator * fb._numerator, a._denominator * fb._denominator)
        if isinstance(b, float):
            return float(a) * b
        if isinstance(b, complex):
            return complex(a) * b
        return NotImplemented

    def __rmul__(b, a):
        fa = Fraction._coerce(a)
        if fa is not None:
            return fa * b
        if isinstance(a, float):
            return a * float(b)
        if isinstance(a, complex):
            return a * complex(b)
        return NotImplemented

    def __truediv__(a, b):
        fb = Fraction._coerce(b)
        if fb is not None:
            if fb._numerator == 0:
                raise ZeroDivisionError('Fraction(%s, 0)' % (a._numerator * fb._denominator))
            return Fraction(a._numerator * fb._denominator, a._denominator * fb._numerator)
        if isinstance(b, float):
            return float(a) / b
        if isinstance(b, complex):
            return complex(a) / b
        return NotImplemented

    def __rtruediv__(b, a):
        fa = Fraction._coerce(a)
        if fa is not None:
            return fa / b
        if isinstance(a, float):
            return a / float(b)
        if isinstance(a, complex):
            return a / complex(b)
        return NotImplemented

    def __floordiv__(a, b):
        fb = Fraction._coerce(b)
        if fb is not None:
            return (a._numerator * fb._denominator) // (a._denominator * fb._numerator)
        if isinstance(b, float):
            return float(a) // b
        return NotImplemented

    def __rfloordiv__(b, a):
        fa = Fraction._coerce(a)
        if fa is not None:
            return fa // b
        if isinstance(a, float):
            return a // float(b)
        return NotImplemented

    def __mod__(a, b):
        fb = Fraction._coerce(b)
        if fb is not None:
            da, db = a._denominator, fb._denominator
            return Fraction((a._numerator * db) % (fb._numerator * da), da * db)
        if isinstance(b, float):
            return float(a) % b
        return NotImplemented

    def __rmod__(b, a):
        fa = Fraction._coerce(a)
        if fa is not None:
            return fa % b
        if isinstance(a, float):
            return a % float(b)
        return NotImplemented

    def __divmod__(a, b):
        return (a // b, a % b)

    def __pow__(a, b):
        if isinstance(b, int) or (isinstance(b, Fraction) and b._denominator == 1):
            power = b if isinstance(b, int) else b._numerator
            if power >= 0:
                return Fraction(a._numerator ** power, a._denominator ** power)
            if a._numerator == 0:
                raise ZeroDivisionError('Fraction(%s, 0)' % (a._denominator ** -power))
            return Fraction(a._denominator ** -power, a._numerator ** -power)
        return float(a) ** b

    def __rpow__(b, a):
        if b._denominator == 1 and b._numerator >= 0:
            return a ** b._numerator
        if isinstance(a, int):
            return Fraction(a) ** b
        return a ** float(b)

    def __pos__(a):
        return Fraction(a._numerator, a._denominator)

    def __neg__(a):
        return Fraction(-a._numerator, a._denominator)

    def __abs__(a):
        return Fraction(abs(a._numerator), a._denominator)

    def __int__(a):
        if a._numerator < 0:
            return -(-a._numerator // a._denominator)
        return a._numerator // a._denominator

    def __trunc__(a):
        return a.__int__()

    def __float__(a):
        return a._numerator / a._denominator

    def __complex__(a):
        return complex(float(a))

    def __floor__(a):
        return a._numerator // a._denominator

    def __ceil__(a):
        return -(-a._numerator // a._denominator)

    def __round__(self, ndigits=None):
        if ndigits is None:
            floor, remainder = divmod(self._numerator, self._denominator)
            if remainder * 2 < self._denominator:
                return floor
            elif remainder * 2 > self._denominator:
                return floor + 1
            elif floor % 2 == 0:
                return floor
            return floor + 1
        shift = 10 ** abs(ndigits)
        if ndigits > 0:
            return Fraction(round(self * shift), shift)
        return Fraction(round(self / shift) * shift)

    def __hash__(self):
        try:
            dinv = pow(self._denominator, -1, _PyHASH_MODULUS)
        except ValueError:
            hash_ = _PyHASH_INF
        else:
            hash_ = hash(hash(abs(self._numerator)) * dinv)
        result = hash_ if self._numerator >= 0 else -hash_
        return -2 if result == -1 else result

    def __eq__(a, b):
        if isinstance(b, Fraction):
            return a._numerator == b._numerator and a._denominator == b._denominator
        if isinstance(b, int):
            return a._numerator == b and a._denominator == 1
        if isinstance(b, float):
            if math.isnan(b) or math.isinf(b):
                return 0.0 == b
            return a == a.from_float(b)
        if isinstance(b, complex):
            return b.imag == 0 and a == b.real
        return NotImplemented

    def _richcmp(self, other, op):
        if isinstance(other, (int, Fraction)):
            o = Fraction._coerce(other)
            return op(self._numerator * o._denominator, self._denominator * o._numerator)
        if isinstance(other, float):
            if math.isnan(other) or math.isinf(other):
                return op(0.0, other)
            return op(self, self.from_float(other))
        return NotImplemented

    def __lt__(a, b):
        return a._richcmp(b, lambda x, y: x < y)

    def __gt__(a, b):
        return a._richcmp(b, lambda x, y: x > y)

    def __le__(a, b):
        return a._richcmp(b, lambda x, y: x <= y)

    def __ge__(a, b):
        return a._richcmp(b, lambda x, y: x >= y)

    def __bool__(a):
        return bool(a._numerator)

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self
