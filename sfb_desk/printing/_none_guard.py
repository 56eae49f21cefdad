"""Keep PySide6 6.12's ``None`` reference leak from killing Python 3.11 while printing.

PySide6 6.12.0 returns ``None`` from C++ ``void`` methods without a new reference; on Python
3.11 (where ``None`` is not yet immortal, PEP 683) every ``painter.drawRect(...)`` spends one
of ``None``'s few thousand references and a page of a thousand items aborts the process with
``Fatal Python error: none_dealloc``. The same cure as ``sfb_desk/ui/map_none_guard.py`` (the
map found it first; the printing layer may not import ui, and the CLI never imports ui): give
``None`` a reference count no program can spend, once. A no-op on 3.12+ and outside CPython.
tests/printing/test_none_guard.py proves a page's worth of void calls is survived.
"""

from __future__ import annotations

import ctypes
import sys

_HUGE = 1 << 60


def make_none_immortal() -> bool:
    """Pin ``None``'s reference count out of reach (CPython < 3.12 only); True if it did."""
    if sys.implementation.name != "cpython" or sys.version_info >= (3, 12):
        return False
    refcnt = ctypes.c_ssize_t.from_address(id(None))  # ob_refcnt, the first field of PyObject
    if refcnt.value >= _HUGE // 2:
        return False
    refcnt.value += _HUGE
    return True


make_none_immortal()
