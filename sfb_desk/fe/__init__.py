"""The Federation & Empire Combined Operations assistant (no Qt).

F&E Combined Operations adds rules on top of the core F&E rulebook, which the program does not
have: it cannot fight a whole F&E battle by itself. It steps the players through the expanded
combat round (311.3), computes what Combined Operations specifies from its own tables and asks
the players for the values the core rules decide (combat factors, intensity, directed damage).

* :mod:`.tables` - every Combined Operations table as data (311.1, 312.22, 313.21, 444.14,
  520.42, 521.34, 522.4), one place;
* :mod:`.dice` - dice typed at the table or rolled from a seed, each logged with its purpose;
* :mod:`.procedures` - EW, stasis, shock, combat damage and directed-damage costs;
* :mod:`.operations` - SAF assaults, ground attacks, prime teams, convoy raids, base stations;
* :mod:`.steps` / :mod:`.combat_round` - the step list (302.1)-(302.8) as a step-through model
  (:mod:`.round_state` its shared state, :mod:`.round_late` steps 5A-6X);
* :mod:`.forms` - what each step asks, as form specs the window builds editors from;
* :mod:`.races` - per-race data (70x production notes, 762, 531) and Combined Operations costs;
* :mod:`.limits` / :mod:`.tugs` - production limits (701-711, 762) on a build list; tug and
  LTT loads (517.4, 763);
* :mod:`.folio` - the economic and base status forms, per supply grid;
* :mod:`.scenarios` / :mod:`.scenario_data` - scenarios 609-616;
* :mod:`.sit` / :mod:`.sit_data` - the Ship Information Table excerpts and the link to the
  SFB ship library;
* :mod:`.persist` - the round, folio and scenario kept in the campaign store.
"""
