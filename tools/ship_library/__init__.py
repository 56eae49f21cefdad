"""Helpers of tools/build_ship_library.py: reference fact files -> ship-file documents."""
