"""A greedy Alethi bot: looks one decision ahead, values captures and the safety of its cards."""

from __future__ import annotations

import random
from collections.abc import Sequence

from cardgames.alethi.cards import Cell, Colour, Kind
from cardgames.alethi.config import stats
from cardgames.alethi.moves import Move
from cardgames.alethi.rules import apply_move
from cardgames.alethi.state import Placed, State, View
from cardgames.alethi.view import resample

__all__ = ["GreedyBot"]

#: How much each kind is worth to keep on the field.
VALUE = {
    Kind.SQUIRE: 1.0,
    Kind.KNIGHT: 2.0,
    Kind.TOWER: 3.0,
    Kind.SCOUT: 1.5,
    Kind.SOULCASTER: 2.0,
    Kind.GENERAL: 3.0,
    Kind.KING: 12.0,
}
WIN = 1000.0
#: The share of a card's value lost when the opponent could capture it with one more card.
THREAT = 0.6


class GreedyBot:
    """Plays the move after which the field looks best for it.

    The score counts the value of its uncaptured cards against the opponent's, and takes off part
    of the value of every card the opponent could capture with a single throw next to it; the
    same threat on enemy cards counts a little in its favour. Ties go to the first move.
    """

    name = "greedy"

    def choose(self, view: View, legal_moves: Sequence[Move], rng: random.Random) -> Move:
        """The legal move with the best score after it (see the class docstring)."""
        state = resample(view, seed=0)
        me = view.player
        best, best_score = legal_moves[0], float("-inf")
        for move in legal_moves:
            score = evaluate(apply_move(state, move), me) + rng.random() * 1e-6
            if score > best_score:
                best, best_score = move, score
        return best

    def __repr__(self) -> str:
        return "GreedyBot()"


def evaluate(state: State, me: Colour) -> float:
    """How good ``state`` looks for ``me`` (higher is better)."""
    if state.result is not None:
        if me in state.result.winners:
            return WIN
        return 0.0 if state.result.is_draw else -WIN
    table = stats(state.config)
    standing = {c.at: c for c in state.field if not c.captured}
    occupied = {c.at for c in state.field}
    strongest = {
        colour: max((table.attack[k] for k in state.barracks[colour]), default=0)
        for colour in Colour
    }
    score = 0.0
    for card in standing.values():
        sign = 1.0 if card.owner == me else -1.0
        value = VALUE.get(card.kind, 1.0)
        score += sign * value
        if _threatened(
            card, standing, occupied, table.attack, table.health, strongest[card.owner.opponent]
        ):
            score -= sign * THREAT * value * (1.0 if card.owner == me else 0.5)
    return score


def _threatened(
    card: Placed,
    standing: dict[Cell, Placed],
    occupied: set[Cell],
    attack: dict[Kind, int],
    health: dict[Kind, int],
    strongest_throw: int,
) -> bool:
    """Whether one enemy throw next to ``card`` (with a General's bonus) could capture it."""
    pressure = 0
    for n in card.at.neighbours():
        enemy = standing.get(n)
        if enemy is not None and enemy.owner != card.owner:
            pressure += attack[enemy.kind] + 1
    if strongest_throw == 0:
        return pressure > health[card.kind]
    free = [n for n in card.at.neighbours() if n not in occupied]
    reachable = any(
        any((m in standing and standing[m].owner != card.owner) for m in n.neighbours())
        for n in free
    )
    extra = strongest_throw + 1 if reachable else 0
    return pressure + extra > health[card.kind]
