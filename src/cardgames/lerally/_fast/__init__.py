"""Le Rally's speed kit, behind a wall: what the rules read instead of working a thing out
again, each held in the tests to the plain reading it stands for (``reference.py``).

- :func:`options`: the moves of a hand in one situation, looked up by the cards of the hand
  that can matter there (which many hands share), each move one object;
- :func:`empty_table`: the table of a new match before its first deal, made once per config
  and server.

The chapters import this package, never a module inside it (an import-linter contract); every
cache here is kept through :mod:`cardgames._kept`, so ``_kept.clear("cardgames.lerally")``
empties them all.
"""

from cardgames.lerally._fast.options import Situation, options
from cardgames.lerally._fast.tables import empty_table

__all__ = ["Situation", "empty_table", "options"]
