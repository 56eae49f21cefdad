"""Who gave an answer: the source names the log keeps beside each answer (DESIGN.md section 4).

Apart from :mod:`.game_record` (which re-exports them) because the panels shown at start-up
need the names before any game, and so before the engine, is imported (issue 13: start-up).
"""

from __future__ import annotations

#: Source name of answers the table typed (physical dice, orders, choices).
TABLE = "player"
#: Source name of defaults the table's pass policy gave (:mod:`.pass_policy`).
PASSED = "pass-policy"
