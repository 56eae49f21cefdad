"""Work around a PySide6 6.12 reference-count bug that kills Python 3.11 with ``none_dealloc``.

PySide6 6.12.0 (the abi3 wheels this project locks) returns ``None`` from every C++ ``void``
method *without* a new reference. Python 3.12 made ``None`` immortal (PEP 683), so there it is
harmless; on Python 3.11 each call (``painter.setPen(...)``, ``item.update()`` ...) takes one
reference from ``None``, which starts a process with a few thousand. The map paints thousands
of such calls a frame, and after a few frames Python aborts::

    Fatal Python error: none_dealloc: deallocating None: bug likely caused by a refcount
    error in a C extension

(tests/ui/test_map_view.py::test_pyside_void_calls_do_not_kill_none reproduces it.)
:func:`make_none_immortal` does for ``None`` what Python 3.12 does: it gives it a reference
count no program can spend (2**60), once. It is a no-op on 3.12+ and outside CPython.
It runs when this module is imported (every map module imports it); the whole application
needs it, so the entry point (app.py) and tests/conftest.py should call it too.
"""

from __future__ import annotations

import ctypes
import sys

_HUGE = 1 << 60


def make_none_immortal() -> bool:
    """Pin ``None``'s reference count out of reach (CPython < 3.12 only). Returns whether it
    had to (and did) raise it."""
    if sys.implementation.name != "cpython" or sys.version_info >= (3, 12):
        return False
    refcnt = ctypes.c_ssize_t.from_address(id(None))  # ob_refcnt, the first field of PyObject
    if refcnt.value >= _HUGE // 2:
        return False
    refcnt.value += _HUGE
    return True


make_none_immortal()
