"""What a Le Rally move did, told as events: the card played, lobbed or picked up, the rally
won and what it scored, the next deal and the end of the match.

Cards played go face up on the pile, so everybody sees them; the cards a player picks up are
told to that player alone (the others hear how many), and a new deal tells only the hands'
sizes.

>>> from cardgames import lerally
>>> before = lerally.new_game(seed=3)
>>> move = lerally.legal_moves(before)[0]
>>> after = lerally.apply_move(before, move)
>>> lerally.format_event(lerally.events(before, move, after)[0])
'Player 0 played BL-BL.'
"""

from __future__ import annotations

from collections import Counter
from typing import Any, TypeAlias

import attrs
from attrs.validators import instance_of

from cardgames import story
from cardgames._engine import (
    MOST_COUNT,
    check_viewer,
    checked_transition,
    is_count,
    is_player,
    plural,
)
from cardgames.errors import InvalidStateError
from cardgames.lerally.cards import Card, CardKind, Section, is_card
from cardgames.lerally.checks import checked
from cardgames.lerally.config import Format
from cardgames.lerally.draft import Draft
from cardgames.lerally.moves import Lob, Move, Offense, PickUp, Play
from cardgames.lerally.playing import PICK_UP
from cardgames.lerally.rules import apply_move
from cardgames.lerally.state import Ending, State
from cardgames.lerally.text.render import POINTS

__all__ = [
    "EVENT_TYPES",
    "Dealt",
    "Event",
    "Lobbed",
    "MatchOver",
    "OffensePlayed",
    "PickedUp",
    "Played",
    "RallyWon",
    "SetWon",
    "check_story",
    "events",
    "format_event",
]


def _card(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
    if not is_card(value):
        raise ValueError(f"{attribute.name} must be a card")


_cards = story.cards_or_none(is_card)


def _counts(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
    if type(value) is not tuple or not all(type(v) is int and 0 <= v < MOST_COUNT for v in value):
        raise ValueError(f"{attribute.name} must be counts")


@attrs.frozen
class Played:
    """``player`` played ``card`` onto the pile: a shot, an attack or a special card."""

    player: int = attrs.field(validator=is_player)
    card: Card = attrs.field(validator=_card)


@attrs.frozen
class Lobbed:
    """``player`` lobbed ``count`` copies of the shot ``card``: the next player is skipped."""

    player: int = attrs.field(validator=is_player)
    card: Card = attrs.field(validator=_card)
    count: int = attrs.field(validator=is_count)


@attrs.frozen
class OffensePlayed:
    """``player`` played the offense card, landing the ball in ``to``."""

    player: int = attrs.field(validator=is_player)
    to: Section = attrs.field(validator=instance_of(Section))


@attrs.frozen
class PickedUp:
    """``player`` picked up ``count`` cards (after a pick-up or a Just Out); ``cards`` are
    those cards, or ``None`` for a viewer who may not see them."""

    player: int = attrs.field(validator=is_player)
    count: int = attrs.field(validator=is_count)
    cards: tuple[Card, ...] | None = attrs.field(validator=_cards)


@attrs.frozen
class RallyWon:
    """``player`` won the rally for ``side`` (``ending`` says how); ``games`` is the score
    of the set going on afterwards in the match's ``format`` (points 0 to 3 for 0, 15, 30 and
    40 in One Game; nothing to tell in Shot Gun, where a rally is a set)."""

    player: int = attrs.field(validator=is_player)
    side: int = attrs.field(validator=is_player)
    ending: Ending = attrs.field(validator=instance_of(Ending))
    games: tuple[int, ...] = attrs.field(validator=_counts)
    format: Format = attrs.field(validator=instance_of(Format))


@attrs.frozen
class SetWon:
    """``side`` won a set; ``sets`` are the sets each side has won."""

    side: int = attrs.field(validator=is_player)
    sets: tuple[int, ...] = attrs.field(validator=_counts)


@attrs.frozen
class Dealt:
    """``server`` dealt a new rally, ``sizes`` cards to each player; ``leader`` leads."""

    server: int = attrs.field(validator=is_player)
    leader: int = attrs.field(validator=is_player)
    sizes: tuple[int, ...] = attrs.field(validator=_counts)


@attrs.frozen
class MatchOver(story.GameOver):
    """The match ended: ``winners`` and the outcome's ``reason``."""


#: Any Le Rally event.
Event: TypeAlias = (
    Played | Lobbed | OffensePlayed | PickedUp | RallyWon | SetWon | Dealt | MatchOver
)

#: Every class of Le Rally event.
EVENT_TYPES: tuple[type[Event], ...] = (
    Played,
    Lobbed,
    OffensePlayed,
    PickedUp,
    RallyWon,
    SetWon,
    Dealt,
    MatchOver,
)


def _picked_up(before: State, player: int, count: int, viewer: int | None) -> PickedUp:
    """The pick-up of up to ``count`` cards by ``player`` from ``before``, worked out again on
    a draft (the rally may have ended since, and the hands been dealt anew)."""
    draft = Draft(before)
    draft.pick_up(player, count)
    drawn = Counter(draft.hands[player])
    drawn.subtract(before.hands[player])
    cards = tuple(sorted(drawn.elements()))
    return PickedUp(player, len(cards), cards if viewer in (None, player) else None)


def events(
    before: State, move: Move, after: State, *, viewer: int | None = None
) -> tuple[Event, ...]:
    """What ``move`` did from ``before`` to ``after``: the card played (or the pick-up), any
    cards picked up, then the rally won, the set won, the next deal or the end of the match.

    With ``viewer=p`` the cards another player picks up are not named.
    ``InvalidStateError`` for a state that is not a playable Le Rally state,
    ``IllegalMoveError`` unless ``after == apply_move(before, move)``,
    ``InvalidPlayerError`` for a viewer that is not a player.
    """
    before, after = checked_transition(
        "lerally", before, move, after, checked=checked, apply_move=apply_move
    )
    check_viewer(viewer, before.config.players)
    player = before.to_move
    assert player is not None
    told: list[Event] = []
    if isinstance(move, Play):
        told.append(Played(player, move.card))
        if move.card.kind is CardKind.JUST_OUT:
            assert before.last is not None
            told.append(_picked_up(before, before.last, PICK_UP, viewer))
    elif isinstance(move, Lob):
        told.append(Lobbed(player, move.card, move.count))
    elif isinstance(move, Offense):
        told.append(OffensePlayed(player, move.to))
    else:
        assert isinstance(move, PickUp)
        asked = before.attack_total if before.attack is not None else PICK_UP
        told.append(_picked_up(before, player, asked, viewer))
    if after.score != before.score:
        told.extend(_rally_end(before, after))
    return tuple(told)


def _rally_end(before: State, after: State) -> list[Event]:
    """The rally won, the set it may have won, and the next deal or the match's end."""
    won = after.last_rally
    assert won is not None
    score = after.score
    rally = RallyWon(won.player, won.side, won.ending, score.games, after.config.format)
    told: list[Event] = [rally]
    if score.sets != before.score.sets:
        told.append(SetWon(won.side, score.sets))
    if after.result is not None:
        winners = tuple(sorted(after.result.winners))
        told.append(MatchOver(winners, after.result.reason))
    else:
        assert after.to_move is not None
        told.append(Dealt(after.server, after.to_move, tuple(len(h) for h in after.hands)))
    return told


_ENDINGS = {
    Ending.EMPTY_HAND: "by playing their last card",
    Ending.RALLY_LIMIT: "with the fewest cards at the rally limit",
}


def _score(values: tuple[int, ...]) -> str:
    return "-".join(str(v) for v in values)


def _set_score(form: Format, games: tuple[int, ...]) -> str:
    """The score of the set going on, as it is called in ``form``, after a semicolon."""
    if form is Format.SHOT_GUN:
        return ""
    if form is Format.ONE_GAME:
        return "; " + "-".join(POINTS[min(g, len(POINTS) - 1)] for g in games)
    return f"; games {_score(games)}"


def format_event(event: Event) -> str:
    """The event in one short sentence, e.g. ``"Player 2 picked up 3 cards."``."""
    if isinstance(event, Played):
        return f"Player {event.player} played {event.card.code}."
    if isinstance(event, Lobbed):
        return f"Player {event.player} lobbed {event.count} copies of {event.card.code}."
    if isinstance(event, OffensePlayed):
        return f"Player {event.player} played the offense card into {event.to.value}."
    if isinstance(event, PickedUp):
        picked = plural(event.count, "card")
        if event.cards:
            picked += ": " + ", ".join(card.code for card in event.cards)
        return f"Player {event.player} picked up {picked}."
    if isinstance(event, RallyWon):
        won = f"Player {event.player} won the rally for side {event.side} {_ENDINGS[event.ending]}"
        return f"{won}{_set_score(event.format, event.games)}."
    if isinstance(event, SetWon):
        return f"Side {event.side} won a set; sets {_score(event.sets)}."
    if isinstance(event, Dealt):
        each = plural(max(event.sizes, default=0), "card")
        return f"Player {event.server} dealt {each} each; player {event.leader} leads."
    if isinstance(event, MatchOver):
        names = " and ".join(str(w) for w in event.winners)
        who = "Player" if len(event.winners) == 1 else "Players"
        return f"{who} {names} {event.reason}."
    raise InvalidStateError(f"not a lerally event: a {type(event).__name__}")


# --- the story held to the states ------------------------------------------------------------


def _hand_facts(
    before: State, after: State, told: tuple[Event, ...], viewer: int | None
) -> list[str]:
    """What is untrue in the cards told to leave and reach the hands, in a rally that goes on:
    the hands of ``before`` changed by them must be those of ``after``."""
    hands = [Counter(hand) for hand in before.hands]
    sizes = [len(hand) for hand in before.hands]
    unseen: set[int] = set()
    for event in told:
        if isinstance(event, Played | Lobbed):
            count = event.count if isinstance(event, Lobbed) else 1
            if hands[event.player][event.card] < count:
                return [f"player {event.player} is told to play a card they did not hold"]
            hands[event.player][event.card] -= count
            sizes[event.player] -= count
        elif isinstance(event, OffensePlayed):
            held = [c for c in hands[event.player] if c.kind is CardKind.OFFENSE]
            if not held or hands[event.player][held[0]] < 1:
                return [f"player {event.player} is told to play an offense card they did not hold"]
            hands[event.player][held[0]] -= 1
            sizes[event.player] -= 1
        elif isinstance(event, PickedUp):
            sizes[event.player] += event.count
            if event.cards is None:
                unseen.add(event.player)
            else:
                hands[event.player].update(event.cards)
    for player, hand in enumerate(after.hands):
        if sizes[player] != len(hand):
            return [f"the cards told to leave and reach player {player}'s hand are not its own"]
        if player not in unseen and +hands[player] != Counter(hand):
            return [f"the cards told to leave and reach player {player}'s hand are not its own"]
    return []


def _seen_facts(told: tuple[Event, ...], viewer: int | None) -> list[str]:
    """The cards picked up are told to their player, and only to them."""
    for event in told:
        if isinstance(event, PickedUp):
            sees = viewer is None or viewer == event.player
            if sees != (event.cards is not None):
                return [f"player {event.player}'s pick-up is told to the wrong viewers"]
            if event.cards is not None and len(event.cards) != event.count:
                return ["a pick-up is told of another number of cards"]
    return []


def _end_facts(before: State, after: State, told: tuple[Event, ...]) -> list[str]:
    """What is untrue in the rally won, the set won and the next deal."""
    rallies = [e for e in told if isinstance(e, RallyWon)]
    if after.score == before.score:
        return ["a rally is told won that goes on"] if rallies else []
    won, score = after.last_rally, after.score
    if len(rallies) != 1 or won is None:
        return ["the rally won is not told once"]
    rally = rallies[0]
    if (rally.player, rally.side, rally.ending) != (won.player, won.side, won.ending):
        return ["the rally is told won by another player, side or ending"]
    if rally.games != score.games or rally.format is not after.config.format:
        return ["the rally is told with another score"]
    sets = [e for e in told if isinstance(e, SetWon)]
    if (score.sets != before.score.sets) != bool(sets) or any(
        e.sets != score.sets or e.side != won.side for e in sets
    ):
        return ["a set won is told otherwise than it was won"]
    deals = [e for e in told if isinstance(e, Dealt)]
    if after.result is None:
        deal = (after.server, after.to_move, tuple(len(h) for h in after.hands))
        if len(deals) != 1 or (deals[0].server, deals[0].leader, deals[0].sizes) != deal:
            return ["the next deal is told otherwise than it was dealt"]
    elif deals:
        return ["a deal is told after the match ended"]
    return []


def check_story(
    game: Any, before: State, move: Move, after: State, told: tuple[Any, ...], viewer: int | None
) -> list[str]:
    """What is untrue in ``told`` (see :func:`cardgames.story.register_story_check`): the
    player who moved, the cards that left and reached each hand, who saw them, the rally and
    set won, the next deal and the end."""
    wrong = story.shared_facts(game, before, move, after, told, viewer)
    first = told[0] if told else None
    if not isinstance(first, Played | Lobbed | OffensePlayed | PickedUp):
        return [*wrong, "the move itself is not told first"]
    if first.player != before.to_move:
        wrong.append("the move is told of a player who was not to move")
    wrong.extend(_seen_facts(told, viewer))
    if after.score == before.score:
        wrong.extend(_hand_facts(before, after, told, viewer))
    elif isinstance(first, Played) and first.card.kind is CardKind.JUST_OUT:
        picked = [e for e in told if isinstance(e, PickedUp)]
        if [e.player for e in picked] != [before.last]:
            wrong.append("the Just Out's pick-up is told of a player who did not play last")
    wrong.extend(_end_facts(before, after, told))
    return wrong


story.register_story_check("lerally", check_story)
