"""The table's standing pass switches are remembered between sessions (QSettings); the one-off
"pass all until" is not; an unreadable value, or one kept before the defaults changed, gives the
default policy (ask only what can matter)."""

from __future__ import annotations

import pytest

from sfb_desk.qt.controller import GameController
from sfb_desk.engine.orders.pass_policy import PassPolicy
from sfb_desk.ui.orders.panel import POLICY_KEY, OrdersPanel, remembered_policy
from sfb_desk.ui.orders.pass_policy import NEVER_ANNOUNCE


@pytest.fixture
def controllers(qapp):
    made = []

    def make():
        c = GameController()
        made.append(c)
        return c

    yield make
    for c in made:
        assert c.close()


def test_switches_come_back_and_until_does_not(qtbot, controllers):
    first = OrdersPanel()
    qtbot.addWidget(first)
    c1 = controllers()
    first.bind(c1)
    box = first.policy_box
    assert first.policy == PassPolicy()  # nothing remembered: the default
    box.announcements.setCurrentIndex(NEVER_ANNOUNCE)
    box.fire.click()
    box.fire_range.setValue(8)
    box.until.click()
    assert c1.pass_policy.until is not None
    c1.settings.sync()

    second = OrdersPanel()
    qtbot.addWidget(second)
    c2 = controllers()
    second.bind(c2)
    assert second.policy == PassPolicy(skip_announcements=True, skip_idle_announcements=False,
                                       fire_when_able=False, fire_max_range=8)
    assert c2.pass_policy == second.policy  # handed to the controller at once


@pytest.mark.parametrize("raw", ["not json", "[1, 2]", '{"version": 2, "fire_max_range": "far"}',
                                 '{"skip_announcements": false, "fire_when_able": false}'])
def test_an_unreadable_or_old_value_gives_the_default(controllers, raw):
    c = controllers()
    c.settings.setValue(POLICY_KEY, raw)
    assert remembered_policy(c.settings) == PassPolicy()
