"""The speed kit of Alakazum!: what the move path keeps so that a decision costs little, kept
apart from the rules.

The rules' chapters import this package, never a module inside it (an import-linter contract,
``alakazum-fast-wall``), and use only the names below: the config's tables read by card name
(:func:`tables_of`), moves made once (:func:`interned`, :class:`ByName`), members made without
attrs' ``__init__`` (:func:`new_member`), and the twin drafts that become the next state
(:func:`twin_drafts`, :func:`blank_combat`). Nothing here states a rule: every table is made
of the chapters' own card predicates, and ``tests/test_alakazum_lockstep.py`` holds each piece
to the plain reading in :mod:`cardgames.alakazum.reference`. Every cache here is owned by
``cardgames._kept``.
"""

from __future__ import annotations

from cardgames.alakazum._fast.members import new_member, with_level
from cardgames.alakazum._fast.moves import ByName, interned
from cardgames.alakazum._fast.tables import (
    Extra,
    Swaps,
    Tables,
    card_name,
    drink_move,
    market_move,
    tables_of,
)
from cardgames.alakazum._fast.twins import blank_combat, twin_drafts

__all__ = [
    "ByName",
    "Extra",
    "Swaps",
    "Tables",
    "blank_combat",
    "card_name",
    "drink_move",
    "interned",
    "market_move",
    "new_member",
    "tables_of",
    "twin_drafts",
    "with_level",
]
