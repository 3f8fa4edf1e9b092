"""``python -m cardgames``: the command line (see :mod:`cardgames.cli`)."""

from cardgames.cli import main

raise SystemExit(main())
