"""No module of sfb_desk over 450 lines (the project rule: a module holds one thing; a bigger one
is split by what it holds)."""

from __future__ import annotations

from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "sfb_desk"
MAX_LINES = 450


def oversized(root: Path, limit: int = MAX_LINES) -> list[str]:
    """``path: N lines`` for every .py file under ``root`` longer than ``limit`` lines."""
    found = []
    for path in sorted(root.rglob("*.py")):
        with path.open(encoding="utf-8") as f:
            n = sum(1 for _ in f)
        if n > limit:
            found.append(f"{path.relative_to(root.parent)}: {n} lines")
    return found


def test_no_module_over_450_lines():
    assert oversized(PACKAGE) == []


def test_the_check_catches_a_long_module(tmp_path):
    root = tmp_path / "sfb_desk"
    (root / "ui").mkdir(parents=True)
    (root / "ui" / "long.py").write_text("x = 1\n" * (MAX_LINES + 1))
    (root / "short.py").write_text("x = 1\n" * MAX_LINES)
    assert oversized(root) == [f"sfb_desk/ui/long.py: {MAX_LINES + 1} lines"]
