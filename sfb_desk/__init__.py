"""SFB Desk: a desktop companion for Star Fleet Battles.

Layers (arrows point downwards only; tests/test_layers.py enforces them):

    rules      pure rules engine, standard library only
    engine     sequencer session (prompts, answers, log) on rules
    analysis   numpy analysis on rules
    printing   QPainter form renderers on rules
    data       files, schemas, saves on rules/engine
    robot      robot opponent on engine/analysis
    campaign   the campaign ledger and its store on rules/engine/data (no Qt)
    fe         the F&E assistant on the campaign store (no Qt)
    qt         Qt adapters without widgets on engine/data
    ui         widgets on everything below
    cli        headless commands beside qt, never ui
"""

__version__ = "0.1.0"
