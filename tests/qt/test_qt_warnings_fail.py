"""Qt warnings fail tests (pyproject: qt_log_level_fail = WARNING). Prove it can fail."""

from __future__ import annotations

from pathlib import Path

PYPROJECT = Path(__file__).resolve().parents[2] / "pyproject.toml"

INNER = '''
from PySide6.QtCore import qWarning


def test_emits_a_qt_warning(qtbot):
    qWarning("something is wrong in Qt")


def test_quiet(qtbot):
    assert True
'''


def test_a_qt_warning_fails_the_test(pytester):
    pytester.makepyfile(test_inner=INNER)
    # Use the project's own pytest settings for Qt logging.
    pytester.makeini(
        "[pytest]\nqt_api = pyside6\nqt_log_level_fail = WARNING\n"
    )
    result = pytester.runpytest_subprocess("-q")
    result.assert_outcomes(passed=1, failed=1)
    result.stdout.fnmatch_lines(["*Failure: Qt messages with level WARNING or above emitted*"])


def test_the_project_settings_enable_it():
    text = PYPROJECT.read_text()
    assert 'qt_log_level_fail = "WARNING"' in text
