"""An illegal or doubtful energy allocation, reported with its rule (DESIGN.md section 3)."""

from __future__ import annotations

from dataclasses import dataclass

ERROR = "error"
WARNING = "warning"  # legal but worth a look (unallocated power is lost, B3.4)
NOTE = "note"  # not checked: the rule is not in the sources


@dataclass(frozen=True, slots=True)
class Issue:
    """``rule`` broken, a plain ``message`` and the form ``line`` that causes it (a key of
    :data:`sfb_desk.rules.energy.allocation.LINES`, ``weapon:<box id>`` or ``total``)."""

    rule: str
    message: str
    line: str = "total"
    severity: str = ERROR

    @property
    def is_error(self) -> bool:
        return self.severity == ERROR

    def __str__(self) -> str:
        return f"({self.rule}) {self.message}"


def errors(issues: list[Issue] | tuple[Issue, ...]) -> list[Issue]:
    return [i for i in issues if i.is_error]
