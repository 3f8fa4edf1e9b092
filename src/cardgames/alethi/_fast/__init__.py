"""Alethi's speed kit: the incremental board of the field and what it is built from.

The chapters of the rules import only this package, never a module inside it: the board
(:class:`Board`, its cell keys and the kept tables of neighbours), the packed counts of each
side's standing kinds and the sorted cell keys a board edits. What is here answers the rules'
questions quickly; it states no rule (the chapters and ``cardgames.alethi.captures`` do), and
the tests hold every board it derives to one worked out from scratch.
"""

from __future__ import annotations

from cardgames.alethi._fast.board import (
    LIMIT,
    STEPS,
    STRIDE,
    Board,
    Memo,
    around_of,
    bind,
    cell_of,
    key_of,
    safe_key,
)
from cardgames.alethi._fast.kinds_held import SOULCASTER_FIELD, castable_fields_of, counts_of
from cardgames.alethi._fast.sorted_keys import holds

__all__ = [
    "LIMIT",
    "SOULCASTER_FIELD",
    "STEPS",
    "STRIDE",
    "Board",
    "Memo",
    "around_of",
    "bind",
    "castable_fields_of",
    "cell_of",
    "counts_of",
    "holds",
    "key_of",
    "safe_key",
]
