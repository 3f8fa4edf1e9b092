"""A heuristic Le Rally bot: keeps its answers for attacks, sheds awkward cards, lobs to skip."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from cardgames.lerally.cards import Card, CardKind, Section
from cardgames.lerally.config import deck_cards
from cardgames.lerally.moves import Lob, Move, Offense, PickUp, Play
from cardgames.lerally.state import View

__all__ = ["ShedderBot"]

#: Special cards: kept for answering attacks.
_SPECIALS = (CardKind.JUST_OUT, CardKind.YOURS, CardKind.CHALLENGE)


class ShedderBot:
    """Plays Le Rally by rules of thumb.

    - Facing an attack: a Hot Shot if it holds the same attack card, else Just Out, Challenge
      or Yours (in that order), else it picks up.
    - Otherwise: the lob that sheds the most cards; then an attack card; then the shot card it
      holds the most sources for least (an awkward card), landing where the next player is
      least likely to answer; the offense card to the section the unseen cards answer least;
      the special cards only when nothing else can be played.
    """

    name = "greedy"

    def choose(self, view: View, legal_moves: Sequence[Move], rng: random.Random) -> Move:
        """The move its rules of thumb prefer."""
        if len(legal_moves) == 1:
            return legal_moves[0]
        unseen = _unseen(view)
        if view.attack is not None:
            return min(legal_moves, key=_answer_rank)
        return max(legal_moves, key=lambda move: self._score(view, unseen, move))

    def _score(self, view: View, unseen: Counter[Card], move: Move) -> float:
        if isinstance(move, Lob):
            return 100.0 + move.count
        if isinstance(move, Offense):
            return 20.0 - _answers(unseen, move.to)
        if isinstance(move, PickUp):
            return -100.0
        card = move.card
        if card.kind is CardKind.ATTACK:
            return 60.0
        if card.kind in _SPECIALS:
            return -50.0
        # A shot: shed cards whose source section the hand rarely sees, land where the unseen
        # cards answer least.
        sources = sum(1 for c in view.hand if c.kind is CardKind.SHOT and c.source is card.target)
        assert card.target is not None
        return 40.0 - _answers(unseen, card.target) + 0.5 * sources

    def __repr__(self) -> str:
        return "ShedderBot()"


def _answer_rank(move: Move) -> int:
    if isinstance(move, Play):
        order = {CardKind.ATTACK: 0, CardKind.JUST_OUT: 1, CardKind.CHALLENGE: 2, CardKind.YOURS: 3}
        return order.get(move.card.kind, 4)
    return 5


def _unseen(view: View) -> Counter[Card]:
    """The cards ``view``'s player has not seen: in other hands or in the deck."""
    unseen = Counter(deck_cards(view.config))
    unseen.subtract(Counter(view.hand))
    unseen.subtract(Counter(view.pile))
    unseen.subtract(Counter(view.cleared))
    return unseen


def _answers(unseen: Counter[Card], section: Section) -> float:
    """How many unseen cards could answer a ball in ``section`` (shots from it, attacks of
    its zone), as a share of the unseen cards."""
    total = sum(unseen.values()) or 1
    fits = sum(
        n
        for card, n in unseen.items()
        if (card.kind is CardKind.SHOT and card.source is section)
        or (card.kind is CardKind.ATTACK and card.zone is section.zone)
    )
    return 30.0 * fits / total
