"""A unit named for the table: its id and the name that says more than the id, once.

Scenario units are often named by their class id ("KLI-F5M" named "KLI-F5M"): the panels then
say "KLI-F5M", not "KLI-F5M — KLI-F5M" or "FED-CA (FED-CA)".
"""

from __future__ import annotations


def titled(uid: str, *names: str | None, sep: str = " — ") -> str:
    """``uid``, then ``sep`` and the first of ``names`` that is neither empty nor the id itself
    ("ENT — Heavy Cruiser"); the id alone when no name says more ("KLI-F5M")."""
    for name in names:
        if name and name.strip() and name.strip() != uid:
            return f"{uid}{sep}{name}"
    return uid


def name_first(uid: str, name: str | None) -> str:
    """The name, then the id in brackets ("Enterprise (ENT)"); the id alone when the name is
    empty or the id itself."""
    return f"{name} ({uid})" if name and name.strip() and name.strip() != uid else uid
