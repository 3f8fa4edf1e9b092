"""High card: a toy game that another distribution adds to cardgames (see docs/adding-a-game.md).

Two players are dealt one card each, face down, from a shuffled deck numbered 1 to ``cards``.
In seat order each player once either keeps their card or swaps it for the top card of the
deck, laying the old one face up. Then both cards are shown: the higher card wins.

tests/test_plugin_game.py installs this file as the package ``toygame`` of a wheel that
declares it in the ``cardgames.games`` entry point group, and plays it through the command line.
The whole game is this one module: the classes, every function of the ``Game`` protocol, a
heuristic bot, and ``define_game`` at the end.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence

import attrs

from cardgames.define import define_game, turn_queries
from cardgames.errors import (
    IllegalMoveError,
    InvalidConfigError,
    InvalidMoveError,
    InvalidPlayerError,
    InvalidStateError,
    InvalidViewError,
)
from cardgames.game import Game, Outcome, Playout
from cardgames.rng import Rng, check_seed
from cardgames.svg import Canvas, card_row, check_names

__all__ = [
    "EVENT_TYPES",
    "GAME",
    "MOVE_TYPES",
    "PRESETS",
    "Config",
    "Ended",
    "HighCardBot",
    "Keep",
    "Kept",
    "Move",
    "State",
    "Swap",
    "Swapped",
    "View",
    "action_mask",
    "action_to_move",
    "apply_move",
    "card_counts",
    "check_config",
    "check_state",
    "check_view",
    "current_player",
    "evaluate",
    "events",
    "format_event",
    "format_move",
    "heuristic_bot",
    "is_over",
    "legal_moves",
    "max_decisions",
    "move_to_action",
    "new_game",
    "num_actions",
    "num_players",
    "observation",
    "observation_shape",
    "outcome",
    "parse_move",
    "render",
    "render_svg",
    "resample",
    "seat_names",
    "view",
]

PLAYERS = 2
#: The smallest deck that deals both hands and both swaps.
MIN_CARDS = 2 * PLAYERS
MAX_CARDS = 52


@attrs.frozen
class Config:
    """The deck: cards numbered 1 to ``cards``."""

    cards: int = 6


@attrs.frozen
class Keep:
    """Keep the card in hand."""


@attrs.frozen
class Swap:
    """Lay the card in hand face up and take the top card of the deck."""


Move = Keep | Swap


@attrs.frozen(repr=False)
class State:
    """The whole table: the deck (top first), each hand, the face-up cards, who moves."""

    config: Config
    deck: tuple[int, ...]
    hands: tuple[int, ...]
    laid: tuple[int, ...]  # the cards swapped away, face up, in the order laid
    to_move: int | None
    result: Outcome | None

    def __repr__(self) -> str:
        return f"<toygame.State {self.hands[0]}-{self.hands[1]}, {_who(self.to_move)}>"


@attrs.frozen(repr=False)
class View:
    """What ``player`` knows: their own card, the face-up cards, and both cards once over."""

    config: Config
    player: int
    hands: tuple[int | None, ...]  # None: a card this player cannot see
    laid: tuple[int, ...]
    deck_size: int
    to_move: int | None
    result: Outcome | None

    def __repr__(self) -> str:
        return f"<toygame.View of player {self.player}: {_who(self.to_move)}>"


def _who(to_move: int | None) -> str:
    return "over" if to_move is None else f"player {to_move} to move"


# --- setup and checks ---------------------------------------------------------------------------


def check_config(config: Config) -> None:
    """Raise ``InvalidConfigError`` unless ``config`` is a playable ``Config``."""
    if type(config) is not Config:
        raise InvalidConfigError(f"expected a toy Config, got {type(config).__name__}")
    if type(config.cards) is not int or not MIN_CARDS <= config.cards <= MAX_CARDS:
        raise InvalidConfigError(f"cards must be an int from {MIN_CARDS} to {MAX_CARDS}")


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


def num_players(config: Config) -> int:
    """Always two."""
    check_config(config)
    return PLAYERS


def seat_names(config: Config) -> tuple[str, ...]:
    """The seats are called by number."""
    check_config(config)
    return ("player 0", "player 1")


def max_decisions(config: Config) -> int:
    """One decision per player."""
    check_config(config)
    return PLAYERS


def new_game(config: Config | None = None, *, seed: int) -> State:
    """A shuffled deck, one card dealt to each player; player 0 decides first."""
    config = Config() if config is None else config
    check_config(config)
    check_seed(seed)
    deck, _ = Rng.from_seed(seed).shuffled(range(1, config.cards + 1))
    return State(config, deck[PLAYERS:], deck[:PLAYERS], (), to_move=0, result=None)


current_player, is_over, outcome = turn_queries(check_state)


# --- play ---------------------------------------------------------------------------------------


def legal_moves(state: State) -> tuple[Move, ...]:
    """Keep or swap while the game goes on; nothing once it is over."""
    return () if check_state(state).result is not None else (Keep(), Swap())


def apply_move(state: State, move: Move) -> State:
    """The state after ``move``; the game ends, and the higher card wins, after player 1."""
    if move not in legal_moves(state):
        raise IllegalMoveError(f"{move!r} is not legal now")
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


def view(state: State, player: int) -> View:
    """Own card always, the other's once the game is over."""
    check_state(state)
    if type(player) is not int or player not in range(PLAYERS):
        raise InvalidPlayerError(f"no player {player!r} in a two-player game")
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


def card_counts(state: State) -> Mapping[str, int]:
    """Every card once, wherever it is."""
    check_state(state)
    return Counter(str(c) for c in (*state.deck, *state.hands, *state.laid))


def evaluate(state: State) -> tuple[float, ...]:
    """The outcome once over; before that, each card's share of the two."""
    result = check_state(state).result
    if result is not None:
        return result.returns
    total = sum(state.hands)
    return tuple(c / total for c in state.hands)


# --- notation and pictures ----------------------------------------------------------------------


def format_move(move: Move) -> str:
    """``keep`` or ``swap``."""
    return type(move).__name__.lower()


def parse_move(state: State | View, text: str) -> Move:
    """The move ``keep`` or ``swap`` names; ``InvalidMoveError`` for any other text."""
    moves: dict[str, Move] = {"keep": Keep(), "swap": Swap()}
    try:
        return moves[text.strip().lower()]
    except (KeyError, AttributeError):
        raise InvalidMoveError("a move is 'keep' or 'swap'") from None


def render(state_or_view: State | View) -> str:
    """The hands (``?`` for a card not seen), the face-up cards and the deck."""
    hands = "  ".join(
        f"player {p}: {'?' if c is None else c}" for p, c in enumerate(state_or_view.hands)
    )
    deck = len(state_or_view.deck) if isinstance(state_or_view, State) else state_or_view.deck_size
    laid = ", ".join(map(str, state_or_view.laid)) or "none"
    return f"{hands}\nface up: {laid}; {deck} cards in the deck"


def render_svg(state_or_view: State | View, *, names: Sequence[str] | None = None) -> str:
    """The hands as cards (a card not seen face down), the face-up cards and the deck, drawn
    with the shared helpers of ``cardgames.svg``."""
    if isinstance(state_or_view, View):
        table: State | View = check_view(state_or_view)
    else:
        table = check_state(state_or_view)
    seats = check_names(names, ("player 0", "player 1"))
    canvas = Canvas(600, 260, "High card: " + render(table).replace("\n", "; "))
    for p, card in enumerate(table.hands):
        canvas.text(30 + 300 * p, 40, seats[p], bold=True)
        faces = [] if card is None else [([str(card)], "#ffffff", "#222222")]
        card_row(canvas, 30 + 300 * p, 56, 100, faces, backs=1 - len(faces), width=60, height=84)
    deck = len(table.deck) if isinstance(table, State) else table.deck_size
    laid = ", ".join(map(str, table.laid)) or "none"
    canvas.text(30, 200, f"face up: {laid}; {deck} cards in the deck")
    return canvas.finish()


# --- events ------------------------------------------------------------------------------------


@attrs.frozen
class Kept:
    """``player`` kept the card in hand."""

    player: int


@attrs.frozen
class Swapped:
    """``player`` laid ``laid`` face up and took the deck's top card: ``took``, or ``None``
    for a viewer who may not see it."""

    player: int
    laid: int
    took: int | None


@attrs.frozen
class Ended:
    """Both cards were shown: ``winner`` won with ``card``."""

    winner: int
    card: int


#: Every kind of event.
EVENT_TYPES = (Kept, Swapped, Ended)


def events(
    before: State, move: Move, after: State, *, viewer: int | None = None
) -> tuple[Kept | Swapped | Ended, ...]:
    """The move, then the end: the card taken is told only to its taker."""
    if viewer is not None and (type(viewer) is not int or viewer not in range(PLAYERS)):
        raise InvalidPlayerError("viewer must be None or a player of a two-player game")
    if apply_move(before, move) != check_state(after):
        raise IllegalMoveError("the move does not lead from `before` to `after`")
    player = before.to_move
    assert player is not None
    told: list[Kept | Swapped | Ended] = []
    if isinstance(move, Swap):
        seen = viewer in (None, player) or after.result is not None
        told.append(Swapped(player, before.hands[player], after.hands[player] if seen else None))
    else:
        told.append(Kept(player))
    if after.result is not None:
        winner = min(after.result.winners)
        told.append(Ended(winner, after.hands[winner]))
    return tuple(told)


def format_event(event: Kept | Swapped | Ended) -> str:
    """The event in a sentence."""
    if isinstance(event, Kept):
        return f"Player {event.player} kept their card."
    if isinstance(event, Swapped):
        took = "a card" if event.took is None else f"the {event.took}"
        return f"Player {event.player} laid the {event.laid} face up and took {took}."
    if isinstance(event, Ended):
        return f"Player {event.winner} won with the {event.card}."
    raise InvalidStateError("not an event of high card")


# --- encodings for learning agents --------------------------------------------------------------

#: The actions: 0 keeps, 1 swaps, in every state.
ACTIONS: tuple[Move, ...] = (Keep(), Swap())
#: The observation's numbers before the face-up cards: own card, the other card (0 unseen),
#: the deck's size, whether the viewer decides, whether the game is over.
_HEAD = 5


def num_actions(config: Config | None = None) -> int:
    """Two: keep and swap."""
    check_config(Config() if config is None else config)
    return len(ACTIONS)


def observation_shape(config: Config | None = None) -> tuple[int, ...]:
    """The five numbers of the head, then a flag per card of the deck (face up or not)."""
    config = Config() if config is None else config
    check_config(config)
    return (_HEAD + config.cards,)


def _moves_of(state_or_view: State | View) -> tuple[Move, ...]:
    """The legal moves of a state, or of a view's player (none when the other decides)."""
    if isinstance(state_or_view, State):
        return legal_moves(state_or_view)
    view = check_view(state_or_view)
    return ACTIONS if view.to_move == view.player else ()


def move_to_action(state_or_view: State | View, move: Move) -> int:
    """0 for keep, 1 for swap, when that move is legal; ``IllegalMoveError`` otherwise."""
    moves = _moves_of(state_or_view)
    for action, known in enumerate(ACTIONS):
        if type(move) is type(known) and known in moves:
            return action
    raise IllegalMoveError("not a legal move here, so it has no action")


def action_to_move(state_or_view: State | View, action: int) -> Move:
    """The move of action 0 or 1 when it is legal; ``IllegalMoveError`` otherwise."""
    moves = _moves_of(state_or_view)
    if type(action) is not int or action not in range(len(ACTIONS)):
        raise IllegalMoveError("an action is 0 (keep) or 1 (swap)")
    if ACTIONS[action] not in moves:
        raise IllegalMoveError(f"action {action} is not legal now")
    return ACTIONS[action]


def action_mask(view: View) -> tuple[bool, ...]:
    """Both actions while the viewer decides; neither otherwise."""
    moves = _moves_of(view)
    return tuple(move in moves for move in ACTIONS)


def observation(view: View) -> tuple[float, ...]:
    """The view as numbers: cards scaled by the deck's size, flags 0 or 1."""
    check_view(view)
    cards = view.config.cards
    other = view.hands[1 - view.player]
    own = view.hands[view.player]
    assert own is not None
    head = (
        own / cards,
        0.0 if other is None else other / cards,
        view.deck_size / cards,
        float(view.to_move == view.player),
        float(view.result is not None),
    )
    laid = set(view.laid)
    return (*head, *(float(card in laid) for card in range(1, cards + 1)))


# --- the bot and the game -----------------------------------------------------------------------


class HighCardBot:
    """Keeps a card in the upper half of the deck, swaps a lower one."""

    name = "greedy"

    def choose(self, view: View, legal_moves: Sequence[Move], rng: random.Random) -> Move:
        """Swap a low card, keep a high one."""
        card = view.hands[view.player]
        assert card is not None
        return Swap() if 2 * card <= view.config.cards and Swap() in legal_moves else Keep()


#: Every kind of move.
MOVE_TYPES = (Keep, Swap)
#: The named configs worth offering: the standard deck first.
PRESETS: Mapping[str, Config] = {"default": Config(), "long-deck": Config(cards=20)}


def heuristic_bot() -> HighCardBot:
    """A fresh :class:`HighCardBot`."""
    return HighCardBot()


def __dir__() -> list[str]:
    return sorted(__all__)


#: High card as a :class:`~cardgames.Game`: the entry point ``toy = toygame:GAME`` names it.
GAME: Game[State, Move, View, Config] = define_game(
    __name__, name="toy", playout=Playout("random", limit=PLAYERS)
)
