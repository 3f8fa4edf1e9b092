"""A greedy Alethi bot: looks one decision ahead, values captures and the safety of its cards."""

from __future__ import annotations

import random
from collections.abc import Sequence

from cardgames.alethi._fast import STEPS, Board
from cardgames.alethi.captures import general_bonus, outweighs, pressure
from cardgames.alethi.cards import Colour, Kind
from cardgames.alethi.checks import board_of, checked
from cardgames.alethi.config import Stats, stats
from cardgames.alethi.moves import Move
from cardgames.alethi.rules import apply_move
from cardgames.alethi.state import Placed, State, View
from cardgames.alethi.view import playable_state_of
from cardgames.errors import IllegalMoveError, InvalidConfigError, InvalidViewError

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
#: How much of that counts when the card under threat is the enemy's (it may yet move first).
ENEMY_THREAT_SHARE = 0.5


class GreedyBot:
    """Plays the move after which the field looks best for it.

    The score counts the value of its uncaptured cards against the opponent's, and takes off part
    of the value of every card the opponent could capture with its next throw; the same threat
    on enemy cards counts a little in its favour. Ties are broken at random.
    """

    name = "greedy"

    def choose(self, view: View, legal_moves: Sequence[Move], rng: random.Random) -> Move:
        """The legal move with the best score after it (see the class docstring).

        ``IllegalMoveError`` if ``legal_moves`` is empty or holds a move that is not legal in
        the view's table; ``InvalidViewError`` if ``view`` is not a playable view.
        """
        if not isinstance(legal_moves, Sequence) or isinstance(legal_moves, str) or not legal_moves:
            raise IllegalMoveError("the greedy bot needs a non-empty sequence of legal moves")
        if not isinstance(rng, random.Random):
            raise InvalidConfigError(f"rng must be a random.Random, got {type(rng).__name__}")
        # Not resample: the greedy bot also plays hand-made positions, which need only be
        # playable (nothing is hidden, so the state is the view's own table).
        state = playable_state_of(view)
        me = view.player
        if type(me) is not Colour:
            raise InvalidViewError("a spectator's view: the greedy bot plays for a seat")
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
    board = board_of(checked(state))
    table = stats(state.config)
    attack = table.attack
    # What each side could throw next, the same for every card it might threaten: its
    # strongest barracks card's attack (None for empty barracks) and the cells it may throw on.
    threats: dict[Colour, tuple[int, frozenset[int]] | None] = {}
    for colour in (Colour.RED, Colour.BLUE):
        strongest = max((attack[kind] for kind in state.barracks[colour]), default=None)
        threats[colour] = (
            None if strongest is None else (strongest, frozenset(board.throwable[colour]))
        )
    score = 0.0
    for key, card in board.cards.items():
        if card.captured:
            continue
        value = VALUE.get(card.kind, 1.0)
        owner = card.owner
        enemy = Colour.BLUE if owner is Colour.RED else Colour.RED
        threat = threats[enemy]
        threatened = threat is not None and _threatened(board, key, card, table, enemy, threat)
        if owner == me:
            score += value - (THREAT * value if threatened else 0.0)
        else:
            score -= value - (THREAT * value * ENEMY_THREAT_SHARE if threatened else 0.0)
    return score


def _threatened(
    board: Board,
    key: int,
    card: Placed,
    table: Stats,
    enemy: Colour,
    threat: tuple[int, frozenset[int]],
) -> bool:
    """Whether ``enemy`` could capture ``card`` (on ``key``) with its next throw: its strongest
    barracks card (``threat``: its attack, and the cells ``enemy`` may throw on) on a free cell
    next to ``card``, with a General's bonus where one stands."""
    strongest, free = threat
    pressed = None  # the attack on the card now, worked out once a throw next to it is possible
    for step in STEPS:
        cell = key + step
        if cell in free:
            if pressed is None:
                pressed = pressure(board, key, table.attack)
            thrown = strongest + general_bonus(board, enemy, cell)
            if outweighs(pressed + thrown, table.health[card.kind]):
                return True
    return False
