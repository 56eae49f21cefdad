"""The rules' charts as data, each table in exactly one place (DESIGN.md section 3).

* :mod:`.dac` Damage Allocation Chart (D4.21); :mod:`.impulse` Impulse Chart (C1.4);
  :mod:`.turn_modes` Turn Mode Chart (C3.31); :mod:`.ew` EW shift (D6.34).
* :mod:`.phasers` (E2), :mod:`.heavy_weapons` (photon E4, disruptor E3, fusion E7, hellbore E10),
  :mod:`.seeking` (plasma FP1/FP8/FP9, anti-drone E5), :mod:`.c2` (Module C2: TR E9, PPD E11,
  web caster E12, web fist E14, displacement device G18), built on :mod:`.tables`.
* :mod:`.registry` shows any of them by name (``chart("phaser-1")``) for the CLI, GUI and
  printing, built from the same tables.
"""
