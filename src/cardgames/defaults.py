"""What :func:`~cardgames.define.define_game` supplies for a function of the protocol that a
game leaves out, each made by a function of this module from what the game does write.

A game may call these itself, to have the function under its own name in its module (and for
the type checker): ``num_players, seat_names = seating(check_config, players=2)``. What each
default does, and what it needs of the game, is said by the function that makes it; the page
"Adding a game" of the documentation lists them all.

The defaults read a state's or a view's config from its ``config`` field, and a view's player
from its ``player`` field.
"""

from __future__ import annotations

import array
import random
import re
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from enum import Enum
from typing import Any, Generic, TypeVar, cast, get_type_hints

import attrs

from cardgames import _kept
from cardgames._engine.moves import find_move
from cardgames._surface import public_dir
from cardgames.errors import (
    IllegalMoveError,
    InvalidConfigError,
    InvalidMoveError,
    InvalidStateError,
    kind_of,
)
from cardgames.game import ObservationBuffer
from cardgames.svg import Canvas, check_names

__all__ = [
    "MAX_NOTATION",
    "RandomChoice",
    "action_table",
    "actions_by_number",
    "applying",
    "bounded",
    "card_counter",
    "config_check",
    "copy_observation",
    "evaluation_by_outcome",
    "notation",
    "observing",
    "observing_into",
    "seating",
    "text_picture",
]

S = TypeVar("S")
M = TypeVar("M")
V = TypeVar("V")
C = TypeVar("C")


# --- seats and length --------------------------------------------------------------------------


def seating(
    check_config: Callable[[Any], None], *, players: int | None = None
) -> tuple[Callable[[Any], int], Callable[[Any], tuple[str, ...]]]:
    """``num_players`` and ``seat_names``: ``players`` seats (when given), else as many as the
    config's ``players`` field says, called ``player 0``, ``player 1``... Each checks the
    config first."""
    if players is not None and (type(players) is not int or players < 1):
        raise TypeError("players must be a positive int")

    def num_players(config: Any) -> int:
        """How many players a game of ``config`` seats."""
        check_config(config)
        n: int = config.players if players is None else players
        return n

    def seat_names(config: Any) -> tuple[str, ...]:
        """The seats by number: ``player 0``, ``player 1``..."""
        return tuple(f"player {p}" for p in range(num_players(config)))

    return num_players, seat_names


def bounded(
    check_config: Callable[[Any], None], *, most: int | None = None
) -> Callable[[Any], int]:
    """``max_decisions``: ``most`` decisions (when given), else the config's ``max_decisions``
    field. It checks the config first."""
    if most is not None and (type(most) is not int or most < 1):
        raise TypeError("the most decisions must be a positive int")

    def max_decisions(config: Any) -> int:
        """An upper bound on the number of decisions of a game of ``config``."""
        check_config(config)
        bound: int = config.max_decisions if most is None else most
        return bound

    return max_decisions


def config_check(config_type: type, game: str) -> Callable[[Any], None]:
    """``check_config``: the config is a ``config_type`` whose fields pass their attrs
    validators (so a game says what it can play on its config's fields, once). The error
    names the field, never its value."""

    def check_config(config: Any) -> None:
        """Raise ``InvalidConfigError`` unless ``config`` is a config this game can play."""
        if type(config) is not config_type:
            raise InvalidConfigError(f"expected a {game} Config, got {kind_of(config)}")
        try:
            attrs.validate(cast(Any, config))
        except (TypeError, ValueError) as exc:
            field = next((a.name for a in exc.args if isinstance(a, attrs.Attribute)), None)
            where = f"its field {field}" if field else "a field"
            raise InvalidConfigError(
                f"{game} cannot play this config: {where} is out of range"
            ) from None

    return check_config


# --- cards and evaluation ----------------------------------------------------------------------


def _cards_in(value: Any, found: list[Any]) -> None:
    """Every card in ``value``: itself, or the cards of a tuple, list or set of them."""
    if isinstance(value, tuple | list | frozenset | set):
        for item in value:
            _cards_in(item, found)
    elif value is not None:
        found.append(value)


def card_counter(
    fields: Sequence[str], checked: Callable[[Any], Any], *, name: Callable[[Any], str] = str
) -> Callable[[Any], Counter[str]]:
    """``card_counts``: the cards held by the state's ``fields`` (each a card, ``None``, or a
    tuple of cards or of tuples of cards, such as the hands), counted by ``name``. The state is
    checked with ``checked`` first."""
    names = tuple(fields)
    if not names or not all(type(f) is str and f.isidentifier() for f in names):
        raise TypeError("the card fields are the names of the state's fields that hold cards")

    def card_counts(state: Any) -> Counter[str]:
        """Every card of the game wherever it is, counted by name."""
        state = checked(state)
        found: list[Any] = []
        for field in names:
            _cards_in(getattr(state, field), found)
        return Counter(map(name, found))

    return card_counts


def evaluation_by_outcome(
    outcome: Callable[[Any], Any], num_players: Callable[[Any], int]
) -> Callable[[Any], tuple[float, ...]]:
    """``evaluate``: the outcome's returns once the game is over, an equal share for each
    player before (``outcome`` checks the state)."""

    def evaluate(state: Any) -> tuple[float, ...]:
        """The returns once over; until then each player's equal share of one."""
        result = outcome(state)
        if result is not None:
            returns: tuple[float, ...] = result.returns
            return returns
        n = num_players(state.config)
        return (1.0 / n,) * n

    return evaluate


class RandomChoice:
    """The heuristic bot of a game that has none of its own: a uniformly random legal move."""

    name = "random-choice"

    def choose(self, view: object, legal_moves: Sequence[M], rng: random.Random) -> M:
        """A uniformly random one of ``legal_moves``."""
        if not legal_moves:
            raise InvalidStateError("no legal move to choose from")
        return legal_moves[rng.randrange(len(legal_moves))]

    def __repr__(self) -> str:
        return "RandomChoice()"


# --- apply_move around effects -----------------------------------------------------------------


def applying(
    game: str,
    *,
    checked: Callable[[Any], S],
    legal_moves: Callable[[S], tuple[Any, ...]],
    effects: Callable[[S, Any], S],
    move_types: tuple[type, ...],
    refusal: Callable[[S, Any], str | None] | None = None,
    owner: str,
) -> Callable[[S, Any], S]:
    """``apply_move`` around the game's ``effects(state, move)``: the state is checked, the
    move found among the legal moves (kept for each state met lately, so that trying every
    move of a state lists them once), and ``effects`` given that legal move, to make the next
    state of. A move not among them is refused with ``IllegalMoveError``, which says why:
    ``refusal(state, move)``, the game's own reason in a few words (or ``None``, when it has
    none to give), else that it is not legal now. The message never quotes the move.

    ``effects`` is only ever given a legal move of a checked state, so it holds only the rules'
    effects. A built-in game with an ``apply_move`` of its own (faster, or holding its memo in
    the state) keeps it.
    """
    legal_of = _kept.by_identity(legal_moves, owner=owner, most=256)
    kinds = frozenset(move_types)

    def apply_move(state: S, move: Any) -> S:
        """The state after ``move``; ``IllegalMoveError``, saying why, for a move that is not
        legal here (the state is left as it was: states are immutable)."""
        state = checked(state)
        found = find_move(legal_of(state), move)
        if found is not None:
            return effects(state, found)
        if type(move) not in kinds:
            raise IllegalMoveError(f"not a move of {game}")
        tag = type(move).__name__.lower()
        if not legal_of(state):
            raise IllegalMoveError(f"{tag} is not legal: the game is over")
        reason = None
        if refusal is not None:
            try:
                reason = refusal(state, move)
            except (TypeError, ValueError, AttributeError, LookupError):
                reason = None  # a move malformed past what the game's reasons read
        raise IllegalMoveError(f"{tag} is not legal here: {reason or 'not a legal move now'}")

    return apply_move


# --- notation ----------------------------------------------------------------------------------

#: The longest move text the default ``parse_move`` reads.
MAX_NOTATION = 200

_INT = re.compile(r"-?[0-9]{1,20}")


@attrs.frozen
class _Word:
    """How one field of a move is written and read."""

    write: Callable[[Any], str]
    read: Callable[[str], Any]


def _enum_word(kind: type[Enum]) -> _Word:
    by_text = {str(member.value).lower(): member for member in kind}
    if len(by_text) != len(kind) or any(not t or t.split() != [t] for t in by_text):
        raise TypeError(f"{kind.__name__}'s values are not single distinct words")

    def read(word: str) -> Enum:
        return by_text[word.lower()]

    return _Word(lambda member: str(member.value).lower(), read)


def _plain_word(word: str) -> str:
    if not word or word.split() != [word]:
        raise InvalidMoveError("a text field of a move is written as one word")
    return word


def _read_int(word: str) -> int:
    if not _INT.fullmatch(word):
        raise ValueError("not a number")
    return int(word)


def _read_bool(word: str) -> bool:
    return {"yes": True, "no": False}[word.lower()]


def _word_of(kind: Any) -> _Word | None:
    if kind is bool:
        return _Word(lambda value: "yes" if value else "no", _read_bool)
    if kind is int:
        return _Word(str, _read_int)
    if kind is str:
        return _Word(_plain_word, _plain_word)
    if isinstance(kind, type) and issubclass(kind, Enum):
        return _enum_word(kind)
    return None


def notation(
    game: str, move_types: tuple[type, ...]
) -> tuple[Callable[[Any], str], Callable[[Any, str], Any]]:
    """``format_move`` and ``parse_move`` for moves whose fields are ints, bools, one-word
    texts or enums of one-word values: a move is written as its class's name in lower case
    followed by its fields' values (``swap``, ``bid 3``, ``play red yes``). ``TypeError``, when
    the game is defined, for a move class with a field of any other type: such a game writes
    its own notation."""
    by_tag: dict[str, tuple[type, tuple[_Word, ...]]] = {}
    for cls in move_types:
        hints = get_type_hints(cls)
        words = []
        for field in attrs.fields(cls):
            word = _word_of(hints.get(field.name))
            if word is None or not field.init:
                raise TypeError(
                    f"{game}: the field {field.name} of {cls.__name__} needs a notation of the "
                    "game's own (format_move and parse_move)"
                )
            words.append(word)
        by_tag[cls.__name__.lower()] = (cls, tuple(words))
    writers = {cls: (tag, words) for tag, (cls, words) in by_tag.items()}

    def format_move(move: Any) -> str:
        """The move as its name in lower case, then its fields' values."""
        known = writers.get(type(move))
        if known is None:
            raise InvalidMoveError(f"not a move of {game}")
        tag, words = known
        values = (getattr(move, f.name) for f in attrs.fields(type(move)))
        return " ".join(
            [tag, *(word.write(value) for word, value in zip(words, values, strict=True))]
        )

    def parse_move(state_or_view: Any, text: str) -> Any:
        """The move that ``text`` names; ``InvalidMoveError`` when it does not parse (whether
        it is legal is ``apply_move``'s question)."""
        if type(text) is not str or len(text) > MAX_NOTATION:
            raise InvalidMoveError(f"a move of {game} is a short text")
        words = text.split()
        known = by_tag.get(words[0].lower()) if words else None
        if known is None:
            raise InvalidMoveError(
                f"not a move of {game}: it starts with one of {', '.join(by_tag)}"
            )
        cls, readers = known
        if len(words) != len(readers) + 1:
            raise InvalidMoveError(f"{words[0].lower()} takes {len(readers)} values")
        try:
            return cls(*(read.read(word) for read, word in zip(readers, words[1:], strict=True)))
        except (KeyError, ValueError, TypeError):
            raise InvalidMoveError(f"a value of this {words[0].lower()} does not parse") from None

    return format_move, parse_move


# --- pictures ----------------------------------------------------------------------------------

#: The most lines of its text table that the default picture draws.
_PICTURE_LINES = 40


def text_picture(
    game: str,
    render: Callable[[Any], str],
    seat_names: Callable[[Any], tuple[str, ...]],
) -> Callable[..., str]:
    """``render_svg``: the game's text table (``render``, which checks the state or view),
    drawn line by line under the names of the seats."""

    def render_svg(state_or_view: Any, *, names: Sequence[str] | None = None) -> str:
        """The text table of ``state_or_view`` as an SVG picture, under the players' names."""
        lines = render(state_or_view).splitlines()[:_PICTURE_LINES]
        seats = check_names(names, seat_names(state_or_view.config))
        width = 24 + 9 * max([60, *(len(line) for line in lines)])
        canvas = Canvas(min(width, 1200), 80 + 22 * len(lines), f"{game}: " + "; ".join(lines))
        canvas.text(24, 34, " · ".join(seats), bold=True, limit=120)
        for number, line in enumerate(lines):
            canvas.text(24, 68 + 22 * number, line, limit=120)
        return canvas.finish()

    return render_svg


# --- encodings ---------------------------------------------------------------------------------


class _Table(Generic[M]):
    """The actions of one config: the moves in order, and each move's action."""

    __slots__ = ("action", "moves")

    def __init__(self, moves: Sequence[M], game: str) -> None:
        self.moves = tuple(moves)
        self.action = {move: number for number, move in enumerate(self.moves)}
        if not self.moves or len(self.action) != len(self.moves):
            raise TypeError(f"{game}: an action table lists distinct moves, at least one")


def action_table(
    game: str,
    actions: Sequence[Any] | Callable[[Any], Sequence[Any]],
    *,
    config_type: type,
    check_config: Callable[[Any], None],
    state_type: type,
    check_view: Callable[[Any], Any],
    legal_moves: Callable[[Any], tuple[Any, ...]],
    resample: Callable[..., Any],
    current_player: Callable[[Any], int | None],
    owner: str,
) -> tuple[
    Callable[..., int],
    Callable[[Any, Any], int],
    Callable[[Any, int], Any],
    Callable[[Any], tuple[bool, ...]],
]:
    """``num_actions``, ``move_to_action``, ``action_to_move`` and ``action_mask`` from the
    game's list of every move it can ever offer, ``actions`` (or a function giving that list
    for a config): action ``n`` stands for the ``n``-th move of the list.

    The legal moves of a view are those of a state resampled from it (the player to move has
    the same moves in every state their view allows), so the mask is made from the view alone.
    """
    tables: _kept.ByIdentity[Any, _Table[Any]] = _kept.by_identity(
        lambda config: _Table(actions(config) if callable(actions) else actions, game),
        owner=owner,
    )

    def legal_of(state_or_view: Any) -> tuple[Any, ...]:
        if type(state_or_view) is state_type:
            return legal_moves(state_or_view)
        view = check_view(state_or_view)
        state = resample(view, seed=0)
        return legal_moves(state) if current_player(state) == view.player else ()

    def num_actions(config: Any = None) -> int:
        """How many actions a game of ``config`` (the default one if ``None``) numbers."""
        config = config_type() if config is None else config
        check_config(config)
        return len(tables(config).moves)

    def move_to_action(state_or_view: Any, move: Any) -> int:
        """The action of ``move``, a legal move now; ``IllegalMoveError`` for any other."""
        found = find_move(legal_of(state_or_view), move)
        if found is None:
            raise IllegalMoveError(f"not a legal {game} move here, so it has no action")
        action = tables(state_or_view.config).action.get(found)
        if action is None:
            raise TypeError(f"{game}: a legal move is missing from the action table")
        return action

    def action_to_move(state_or_view: Any, action: int) -> Any:
        """The legal move that ``action`` stands for now; ``IllegalMoveError`` otherwise."""
        legal = legal_of(state_or_view)
        moves = tables(state_or_view.config).moves
        if type(action) is not int or not 0 <= action < len(moves):
            raise IllegalMoveError(f"an action of {game} is an int from 0 to {len(moves) - 1}")
        found = find_move(legal, moves[action])
        if found is None:
            raise IllegalMoveError(f"action {action} is not legal now")
        return found

    def action_mask(view: Any) -> tuple[bool, ...]:
        """One flag per action: exactly those of the view's player's legal moves."""
        legal = set(legal_of(check_view(view)))
        return tuple(move in legal for move in tables(view.config).moves)

    return num_actions, move_to_action, action_to_move, action_mask


def actions_by_number(
    *,
    state_type: type,
    legal_moves: Callable[[Any], Sequence[Any]],
    current_player: Callable[[Any], int | None],
    move_to_action: Callable[[Any, Any], int],
    action_to_move: Callable[[Any, int], Any],
    action_mask: Callable[[Any], Sequence[bool]],
) -> Callable[[Any], Mapping[int, Any]]:
    """``legal_actions`` from the game's own encoding: for a state, the action of each of its
    legal moves; for a view, the move of each action its mask allows. A game whose
    ``move_to_action`` works out more than one move's action should define its own."""

    def legal_actions(state_or_view: Any) -> Mapping[int, Any]:
        """The legal moves of the player who decides, keyed by their actions in order."""
        if type(state_or_view) is state_type:
            if current_player(state_or_view) is None:
                return {}
            found = {move_to_action(state_or_view, m): m for m in legal_moves(state_or_view)}
            return dict(sorted(found.items()))
        mask = action_mask(state_or_view)
        return {a: action_to_move(state_or_view, a) for a, legal in enumerate(mask) if legal}

    return legal_actions


def observing(
    view: Callable[[Any, int], Any], observation: Callable[[Any], Sequence[float]]
) -> Callable[[Any, int], Sequence[float]]:
    """``observe``: the observation of the view the game makes, checked as any view is (a game
    whose view check costs more than its observation should define its own)."""

    def observe(state: Any, player: int) -> Sequence[float]:
        """``observation(view(state, player))``."""
        return observation(view(state, player))

    return observe


def observing_into(
    observe: Callable[[Any, int], Sequence[float]],
) -> Callable[[Any, int, ObservationBuffer], None]:
    """``observe_into``: ``observe``'s numbers copied into the buffer (a game that can write
    its numbers where they go, skipping the list, should define its own)."""

    def observe_into(state: Any, player: int, out: ObservationBuffer) -> None:
        """``observe(state, player)`` written into ``out``."""
        copy_observation(out, observe(state, player))

    return observe_into


def copy_observation(out: ObservationBuffer, values: Sequence[float]) -> None:
    """Copy an observation's ``values`` into ``out``, a list, array or memoryview of floats as
    long as they are, in one slice assignment."""
    if isinstance(out, memoryview):
        # A memoryview takes a slice only from a buffer of its own format.
        out[:] = array.array(out.format, values)
    else:
        out[:] = values


__dir__ = public_dir(__all__)
