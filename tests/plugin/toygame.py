"""High card: a toy game that another distribution adds to cardgames (see docs/adding-a-game.md).

Two players are dealt one card each, face down, from a shuffled deck numbered 1 to ``cards``.
In seat order each player once either keeps their card or swaps it for the top card of the
deck, laying the old one face up. Then both cards are shown: the higher card wins.

tests/test_plugin_game.py installs this file as the package ``toygame`` of a wheel that
declares it in the ``cardgames.games`` entry point group, and plays it through the command line.
The whole game is this one module: the classes, the rules, what a player sees, the numbers a
learning agent reads, a heuristic bot, and ``define_game`` at the end, which supplies every
other function of the ``Game`` protocol (see ``cardgames.defaults``): ``apply_move`` around
``effects``, the turn queries, seats, notation, events, picture and action encodings.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

import attrs

from cardgames.defaults import config_check
from cardgames.define import define_game
from cardgames.errors import (
    InvalidConfigError,
    InvalidPlayerError,
    InvalidStateError,
    InvalidViewError,
)
from cardgames.game import Game, Outcome, Playout
from cardgames.rng import Rng, check_seed

__all__ = [
    "GAME",
    "MOVE_TYPES",
    "PRESETS",
    "Config",
    "HighCardBot",
    "Keep",
    "Move",
    "State",
    "Swap",
    "View",
    "check_config",
    "check_state",
    "check_view",
    "effects",
    "legal_moves",
    "new_game",
    "observation",
    "observation_shape",
    "render",
    "resample",
    "view",
]

PLAYERS = 2


@attrs.frozen
class Config:
    """The deck: cards numbered 1 to ``cards`` (enough to deal both hands and both swaps)."""

    cards: int = attrs.field(
        default=6,
        validator=[attrs.validators.instance_of(int), attrs.validators.in_(range(4, 53))],
    )


@attrs.frozen
class Keep:
    """Keep the card in hand."""


@attrs.frozen
class Swap:
    """Lay the card in hand face up and take the top card of the deck."""


Move = Keep | Swap
#: Every kind of move.
MOVE_TYPES = (Keep, Swap)


@attrs.frozen
class State:
    """The whole table: the deck (top first), each hand, the face-up cards, who moves."""

    config: Config
    deck: tuple[int, ...]
    hands: tuple[int, ...]
    laid: tuple[int, ...]  # the cards swapped away, face up, in the order laid
    to_move: int | None
    result: Outcome | None


@attrs.frozen
class View:
    """What ``player`` knows: their own card, the face-up cards, and both cards once over."""

    config: Config
    player: int
    hands: tuple[int | None, ...]  # None: a card this player cannot see
    laid: tuple[int, ...]
    deck_size: int
    to_move: int | None
    result: Outcome | None


#: The named configs worth offering: the standard deck first.
PRESETS: Mapping[str, Config] = {"default": Config(), "long-deck": Config(cards=20)}

#: ``InvalidConfigError`` unless the config is a ``Config`` whose fields pass their validators.
check_config = config_check(Config, "toy")


def check_state(state: object) -> State:
    """``state`` if it is a state of this game; ``InvalidStateError`` if not."""
    if type(state) is not State:
        raise InvalidStateError(f"expected a toy State, got {type(state).__name__}")
    try:
        check_config(state.config)
    except InvalidConfigError as exc:
        raise InvalidStateError(f"config: {exc}") from None
    cards = (*state.deck, *state.hands, *state.laid)
    if sorted(cards) != list(range(1, state.config.cards + 1)) or len(state.hands) != PLAYERS:
        raise InvalidStateError("the deck, hands and laid cards must hold every card once")
    over = state.result is not None
    if state.to_move not in (*range(PLAYERS), None) or (state.to_move is None) != over:
        raise InvalidStateError("to_move must be a player while the game goes on, else None")
    return state


def check_view(view: object) -> View:
    """``view`` if it is a view of this game; ``InvalidViewError`` if not."""
    if type(view) is not View or type(view.player) is not int or view.player not in (0, 1):
        raise InvalidViewError("expected a toy View of player 0 or 1")
    if view.hands[view.player] is None:
        raise InvalidViewError("a player always sees their own card")
    return view


# --- the rules ----------------------------------------------------------------------------------


def new_game(config: Config | None = None, *, seed: int) -> State:
    """A shuffled deck, one card dealt to each player; player 0 decides first."""
    config = Config() if config is None else config
    check_config(config)
    check_seed(seed)
    deck, _ = Rng.from_seed(seed).shuffled(range(1, config.cards + 1))
    return State(config, deck[PLAYERS:], deck[:PLAYERS], (), to_move=0, result=None)


def legal_moves(state: State) -> tuple[Move, ...]:
    """Keep or swap while the game goes on; nothing once it is over."""
    return () if check_state(state).result is not None else (Keep(), Swap())


def effects(state: State, move: Move) -> State:
    """What a legal ``move`` does: the game ends, and the higher card wins, after player 1."""
    player = state.to_move
    assert player is not None
    hands, deck, laid = list(state.hands), state.deck, state.laid
    if isinstance(move, Swap):
        laid += (hands[player],)
        hands[player], deck = deck[0], deck[1:]
    if player + 1 < PLAYERS:
        return attrs.evolve(state, deck=deck, hands=tuple(hands), laid=laid, to_move=player + 1)
    winner = max(range(PLAYERS), key=hands.__getitem__)
    result = Outcome.win({winner}, PLAYERS, f"the higher card, {hands[winner]}")
    return State(state.config, deck, tuple(hands), laid, to_move=None, result=result)


# --- what a player sees -------------------------------------------------------------------------


def view(state: State, player: int) -> View:
    """Own card always, the other's once the game is over."""
    check_state(state)
    if type(player) is not int or player not in range(PLAYERS):
        raise InvalidPlayerError("no such player in a two-player game")
    over = state.result is not None
    hands = tuple(c if over or p == player else None for p, c in enumerate(state.hands))
    return View(
        state.config, player, hands, state.laid, len(state.deck), state.to_move, state.result
    )


def resample(view: View, *, seed: int) -> State:
    """A state the view's player cannot tell from the real one: the unseen cards shuffled."""
    check_view(view)
    check_seed(seed)
    seen = {c for c in view.hands if c is not None} | set(view.laid)
    unseen = [c for c in range(1, view.config.cards + 1) if c not in seen]
    random.Random(seed).shuffle(unseen)
    hands = tuple(c if c is not None else unseen.pop() for c in view.hands)
    return State(view.config, tuple(unseen), hands, view.laid, view.to_move, view.result)


def render(state_or_view: State | View) -> str:
    """The hands (``?`` for a card not seen), the face-up cards and the deck."""
    hands = "  ".join(
        f"player {p}: {'?' if c is None else c}" for p, c in enumerate(state_or_view.hands)
    )
    deck = len(state_or_view.deck) if isinstance(state_or_view, State) else state_or_view.deck_size
    laid = ", ".join(map(str, state_or_view.laid)) or "none"
    return f"{hands}\nface up: {laid}; {deck} cards in the deck"


def observation_shape(config: Config | None = None) -> tuple[int, ...]:
    """Own card, the other card (0 unseen), the deck's size, whether the viewer decides,
    whether the game is over; then a flag per card of the deck (face up or not)."""
    config = Config() if config is None else config
    check_config(config)
    return (5 + config.cards,)


def observation(view: View) -> tuple[float, ...]:
    """The view as numbers: cards scaled by the deck's size, flags 0 or 1."""
    check_view(view)
    cards = view.config.cards
    own, other = view.hands[view.player], view.hands[1 - view.player]
    assert own is not None
    laid = set(view.laid)
    return (
        own / cards,
        0.0 if other is None else other / cards,
        view.deck_size / cards,
        float(view.to_move == view.player),
        float(view.result is not None),
        *(float(card in laid) for card in range(1, cards + 1)),
    )


class HighCardBot:
    """Keeps a card in the upper half of the deck, swaps a lower one."""

    name = "greedy"

    def choose(self, view: View, legal_moves: Sequence[Move], rng: random.Random) -> Move:
        """Swap a low card, keep a high one."""
        card = view.hands[view.player]
        assert card is not None
        return Swap() if 2 * card <= view.config.cards and Swap() in legal_moves else Keep()


#: High card as a :class:`~cardgames.Game`: the entry point ``toy = toygame:GAME`` names it.
GAME: Game[State, Move, View, Config] = define_game(
    __name__,
    name="toy",
    playout=Playout("random", limit=PLAYERS),
    players=PLAYERS,
    max_decisions=PLAYERS,
    cards=("deck", "hands", "laid"),
    actions=(Keep(), Swap()),
    bot=HighCardBot,
)
