"""Between battles: the campaign ledger (no Qt).

store       the campaign store: SQLite records, journal with before-images, undo, dice log
"""
