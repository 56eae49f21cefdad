"""The rules engine: pure Python, standard library only, no Qt, no I/O.

Nothing here imports another sfb_desk package (tests/test_layers.py fails if it does).
Rule numbers (e.g. D4.31) are cited in the docstrings of the code that implements them.
"""
