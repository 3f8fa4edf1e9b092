"""Magic: the action Do magic, what each of the seven spells costs and does, and which spells a
player may cast now.

A spell costs magic energy: very magical characters and cauldrons give theirs for each spell,
magic hats are spent (no change is given). Miserable witch takes market cards, Training levels a
character up, Divination looks at a final enemy, Magic of the forest keeps one of the forest's
top six cards and orders the rest, Levitation swaps characters, Resurrect brings one back from
the cemetery, and Deja Vu gives two more actions.
"""

from __future__ import annotations

import functools
import operator
from collections import Counter
from collections.abc import Iterable
from itertools import repeat

from cardgames.alakazum.cards import Card, Kind, Level
from cardgames.alakazum.combat import meet
from cardgames.alakazum.draft import CombatDraft, Draft, Next, distinct, new_member
from cardgames.alakazum.ending import face_down
from cardgames.alakazum.moves import (
    SPELL_COSTS,
    Cast,
    Keep,
    Move,
    Peek,
    Place,
    Raise,
    Spell,
    Swap,
    Take,
    Train,
)
from cardgames.alakazum.state import Member, Phase, State
from cardgames.alakazum.tables import card_name as _card_name
from cardgames.alakazum.tables import tables_of
from cardgames.alakazum.wellformed import check_team_and_hand

__all__ = [
    "DEJA_VU_ACTIONS",
    "FIVE_PLAYERS",
    "FIVE_PLAYER_POORER",
    "FOREST_MAGIC_CARDS",
    "MISERABLE_WITCH_CARDS",
    "aim",
    "cast",
    "castable",
    "casts_of",
    "casts_with",
    "energy",
    "hit",
    "keep",
    "keep_moves",
    "one_to_peek",
    "place",
    "poorer_than",
    "spell_moves",
    "take",
    "target_moves",
]

_DECIDE, _CONTINUE = Next.DECIDE, Next.CONTINUE

_energy_of = operator.itemgetter(1)  # of a hat's (name, energy)

#: Magic of the forest takes this many cards.
FOREST_MAGIC_CARDS = 6
#: Miserable witch takes this many market cards.
MISERABLE_WITCH_CARDS = 2
#: With this many players the Miserable witch needs fewer players with more characters...
FIVE_PLAYERS = 5
#: ...only this many.
FIVE_PLAYER_POORER = 3
#: The actions a Deja Vu gives.
DEJA_VU_ACTIONS = 2

_LEVEL_C = Level.C
_HAT, _CAULDRON, _CHARACTER = Kind.HAT, Kind.CAULDRON, Kind.CHARACTER
_PHASE_KEEP = Phase.KEEP
_PHASE_PLACE = Phase.PLACE
_PHASE_TAKE = Phase.TAKE
_PHASE_TARGET = Phase.TARGET
_TRAINING, _DIVINATION, _LEVITATION = Spell.TRAINING, Spell.DIVINATION, Spell.LEVITATION
_MISERABLE_WITCH, _MAGIC_OF_THE_FOREST = Spell.MISERABLE_WITCH, Spell.MAGIC_OF_THE_FOREST
_RESURRECT, _DEJA_VU = Spell.RESURRECT, Spell.DEJA_VU

# Moves are small values shared by every state that offers them: each is made once and
# looked up by its fields after that, which costs far less than building it again.
_TRAIN = functools.lru_cache(maxsize=4096)(Train)
_PEEK = functools.lru_cache(maxsize=64)(Peek)
_RAISE = functools.lru_cache(maxsize=4096)(Raise)
_KEEP = functools.lru_cache(maxsize=4096)(Keep)


# --- what may be cast -------------------------------------------------------------------------


def energy(team: tuple[Member, ...], hand: tuple[Card, ...]) -> int:
    """The magic energy a player has for each spell without spending hats: their very
    magical characters' and their cauldrons'.

    Raises ``InvalidStateError`` unless ``team`` is a tuple of :class:`Member` and ``hand`` one
    of hand cards.
    """
    check_team_and_hand(team, hand)
    return sum(m.card.magic for m in team) + sum(c.value for c in hand if c.kind is _CAULDRON)


@functools.lru_cache(maxsize=4096)
def _hat_payments(hats: tuple[tuple[str, int], ...], need: int) -> tuple[tuple[str, ...], ...]:
    """Every way to pay ``need`` energy with these hats (name and energy) in which no hat could
    be left out: the rules give no change, and paying more for nothing is no choice."""
    kinds = Counter(name for name, _ in hats)
    value = dict(hats)
    names = sorted(kinds)
    out: list[tuple[str, ...]] = []
    for counts in _counts_up_to(tuple(kinds[name] for name in names), need):
        chosen = [name for name, k in zip(names, counts, strict=True) for _ in range(k)]
        if not chosen:
            continue
        total = sum(value[name] for name in chosen)
        if total >= need and total - min(value[name] for name in chosen) < need:
            out.append(tuple(chosen))
    return tuple(out)


def _counts_up_to(available: tuple[int, ...], most: int) -> Iterable[tuple[int, ...]]:
    """How many of each hat to pay with, at most ``available`` of each and ``most`` in all,
    in the order of ``itertools.product`` over the counts (the first varying slowest).

    A payment that no hat could be left out of holds at most ``need`` hats, each giving 1
    energy or more: the other count vectors are never paid, so they are not made.
    """
    if not available:
        yield ()
        return
    first, rest = available[0], available[1:]
    for count in range(min(first, most) + 1):
        for tail in _counts_up_to(rest, most - count):
            yield (count, *tail)


def _poorer(state: State, player: int) -> bool:
    """Whether the Miserable witch is open to ``player`` (see :func:`poorer_than`)."""
    teams = state.teams
    mine = len(teams[player])
    richer = 0
    for team in teams:
        if len(team) > mine:  # never the player's own
            richer += 1
    return poorer_than(richer, len(teams))


def poorer_than(richer: int, players: int) -> bool:
    """Whether a player of ``players`` whose team is smaller than ``richer`` others' may cast
    the Miserable witch: everybody else has more characters (with five players, at least
    three of the others)."""
    return richer >= (FIVE_PLAYER_POORER if players == FIVE_PLAYERS else players - 1)


def spell_moves(state: State, player: int) -> tuple[Cast, ...]:
    """Every cast ``player`` can pay for of a spell that has something to work on (the plain
    reading, spell by spell; :func:`casts_with` works the same out in straight-line code)."""
    team, hand = state.teams[player], state.hands[player]
    power = sum(m.card.magic for m in team) + sum(c.value for c in hand if c.kind is _CAULDRON)
    hats = tuple((c.name, c.value) for c in hand if c.kind is _HAT)
    most = power + sum(value for _, value in hats)
    castables = 0  # one bit per spell that has something to work on
    for bit, spell, cost in _SPELL_BITS:
        if cost <= most and castable(state, player, spell):
            castables |= bit
    return _casts(hats, power, castables) if castables else ()


def casts_with(
    state: State, player: int, hats: tuple[tuple[str, int], ...], cauldrons: int
) -> tuple[Cast, ...]:
    """:func:`spell_moves` for a player whose hand holds these hats (name and energy, copies
    included) and cauldrons of this much energy in all."""
    return casts_of(state, player, hats, cauldrons, _poorer(state, player))


def casts_of(
    state: State, player: int, hats: tuple[tuple[str, int], ...], cauldrons: int, poorer: bool
) -> tuple[Cast, ...]:
    """:func:`casts_with`, told whether everybody else (or three of five) has more characters
    than ``player`` (the Miserable witch's condition, which the action phase finds on its way
    through the teams)."""
    team = state.teams[player]
    # One pass over the team: its energy, whether one is below level C (Training), whether one
    # is free to go (Levitation).
    power = cauldrons
    training = free = False
    for member in team:
        power += member.card.magic
        if member.level < _LEVEL_C:
            training = True
        if member.broom is None:
            free = True
    most = power + sum(map(_energy_of, hats)) if hats else power
    # What castable() says of each spell, spell by spell in straight-line code: this runs at
    # every action phase.
    castables = _BIT_TRAINING if training and most >= _COST_TRAINING else 0
    if poorer and state.market:  # the Miserable witch costs nothing
        castables |= _BIT_MISERABLE_WITCH
    if most >= _COST_DIVINATION:
        # one_to_peek(), with its usual answer found without the call.
        known = state.known[player]
        up = state.enemy_up
        if up.count(False) > len(known) or one_to_peek(up, known):
            castables |= _BIT_DIVINATION
    if most >= _COST_MAGIC_OF_THE_FOREST and state.forest:
        castables |= _BIT_MAGIC_OF_THE_FOREST
    if most >= _COST_LEVITATION and free and (state.cemetery or _one_to_take(state, player)):
        castables |= _BIT_LEVITATION
    if most >= _COST_RESURRECT and state.cemetery:
        castables |= _BIT_RESURRECT
    if most >= _COST_DEJA_VU and not state.deja_vu:
        castables |= _BIT_DEJA_VU
    if not castables:
        return ()
    # Without hats, every spell kept is paid by the power alone: its casts follow from the
    # spells alone.
    return _casts(hats, power, castables) if hats else _PLAIN_CASTS[castables]


def one_to_peek(enemy_up: tuple[bool, ...], known: frozenset[int]) -> bool:
    """Whether a final enemy is face down and not looked at (the places in ``known``)."""
    if enemy_up.count(False) > len(known):  # more face down than looked at settles it
        return True
    for index, up in enumerate(enemy_up):  # noqa: SIM110 - a loop costs less than any()
        if not up and index not in known:
            return True
    return False


#: Each spell's bit in a set of castable spells, and its cost, cheapest first.
_SPELL_BITS = tuple(
    (1 << bit, spell, cost) for bit, (spell, cost) in enumerate(SPELL_COSTS.items())
)
_BITS = {spell: bit for bit, spell, _ in _SPELL_BITS}
_BIT_MISERABLE_WITCH, _BIT_TRAINING = _BITS[_MISERABLE_WITCH], _BITS[_TRAINING]
_BIT_DIVINATION, _BIT_LEVITATION = _BITS[_DIVINATION], _BITS[_LEVITATION]
_BIT_MAGIC_OF_THE_FOREST = _BITS[_MAGIC_OF_THE_FOREST]
_BIT_RESURRECT, _BIT_DEJA_VU = _BITS[_RESURRECT], _BITS[_DEJA_VU]
_COST_MISERABLE_WITCH, _COST_TRAINING = SPELL_COSTS[_MISERABLE_WITCH], SPELL_COSTS[_TRAINING]
_COST_DIVINATION = SPELL_COSTS[_DIVINATION]
_COST_MAGIC_OF_THE_FOREST = SPELL_COSTS[_MAGIC_OF_THE_FOREST]
_COST_LEVITATION, _COST_RESURRECT = SPELL_COSTS[_LEVITATION], SPELL_COSTS[_RESURRECT]
_COST_DEJA_VU = SPELL_COSTS[_DEJA_VU]


#: The casts of each set of castable spells paid without hats (one bit a spell).
_PLAIN_CASTS = tuple(
    tuple(Cast(spell) for bit, spell, _ in _SPELL_BITS if castables & bit)
    for castables in range(1 << len(_SPELL_BITS))
)


@functools.lru_cache(maxsize=4096)
def _casts(hats: tuple[tuple[str, int], ...], power: int, castables: int) -> tuple[Cast, ...]:
    """Every cast of the spells in ``castables`` (bits in the order of ``SPELL_COSTS``) with
    ``power`` energy and these hats (made once: moves are shared values)."""
    moves: list[Cast] = []
    for bit, spell, cost in _SPELL_BITS:
        if castables & bit:
            payments = ((),) if cost <= power else _hat_payments(hats, cost - power)
            moves.extend(Cast(spell, paid) for paid in payments)
    return tuple(moves)


def castable(state: State, player: int, spell: Spell) -> bool:
    """Whether ``spell`` has something to work on now."""
    # Plain loops rather than any() over generators: this runs for every action phase.
    if spell is _TRAINING:
        for member in state.teams[player]:  # noqa: SIM110 - a loop costs less than any()
            if member.level < _LEVEL_C:
                return True
        return False
    if spell is _DIVINATION:
        known = state.known[player]
        for index, up in enumerate(state.enemy_up):  # noqa: SIM110
            if not up and index not in known:
                return True
        return False
    if spell is _MISERABLE_WITCH:
        return bool(state.market) and _poorer(state, player)
    if spell is _LEVITATION:
        # A character free to go, and one to take (not at level C, not on a broom).
        return _free_to_go(state.teams[player]) and (
            bool(state.cemetery) or _one_to_take(state, player)
        )
    if spell is _MAGIC_OF_THE_FOREST:
        return bool(state.forest)
    if spell is _RESURRECT:
        return bool(state.cemetery)
    return not state.deja_vu  # Deja Vu


def _free_to_go(team: tuple[Member, ...]) -> bool:
    """Whether a character of ``team`` may leave it for Levitation (none on a broom)."""
    for member in team:  # noqa: SIM110 - a loop costs less than any()
        if member.broom is None:
            return True
    return False


def _one_to_take(state: State, player: int) -> bool:
    """Whether another player has a character Levitation may take (not at level C, not on a
    broom)."""
    for other, team in enumerate(state.teams):
        if other != player:
            for member in team:
                if member.broom is None and member.level < _LEVEL_C:
                    return True
    return False


def target_moves(state: State, player: int) -> tuple[Move, ...]:
    """The targets of the spell being cast (a crystal ball's are Divination's, a recovery
    potion's Resurrect's)."""
    spell = state.spell
    assert spell is not None
    if spell is _TRAINING:
        return tuple([_TRAIN(m.card.name) for m in state.teams[player] if m.level < _LEVEL_C])
    if spell is _DIVINATION:
        return tuple([_PEEK(i) for i in face_down(state, player, unknown=True)])
    if spell is _LEVITATION:
        return tuple(_levitations(state, player))
    if spell is _RESURRECT:
        return tuple([_RAISE(c.name) for c in state.cemetery])
    return ()


def _levitations(state: State, player: int) -> list[Move]:
    """A swap of each of ``player``'s characters free to go (not on a broom) with each
    character Levitation may take: another player's (not at level C, not on a broom), by
    player, then the cemetery's."""
    # The characters to take are the same for each of one's own: listed once, as the keys of
    # the swaps' table (player, name); then each own character's swaps are found at C speed
    # (made once per config, when first met).
    teams = state.teams
    targets: list[tuple[int | None, str]] = []
    for other, team in enumerate(teams):
        if other != player:
            for member in team:
                if member.broom is None and member.level < _LEVEL_C:
                    targets.append((other, member.card.name))
    cemetery = state.cemetery
    if cemetery:
        targets += zip(repeat(None), map(_card_name, cemetery))
    swaps_of = tables_of(state.config).swaps_of
    out: list[Move] = []
    for mine in teams[player]:
        if mine.broom is None:
            out += map(swaps_of(mine.card.name).__getitem__, targets)
    return out


# --- casting ------------------------------------------------------------------------------------


def cast(d: Draft, move: Cast) -> Next:
    """The spell is cast, its hats go to the market deck: it works now, or its target (or the
    cards it takes) is chosen next."""
    player = d.active
    hats = [d.take_from_hand(player, name) for name in move.hats]
    d.to_market(*hats)
    spell = move.spell
    if spell is _MISERABLE_WITCH:
        d.taking = min(MISERABLE_WITCH_CARDS, len(d.market))
        d.phase = _PHASE_TAKE
        return _DECIDE
    if spell is _MAGIC_OF_THE_FOREST:
        return _take_forest_cards(d)
    if spell is _DEJA_VU:
        d.actions += DEJA_VU_ACTIONS
        d.deja_vu = True
        return _CONTINUE
    return aim(d, spell)


def aim(d: Draft, spell: Spell) -> Next:
    """The caster chooses the target of ``spell``."""
    d.spell = spell
    d.phase = _PHASE_TARGET
    d.to_move = d.active
    return _DECIDE


def hit(d: Draft, move: Train | Peek | Swap | Raise) -> Next:
    """The spell's target is chosen: the spell works."""
    player = d.active
    d.spell = None
    if isinstance(move, Train):
        d.level_up(player, move.character)
    elif isinstance(move, Peek):
        _peek(d, player, move.enemy)
    elif isinstance(move, Swap):
        _levitate(d, move)
    else:
        _raise_from_cemetery(d, player, move.character)
    return _CONTINUE


def _peek(d: Draft, player: int, enemy: int) -> None:
    known = list(d.known)
    known[player] = known[player] | {enemy}
    d.known = tuple(known)


def _raise_from_cemetery(d: Draft, player: int, name: str) -> None:
    index = next(i for i, c in enumerate(d.cemetery) if c.name == name)
    d.join(player, new_member(d.cemetery[index]))
    d.cemetery = d.cemetery[:index] + d.cemetery[index + 1 :]


def _levitate(d: Draft, move: Swap) -> None:
    """Swap one's character for another not at level C: each keeps its level, except that the
    cemetery takes characters at level A and gives them at level A."""
    player = d.active
    index, mine = d.member(player, move.character)
    d.remove_member(player, index)
    if move.player is None:
        where = next(i for i, c in enumerate(d.cemetery) if c.name == move.target)
        theirs = new_member(d.cemetery[where])
        d.cemetery = (*d.cemetery[:where], *d.cemetery[where + 1 :], mine.card)
        if mine.cape is not None:
            d.to_market(mine.cape)
    else:
        where, theirs = d.member(move.player, move.target)
        d.remove_member(move.player, where)
        d.join(move.player, mine)
    d.join(player, theirs)


# --- Magic of the forest, and the Miserable witch ----------------------------------------------


def _take_forest_cards(d: Draft) -> Next:
    """Magic of the forest: the top six cards (or fewer) go to the caster's hands."""
    count = min(FOREST_MAGIC_CARDS, len(d.forest))
    d.held = d.forest[-count:][::-1]
    d.forest = d.forest[:-count]
    d.seen = (0,) * d.config.players
    if any(card.kind is _CHARACTER or card.kind.is_hand for card in d.held):
        d.phase = _PHASE_KEEP
        return _DECIDE
    return _place_or_finish(d)


def keep_moves(state: State, player: int) -> tuple[Move, ...]:
    """The cards taken by a Magic of the forest that may be kept: a character or a hand card."""
    held = distinct(state.held)
    return tuple(_KEEP(c.name) for c in held if c.kind is _CHARACTER or c.kind.is_hand)


def keep(d: Draft, move: Keep) -> Next:
    """The caster keeps a card: a hand card into the hand, a character to be faced."""
    index = next(i for i, c in enumerate(d.held) if c.name == move.card)
    card = d.held[index]
    d.held = d.held[:index] + d.held[index + 1 :]
    if card.kind is _CHARACTER:
        d.combat = CombatDraft.start(d.active, None, card)
    else:
        d.add_to_hand(d.active, card)
    return _place_or_finish(d)


def place(d: Draft, move: Place) -> Next:
    """The caster puts a card back on the forest deck."""
    index = next(i for i, c in enumerate(d.held) if c.name == move.card)
    _put_back(d, index)
    return _place_or_finish(d)


def _put_back(d: Draft, index: int) -> None:
    card = d.held[index]
    d.held = d.held[:index] + d.held[index + 1 :]
    d.forest = (*d.forest, card)
    seen = list(d.seen)
    seen[d.active] += 1
    d.seen = tuple(seen)


def _place_or_finish(d: Draft) -> Next:
    """Ask for the order of the cards still held while it matters; then face a kept
    character, or go on with the turn."""
    while d.held and len({c.name for c in d.held}) == 1:
        _put_back(d, 0)
    if d.held:
        d.phase = _PHASE_PLACE
        return _DECIDE
    combat = d.combat
    if combat is not None:
        d.combat = None
        return meet(d, combat.opponent)
    return _CONTINUE


def take(d: Draft, move: Take) -> Next:
    """The Miserable witch takes a card of the market deck."""
    index = max(i for i, c in enumerate(d.market) if c.name == move.card)
    card = d.market[index]
    d.market = d.market[:index] + d.market[index + 1 :]
    d.add_to_hand(d.active, card)
    d.taking -= 1
    if d.taking == 0 or not d.market:
        d.taking = 0
        return _CONTINUE
    return _DECIDE
