"""Sub-commands of ``sfb-desk-cli``.

Each module here defines ``register(subparsers)`` which adds its sub-command(s) with
``set_defaults(func=...)``; ``func(args) -> int`` returns the exit code. ``sfb_desk.cli``
discovers the modules, so adding a command never touches a shared file. Commands sit beside
``sfb_desk.qt`` in the layering: they may use rules, engine, data, analysis, robot and
printing, never ``sfb_desk.ui``.
"""
