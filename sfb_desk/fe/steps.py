"""The expanded combat round sequence (311.3) as data: every step, what it asks the players,
what the assistant computes for it (empty when the core F&E rules decide it alone).

The step ids and titles follow (302.1)-(302.8) as Combined Operations restates them; the steps
Combined Operations adds are 4A2-4A4, 6G, 6S and 6X. ``optional`` steps that are not used in a
round (no SAF, no ground attack) are marked "not used" rather than waited for.
"""

from __future__ import annotations

from dataclasses import dataclass

CORE, COMPUTED = "players", "computed"


@dataclass(frozen=True, slots=True)
class StepDef:
    id: str
    title: str
    rule: str
    asks: str
    computes: str = ""
    optional: bool = False

    @property
    def kind(self) -> str:
        return COMPUTED if self.computes else CORE


STEPS: tuple[StepDef, ...] = (
    StepDef("1A", "Defender announces withdrawal", "(302.1)",
            "Will the defender withdraw? Slow units (monitors, auxiliaries, SAFs, troop ships) "
            "cannot (513.132, 519.32, 521.61)."),
    StepDef("1B", "Attacker opposes withdrawal", "(302.1), (306.1)",
            "Does the attacker oppose? Cloaked defenders may try to evade (306.1)."),
    StepDef("2A", "Approach battle", "(302.2)",
            "Attacker offers an approach battle (mandatory in the first round); defender accepts "
            "or rejects. A starbase cannot use its SFG in an approach battle (312.123); monitors "
            "count as bases for approach battles (519.22)."),
    StepDef("2B", "Base battle", "(302.2)", "Is the battle fought at the base?"),
    StepDef("3A", "Organize available forces", "(302.3)", "Organize the forces in the hex."),
    StepDef("3B", "Flagship and command rating", "(302.3), (303)",
            "Choose flagships; command points raise command limits (announced in 3D). An SAF "
            "does not count against command (520.4)."),
    StepDef("3C", "Select the battle forces", "(302.3)",
            "Select the units of each battle force, drone bombardment ships included."),
    StepDef("3D", "Battle forces deployed", "(302.3), (308.7), (308.53)",
            "Reveal simultaneously: formation bonus unit, scout bonus, command points, drone "
            "bombardment. The SAF's target is designated after this (520.4)."),
    StepDef("3X1", "Battle intensity", "(302.3X), (304.1)",
            "Each side's battle intensity rating (0-10), and whether one side picks both.",
            "Which Combined Operations actions the intensity allows: SFG ships 3+ (312.262), "
            "starbase SFG 4+ (312.122), SAF and ground attacks 4 (520.4, 521.33)."),
    StepDef("3X2", "Offensive cloaking", "(306.2)", "Resolve offensive use of cloaks."),
    StepDef("3X3", "Variable intensity", "(304.3)",
            "If (304.3) is in use, the intensity change (kept for the ground attack roll, "
            "521.33)."),
    StepDef("4A1", "SWAC missions", "(518.4)", "Assign SWAC missions."),
    StepDef("4A2", "EW choices and shift", "(313.2), (313.3), (313.33), (444.14)",
            "Secretly: each scout's EW (armed scouts choose EW or attack, 313.31), each "
            "starbase, BATS and base station's EW factor; reveal together.",
            "EW totals, NEWPT and the die-roll shift (313.21, 313.22); each base's attack "
            "factor for its EW choice (313.33, 444.14)."),
    StepDef("4A3", "Stasis field generators", "(312.2)",
            "Each SFG unit's targets (enemy or friendly), announced before any roll "
            "(312.201); random-target numbering #1-#6 when asked (312.232).",
            "Each attempt on its line of the Stasis Success Table (312.222), with the EW "
            "shift against the SFG side added (312.44); friendly freezes succeed (312.281); "
            "Total Disaster! (312.223); EW recalculated if an EW unit is frozen (312.211)."),
    StepDef("4A4", "Shock ships announce factors", "(311.2)",
            "Each shock ship: full attack factor (rolls for shock in 6S) or the lower SIT "
            "rating.",
            "The attack factor each shock ship uses (311.22, the Ship Information Table)."),
    StepDef("4A5", "Combat potential", "(302.4)",
            "Each side's combat potential by the core rules (frozen units left out, 312.211; a "
            "Total Disaster! SFG unit at attack 0, 312.223).",
            "Plus two attack factors per prime team on a commando mission, at most two "
            "(522.41)."),
    StepDef("4B", "Damage die", "(302.4)", "Each side rolls one die (typed, or seeded).",
            "The die, logged."),
    StepDef("4C", "Combat damage", "(302.4), (311.1), (313.21)",
            "Which table the campaign uses (311.1) and the rounding (311.4).",
            "Coefficient by BIR and the shifted die (never below 1), times combat potential."),
    StepDef("4D", "Minus points", "(308.2)", "Adjust for minus points."),
    StepDef("4E", "SWAC survival", "(518.33)", "Roll for SWAC survival."),
    StepDef("4F", "Approach battle result", "(308.3)",
            "Did the attacker do enough damage in an approach battle to go on to the base?"),
    StepDef("5A", "Attacker's directed damage", "(302.5), (312.212), (312.24)",
            "The attacker's directed-damage targets and their defense factors.",
            "Points to cripple and destroy each; full effect on frozen units (312.212) and SFG "
            "units that used their SFG (312.24); a mauler on a frozen unit (312.41)."),
    StepDef("5B", "Defender's directed damage", "(302.5), (312.24), (520.41)",
            "The defender's directed-damage targets.",
            "As 5A; 12 points disrupt an SAF (520.41)."),
    StepDef("5S", "SAF assault", "(520.4)-(520.6)",
            "Is an SAF used, on a base or PDUs; did the defender disrupt it?",
            "One die on the SAF table: SIDS or PDUs (520.42, 520.62, 520.63).", optional=True),
    StepDef("5C", "Plus points", "(308.2)", "Add plus points."),
    StepDef("6A", "General damage", "(302.6)", "Resolve general (non-directed) damage."),
    StepDef("6G", "Ground assaults", "(521.3)-(521.4), (522.42)",
            "Each attacking GCE, its modifiers, consorts; a prime team supporting one attack.",
            "Two dice per attack on the Ground Attack Table (521.34), modifiers capped at +/-2 "
            "(521.35), one SIDS per round from G attacks on a base (521.41); the prime team's "
            "fate (522.42).", optional=True),
    StepDef("6S", "Shock", "(311.21), (308.41)",
            "Maulers' shock by the core rules (308.41).",
            "Two dice for each shock ship that used its full factor: 12 cripples (311.21)."),
    StepDef("6X", "Captured ships", "(305.1), (521.5), (522.43), (312.47)",
            "Was a capture attempted (with a prime team or a ground combat ship); SFG units "
            "destroyed (salvage).",
            "The capture roll with a prime team (522.43) or the GCE -1 (521.5); SFG salvage "
            "(312.47).", optional=True),
    StepDef("7A", "Who retreats", "(302.7)", "Either or both sides may retreat."),
    StepDef("7B", "Retreat paths", "(302.7)", "Analyze retreat paths."),
    StepDef("7C", "Conduct retreat", "(302.7), (302.742)",
            "Retreat; slow units retreat by (302.742)."),
    StepDef("8A", "Pursuit battle force", "(307.2)",
            "Determine the pursuit force (SFGs only against slow units, 312.264)."),
    StepDef("8B", "Retreating battle force", "(307.3)", "Set up the retreating battle force."),
    StepDef("8C", "Pursuit battle", "(302.8)",
            "Fight the pursuit battle: repeat steps 3X to 6 as a new round."),
)
STEP_IDS = tuple(s.id for s in STEPS)
BY_ID = {s.id: s for s in STEPS}
