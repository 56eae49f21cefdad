"""Fixtures of the widget tests."""

from __future__ import annotations

import pytest

from app_controller import app_controller


@pytest.fixture
def controller_in_app():
    """A GameController as the app runs it (tests/ui/app_controller.py), closed at the end."""
    with app_controller() as c:
        yield c
