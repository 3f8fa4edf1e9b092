"""The Alakazum and the end of the game: culture points, casting the Alakazum against a final
enemy, and the sacrifice a failed one (or a trap) costs.

A player with 8 points of one culture may cast the Alakazum at the end of their turn against a
face-down final enemy: more points than the enemy is worth wins the game alone; otherwise the
enemy stays face up and one character of that culture that took part goes to the cemetery.
"""

from __future__ import annotations

import functools
import operator

from cardgames.alakazum.cards import Card, Culture, Kind
from cardgames.alakazum.draft import Draft, Next, can_leave
from cardgames.alakazum.moves import Alakazum, Move, Pass, Sacrifice
from cardgames.alakazum.state import Member, Phase, State
from cardgames.alakazum.tables import Hand, Tables, card_name
from cardgames.alakazum.wellformed import check_team_and_hand
from cardgames.errors import InvalidStateError
from cardgames.game import Outcome

__all__ = [
    "ALAKAZUM_POINTS",
    "alakazum",
    "alakazum_moves",
    "can_cast_alakazum",
    "culture_points",
    "culture_totals",
    "face_down",
    "may_have_points",
    "offer_sacrifice",
    "ready_by_names",
    "ready_for_alakazum",
    "sacrificable",
    "sacrifice",
    "sacrifice_moves",
]

_DECIDE, _CONTINUE, _END_TURN = Next.DECIDE, Next.CONTINUE, Next.END_TURN

#: Points of one culture needed to cast the Alakazum.
ALAKAZUM_POINTS = 8

_MULTI = Culture.MULTI
_OBJECT, _AMULET = Kind.OBJECT, Kind.AMULET
_PHASE_SACRIFICE = Phase.SACRIFICE
_PASS = Pass()
_points_of = operator.itemgetter(1)

# Moves are small values shared by every state that offers them: each is made once.
_SACRIFICE = functools.lru_cache(maxsize=4096)(Sacrifice)
_ALAKAZUM = functools.lru_cache(maxsize=4096)(Alakazum)


def culture_points(team: tuple[Member, ...], hand: tuple[Card, ...], culture: Culture) -> int:
    """Points of ``culture`` for an Alakazum: the team's characters of that culture and the
    multicoloured ones, the cultural objects of that culture and the amulets in hand.

    Raises ``InvalidStateError`` unless ``team`` is a tuple of :class:`Member`, ``hand`` one of
    hand cards and ``culture`` a :class:`Culture`.
    """
    check_team_and_hand(team, hand)
    if type(culture) is not Culture:
        raise InvalidStateError(f"culture must be a Culture, got {type(culture).__name__}")
    return culture_totals(team, hand, (culture,))[culture]


def culture_totals(
    team: tuple[Member, ...], hand: tuple[Card, ...], cultures: tuple[Culture, ...]
) -> dict[Culture, int]:
    """:func:`culture_points` of each of ``cultures``, in one pass."""
    own: dict[Culture | None, int] = dict.fromkeys(cultures, 0)
    shared = 0  # multicoloured characters and amulets count for every culture
    for member in team:
        card = member.card
        if card.culture is _MULTI:
            shared += card.points[member.level]
        elif card.culture in own:
            own[card.culture] += card.points[member.level]
    for card in hand:
        if card.kind is _AMULET:
            shared += card.value
        elif card.kind is _OBJECT and card.culture in own:
            own[card.culture] += card.value
    return {c: own[c] + shared for c in cultures}


def can_cast_alakazum(
    team: tuple[Member, ...], hand: tuple[Card, ...], cultures: tuple[Culture, ...]
) -> bool:
    """Whether a player has the points of some culture for an Alakazum."""
    # Without objects or amulets, no culture has more points than the whole team: a quick bound.
    characters = 0
    for member in team:
        characters += member.card.points[member.level]
    if characters < ALAKAZUM_POINTS and not _holds_objects(hand):
        return False
    return max(culture_totals(team, hand, cultures).values(), default=0) >= ALAKAZUM_POINTS


def ready_for_alakazum(team: tuple[Member, ...], hand: Hand, cultures: tuple[Culture, ...]) -> bool:
    """:func:`can_cast_alakazum` for a hand known by its table (:class:`.tables.Hand`)."""
    # No culture has more points than the whole team and the hand's objects: a quick bound.
    characters = hand.extra
    for member in team:
        characters += member.card.points[member.level]
    if characters < ALAKAZUM_POINTS:
        return False
    shared = hand.amulets  # multicoloured characters and amulets count for every culture
    own: dict[Culture | None, int] = dict(hand.points)
    for member in team:
        card = member.card
        if card.culture is _MULTI:
            shared += card.points[member.level]
        else:
            own[card.culture] = own.get(card.culture, 0) + card.points[member.level]
    need = ALAKAZUM_POINTS - shared
    for culture in cultures:  # noqa: SIM110 - a loop costs less than any()
        if own.get(culture, 0) >= need:
            return True
    return False


def may_have_points(team: tuple[Member, ...], hand_size: int, found: Tables) -> bool:
    """Whether a player with ``team`` and a hand of ``hand_size`` cards may have the points of
    some culture for an Alakazum, as everybody sees it: with the team's points and each hand
    card worth the most points one can give. The turn asks the player about the Alakazum
    whenever they may, so that being asked tells nobody what the hand holds."""
    shared = hand_size * found.most_hand_points
    own: dict[Culture | None, int] = {}
    for member in team:
        card = member.card
        if card.culture is _MULTI:
            shared += card.points[member.level]
        else:
            own[card.culture] = own.get(card.culture, 0) + card.points[member.level]
    need = ALAKAZUM_POINTS - shared
    if need <= 0:
        return bool(found.cultures)
    return any(own.get(culture, 0) >= need for culture in found.cultures)


def ready_by_names(team: tuple[Member, ...], hand: tuple[Card, ...], found: Tables) -> bool:
    """:func:`can_cast_alakazum`, with the points of the hand's cards read by their names from
    the config's tables (:class:`.tables.Tables`): the end of every turn asks."""
    # Every card's points as (culture, points), amulets as multicoloured: those count for
    # every culture (objects are never multicoloured, nor is a culture of the Alakazum).
    points = [*filter(None, map(found.hand_points.get, map(card_name, hand)))]
    # No culture has more points than all of them: a quick bound, which most ends of turns
    # fail (two in three), so it is summed before any pair is made for the team.
    total = sum(map(_points_of, points)) if points else 0
    for member in team:
        total += member.card.points[member.level]
    if total < ALAKAZUM_POINTS:
        return False
    own: dict[Culture | None, int] = {}
    for culture, value in points:
        own[culture] = own.get(culture, 0) + value
    for member in team:
        card = member.card
        culture = card.culture
        own[culture] = own.get(culture, 0) + card.points[member.level]
    need = ALAKAZUM_POINTS - own.get(_MULTI, 0)
    cultures = found.cultures
    if need <= 0:  # the multicoloured points alone are enough, in any culture
        return bool(cultures)
    # A culture without points has too few: only those with some are looked at.
    for culture, value in own.items():  # noqa: SIM110 - a loop costs less than any()
        if value >= need and culture in cultures:
            return True
    return False


def _holds_objects(hand: tuple[Card, ...]) -> bool:
    return any(card.kind is _OBJECT or card.kind is _AMULET for card in hand)


def face_down(state: State, player: int, *, unknown: bool) -> list[int]:
    """The places of the face-down final enemies (only those ``player`` has not looked at,
    if ``unknown``)."""
    known = state.known[player]
    return [i for i, up in enumerate(state.enemy_up) if not up and not (unknown and i in known)]


def alakazum_moves(state: State) -> list[Move]:
    """The Alakazum of each culture with the points for it, against each face-down enemy; or
    the end of the turn."""
    player = state.active
    team, hand = state.teams[player], state.hands[player]
    down = face_down(state, player, unknown=False)
    moves: list[Move] = [_PASS]
    for culture, total in culture_totals(team, hand, state.config.cultures).items():
        if total >= ALAKAZUM_POINTS:
            moves.extend(_ALAKAZUM(culture, i) for i in down)
    return moves


def alakazum(d: Draft, move: Alakazum) -> Next:
    """Flip the chosen enemy: more points than it wins the game; otherwise it stays face up
    and one character that took part goes to the cemetery."""
    player = d.active
    up = list(d.enemy_up)
    up[move.enemy] = True
    d.enemy_up = tuple(up)
    if any(move.enemy in known for known in d.known):  # face up, it is known to everybody
        d.known = tuple(known - {move.enemy} for known in d.known)
    enemy = d.enemies[move.enemy]
    total = culture_totals(d.teams[player], d.hands[player], (move.culture,))[move.culture]
    value = enemy.value(d.config.players)
    assert value is not None
    if not enemy.invincible and total > value:
        d.end(
            Outcome.win(
                {player},
                d.config.players,
                f"player {player}'s {move.culture.full_name} Alakazum ({total}) beat "
                f"{enemy.name} ({value})",
            )
        )
        return _DECIDE
    d.failed = move.culture
    return offer_sacrifice(d, player, then=_END_TURN)


def _participants(team: tuple[Member, ...], culture: Culture) -> list[Member]:
    return [
        m
        for m in team
        if (m.card.culture is culture or m.card.culture is _MULTI) and m.card.points[m.level] > 0
    ]


def sacrificable(d: Draft | State, player: int) -> list[Member]:
    """The characters ``player`` may choose to send to the cemetery now: after a failed
    Alakazum those that took part, otherwise any (never one on a broom, nor the last)."""
    team = d.teams[player]
    pool = _participants(team, d.failed) if d.failed is not None else list(team)
    return [m for m in pool if can_leave(team, m)]


def sacrifice_moves(state: State, player: int) -> list[Move]:
    """A sacrifice of each character ``player`` may send to the cemetery now."""
    return [_SACRIFICE(m.card.name) for m in sacrificable(state, player)]


def offer_sacrifice(d: Draft, player: int, *, then: Next) -> Next:
    """``player`` sends a character to the cemetery: their choice if they have one, at once if
    only one may go; then the turn goes on as ``then`` says."""
    options = sacrificable(d, player)
    if len(options) > 1:
        d.phase = _PHASE_SACRIFICE
        d.to_move = player
        return _DECIDE
    if options:
        d.bury(player, options[0].card.name)
    return then


def sacrifice(d: Draft, move: Sacrifice) -> Next:
    """The chosen character goes to the cemetery; a failed Alakazum then ends the turn."""
    player = d.to_move
    assert player is not None
    d.bury(player, move.character)
    return _END_TURN if d.failed is not None else _CONTINUE
