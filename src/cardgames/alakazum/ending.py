"""The Alakazum and the end of the game: culture points, casting the Alakazum against a final
enemy, and the sacrifice a failed one (or a trap) costs.

A player with 8 points of one culture may cast the Alakazum at the end of their turn against a
face-down final enemy: more points than the enemy is worth wins the game alone; otherwise the
enemy stays face up and one character of that culture that took part goes to the cemetery.
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import repeat

from cardgames.alakazum import _fast
from cardgames.alakazum.cards import Card, Culture, Enemy, alakazum_points
from cardgames.alakazum.draft import Draft, Next, can_leave
from cardgames.alakazum.moves import Alakazum, Move, Pass, Sacrifice
from cardgames.alakazum.shapes import check_team_and_hand
from cardgames.alakazum.state import Member, Phase, State
from cardgames.errors import InvalidStateError
from cardgames.game import Outcome

__all__ = [
    "ALAKAZUM_POINTS",
    "alakazum",
    "alakazum_moves",
    "alakazum_open",
    "beats",
    "culture_points",
    "culture_totals",
    "enough_points",
    "face_down",
    "may_have_points",
    "offer_sacrifice",
    "sacrificable",
    "sacrifice",
    "sacrifice_moves",
    "took_part",
    "why_no_alakazum",
]

_DECIDE, _CONTINUE, _END_TURN = Next.DECIDE, Next.CONTINUE, Next.END_TURN

#: Points of one culture needed to cast the Alakazum.
ALAKAZUM_POINTS = 8

_MULTI = Culture.MULTI
_PHASE_SACRIFICE = Phase.SACRIFICE
_PASS = Pass()

_SACRIFICE = _fast.interned(Sacrifice)
_ALAKAZUM = _fast.interned(Alakazum)


# --- culture points ------------------------------------------------------------------------------


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


def _team_points(team: tuple[Member, ...]) -> tuple[dict[Culture | None, int], int]:
    """The points of a team's characters at their levels, by culture, and those of its
    multicoloured characters, which count for every culture."""
    own: dict[Culture | None, int] = {}
    shared = 0
    for member in team:
        card = member.card
        points = card.points[member.level]
        if card.culture is _MULTI:
            shared += points
        else:
            own[card.culture] = own.get(card.culture, 0) + points
    return own, shared


def culture_totals(
    team: tuple[Member, ...], hand: tuple[Card, ...], cultures: tuple[Culture, ...]
) -> dict[Culture, int]:
    """:func:`culture_points` of each of ``cultures``, in one pass: the team's points, and
    what each hand card adds (:func:`~.cards.alakazum_points`)."""
    return _totals(team, map(alakazum_points, hand), cultures)


def _totals(
    team: tuple[Member, ...],
    added: Iterable[tuple[Culture, int] | None],
    cultures: tuple[Culture, ...],
) -> dict[Culture, int]:
    """:func:`culture_totals` of a team and what each of its player's hand cards adds."""
    own, shared = _team_points(team)
    for points in added:
        if points is not None:
            culture, value = points
            if culture is _MULTI:
                shared += value
            else:
                own[culture] = own.get(culture, 0) + value
    return {c: own.get(c, 0) + shared for c in cultures}


def enough_points(total: int) -> bool:
    """Whether ``total`` points of one culture are enough to cast the Alakazum."""
    return total >= ALAKAZUM_POINTS


def may_have_points(team: tuple[Member, ...], hand_size: int, found: _fast.Tables) -> bool:
    """Whether a player with ``team`` and a hand of ``hand_size`` cards may have enough points
    of some culture of ``found``'s config for an Alakazum, as everybody sees it: with the
    team's points and each hand card worth the most points one can give. The turn asks the
    player about the Alakazum whenever they may, so that being asked tells nobody what the
    hand holds."""
    cultures = found.cultures
    if not cultures:
        return False
    own, shared = _team_points(team)
    best = max(map(own.get, cultures, repeat(0)))  # the culture with the most points
    return enough_points(best + shared + hand_size * found.most_hand_points)


def face_down(state: Draft | State) -> list[int]:
    """The places of the face-down final enemies: those an Alakazum may be cast against (one
    the caster has looked at included)."""
    return [index for index, up in enumerate(state.enemy_up) if not up]


def alakazum_open(state: Draft | State, player: int) -> bool:
    """Whether ``player``, at the end of their turn, is asked about the Alakazum: a final enemy
    is face down and they may have the points for it as everybody sees it
    (:func:`may_have_points`); with too few, they can only end the turn."""
    return bool(face_down(state)) and may_have_points(
        state.teams[player], len(state.hands[player]), _fast.tables_of(state.config)
    )


def beats(total: int, enemy: Enemy, players: int) -> bool:
    """Whether an Alakazum of ``total`` points beats ``enemy`` in a game of ``players``: more
    points than it is worth, and never against an invincible one."""
    value = enemy.value(players)
    assert value is not None  # an enemy of the row plays with this many players
    return not enemy.invincible and total > value


def alakazum_moves(state: State) -> list[Move]:
    """The Alakazum of each culture with the points for it, against each face-down enemy; or
    the end of the turn."""
    player = state.active
    team, hand = state.teams[player], state.hands[player]
    down = face_down(state)
    moves: list[Move] = [_PASS]
    # What each hand card adds, read by its name from the config's tables (made of
    # alakazum_points): the end of most turns asks.
    found = _fast.tables_of(state.config)
    added = map(found.hand_points.get, map(_fast.card_name, hand))
    for culture, total in _totals(team, added, found.cultures).items():
        if enough_points(total):
            moves.extend(_ALAKAZUM(culture, i) for i in down)
    return moves


def why_no_alakazum(state: State, move: Alakazum) -> str | None:
    """The reason an Alakazum of a culture of the game against a final enemy of the row (a
    well-formed ``move``) is not legal now, or ``None`` if it is."""
    if state.enemy_up[move.enemy]:
        return f"final enemy {move.enemy} is face up"
    player = state.active
    culture = move.culture
    total = culture_totals(state.teams[player], state.hands[player], (culture,))[culture]
    if not enough_points(total):
        return (
            f"player {player} has {total} points of {culture.full_name}, fewer than the "
            f"{ALAKAZUM_POINTS} an Alakazum needs"
        )
    return None


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
    if beats(total, enemy, d.config.players):
        d.end(
            Outcome.win(
                {player},
                d.config.players,
                f"player {player}'s {move.culture.full_name} Alakazum ({total}) beat "
                f"{enemy.name} ({enemy.value(d.config.players)})",
            )
        )
        return _DECIDE
    d.failed = move.culture
    return offer_sacrifice(d, player, then=_END_TURN)


def took_part(member: Member, culture: Culture) -> bool:
    """Whether ``member`` took part in an Alakazum of ``culture``: a character of that culture
    or a multicoloured one, with points above 0 at its level."""
    card = member.card
    return (card.culture is culture or card.culture is _MULTI) and card.points[member.level] > 0


def sacrificable(d: Draft | State, player: int) -> list[Member]:
    """The characters ``player`` may choose to send to the cemetery now: after a failed
    Alakazum those that took part, otherwise any (never one on a broom, nor the last)."""
    team = d.teams[player]
    failed = d.failed
    return [m for m in team if can_leave(team, m) and (failed is None or took_part(m, failed))]


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
