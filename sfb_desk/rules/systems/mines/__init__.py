"""Mine warfare (Advanced Missions M4-M9; M2/M3 facts from the reference, systems-facts §6).

The public API, for the engine and for other systems (transporter bombs are placed as small
explosive mines through :func:`place`):

* :class:`Mine` - one mine's record (the M6.1 fields plus its state in play);
* :class:`Minefield` - every mine of a game, with :meth:`Minefield.place`,
  :meth:`Minefield.view_for` (the owner sees his mines, the enemy only what M7 revealed);
* detection: :func:`minefield_announcement` (M7.1), :func:`detect_individual` (M7.2),
  :func:`automatic_detection` (M7.34);
* triggering: :func:`candidates_on_entry`, :func:`explosive_triggers` (M2.4, disputed: a rule
  option), :func:`zone_triggers` (M5.112);
* damage: :func:`explosion_damage` (M4.3, M2.5);
* sweeping: :func:`damage_to_mine` (M8.41-M8.42), :func:`mss_sweep` (M8.32),
  :func:`phaser_sweep_problems` (M8.11);
* laying: :func:`laying_problems` (M9, M3.22), :func:`arming_done` (M2.3, M3.223); in play,
  :mod:`.laying` (racks, the shuttle hatch, minelaying shuttles: M9.11-M9.23, M2.11-M2.115,
  R1.F6);
* captor and sensor mines at the table: :mod:`.captors` (rates M4.412-M4.423, limits M4.424,
  M4.43, M4.45, M4.47, sensor orders M4.54, M4.542).
"""

from .detection import (
    AUTOMATIC_DETECTION,
    DetectionAttempt,
    automatic_detection,
    detect_individual,
    detection_attempt_problems,
    individual_detection_range,
    minefield_announcement,
)
from .records import (
    CAPTOR_LOADS,
    CONTROLS,
    MINE_COSTS,
    STANDARD_PACKAGE,
    TYPES,
    YIELD,
    Mine,
    Minefield,
    MineView,
    mine_cost,
    mine_record_problem,
    package_problems,
)
from .sweeping import (
    DESTROY_DAMAGE,
    MSS_RESULTS,
    SweepResult,
    damage_to_mine,
    lock_on_rating,
    mss_sweep,
    phaser_sweep_problems,
)
from .triggering import (
    TRIGGER_RULES,
    arming_done,
    candidates_on_entry,
    chain_reaction,
    explosion_damage,
    explosive_triggers,
    laying_problems,
    zone_triggers,
)

__all__ = [
    "AUTOMATIC_DETECTION", "CAPTOR_LOADS", "CONTROLS", "DESTROY_DAMAGE", "MINE_COSTS",
    "MSS_RESULTS", "STANDARD_PACKAGE", "TRIGGER_RULES", "TYPES", "YIELD", "DetectionAttempt",
    "Mine", "MineView", "Minefield", "SweepResult", "arming_done", "automatic_detection",
    "candidates_on_entry", "chain_reaction", "damage_to_mine", "detect_individual",
    "detection_attempt_problems", "explosion_damage", "explosive_triggers",
    "individual_detection_range", "laying_problems", "lock_on_rating", "mine_cost",
    "mine_record_problem", "minefield_announcement", "mss_sweep", "package_problems",
    "phaser_sweep_problems", "zone_triggers",
]  # fmt: skip
