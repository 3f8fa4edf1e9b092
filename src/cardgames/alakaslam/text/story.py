"""What an AlakaSLAM move did, told as events: the decision itself, where the ball landed,
the cards that went to the discard pile, the cards each hand discarded and drew, the point won
and why, and the end of the match.

Cells are named as the notation and the court name them (``b3``: column ``b`` from the blue
edge, row 3 from side A's baseline) and sides by their letters (side A: players 0 and 2,
side B: players 1 and 3).

A player is told the cards of their own hand; of another hand only its size. In doubles the
cards of a hit or a support lie face down until the shot is played: only their player is told
which they are.

>>> from cardgames import alakaslam
>>> before = alakaslam.new_game(seed=3)
>>> move = alakaslam.legal_moves(before)[0]
>>> after = alakaslam.apply_move(before, move)
>>> alakaslam.format_event(alakaslam.events(before, move, after)[0])
'Player 0: mulligan.'
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
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
from cardgames.alakaslam.cards import Card, is_card
from cardgames.alakaslam.court import Cell, side_name
from cardgames.alakaslam.moves import Discard, DiscardStep, Hit, Move, Mulligan, Support
from cardgames.alakaslam.notation import format_move
from cardgames.alakaslam.rules import apply_move, checked
from cardgames.alakaslam.state import Fault, State
from cardgames.alakaslam.view import told_move

__all__ = [
    "EVENT_TYPES",
    "BallLanded",
    "Decided",
    "Discarded",
    "Event",
    "HandChanged",
    "MatchOver",
    "PointWon",
    "check_story",
    "events",
    "format_event",
    "is_told_to",
]


_cards = story.cards_or_none(is_card)


def _score(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
    if (
        type(value) is not tuple
        or len(value) != 2
        or any(type(v) is not int or not 0 <= v < MOST_COUNT for v in value)
    ):
        raise ValueError(f"{attribute.name} must be two counts")


@attrs.frozen
class Decided(story.Decided):
    """``player`` made a decision, ``move`` in the game's notation; ``None`` when it was a
    face-down hit of ``cards`` cards that the viewer may not see (yet: the support's play,
    which follows, reveals both)."""

    cards: int = attrs.field(default=0, validator=is_count)


@attrs.frozen
class BallLanded:
    """The shot (or serve) landed on ``cell``."""

    cell: Cell = attrs.field(validator=instance_of(Cell))


@attrs.frozen
class Discarded:
    """``cards`` went onto the face-up discard pile."""

    cards: tuple[Card, ...] = attrs.field(validator=_cards)


@attrs.frozen
class HandChanged:
    """``player``'s hand now holds ``size`` cards; ``discarded`` are the cards that left it
    (played, discarded, or the whole hand of a mulligan) and ``drawn`` those drawn into it,
    each sorted, or ``None`` for a viewer who may not see that hand."""

    player: int = attrs.field(validator=is_player)
    size: int = attrs.field(validator=is_count)
    discarded: tuple[Card, ...] | None = attrs.field(validator=_cards)
    drawn: tuple[Card, ...] | None = attrs.field(validator=_cards)


@attrs.frozen
class PointWon:
    """``side`` won the point because of ``fault``; ``score`` counts each side's points."""

    side: int = attrs.field(validator=attrs.validators.in_((0, 1)))
    fault: Fault = attrs.field(validator=instance_of(Fault))
    score: tuple[int, int] = attrs.field(validator=_score)


@attrs.frozen
class MatchOver(story.GameOver):
    """The match ended: ``winners`` (none for a draw) and the outcome's ``reason``."""


#: Any AlakaSLAM event.
Event: TypeAlias = Decided | BallLanded | Discarded | HandChanged | PointWon | MatchOver

#: Every class of AlakaSLAM event.
EVENT_TYPES: tuple[type[Event], ...] = (
    Decided,
    BallLanded,
    Discarded,
    HandChanged,
    PointWon,
    MatchOver,
)


def is_told_to(viewer: int | None, player: int) -> bool:
    """Whether ``viewer`` (``None``: everybody's story) is told what ``player``'s hand holds."""
    return viewer is None or viewer == player


def _decided(before: State, after: State, viewer: int | None) -> Decided:
    """The decision as the viewer's view of ``after`` shows it: a face-down hit by its number
    of cards only (the support's play reveals both, so it is told in full)."""
    player = before.to_move
    assert player is not None
    told = told_move(after, viewer)
    if told is None:
        return Decided(player, None, len(after.played))
    return Decided(player, format_move(told))


def left_hand(before: State, move: Move) -> tuple[Card, ...]:
    """The cards ``move`` takes out of its player's hand: the cards of a hit or a support, the
    card of a discard (or of a step paid with one), the whole hand of a mulligan. No other
    move takes a card from a hand; the others only draw."""
    if isinstance(move, Mulligan):
        player = before.to_move
        assert player is not None
        return before.hands[player]
    if isinstance(move, Hit | Support):
        return tuple(move.cards)
    if isinstance(move, Discard | DiscardStep):
        return (move.card,)
    return ()


def _hands(before: State, move: Move, after: State, viewer: int | None) -> list[Event]:
    """Each hand that changed: what left it and what was drawn into it."""
    told: list[Event] = []
    mover = before.to_move
    for player, (old, new) in enumerate(zip(before.hands, after.hands, strict=True)):
        left = left_hand(before, move) if player == mover else ()
        if not left and old == new:  # nothing left the hand, nothing was drawn into it
            continue
        kept = Counter(old)
        kept.subtract(left)
        drawn = Counter(new)
        drawn.subtract(kept.elements())
        if not left and not +drawn:
            continue
        if is_told_to(viewer, player):
            told.append(
                HandChanged(player, len(new), tuple(sorted(left)), tuple(sorted(drawn.elements())))
            )
        else:
            told.append(HandChanged(player, len(new), None, None))
    return told


def events(
    before: State, move: Move, after: State, *, viewer: int | None = None
) -> tuple[Event, ...]:
    """What ``move`` did from ``before`` to ``after``: the decision, where the ball landed,
    the cards discarded, the hands that changed, the point won and the end of the match.

    With ``viewer=p`` another player's hand is told only by its size, and another player's
    face-down hit only by its number of cards; the events depend only on ``p``'s views.
    ``InvalidStateError`` for a state that is not a playable AlakaSLAM state,
    ``IllegalMoveError`` unless ``after == apply_move(before, move)``,
    ``InvalidPlayerError`` for a viewer that is not a player.
    """
    before, after = checked_transition(
        "alakaslam", before, move, after, checked=checked, apply_move=apply_move
    )
    check_viewer(viewer, before.config.players)
    told: list[Event] = [_decided(before, after, viewer)]
    if isinstance(move, Hit | Support) and after.ball is not None and after.ball != before.ball:
        told.append(BallLanded(after.ball))
    old, new = before.discard, after.discard
    if len(new) > len(old) and new[: len(old)] == old:
        told.append(Discarded(new[len(old) :]))
    told.extend(_hands(before, move, after, viewer))
    if after.score != before.score and after.last_point is not None:
        told.append(PointWon(after.last_point.side, after.last_point.fault, after.score))
    if after.result is not None:
        told.append(MatchOver(tuple(sorted(after.result.winners)), after.result.reason))
    return tuple(told)


def _codes(cards: tuple[Card, ...]) -> str:
    return ", ".join(card.code for card in cards) or "nothing"


_FAULTS = {
    Fault.NET: "the shot landed in the hitter's own half",
    Fault.OUT: "the shot went out",
    Fault.STRAIGHT: "the serve went straight",
    Fault.LET_GO: "the ball was let go",
    Fault.NO_ANSWER: "the support could not answer the Enchantment",
}


def _told_decided(event: Decided) -> str:
    if event.move is None:
        return f"Player {event.player} played {plural(event.cards, 'card')} face down."
    return f"Player {event.player}: {event.move}."


def _told_hand(event: HandChanged) -> str:
    holds = f"now holds {plural(event.size, 'card')}"
    if event.discarded is None or event.drawn is None:
        return f"Player {event.player} {holds}."
    changes = [
        f"{verb} {_codes(cards)}"
        for verb, cards in (("discarded", event.discarded), ("drew", event.drawn))
        if cards
    ]
    return f"Player {event.player} {' and '.join(changes)}; {holds}."


def _told_point(event: PointWon) -> str:
    score = "-".join(str(points) for points in event.score)
    return f"Side {side_name(event.side)} won the point ({score}): {_FAULTS[event.fault]}."


#: The sentence of each of the game's own events; the kit tells the end of the match.
_SENTENCES: dict[type, Callable[[Any], str]] = {
    Decided: _told_decided,
    BallLanded: lambda e: f"The ball landed on {e.cell.name}.",
    Discarded: lambda e: f"Discarded: {_codes(e.cards)}.",
    HandChanged: _told_hand,
    PointWon: _told_point,
}

_format_event = story.event_sentences("alakaslam", _SENTENCES, nobody="The match ended in a draw")


def format_event(event: Event) -> str:
    """The event in one short sentence, e.g. ``"Side B won the point (0-1): the shot went
    out."``."""
    return _format_event(event)


# --- the story held to the states ------------------------------------------------------------


def check_story(
    game: Any, before: State, move: Move, after: State, told: tuple[Any, ...], viewer: int | None
) -> list[str]:
    """What is untrue in ``told`` (see :func:`cardgames.story.register_story_check`): the
    decision, the cell the ball landed on, the cards discarded, the hands, the point won and
    its score, and the end."""
    wrong = story.shared_facts(game, before, move, after, told, viewer)
    wrong.extend(_hand_facts(before, move, after, told, viewer))
    for event in told:
        if isinstance(event, BallLanded) and event.cell != after.ball:
            wrong.append("the ball is told to land on a cell it is not on")
        elif isinstance(event, Discarded):
            if after.discard[len(after.discard) - len(event.cards) :] != event.cards:
                wrong.append("the cards told discarded are not the top of the discard pile")
        elif isinstance(event, PointWon):
            point = after.last_point
            if point is None or (event.side, event.fault) != (point.side, point.fault):
                wrong.append("the point is told won by another side or fault")
            if event.score != after.score or after.score == before.score:
                wrong.append("the point is told with another score")
    if after.score != before.score and not any(isinstance(e, PointWon) for e in told):
        wrong.append("the point won is not told")
    return wrong


def _hand_facts(
    before: State, move: Move, after: State, told: tuple[Any, ...], viewer: int | None
) -> list[str]:
    """What is untrue in the hands told: each hand that changed is told once, of its size;
    its own player is told what left it (the move's own cards) and what was drawn, which
    make the hand of ``before`` that of ``after``; the others are told no card of it."""
    changed = {e.player: e for e in told if isinstance(e, HandChanged)}
    if len(changed) != sum(isinstance(e, HandChanged) for e in told):
        return ["a hand change is told twice"]
    for player, (old, new) in enumerate(zip(before.hands, after.hands, strict=True)):
        event = changed.get(player)
        if event is None:
            if Counter(old) != Counter(new):
                return [f"the change of player {player}'s hand is not told"]
            continue
        if event.size != len(new):
            return [f"player {player}'s hand is told of another size"]
        if event.discarded is None or event.drawn is None:
            if is_told_to(viewer, player):
                return [f"player {player} is not told the cards of their own hand"]
            continue
        if not is_told_to(viewer, player):
            return [f"another player's cards are told to player {viewer}"]
        if player != before.to_move and event.discarded:
            return [f"player {player} is told to discard on another player's move"]
        if player == before.to_move and Counter(event.discarded) != Counter(
            left_hand(before, move)
        ):
            return ["the cards told to leave the hand are not those the move took"]
        if Counter(old) + Counter(event.drawn) != Counter(new) + Counter(event.discarded):
            return [f"the cards told of player {player}'s hand are not those it changed by"]
    return []


story.register_story_check("alakaslam", check_story)
