"""The sequence of play as a table of steps (B2.2; reference 5.8; seed step names cited).

The session (:mod:`sfb_desk.engine.session`) walks :data:`TURN_STEPS` once a turn and
:data:`IMPULSE_STEPS` 32 times inside the Impulse Procedure, calling the handler each step
names; a step without a handler is a marker for the rules later issues add (the GUI shows it
all the same). Nothing about the order lives in code: to move or add a step, edit the table.

The eight phases follow B2.2 as the reference gives it (section 5.8: three peers and the
"Annex #2" listing agree). Annex #2 itself is not in the seeds, so the finer steps are the ones
the seed text names, cited by line of seeds/000_b288a58a8a5f6daf.txt ("S0 L887"; the seed
digest, section 3, lists them). Where the seeds fix no order, the order is ours
(decisions.md, B2.2).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Step:
    """One step of the sequence of play.

    ``id`` is stable (logs and saves name it); ``number`` is the Annex #2 number where a source
    gives one ("6B7"); ``handler`` names a method of the session (``None``: a marker);
    ``impulses`` limits an impulse step to some impulses (``None``: every impulse).
    """

    id: str
    name: str
    phase: int
    rules: str
    sources: str
    handler: str | None = None
    number: str = ""
    segment: str = ""
    impulses: frozenset[int] | None = None


TURN_STEPS: tuple[Step, ...] = (
    Step("start", "Start of turn rolls", 0, "D18.31, G11.41",
         "S0 L2309 (surprise reactivation), L4192 (computer failure)"),
    Step("1-pinwheel", "Pinwheel Step of the Energy Allocation Phase", 1, "C14.201",
         "S0 L1490, L1526, L1572", number="1"),
    Step("1-ea", "Energy Allocation Phase: speed plot and energy allocation", 1,
         "B2.2, B3, C12.10, C12.12, C10.312, C10.313",
         "reference 5.8; S0 L746, L754, L555-557", handler="energy_allocation", number="1"),
    Step("1-ion-storm", "Ion storm die after energy allocation (and, on turn 1, the direction "
         "of its gravity waves)", 1, "P14.2, P14.3", "S0 L6993-7004", handler="ion_storm_roll",
         number="1"),
    Step("2-speed", "Speed Determination Phase", 2, "B2.2, C12.131, C13.17, C13.211, G12.02",
         "reference 5.8; S0 L771, L999, L1009, L4247", handler="speed_determination", number="2"),
    Step("3-self-destruct", "Self-Destruction Phase", 3, "B2.2, D5.5",
         "reference 5.8; S0 L4775 (G16.723 'NOT phase 3')", handler="self_destruction",
         number="3"),
    Step("4-lock-on", "Sensor Lock-On Phase", 4, "B2.2, D6.1, C7.2",
         "reference 5.8; S0 L5549, L2368, L5350", handler="lock_on", number="4"),
    Step("5-initial", "Initial Activity Phase (tractor links paid again and contested)", 5,
         "B2.2, C13.21, G12.02, G7.124, G7.42",
         "reference 5.8; S0 L1007, L4247; systems-facts 1", handler="tractor_upkeep",
         number="5"),
    Step("5-officers", "Officer Location Step of the Initial Activity Phase", 5, "G22.132",
         "S0 L5198", number="5"),
    Step("6-impulses", "Impulse Procedure (32 impulses)", 6, "B2.2, C1.4",
         "reference 5.8; S0 L5721 ('Segment of the Impulse Procedure')", handler="impulses",
         number="6"),
    Step("7-final", "Final Activity Phase (docking, Boarding Party Combat Step, EDR, "
         "dropping warp engines, Undocking Step)", 7,
         "B2.2, C13.113, C13.4752, D14.13, G12.61, D7.4, D7.50",
         "reference 5.8; S0 L957, L1095, L1628, L4440, L1574; systems-facts 3 (D7.4)",
         handler="final_activity", number="7"),
    Step("8-records", "Record Keeping Phase", 8, "B2.2", "reference 5.8; S0 L4775 (phase 8)",
         handler="record_keeping", number="8"),
)

IMPULSE_STEPS: tuple[Step, ...] = (
    # 6A Movement Segment
    Step("6A-speed", "Speed changes take effect (announced the impulse before)", 6, "C12.36",
         "S0 L887", handler="speed_changes", segment="6A"),
    Step("6A-move", "Movement of ships and shuttles, in order of precedence", 6,
         "C1.313, C1.4, C3, C4, C5, C6, C11.27, G11.12",
         "reference 5.8 (6A2 piece movement); S0 L710, L4109", handler="move_units", segment="6A"),
    Step("6A-seekers", "Movement of seeking weapons", 6, "F2, C1.4", "reference 5.8, 5.9",
         handler="move_seekers", segment="6A"),
    Step("6A-battlefield", "Terrain, mines and monsters: hexes entered (star, nova, mine zones, "
         "mine detection), the monsters move and strike, the minefield announcement", 6,
         "SM5.41, P12.4, M2.4, M2.441, M5.112, M7.34, M7.1, SM5.45, SM5.49",
         "S0 L6265-6374, L6480-6566, L10363-10378", handler="battlefield_movement",
         segment="6A"),
    Step("6A-mine-arming", "Mines laid in play arm once their layer is out of their "
         "detection range (end of the Movement Step)", 6, "M2.3, M2.31, M2.32, M5.1132",
         "systems-facts 6 (M2.3 MULTI); S0 L6290", handler="arm_laid_mines", segment="6A"),
    Step("6A-esg", "ESG Step", 6, "D21.2213", "S0 L2524; reference 5.8 (6A3.01)", segment="6A"),
    Step("6A-dragon-tail", "Space Dragon tail: shuttles and seeking weapons in its hex engaged "
         "before they strike", 6, "SM7.4653", "S0 L10596", handler="dragon_tail",
         segment="6A"),
    Step("6A-impact", "Seeking weapon impact", 6, "F2, G24.331",
         "reference 5.8 ('seeking-weapon impact at the end of 6A', 6A3.03); S0 L5723",
         handler="impacts", segment="6A"),
    Step("6A-explosion", "Explosion Step", 6, "D21.111, D5.12",
         "S0 L2500; systems-facts 5 (6A3.07)", handler="explosions", segment="6A"),
    Step("6A-announce", "Announce Movement Changes Step (Final Movement Stage on impulse 32)", 6,
         "C12.36, C10.311, C10.313, C8", "S0 L887, L553, L557", handler="announce",
         segment="6A"),
    # 6B Impulse Activity Segment
    Step("6B-cloak", "Cloaking Device Stage", 6, "G13.14, G13.15, G13.116",
         "systems-facts 4 (6B02)", handler="cloaking", segment="6B"),
    Step("6B-satships", "Sat Ship Functions Stage: satellite ships launched or recovered by "
         "transporter", 6, "G19.22, G19.41, G19.44", "Module C2 G19.22 (the Sat Ship Functions "
         "Stage), G20.31 (the Sat Ship Launch Step); its place in 6B is ours (decisions.md)",
         handler="sat_ship_functions", segment="6B"),
    Step("6B-seeking", "Seeking Weapons Stage: Voluntary Transfer of Control, Deploy Drones, "
         "launch, Activate/Deactivate SFG steps", 6, "FD6.222, FD7.3342, G16.11, C10.511",
         "S0 L3181, L3284, L5443, L5928, L4531", handler="launches", segment="6B"),
    Step("6B-captor-launches", "Seeking Weapons Stage: captor mines launch the drones and "
         "plasma torpedoes they committed (M4.48) or were ordered to (M5.201)", 6,
         "M4.48, M5.201, M4.4251, M4.412", "S0 L6206-6210, L6322",
         handler="captor_launches", segment="6B"),
    Step("6B-lock-on", "Lock-On Stage: Tactical Intelligence Interrogations Step", 6,
         "FD6.32, D17.23, G24.2114", "S0 L3193, L1888, L5561", segment="6B"),
    Step("6B7-marines", "Marine Activity Stage: shields dropped or raised, guards, "
         "transporters (hit-and-run raids, boarding parties)", 6,
         "C13.471, C13.951, G25.23, D3.5, D7.8, D7.83, G8",
         "S0 L1083, L1417, L5798; systems-facts 2 (6B07.02-6B07.04)", handler="marines",
         number="6B7", segment="6B"),
    Step("6B7-panels", "Power absorber panels: level lowered or raised, banks dropped or "
         "raised (with the shields of the Marine Activity Stage)", 6, "D10.25, D10.26, D10.42",
         "Module C2 D10.26 (the Drop and Raise Shields Steps); D10.25", handler="panel_orders",
         number="6B7", segment="6B"),
    Step("6B-systems", "Ship Systems Function Stage: Operate Tractors", 6, "G26.30, G7.4",
         "S0 L5864; systems-facts 1 (6B04.04)", handler="ship_systems", segment="6B"),
    Step("6B-mines", "Ship Systems Function Stage: scanning for individual mines", 6,
         "M7.2, M7.21, M7.22, M7.31, M7.32", "S0 L6489-6515", handler="mine_scans",
         segment="6B"),
    Step("6B-lay-mines", "Mine Laying Step: mines dropped from racks, through the shuttle "
         "hatch and by minelaying shuttles", 6, "M9.0, M9.21, M9.23, M2.11, M2.115, R1.F6B",
         "S0 L6658-6703, L7404-7410; systems-facts 6 (the client's 6B10.03)",
         handler="lay_mines", segment="6B"),
    # 6C Dogfight Resolution Interface
    Step("6C-dogfight", "Dogfight Resolution Interface", 6, "B2.2", "reference 5.8",
         segment="6C"),
    # 6D Direct-Fire Weapons Segment
    Step("6D1-disdev", "DisDev Declaration Step of the Fire Allocation Stage", 6, "G18.311",
         "Module C2 G18.31 (the 6D1 extract)", handler="disdev_declaration", number="6D1",
         segment="6D"),
    Step("6D-fire-decision", "Fire Decision Step", 6, "D6.315, C6.5471",
         "S0 L5569; reference 5.8 (secret declaration)", handler="fire", segment="6D"),
    Step("6D-captors", "Captor mines ordered by sensor mines fire (Direct-Fire Weapons "
         "Stage)", 6, "M5.201, M4.54, M8.4232", "S0 L6322", handler="captor_direct_fire",
         segment="6D"),
    Step("6D-claws", "Space Dragon claw attack on a ship in its hex (once a turn)", 6,
         "SM7.4654", "S0 L10598", handler="dragon_claws", segment="6D"),
    Step("6D-fire-allocation", "Fire Allocation Stage", 6, "G24.211", "S0 L5551, L5619",
         segment="6D"),
    Step("6D3-web-caster", "Web Caster Stage: free-standing webs form, web casters fire, webs "
         "dissipate", 6, "E12.13, E12.22, E12.26", "Module C2 L884-896 (6D3 extract)",
         handler="web_caster_stage", number="6D3", segment="6D"),
    Step("6D-damage", "Direct Fire Damage Resolution Stage and the roll for critical hits step",
         6, "C10.314, D4", "S0 L559; reference 5.8 (damage applied at 6D4)", segment="6D"),
    Step("6D-shock", "Shock Step and Shock Breakdown Step", 6, "D23.22, D23.32",
         "S0 L2965, L2995", segment="6D"),
    Step("6D-explosion", "Explosions of units destroyed by direct fire", 6, "D5.12, D5.41",
         "systems-facts 5 (6D5.01)", handler="explosions", segment="6D"),
    Step("6D5-disdev", "Direct-Fire Weapons Consequences Stage: displacement devices operate "
         "(and launch satellite ships)", 6, "G18.312, G19.42",
         "Module C2 G18.31 (the 6D5 extract: after explosions, before critical hits)",
         handler="disdev_operate", number="6D5", segment="6D"),
    # 6E Post-Combat Segment
    Step("6E-battlefield", "Terrain effects: nova front (impulse 16), dust, heat, radiation", 6,
         "P12.3, P12.4, P13.2, P10.1, P15.11", "S0 L6921-6986, L6865-6894, L7005-7037",
         handler="battlefield_environment", segment="6E"),
    Step("6E-dragon", "Space Dragon ravaging: a turn in the planet's hex without moving or "
         "attacking", 6, "SM7.45, SM7.5", "S0 L10578, L10628", handler="dragon_ravage",
         segment="6E", impulses=frozenset({32})),
    Step("6E-post", "Post-Combat Segment: EM announcements take effect", 6, "C10.311, C10.32",
         "S0 L553, L561 ('at the end of that impulse (after movement and combat)')",
         handler="end_of_impulse", segment="6E"),
    Step("6E-final-functions", "Final Functions Stage", 6, "G11.341", "S0 L4176", segment="6E",
         impulses=frozenset({8, 24})),
)

STEPS_BY_ID: dict[str, Step] = {s.id: s for s in TURN_STEPS + IMPULSE_STEPS}
