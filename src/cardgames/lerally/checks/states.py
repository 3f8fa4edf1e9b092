"""The check of a Le Rally state that the rules did not build: every card of the config's
card list once, in well-formed fields, sorted hands, and a table the rules can reach."""

from __future__ import annotations

from collections import Counter
from itertools import chain

from cardgames._engine import all_cards_at_once
from cardgames.lerally.checks.parts import facts_of, is_cards, is_hand, is_sorted
from cardgames.lerally.checks.table import opening_problem, table_problem
from cardgames.lerally.state import State
from cardgames.rng import Rng

__all__ = ["state_problem"]


def state_problem(state: State) -> str | None:
    """What makes a state that the rules did not build unreachable, or ``None``."""
    problem = opening_problem(state)
    if problem is not None:
        return problem
    facts = facts_of(state.config)
    deck, pile, cleared, hands = state.deck, state.pile, state.cleared, state.hands
    n = facts.players
    # Every card in one tuple, checked in one pass; a failure is located by the field-by-field
    # checks below.
    every = all_cards_at_once((deck, pile, cleared), hands, n, is_cards)
    if every is None:
        problem = card_type_problem(state, n)
        if problem is not None:
            return problem
        every = tuple(chain(deck, pile, cleared, *hands))
    if not all(map(is_sorted, hands)):
        return "every hand must be a sorted tuple of Card"
    # Conservation: no card is ever made or destroyed, so the cards are the config's list.
    # Neither count holds a zero, so they agree exactly when they are equal as dicts, which
    # compares at C speed (a Counter compares in a generator).
    if len(every) != facts.total or not dict.__eq__(Counter(every), facts.counts):
        return "the cards are not those of the config's card list"
    problem = table_problem(state, facts, tuple(map(len, hands)))
    if problem is not None:
        return problem
    rng = state.rng
    if type(rng) is not Rng or type(rng.state) is not int:
        return "rng must be an Rng"
    if not 0 <= rng.state < 1 << 64:
        return "rng state must be a 64-bit unsigned int"
    return None


def card_type_problem(state: State, n: int) -> str | None:
    """Which of the card fields of ``state`` is not a tuple of well-formed cards, or ``None``."""
    for name in ("deck", "pile", "cleared"):
        if not is_cards(getattr(state, name)):
            return f"{name} must be a tuple of Card"
    if type(state.hands) is not tuple or len(state.hands) != n:
        return f"hands must be a tuple of {n} hands"
    if not all(is_hand(hand) for hand in state.hands):
        return "every hand must be a sorted tuple of Card"
    return None
