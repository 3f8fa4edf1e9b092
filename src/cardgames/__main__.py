"""``python -m cardgames``: the command line (see :mod:`cardgames.cli`)."""

from cardgames.cli import main

__all__: list[str] = []

raise SystemExit(main())
