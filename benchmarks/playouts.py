"""How fast the games play: random playouts, compared with python-chess, and JSON round trips.

Run it with ``make bench`` (or ``.venv/bin/python benchmarks/playouts.py``); ``--help`` lists the
options. This script is ``cardgames bench`` under another name: the measuring code lives in
:mod:`cardgames.bench` (whose docstring says what is measured and how), so that an installed
``cardgames`` can run it too.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

from cardgames.cli import main as cli_main


def main(argv: Sequence[str] | None = None) -> int:
    """Run the benchmark with ``argv`` (default: the script's arguments) and print its report."""
    args = list(sys.argv[1:] if argv is None else argv)
    return cli_main(["bench", *args])


if __name__ == "__main__":
    sys.exit(main())
