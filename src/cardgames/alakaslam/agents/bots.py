"""A heuristic AlakaSLAM bot: reaches the ball, returns it in bounds, binds with Enchantments."""

from __future__ import annotations

import random
from collections.abc import Sequence

from cardgames.alakaslam import moves
from cardgames.alakaslam.cards import Card, CardKind
from cardgames.alakaslam.config import side_of
from cardgames.alakaslam.court import Cell, Landing, court_for
from cardgames.alakaslam.state import Phase, View
from cardgames.alakaslam.view import check_view
from cardgames.errors import IllegalMoveError, InvalidViewError, kind_of

__all__ = ["RallyBot"]


def _distance(a: Cell, b: Cell) -> int:
    return abs(a.col - b.col) + abs(a.row - b.row)


def _shot(cards: Sequence[Card]) -> tuple[int, int]:
    across = sum(c.colour.aim for c in cards if c.colour is not None)
    return across, sum(c.value for c in cards if c.kind is CardKind.HIT)


def _card_worth(card: Card) -> float:
    """How much a card is worth keeping: Enchantments most, then long Hit cards."""
    return 3.0 + card.value if card.kind is CardKind.ENCHANT else float(card.value)


class RallyBot:
    """Plays AlakaSLAM by simple rules of thumb.

    - Returns: of the hits that land in, the one that lands farthest from the opponents, with
      an Enchantment when it has one to spare, spending few cards.
    - Movement: steps toward the ball while it can still reach it (free step first, then
      Enchantments), stays put otherwise, and lets the ball go only when it cannot reach it.
    - Support (doubles): the smallest play that moves the ball least.
    - Between points: discards its weakest cards, keeps its hand.
    """

    name = "greedy"

    def choose(
        self, view: View, legal_moves: Sequence[moves.Move], rng: random.Random
    ) -> moves.Move:
        """The move its rules of thumb prefer; ties go to the first such move.

        ``view`` must be an AlakaSLAM view (``InvalidViewError`` otherwise) and ``legal_moves``
        its player's legal moves, as the arena gives them.
        """
        if type(view) is not View:
            raise InvalidViewError(f"expected a View of alakaslam, got {kind_of(view)}")
        if not legal_moves:
            raise IllegalMoveError("RallyBot was given no legal move to choose from")
        try:
            return self._choose(view, legal_moves)
        except (TypeError, ValueError, AttributeError, IndexError, KeyError, AssertionError):
            # The rules of thumb trust the view, as they may for one the rules made. A view from
            # elsewhere (built by hand, changed with attrs.evolve) is only checked once it has
            # tripped them, so that play pays nothing for it: check_view then says what is wrong.
            check_view(view)
            # The view holds: what tripped them is the other argument.
            raise IllegalMoveError(
                "RallyBot: legal_moves must be a sequence of the moves of the view's player"
            ) from None

    def _choose(self, view: View, legal_moves: Sequence[moves.Move]) -> moves.Move:
        phase = view.phase
        if phase in (Phase.SERVE, Phase.MOVE):
            hits = [m for m in legal_moves if isinstance(m, moves.Hit)]
            best = self._best_hit(view, hits) if hits else None
            return best if best is not None else self._approach(view, legal_moves)
        if phase is Phase.SUPPORT:
            plays = [m for m in legal_moves if isinstance(m, moves.Support)]
            if plays:
                return min(plays, key=lambda m: self._support_cost(view, m.cards))
        if phase is Phase.TARGET:
            return self._target(view, legal_moves)
        if phase in (Phase.LOSER_DISCARD, Phase.REFILL):
            return self._discard(view, legal_moves)
        if phase is Phase.PICK_SERVER:
            for move in legal_moves:
                if isinstance(move, moves.PickServer) and move.player == view.player:
                    return move
        for move in legal_moves:
            if isinstance(move, moves.Keep | moves.Done):
                return move
        return legal_moves[0]

    def _best_hit(self, view: View, hits: list[moves.Hit]) -> moves.Hit | None:
        """The hit that lands in, farthest from the opponents; ``None`` if none lands in."""
        court = court_for(view.config.columns)
        side = side_of(view.player)
        ball = view.ball
        assert ball is not None
        opponents = [c for p, c in enumerate(view.positions) if side_of(p) != side]
        best: moves.Hit | None = None
        best_score = float("-inf")
        for move in hits:
            across, distance = _shot(move.cards)
            landing, where = court.land(ball, side, across, distance)
            if where is not Landing.IN:
                continue
            if view.serving and landing.col == ball.col:
                continue
            score = 2.0 * min(_distance(landing, o) for o in opponents)
            enchantments = [c for c in move.cards if c.kind is CardKind.ENCHANT]
            score += 1.5 * sum(c.value for c in enchantments)
            score -= sum(_card_worth(c) for c in move.cards) * 0.3
            if score > best_score:
                best, best_score = move, score
        return best

    def _approach(self, view: View, legal_moves: Sequence[moves.Move]) -> moves.Move:
        """A step toward the ball while it is reachable; else hand over, or let it go."""
        ball = view.ball
        assert ball is not None
        me = view.positions[view.player]
        budget = (1 if view.free_step else 0) + sum(
            1 for c in view.hand if c.kind is CardKind.ENCHANT
        )
        gap = _distance(me, ball)
        if 0 < gap <= budget:
            steps = [m for m in legal_moves if isinstance(m, moves.Step | moves.DiscardStep)]
            closer = [m for m in steps if _distance(m.to, ball) < gap]
            free = [m for m in closer if isinstance(m, moves.Step)]
            if free:
                return free[0]
            if closer:
                return min(closer, key=lambda m: _card_worth(m.card))  # type: ignore[union-attr]
        for move in legal_moves:
            if isinstance(move, moves.Done):
                return move
        meddles = [m for m in legal_moves if isinstance(m, moves.Meddle)]
        if meddles:
            return meddles[0]
        return next((m for m in legal_moves if isinstance(m, moves.Decline)), legal_moves[-1])

    def _support_cost(self, view: View, cards: tuple[Card, ...]) -> float:
        across, distance = _shot(cards)
        enchantments = sum(1 for c in cards if c.kind is CardKind.ENCHANT)
        return abs(across) * 2 + distance * 2 + len(cards) - enchantments * 1.5

    def _target(self, view: View, legal_moves: Sequence[moves.Move]) -> moves.Move:
        ball = view.ball
        assert ball is not None
        targets = [m for m in legal_moves if isinstance(m, moves.Target)]
        return min(targets, key=lambda m: _distance(view.positions[m.player], ball))

    def _discard(self, view: View, legal_moves: Sequence[moves.Move]) -> moves.Move:
        discards = [m for m in legal_moves if isinstance(m, moves.Discard)]
        weakest = min(discards, key=lambda m: _card_worth(m.card), default=None)
        if view.phase is Phase.LOSER_DISCARD and (weakest is None or _card_worth(weakest.card) > 0):
            return next(m for m in legal_moves if isinstance(m, moves.Done))
        assert weakest is not None
        return weakest

    def __repr__(self) -> str:
        return "RallyBot()"
