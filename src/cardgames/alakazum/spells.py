"""Magic: the action Do magic, what each of the seven spells costs and does, and which spells a
player may cast now.

A spell costs magic energy: very magical characters and cauldrons give theirs for each spell,
magic hats are spent (no change is given). Miserable witch takes market cards, Training levels a
character up, Divination looks at a final enemy, Magic of the forest keeps one of the forest's
top six cards and orders the rest, Levitation swaps characters, Resurrect brings one back from
the cemetery, and Deja Vu gives two more actions.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from itertools import repeat

from cardgames import _kept
from cardgames.alakazum import _fast
from cardgames.alakazum.cards import Card, Kind
from cardgames.alakazum.combat import meet
from cardgames.alakazum.draft import CombatDraft, Draft, Next, can_rise, distinct, new_member
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
from cardgames.alakazum.shapes import check_team_and_hand
from cardgames.alakazum.state import Member, Phase, State

__all__ = [
    "DEJA_VU_ACTIONS",
    "FIVE_PLAYERS",
    "FIVE_PLAYER_POORER",
    "FOREST_MAGIC_CARDS",
    "MISERABLE_WITCH_CARDS",
    "SPELL_CONDITIONS",
    "aim",
    "cast",
    "castable",
    "casts",
    "energy",
    "first_deja_vu",
    "forest_to_take",
    "hit",
    "keep",
    "keep_moves",
    "levitation_gives",
    "levitation_takes",
    "market_to_take",
    "may_keep",
    "one_to_give",
    "one_to_peek",
    "one_to_raise",
    "one_to_take",
    "one_to_train",
    "payments",
    "peek_targets",
    "place",
    "poorer",
    "poorer_than",
    "power",
    "take",
    "target_moves",
    "training_targets",
    "why_not_castable",
]

_DECIDE, _CONTINUE = Next.DECIDE, Next.CONTINUE

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

_HAT, _CAULDRON, _CHARACTER = Kind.HAT, Kind.CAULDRON, Kind.CHARACTER
_PHASE_KEEP = Phase.KEEP
_PHASE_PLACE = Phase.PLACE
_PHASE_TAKE = Phase.TAKE
_PHASE_TARGET = Phase.TARGET
_TRAINING, _DIVINATION, _LEVITATION = Spell.TRAINING, Spell.DIVINATION, Spell.LEVITATION
_MISERABLE_WITCH, _MAGIC_OF_THE_FOREST = Spell.MISERABLE_WITCH, Spell.MAGIC_OF_THE_FOREST
_RESURRECT, _DEJA_VU = Spell.RESURRECT, Spell.DEJA_VU

_TRAIN = _fast.interned(Train)
_PEEK = _fast.interned(Peek, 64)
_RAISE = _fast.interned(Raise)
_KEEP = _fast.interned(Keep)


# --- the energy and its payment ---------------------------------------------------------------


def energy(team: tuple[Member, ...], hand: tuple[Card, ...]) -> int:
    """The magic energy a player has for each spell without spending hats: their very
    magical characters' and their cauldrons'.

    Raises ``InvalidStateError`` unless ``team`` is a tuple of :class:`Member` and ``hand`` one
    of hand cards.
    """
    check_team_and_hand(team, hand)
    return power(team, hand)


def power(team: tuple[Member, ...], hand: tuple[Card, ...]) -> int:
    """:func:`energy` of a team and hand known to be well formed."""
    return sum(m.card.magic for m in team) + sum(c.value for c in hand if c.kind is _CAULDRON)


def payments(hats: tuple[tuple[str, int], ...], need: int) -> tuple[tuple[str, ...], ...]:
    """Every way to pay ``need`` energy with these hats (name and energy, copies included) in
    which no hat could be left out: the rules give no change, and paying more for nothing is
    no choice. Each payment is the sorted names of its hats; none when the hats cannot pay."""
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


# --- what each spell works on -------------------------------------------------------------------
# A spell is offered only when it has something to work on. Each condition is one predicate of
# (state, caster), which the listing of casts, the check of an announced cast, and the reason a
# cast is refused all ask; the targets of a spell are listed by the same predicates, so a spell
# that may be cast always has a target to choose.


def poorer_than(richer: int, players: int) -> bool:
    """Whether a player of ``players`` whose team is smaller than ``richer`` others' may cast
    the Miserable witch: everybody else has more characters (with five players, at least
    three of the others)."""
    return richer >= (FIVE_PLAYER_POORER if players == FIVE_PLAYERS else players - 1)


def poorer(state: State, player: int) -> bool:
    """The Miserable witch's condition on the teams (see :func:`poorer_than`)."""
    teams = state.teams
    mine = len(teams[player])
    richer = 0
    for team in teams:
        if len(team) > mine:  # never the player's own
            richer += 1
    return poorer_than(richer, len(teams))


def market_to_take(state: State, player: int) -> bool:
    """Whether the Miserable witch has cards to take: the market deck holds one."""
    return bool(state.market)


def training_targets(team: tuple[Member, ...]) -> list[Member]:
    """The characters Training may raise: those below level C."""
    return [member for member in team if can_rise(member)]


def one_to_train(state: State, player: int) -> bool:
    """Whether Training has a character of ``player``'s to raise."""
    return any(map(can_rise, state.teams[player]))


def peek_targets(state: State, player: int) -> list[int]:
    """The places of the final enemies Divination (or a crystal ball) may show ``player``:
    face down, and not looked at by them yet."""
    known = state.known[player]
    return [index for index, up in enumerate(state.enemy_up) if not up and index not in known]


def one_to_peek(state: State, player: int) -> bool:
    """Whether Divination (or a crystal ball) has a final enemy to show ``player``."""
    return bool(peek_targets(state, player))


def forest_to_take(state: State, player: int) -> bool:
    """Whether Magic of the forest has cards to take: the forest deck holds one."""
    return bool(state.forest)


def levitation_gives(member: Member) -> bool:
    """Whether Levitation may send this character of the caster's away: one not on a broom
    (at any level)."""
    return member.broom is None


def levitation_takes(member: Member) -> bool:
    """Whether Levitation may take this character of another player's: not at level C, not on
    a broom (any character of the cemetery may be taken)."""
    return member.broom is None and can_rise(member)


def one_to_give(state: State, player: int) -> bool:
    """Whether ``player`` has a character Levitation may send away."""
    for member in state.teams[player]:  # noqa: SIM110 - a loop costs less than any()
        if levitation_gives(member):
            return True
    return False


def one_to_take(state: State, player: int) -> bool:
    """Whether Levitation has a character to take for ``player``: one of the cemetery, or
    another player's that it may take."""
    if state.cemetery:
        return True
    for other, team in enumerate(state.teams):
        if other != player:
            for member in team:
                if levitation_takes(member):
                    return True
    return False


def one_to_raise(state: State, player: int) -> bool:
    """Whether Resurrect (or a recovery potion) has a character to bring back: the cemetery
    holds one."""
    return bool(state.cemetery)


def first_deja_vu(state: State, player: int) -> bool:
    """Whether Deja Vu may be cast: once a turn, never after another."""
    return not state.deja_vu


#: What each spell needs to have something to work on, in order: each condition with what it
#: says when it fails (the reason a cast is refused).
SPELL_CONDITIONS: dict[Spell, tuple[tuple[Callable[[State, int], bool], str], ...]] = {
    _MISERABLE_WITCH: (
        (market_to_take, "the market deck is empty"),
        (poorer, "not every other player has more characters (with five, three of the four)"),
    ),
    _TRAINING: ((one_to_train, "every character of the team is at level C"),),
    _DIVINATION: ((one_to_peek, "no face-down final enemy is left that they have not seen"),),
    _MAGIC_OF_THE_FOREST: ((forest_to_take, "the forest deck is empty"),),
    _LEVITATION: (
        (one_to_give, "every character of the team is on a broom"),
        (
            one_to_take,
            "the cemetery is empty and no other player's character is below level C and off "
            "a broom",
        ),
    ),
    _RESURRECT: ((one_to_raise, "the cemetery is empty"),),
    _DEJA_VU: ((first_deja_vu, "a Deja Vu was cast this turn already"),),
}


def castable(state: State, player: int, spell: Spell) -> bool:
    """Whether ``spell`` has something to work on now, for ``player``."""
    for condition, _ in SPELL_CONDITIONS[spell]:  # noqa: SIM110 - a loop costs less than all()
        if not condition(state, player):
            return False
    return True


def why_not_castable(state: State, player: int, cast: Cast) -> str:
    """The reason ``cast`` (a well-formed cast of a spell whose hats ``player`` holds) is not
    legal now: what its spell lacks to work on, its cost, or its payment."""
    spell = cast.spell
    for condition, reason in SPELL_CONDITIONS[spell]:
        if not condition(state, player):
            return f"{spell.value} has nothing to work on: {reason}"
    team, hand = state.teams[player], state.hands[player]
    own = power(team, hand)
    hats = tuple((c.name, c.value) for c in hand if c.kind is _HAT)
    cost = SPELL_COSTS[spell]
    most = own + sum(value for _, value in hats)
    if most < cost:
        return f"{spell.value} costs {cost} energy and player {player} has {most}"
    return (
        f"{spell.value} costs {cost} energy: player {player}'s characters and cauldrons give "
        f"{own}, and those hats pay it without change only if none of them could be left out"
    )


# --- the casts --------------------------------------------------------------------------------

#: Each spell's bit in a set of castable spells, and its cost, cheapest first.
_SPELL_BITS = tuple(
    (1 << bit, spell, cost) for bit, (spell, cost) in enumerate(SPELL_COSTS.items())
)

_paid = _kept.lru(4096, owner=__name__)(payments)


@_kept.lru(4096, owner=__name__)
def _casts(hats: tuple[tuple[str, int], ...], power: int, castables: int) -> tuple[Cast, ...]:
    """Every cast of the spells in ``castables`` (bits in the order of ``SPELL_COSTS``) with
    ``power`` energy and these hats (made once: moves are shared values)."""
    moves: list[Cast] = []
    for bit, spell, cost in _SPELL_BITS:
        if castables & bit:
            paid = ((),) if cost <= power else _paid(hats, cost - power)
            moves.extend(Cast(spell, hats_paid) for hats_paid in paid)
    return tuple(moves)


#: The casts of each set of castable spells paid without hats (one bit a spell).
_PLAIN_CASTS = tuple(
    tuple(Cast(spell) for bit, spell, _ in _SPELL_BITS if castables & bit)
    for castables in range(1 << len(_SPELL_BITS))
)


def casts(
    state: State, player: int, hats: tuple[tuple[str, int], ...], power: int
) -> tuple[Cast, ...]:
    """Every legal cast of ``player``, who holds these hats (name and energy, copies included)
    and has ``power`` energy besides: each spell that has something to work on
    (:func:`castable`) and that they can pay, in each way no hat of which could be left out
    (:func:`payments`), spell by spell in the order of ``SPELL_COSTS``."""
    most = power
    for _, value in hats:
        most += value
    castables = 0  # one bit per spell with something to work on that can be paid
    for bit, spell, cost in _SPELL_BITS:
        if cost <= most and castable(state, player, spell):
            castables |= bit
    if not castables:
        return ()
    # Without hats, every spell kept is paid by the power alone: its casts follow from the
    # spells alone.
    return _casts(hats, power, castables) if hats else _PLAIN_CASTS[castables]


# --- the targets --------------------------------------------------------------------------------


def target_moves(state: State, player: int) -> tuple[Move, ...]:
    """The targets of the spell being cast (a crystal ball's are Divination's, a recovery
    potion's Resurrect's)."""
    spell = state.spell
    assert spell is not None
    if spell is _TRAINING:
        return tuple([_TRAIN(m.card.name) for m in training_targets(state.teams[player])])
    if spell is _DIVINATION:
        return tuple(map(_PEEK, peek_targets(state, player)))
    if spell is _LEVITATION:
        return tuple(_levitations(state, player))
    if spell is _RESURRECT:
        return tuple([_RAISE(c.name) for c in state.cemetery])
    return ()


def _levitations(state: State, player: int) -> list[Move]:
    """A swap of each of ``player``'s characters Levitation may send away with each character
    it may take: another player's, by player, then the cemetery's."""
    # The characters to take are the same for each of one's own: listed once, as the keys of
    # the swaps' table (player, name); then each own character's swaps are read at C speed.
    teams = state.teams
    targets: list[tuple[int | None, str]] = []
    for other, team in enumerate(teams):
        if other != player:
            for member in team:
                if levitation_takes(member):
                    targets.append((other, member.card.name))
    cemetery = state.cemetery
    if cemetery:
        targets += zip(repeat(None), map(_fast.card_name, cemetery))
    swaps_of = _fast.tables_of(state.config).swaps_of
    out: list[Move] = []
    for mine in teams[player]:
        if levitation_gives(mine):
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
    if any(map(may_keep, d.held)):
        d.phase = _PHASE_KEEP
        return _DECIDE
    return _place_or_finish(d)


def may_keep(card: Card) -> bool:
    """Whether the caster of a Magic of the forest may keep ``card``: a hand card or a
    character, never a trap (with only traps, none is kept)."""
    return not card.kind.is_trap


def keep_moves(state: State, player: int) -> tuple[Move, ...]:
    """The cards taken by a Magic of the forest that may be kept (one move per name)."""
    return tuple(_KEEP(c.name) for c in distinct(state.held) if may_keep(c))


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
