"""PyInstaller entry script of the ``sfb-desk`` executable (the GUI): see packaging/sfb-desk.spec."""

import sys

from sfb_desk.app import main

if __name__ == "__main__":
    sys.exit(main())
