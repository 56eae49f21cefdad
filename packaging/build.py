"""Build the stand-alone SFB Desk with PyInstaller (packaging/sfb-desk.spec).

    uv run python packaging/build.py            # -> dist/sfb-desk/ (work files in build/)
    uv run python packaging/build.py --distpath D --workpath W

The result is one folder, ``<distpath>/sfb-desk/``, with the ``sfb-desk`` GUI and the
``sfb-desk-cli`` executables; check it with ``<distpath>/sfb-desk/sfb-desk --self-test``.
Needs the dev group (PyInstaller) and no network.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SPEC = ROOT / "packaging" / "sfb-desk.spec"


def pyinstaller_command(distpath: Path, workpath: Path, extra: Sequence[str] = ()) -> list[str]:
    return [
        sys.executable, "-m", "PyInstaller", str(SPEC),
        "--noconfirm",
        "--log-level", "WARN",
        "--distpath", str(distpath),
        "--workpath", str(workpath),
        *extra,
    ]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--distpath", type=Path, default=ROOT / "dist",
                        help="where the sfb-desk/ folder goes (default: dist/)")
    parser.add_argument("--workpath", type=Path, default=ROOT / "build",
                        help="PyInstaller's work folder (default: build/)")
    parser.add_argument("--clean", action="store_true", help="discard PyInstaller's cache first")
    args = parser.parse_args(argv)
    extra = ["--clean"] if args.clean else []
    command = pyinstaller_command(args.distpath.resolve(), args.workpath.resolve(), extra)
    result = subprocess.run(command, cwd=ROOT, check=False)
    if result.returncode == 0:
        print(f"built {args.distpath.resolve() / 'sfb-desk'}")
    return result.returncode


if __name__ == "__main__":
    sys.exit(main())
