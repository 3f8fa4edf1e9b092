"""The events every game tells, stated once: who decided what, a hand that changed, the end of
the game; the sentences that tell them; and the frame of a game's ``events`` function.

A game's own event classes subclass these (``class Decided(story.Decided)``), so each game
keeps classes of its own (its JSON names them, and :func:`cardgames.from_json` knows them by
game) while their fields, checks and sentences are written here once:

- :class:`Decided`: ``player`` decided, ``move`` in the game's notation, or ``None`` for a
  viewer who may not know which move;
- :class:`HandChanged`: ``player``'s hand holds ``size`` cards now, ``gained`` and ``lost``
  the names of the cards that came and went, ``None`` for a viewer who may not see them (a
  game whose events hold card objects redefines these two fields with its card type);
- :class:`GameOver`: ``winners`` (none for a draw or when everybody lost) and the outcome's
  ``reason``.

:func:`event_sentences` makes a game's ``format_event`` from a table of sentences, the kit's
own for these three classes included; :func:`telling` makes a game's ``events`` from the part
that is the game's own (what the move did), and does what every game's ``events`` does first:
check both states, that the move leads from one to the other, and the viewer.

Every game's story is held to the states it tells of: :func:`story_check` gives the check of
a game's events (the one the game registered with :func:`register_story_check`, else
:func:`shared_facts`, the facts of the kit's own classes), and the conformance suite
(:func:`cardgames.testing.check_game`) runs it on every move of its random games.

A game that does not tell its own events gets them from :func:`cardgames.define.define_game`:
a :class:`Decided` per move, told to each viewer as the viewer's view shows it, and a
:class:`GameOver` at the end (see :func:`decision_events`).
"""

from __future__ import annotations

import importlib
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from itertools import pairwise
from typing import Any, Protocol, Self, TypeVar

import attrs
from attrs.validators import instance_of

from cardgames._kept import kept_dict
from cardgames._surface import public_dir
from cardgames.errors import IllegalMoveError, InvalidPlayerError, InvalidStateError, excerpt
from cardgames.game import MAX_PLAYERS, SPECTATOR, Game, Outcome

__all__ = [
    "MOST_COUNT",
    "Decided",
    "GameOver",
    "HandChanged",
    "StoryCheck",
    "cards_or_none",
    "check_viewer",
    "checked_transition",
    "counted",
    "decision_events",
    "event_sentences",
    "hand_changes",
    "is_count",
    "is_optional_text",
    "is_player",
    "plural",
    "register_story_check",
    "shared_facts",
    "story_check",
    "telling",
    "told_end",
    "told_hand",
    "winners_valid",
]

S = TypeVar("S")
C = TypeVar("C")
E = TypeVar("E")

#: Counts that events carry (cards, points, games, sets) lie below this.
MOST_COUNT = 2**32


# --- checks of an event's fields (attrs validators) ------------------------------------------


def is_player(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
    """An attrs validator: ``value`` is a player number (an ``int``, not a ``bool``, below
    :data:`~cardgames.game.MAX_PLAYERS`)."""
    if type(value) is not int or not 0 <= value < MAX_PLAYERS:
        raise ValueError(f"{attribute.name} must be a player number")


def winners_valid(kind: type) -> Callable[[object, attrs.Attribute[Any], object], None]:
    """An attrs validator: a tuple of distinct players of type ``kind`` (``int`` or an
    ``IntEnum`` of the seats), in increasing order."""

    def check(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
        players: tuple[Any, ...] = value if type(value) is tuple else (None,)
        if (
            len(players) > MAX_PLAYERS
            or any(type(w) is not kind or w not in range(MAX_PLAYERS) for w in players)
            or any(a >= b for a, b in pairwise(players))
        ):
            raise ValueError(f"{attribute.name} must be players in increasing order")

    return check


def is_count(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
    """An attrs validator: ``value`` is a count (an ``int`` from 0 below :data:`MOST_COUNT`)."""
    if type(value) is not int or value not in range(MOST_COUNT):
        raise ValueError(f"{attribute.name} must be a count")


def is_optional_text(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
    """An attrs validator: ``value`` is a ``str`` or ``None``."""
    if value is not None and type(value) is not str:
        raise ValueError(f"{attribute.name} must be text or null")


def cards_or_none(
    is_card: Callable[[object], bool],
) -> Callable[[object, attrs.Attribute[Any], object], None]:
    """An attrs validator: a tuple of values that pass ``is_card`` (a game's cards, or names:
    ``lambda c: type(c) is str``), or ``None``."""

    def check(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
        if value is not None and (type(value) is not tuple or not all(map(is_card, value))):
            raise ValueError(f"{attribute.name} must be cards or null")

    return check


def _is_name(value: object) -> bool:
    return type(value) is str


# --- the shared events -------------------------------------------------------------------------


@attrs.frozen
class Decided:
    """``player`` made a decision, ``move`` in the game's notation, or ``None`` when the
    viewer may not know which."""

    player: int = attrs.field(validator=is_player)
    move: str | None = attrs.field(validator=is_optional_text)


@attrs.frozen
class HandChanged:
    """``player``'s hand now holds ``size`` cards; ``gained`` and ``lost`` name the cards that
    came in and went out, or are ``None`` for a viewer who may not see that hand."""

    player: int = attrs.field(validator=is_player)
    size: int = attrs.field(validator=is_count)
    gained: tuple[Any, ...] | None = attrs.field(validator=cards_or_none(_is_name))
    lost: tuple[Any, ...] | None = attrs.field(validator=cards_or_none(_is_name))


@attrs.frozen
class GameOver:
    """The game ended: ``winners`` (none for a draw, or when everybody lost) and the outcome's
    ``reason``."""

    winners: tuple[int, ...] = attrs.field(validator=winners_valid(int))
    reason: str = attrs.field(validator=instance_of(str))

    @classmethod
    def of(cls, result: Outcome) -> Self:
        """The event of the end that ``result`` tells."""
        return cls(tuple(sorted(result.winners)), result.reason)


# --- sentences ---------------------------------------------------------------------------------


def plural(count: int, word: str) -> str:
    """``1 card``, ``3 cards``."""
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def told_end(winners: Sequence[int], reason: str, *, nobody: str) -> str:
    """The sentence of a game's end: ``Player 1 won: <reason>.``, ``Players 0 and 2 won: ...``
    (``Player 1 won the match.`` for a reason that starts with "won"), or ``nobody`` (``"The
    match ended in a draw"``) followed by the reason."""
    if not winners:
        return f"{nobody}: {reason}."
    names = " and ".join(str(int(w)) for w in winners)
    who = "Player" if len(winners) == 1 else "Players"
    if reason.startswith("won "):  # "won the match 6-4": the reason says it already
        return f"{who} {names} {reason}."
    return f"{who} {names} won: {reason}."


def told_hand(player: int, size: int, gained: list[str] | None, lost: list[str] | None) -> str:
    """The sentence of a hand that changed: ``Player 1 gained R2 and lost B1; now holds 5
    cards.``, or only ``Player 1 now holds 5 cards.`` when its cards are not told."""
    holds = f"now holds {plural(size, 'card')}"
    changes = []
    if gained:
        changes.append(f"gained {', '.join(gained)}")
    if lost:
        changes.append(f"lost {', '.join(lost)}")
    if not changes:
        return f"Player {player} {holds}."
    return f"Player {player} {' and '.join(changes)}; {holds}."


def _names(cards: tuple[Any, ...] | None, name: Callable[[Any], str]) -> list[str] | None:
    return None if cards is None else [name(card) for card in cards]


def _told_decided(event: Decided) -> str:
    if event.move is None:
        return f"Player {event.player} made a hidden choice."
    return f"Player {event.player}: {event.move}."


def event_sentences(
    game: str,
    sentences: Mapping[type, Callable[[Any], str]] | None = None,
    *,
    card_name: Callable[[Any], str] = str,
    nobody: str = "The game ended with no winner",
) -> Callable[[Any], str]:
    """A game's ``format_event``: the sentence of an event by its class (the first class of
    its ``__mro__`` that ``sentences`` names, so a subclass of :class:`Decided` is told as a
    decision unless the game says otherwise), and ``InvalidStateError`` for anything else.

    The kit's own classes are told as :func:`told_hand` and :func:`told_end` tell them, the
    cards of a :class:`HandChanged` by ``card_name`` and a :class:`GameOver` without winners
    with ``nobody``.
    """
    table: dict[type, Callable[[Any], str]] = {
        Decided: _told_decided,
        HandChanged: lambda e: told_hand(
            e.player, e.size, _names(e.gained, card_name), _names(e.lost, card_name)
        ),
        GameOver: lambda e: told_end(e.winners, e.reason, nobody=nobody),
    }
    table.update(sentences or {})

    def format_event(event: Any) -> str:
        """The event in one short sentence."""
        for cls in type(event).__mro__:
            tell = table.get(cls)
            if tell is not None:
                return tell(event)
        raise InvalidStateError(f"not a {game} event: a {type(event).__name__[:40]}")

    return format_event


# --- working events out ------------------------------------------------------------------------


def hand_changes(
    before: tuple[tuple[C, ...], ...],
    after: tuple[tuple[C, ...], ...],
    viewer: int | None,
    key: Callable[[C], Any],
) -> list[tuple[int, int, tuple[Any, ...] | None, tuple[Any, ...] | None]]:
    """How each hand changed from ``before`` to ``after``, as ``(player, size, gained, lost)``
    (the cards by ``key``, sorted). A ``viewer`` other than the hand's player (``None``: every
    hand is told) is told only a change of its size, with ``gained`` and ``lost`` ``None``."""
    told: list[tuple[int, int, tuple[Any, ...] | None, tuple[Any, ...] | None]] = []
    for player, (old, new) in enumerate(zip(before, after, strict=True)):
        if viewer is not None and viewer != player:
            if len(old) != len(new):
                told.append((player, len(new), None, None))
            continue
        if old == new:  # the same cards in the same order: nothing gained or lost
            continue
        change = Counter(key(card) for card in new)
        change.subtract(key(card) for card in old)
        gained = tuple(sorted((+change).elements()))
        lost = tuple(sorted((-change).elements()))
        if gained or lost:
            told.append((player, len(new), gained, lost))
    return told


def check_viewer(viewer: object, players: int) -> int | None:
    """``viewer`` if it is ``None`` (everything is shown), ``SPECTATOR`` or a player of a game
    of ``players``; else ``InvalidPlayerError``."""
    if viewer is None:
        return None
    if type(viewer) is not int or not SPECTATOR <= viewer < players:
        raise InvalidPlayerError(
            f"player must be an int 0-{players - 1} or SPECTATOR, got {excerpt(viewer)}"
        )
    return viewer


def checked_transition(
    game: str,
    before: object,
    move: object,
    after: object,
    *,
    checked: Callable[[object], S],
    apply_move: Callable[[S, Any], S],
) -> tuple[S, S]:
    """``before`` and ``after`` once both are playable states of ``game`` (``checked`` raises
    ``InvalidStateError`` otherwise), ``move`` is legal in ``before`` (``apply_move`` raises
    ``IllegalMoveError`` otherwise) and ``after`` is the state it leads to: the inputs of a
    game's ``events``. Nothing here is quoted from the inputs."""
    first = checked(before)
    second = checked(after)
    vouched = _VOUCHED.get(id(second))
    if vouched is not None and vouched[0] is first and vouched[2] is second and vouched[1] == move:
        return first, second
    if apply_move(first, move) != second:
        raise IllegalMoveError(f"this {game} move does not lead from `before` to `after`")
    return first, second


#: The transitions library code made itself and vouched for (:func:`vouch_transition`): the id
#: of the state after -> (before, move, after). The states are held, so no other object takes
#: their ids while they are here; past its size the dict starts again.
_VOUCHED = kept_dict(256, owner=__name__)


def vouch_transition(before: object, move: object, after: object) -> None:
    """Record that ``after`` is what the game's own ``apply_move(before, move)`` returned just
    now, so that ``events`` told of these very objects need not apply the move again to check
    it (the states are still checked). For library code that applies moves itself and then
    tells their events, maybe to several viewers (the match server); a state or move from
    anywhere else goes through the whole check."""
    _VOUCHED.keep_at(id(after), (before, move, after))


def telling(
    game: str,
    *,
    checked: Callable[[object], S],
    apply_move: Callable[[S, Any], S],
    players: Callable[[S], int],
    tell: Callable[[S, Any, S, int | None], Sequence[E]],
) -> Callable[..., tuple[E, ...]]:
    """A game's ``events(before, move, after, *, viewer=None)``: both states checked with
    ``checked``, the move held to lead from one to the other (``apply_move``), the viewer
    checked against ``players(before)``, then ``tell(before, move, after, viewer)``, the
    game's own account of the move, as a tuple."""

    def events(before: S, move: Any, after: S, *, viewer: int | None = None) -> tuple[E, ...]:
        """What ``move`` did from ``before`` to ``after``, told to ``viewer`` (``None``:
        everything)."""
        first, second = checked_transition(
            game, before, move, after, checked=checked, apply_move=apply_move
        )
        check_viewer(viewer, players(first))
        return tuple(tell(first, move, second, viewer))

    events.__qualname__ = events.__name__
    events.__module__ = getattr(tell, "__module__", __name__)
    return events


def decision_events(
    game: str,
    *,
    decided: type[Decided],
    game_over: type[GameOver],
    checked: Callable[[object], Any],
    apply_move: Callable[[Any, Any], Any],
    players: Callable[[Any], int],
    current_player: Callable[[Any], int | None],
    outcome: Callable[[Any], Outcome | None],
    view: Callable[[Any, int], Any],
    format_move: Callable[[Any], str],
) -> Callable[..., tuple[Any, ...]]:
    """The ``events`` of a game that tells no events of its own: the decision, then the end.

    Without a viewer the decision names the move. A viewer is told the move as their view of
    the state after it shows it, when the game's views keep the move that led to them (a
    ``last_move`` field, ``None`` for a move the viewer may not know); in a game whose views
    keep no such field, only the player who moved is told which move it was, and the others
    that a decision was made. So the events are made from the viewer's views alone. The end
    (winners and reason) is told to everybody, as every view of a finished game shows it.
    """

    def tell(before: Any, move: Any, after: Any, viewer: int | None) -> list[Any]:
        player = current_player(before)
        assert player is not None  # a move was legal in ``before``
        if viewer is None:
            told: Any = move
        else:
            seen = view(after, viewer)
            if hasattr(seen, "last_move"):
                told = seen.last_move
            else:
                told = move if viewer == player else None
        said: list[Any] = [decided(player, None if told is None else format_move(told))]
        result = outcome(after)
        if result is not None:
            said.append(game_over.of(result))
        return said

    tell.__module__ = __name__
    return telling(game, checked=checked, apply_move=apply_move, players=players, tell=tell)


def _remade_event(module: str, name: str, values: tuple[Any, ...]) -> Any:
    """An event of one of the classes :func:`event_class` made, back from a pickle: its game's
    module is imported and the class found among its ``GAME``'s event types."""
    game = importlib.import_module(module).GAME
    for cls in game.event_types:
        if cls.__name__ == name and cls.__module__ == module:
            return cls(*values)
    raise InvalidStateError(f"no event class {name[:40]} in {module[:80]}")


def _reduce_event(self: Any) -> tuple[Any, ...]:
    values = tuple(getattr(self, field.name) for field in attrs.fields(type(self)))
    return _remade_event, (type(self).__module__, type(self).__name__, values)


def event_class(base: type[E], module: str, doc: str | None = None) -> type[E]:
    """A class of events of the game module ``module``, the same as ``base`` (one of this
    module's event classes) but the game's own: its JSON is the game's, and it pickles
    through the game's ``GAME``. What :func:`~cardgames.define.define_game` makes for a game
    that tells no events of its own."""
    namespace = {
        "__module__": module,
        "__qualname__": base.__name__,
        "__doc__": doc or base.__doc__,
        "__reduce__": _reduce_event,
    }
    subclass: Any = type(base.__name__, (base,), namespace)
    made: type[E] = attrs.frozen(subclass)
    return made


# --- the story held to the states --------------------------------------------------------------


class StoryCheck(Protocol):
    """The check of one game's events: what is untrue in ``told``, the events of
    ``game.events(before, move, after, viewer=viewer)``, about ``before`` and ``after`` (one
    short sentence per wrong fact; none when the story agrees with the states)."""

    def __call__(
        self,
        game: Game[Any, Any, Any, Any],
        before: Any,
        move: Any,
        after: Any,
        told: tuple[Any, ...],
        viewer: int | None,
    ) -> list[str]: ...


_STORY_CHECKS: dict[str, StoryCheck] = {}


def register_story_check(game: str, check: StoryCheck) -> None:
    """Make ``check`` the check of the events of the game named ``game`` (its story module
    registers it, next to the events it checks)."""
    _STORY_CHECKS[game] = check


def story_check(game: str) -> StoryCheck:
    """The check of the events of the game named ``game``: the one it registered, else
    :func:`shared_facts`."""
    return _STORY_CHECKS.get(game, shared_facts)


def counted(cards: Sequence[Any] | None) -> Counter[Any]:
    """The cards, counted (none for ``None``)."""
    return Counter(cards or ())


def shared_facts(
    game: Game[Any, Any, Any, Any],
    before: Any,
    move: Any,
    after: Any,
    told: tuple[Any, ...],
    viewer: int | None,
    *,
    hands: Callable[[Any], Sequence[Sequence[Any]]] | None = None,
) -> list[str]:
    """What is untrue in ``told`` of the facts the kit's classes state, against ``before`` and
    ``after``: a :class:`Decided` first, by the player to move in ``before`` and (told to
    everybody) of the very move; a :class:`GameOver` last, exactly when ``after`` is over,
    with its winners and reason; and, given the players' ``hands`` (of a state, each card as
    the events hold it), a :class:`HandChanged` of each hand whose size changed, of that
    hand's size, and its ``gained`` and ``lost`` (told to the hand's player only) the
    difference of the hand's cards."""
    wrong: list[str] = []
    decided = [e for e in told if isinstance(e, Decided)]
    if decided:
        event = decided[0]
        if told[0] is not event or len(decided) > 1:
            wrong.append("the decision is not told once, first")
        if event.player != game.current_player(before):
            wrong.append("the decision is told of a player who was not to move")
        if viewer is None and event.move is not None and event.move != game.format_move(move):
            wrong.append("the decision is told as another move")
    ends = [e for e in told if isinstance(e, GameOver)]
    result = game.outcome(after)
    if result is None:
        if ends:
            wrong.append("the end is told of a game that goes on")
    elif len(ends) != 1 or told[-1] is not ends[0]:
        wrong.append("the end of the game is not told once, last")
    elif ends[0].winners != tuple(sorted(result.winners)) or ends[0].reason != result.reason:
        wrong.append("the end is told with other winners or another reason")
    if hands is not None:
        wrong.extend(_hand_facts(hands(before), hands(after), told, viewer))
    return wrong


def _hand_facts(
    before: Sequence[Sequence[Any]],
    after: Sequence[Sequence[Any]],
    told: tuple[Any, ...],
    viewer: int | None,
) -> list[str]:
    wrong: list[str] = []
    changed = {e.player: e for e in told if isinstance(e, HandChanged)}
    for player, (old, new) in enumerate(zip(before, after, strict=True)):
        event = changed.pop(player, None)
        if event is None:
            if len(old) != len(new):
                wrong.append(f"the change of player {player}'s hand size is not told")
            continue
        if event.size != len(new):
            wrong.append(f"player {player}'s hand is told of another size")
        if event.gained is None or event.lost is None:
            if viewer is None or viewer == player:
                wrong.append(f"player {player} is not told the cards of their own hand")
            continue
        if viewer is not None and viewer != player:
            wrong.append(f"another player's cards are told to player {viewer}")
        if counted(old) + counted(event.gained) != counted(new) + counted(event.lost):
            wrong.append(f"the cards told of player {player}'s hand are not those it changed by")
    if changed:
        wrong.append("a hand change is told of no player's hand")
    return wrong


__dir__ = public_dir(__all__)
