"""Damage Allocation (D4) and damage control (D9) in the pure rules layer.

* :func:`allocate_damage` / :func:`allocation_steps`: one volley through the DAC procedure;
* :class:`DamageState` (immutable), :class:`Volley`, :class:`DamageEvent` (one per point);
* :class:`DamageOptions`: the disputed and optional rules as switches;
* :class:`ChoiceNeeded` / :class:`RollsNeeded`: the prompts; :class:`DefaultPolicy`;
* :mod:`.repair`: damage-control rating, shield repair and continuous damage repair (D9);
* :func:`crippled_reasons`: the S2.4 crippled test.
"""

from sfb_desk.rules.damage.allocation import (
    VALID_ROLLS,
    VolleyResult,
    allocate_damage,
    allocation_steps,
    check_rolls,
)
from sfb_desk.rules.damage.events import (
    AFTER_DESTRUCTION,
    BOX,
    DESTROYS_SHIP,
    EXCESS,
    Choice,
    DamageEvent,
    EventLog,
)
from sfb_desk.rules.damage.layout import Layout, compile_ship
from sfb_desk.rules.damage.options import DEFAULT_OPTIONS, DamageOptions
from sfb_desk.rules.damage.policy import DEFAULT_POLICY, ChoicePolicy, DefaultPolicy
from sfb_desk.rules.damage.state import (
    FRESH,
    ChoiceNeeded,
    DamageState,
    Issue,
    RollsNeeded,
    Volley,
)
from sfb_desk.rules.damage.status import crippled_reasons

__all__ = [
    "AFTER_DESTRUCTION",
    "BOX",
    "DEFAULT_OPTIONS",
    "DEFAULT_POLICY",
    "DESTROYS_SHIP",
    "EXCESS",
    "FRESH",
    "VALID_ROLLS",
    "Choice",
    "ChoiceNeeded",
    "ChoicePolicy",
    "DamageEvent",
    "DamageOptions",
    "DamageState",
    "DefaultPolicy",
    "EventLog",
    "Issue",
    "Layout",
    "RollsNeeded",
    "Volley",
    "VolleyResult",
    "allocate_damage",
    "allocation_steps",
    "check_rolls",
    "compile_ship",
    "crippled_reasons",
]
