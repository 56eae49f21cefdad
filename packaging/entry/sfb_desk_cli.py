"""PyInstaller entry script of the ``sfb-desk-cli`` executable: see packaging/sfb-desk.spec."""

import sys

from sfb_desk.cli import run

if __name__ == "__main__":
    sys.exit(run())
