"""Packages whose names are imported from their modules when first used (PEP 562).

A package of the rules (``rules.combat``, ...) offers the names of its modules at its top, so
that ``from sfb_desk.rules.combat import UP`` works; importing every module to do so made any
use of one of them load the whole package (issue 13: start-up). :func:`lazy_exports` gives such
a package a module ``__getattr__`` that imports the module holding a name the first time the
name is asked for (then keeps it in the package), and a ``__dir__`` listing every name.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping


def lazy_exports(package: str, namespace: dict, exports: Mapping[str, tuple[str, ...]]
                 ) -> tuple[Callable[[str], object], Callable[[], list[str]]]:
    """``(__getattr__, __dir__)`` for ``package`` (its ``__name__``), whose ``namespace`` is its
    ``globals()``: ``exports`` maps each module of the package (relative name) to the names it
    offers. A name that no module offers is an AttributeError (so that ``from package import
    submodule`` still imports the submodule)."""
    where = {name: module for module, names in exports.items() for name in names}

    def __getattr__(name: str) -> object:  # noqa: N807 - the module hook's name
        module = where.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(f"{package}.{module}"), name)
        namespace[name] = value
        return value

    def __dir__() -> list[str]:  # noqa: N807
        return sorted(set(namespace) | set(where))

    return __getattr__, __dir__


def names(exports: Mapping[str, tuple[str, ...]]) -> list[str]:
    """Every name ``exports`` offers, sorted (a package's ``__all__``)."""
    return sorted(name for offered in exports.values() for name in offered)
