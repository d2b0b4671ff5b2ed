"""Temporary folders for kafkalab scripts, kept inside the working folder.

A script here writes only inside its working folder, so the temporary folder is one
there, .kafkalab-tmp, made when first needed and removed again once the last
TemporaryDirectory in it is cleaned up. mkdtemp and TemporaryDirectory take Python's
arguments; the random part of a name is eight characters, as in CPython.
"""

import os
import random as _random
import shutil as _shutil

__all__ = ["TemporaryDirectory", "mkdtemp", "gettempdir", "gettempprefix", "tempdir"]

# tempdir, when set, is the folder gettempdir() answers (inside the working folder).
tempdir = None

_TMP = ".kafkalab-tmp"
_CHARACTERS = "abcdefghijklmnopqrstuvwxyz0123456789_"
_rng = _random.Random()


def _default_dir():
    return os.path.join(os.getcwd(), _TMP)


def gettempprefix():
    return "tmp"


def gettempdir():
    """The folder temporary folders go in: .kafkalab-tmp in the working folder."""
    d = tempdir if tempdir is not None else _default_dir()
    os.makedirs(d, exist_ok=True)
    return d


def _random_name():
    return "".join(_rng.choice(_CHARACTERS) for _ in range(8))


def mkdtemp(suffix=None, prefix=None, dir=None):
    """Make a new folder with a unique name and return its absolute path."""
    prefix = gettempprefix() if prefix is None else prefix
    suffix = "" if suffix is None else suffix
    dir = gettempdir() if dir is None else dir
    for _ in range(100):
        path = os.path.join(dir, prefix + _random_name() + suffix)
        if os.path.exists(path):
            continue
        os.mkdir(path)
        return os.path.abspath(path)
    raise FileExistsError("No usable temporary directory name found")


class TemporaryDirectory:
    """A folder made by mkdtemp, removed with its contents when the with block ends
    (or at cleanup())."""

    def __init__(self, suffix=None, prefix=None, dir=None, ignore_cleanup_errors=False, delete=True):
        self.name = mkdtemp(suffix, prefix, dir)
        self._ignore_cleanup_errors = ignore_cleanup_errors
        self._delete = delete
        self._cleaned = False

    def __repr__(self):
        return "<{} {!r}>".format(self.__class__.__name__, self.name)

    def __enter__(self):
        return self.name

    def __exit__(self, exc, value, tb):
        if self._delete:
            self.cleanup()

    def cleanup(self):
        if self._cleaned:
            return
        self._cleaned = True
        if os.path.exists(self.name):
            _shutil.rmtree(self.name, ignore_errors=self._ignore_cleanup_errors)
        parent = os.path.dirname(self.name)
        if parent == os.path.abspath(_default_dir()) and os.path.isdir(parent) and not os.listdir(parent):
            os.rmdir(parent)
