"""Energy allocation facts in the words of the energy sheet and as SFB writes numbers.

* :func:`energy_text`: an amount of energy as the rulebooks print it: ``Fraction(59, 2)`` ->
  ``29½``, ``Fraction(1, 5)`` -> ``⅕``, ``Fraction(9, 7)`` -> ``1 2/7``; whole numbers plainly.
* :func:`fractions_in_words`: every ``59/2`` of a message so (the rules layer's messages print
  Python fractions).
* :func:`line_name`: an :class:`~sfb_desk.rules.energy.issue.Issue`'s line as the sheet labels
  it: ``total_used`` -> ``Total power used``, ``weapon:disruptor#A`` -> ``Disruptor A``.
"""

from __future__ import annotations

import re
from fractions import Fraction

from ..box_names import box_name
from .allocation import LINES

#: The fractions SFB prints with a single sign (movement costs, energy of ½ and ⅓ steps).
VULGAR = {(1, 2): "½", (1, 3): "⅓", (2, 3): "⅔", (1, 4): "¼", (3, 4): "¾", (1, 5): "⅕",
          (2, 5): "⅖", (3, 5): "⅗", (4, 5): "⅘", (1, 6): "⅙", (5, 6): "⅚", (1, 8): "⅛",
          (3, 8): "⅜", (5, 8): "⅝", (7, 8): "⅞"}
_FRACTION = re.compile(r"(?<![\w/#.])(-?\d+)/(\d+)(?![\w/#]|\.\d)")
_LABELS = {line.key: line.label for line in LINES}
_OTHER_LINES = {"total": "Totals"}


def energy_text(value: Fraction | int | float) -> str:
    """An amount of energy as SFB writes it (module docstring)."""
    f = Fraction(value)
    if f.denominator == 1:
        return str(f.numerator)
    sign = "-" if f < 0 else ""
    whole, rest = divmod(abs(f.numerator), f.denominator)
    part = VULGAR.get((rest, f.denominator))
    if part is not None:
        return f"{sign}{whole or ''}{part}"
    return f"{sign}{whole} {rest}/{f.denominator}" if whole else f"{sign}{rest}/{f.denominator}"


def fractions_in_words(text: str) -> str:
    """Every fraction ``a/b`` (whole numbers) of ``text`` as :func:`energy_text` writes it."""
    if "/" not in text:
        return text

    def said(m: re.Match[str]) -> str:
        low = int(m.group(2))
        return m.group(0) if low == 0 else energy_text(Fraction(int(m.group(1)), low))

    return _FRACTION.sub(said, text)


def line_name(line: str) -> str:
    """An issue's line as the energy sheet labels it (module docstring)."""
    kind, colon, box = line.partition(":")
    if colon and kind == "weapon":
        return box_name(box)
    return _LABELS.get(line) or _OTHER_LINES.get(line) or line.replace("_", " ").capitalize()
