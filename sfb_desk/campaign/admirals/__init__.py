"""The rule pack of SFB Campaign Rules, The Admiral's Edition ("The General War in SFB").

sequence      the sequence of play (A0) as a phase tracker
movement      strategic speed from the current SSD (C1), the pulse chart (C2)
economy       collecting EPs and isolated grids (D1), deficit (D3), survey (D4), cargo EPs (D5),
              Tholian webs (E5), the ground-force pool (E7)
construction  docks, build times, conversions, refits, reactivation, year in service (E3, E8)
repairs       field repairs (H1-H2) and repair facilities (H3): costs, capacity, scrapping
command       command ratings and weighted command costs (F1-F3)
officers      legendary officers (I1)
encounters    patrols, raids and monsters (I2, I3, I6)
battles       the battle builder: set-up templates G2-G5 as desk scenarios
control       zones of control and cloaked detection (C4, C9), planet control (D2)
"""
