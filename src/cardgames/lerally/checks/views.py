"""The check of a Le Rally view: everything it shows, and the hidden cards (the other hands and
the deck) making up exactly the rest of the card list."""

from __future__ import annotations

from collections import Counter

from cardgames.game import SPECTATOR
from cardgames.lerally.cards import Card
from cardgames.lerally.checks.parts import facts_of, is_cards, is_hand
from cardgames.lerally.checks.table import opening_problem, table_problem
from cardgames.lerally.state import View

__all__ = ["view_problem"]


def view_problem(view: View) -> str | None:
    """What keeps ``view`` from being the view of a state the rules can reach, or ``None``."""
    problem = opening_problem(view)
    if problem is not None:
        return problem
    config = view.config
    n = config.players
    for name in ("hand", "pile", "cleared"):
        if type(getattr(view, name)) is not tuple:
            return f"{name} must be a tuple of Card"
    # Conservation: what the view shows is part of the card list (so every card it shows is
    # one of the list's), and the hidden hands and the deck hold the rest.
    facts = facts_of(config)
    every = facts.counts
    shown: Counter[Card] = Counter(view.hand)
    shown.update(view.pile)
    shown.update(view.cleared)
    if any(count > every[card] for card, count in shown.items()):
        return "the view shows cards that are not in its config's card list"
    for name in ("pile", "cleared"):
        if not is_cards(getattr(view, name)):
            return f"{name} must be a tuple of Card"
    if not is_hand(view.hand):
        return "hand must be a sorted tuple of Card"
    sizes = view.hand_sizes
    if (
        type(sizes) is not tuple
        or len(sizes) != n
        or not all(type(size) is int and size >= 0 for size in sizes)
    ):
        return f"hand_sizes must be {n} non-negative ints"
    if type(view.deck_size) is not int or view.deck_size < 0:
        return "deck_size must be a non-negative int"
    hidden = view.deck_size + sum(size for p, size in enumerate(sizes) if p != view.player)
    if len(view.hand) + len(view.pile) + len(view.cleared) + hidden != every.total():
        return "the view's card counts do not add up to its config's card list"
    if view.player == SPECTATOR:
        if view.hand:
            return "a spectator's view shows no hand"
    elif sizes[view.player] != len(view.hand):
        return "hand_sizes must count the view's own hand"
    return table_problem(view, facts, sizes)
