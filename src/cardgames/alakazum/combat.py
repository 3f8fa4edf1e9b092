"""Combat: facing a character of the forest, and the action Fight and hypnotise against another
player's character.

A combat runs in the rulebook's order: the attacker chooses the character that fights, each side
may add a sociable character's points (the forest has none), the sides bid potions (see
:mod:`.potions`) until both pass in a row, and the points are compared (a tie goes to the
defender). The winner's character levels up and its player rolls to hypnotise the loser, which
then changes team; a forest character that wins brings drama.
"""

from __future__ import annotations

import functools
import operator
from collections.abc import Callable
from typing import Generic, TypeVar

from cardgames.alakazum.cards import Card, Level
from cardgames.alakazum.draft import (
    ATTACKER,
    DEFENDER,
    CombatDraft,
    Draft,
    Next,
    main_character,
    new_member,
    side_owner,
    start_combat,
)
from cardgames.alakazum.moves import Drink, Fight, Fighter, Move, Pass, Support
from cardgames.alakazum.potions import (
    die_moves,
    drink_for_die,
    drink_for_points,
    offered_bids,
)
from cardgames.alakazum.state import Member, Phase, State
from cardgames.alakazum.tables import tables

__all__ = [
    "BOTH_PASSED",
    "MOST_NAMES",
    "bid",
    "fight",
    "fight_moves",
    "fighter",
    "fighter_moves",
    "hypnosis",
    "meet",
    "support",
    "support_moves",
]

_DECIDE, _CONTINUE = Next.DECIDE, Next.CONTINUE

#: Passes in a row that end the bidding of potions between two players.
BOTH_PASSED = 2

_LEVEL_A = Level.A
_PHASE_FIGHTER = Phase.FIGHTER
_PHASE_HYPNOSIS = Phase.HYPNOSIS
_PHASE_POTIONS = Phase.POTIONS
_PHASE_SUPPORT = Phase.SUPPORT
_PASS = Pass()

# Moves are small values shared by every state that offers them: each is made once and
# looked up by its fields after that, which costs far less than building it again.
_FIGHT = functools.lru_cache(maxsize=4096)(Fight)

#: Names whose move one table of :class:`_ByName` keeps; past this many, it starts again empty.
MOST_NAMES = 4096

_MoveT = TypeVar("_MoveT", bound=Move)


class _ByName(dict[str, _MoveT], Generic[_MoveT]):
    """The moves of one kind (for one player) by the name of the character they name, each made
    the first time it is asked for: ``table[name]`` is a dict lookup at C speed, where the
    ``lru_cache`` above makes a key and keeps its order of use at every call."""

    __slots__ = ("make",)

    def __init__(self, make: Callable[[str], _MoveT]) -> None:
        super().__init__()
        self.make = make

    def __missing__(self, name: str) -> _MoveT:
        if len(self) >= MOST_NAMES:
            self.clear()
        made = self[name] = self.make(name)
        return made


#: The choice of each character to fight, by its name.
_FIGHTERS: _ByName[Fighter] = _ByName(Fighter)
#: The choice of each sociable character to support, by its name.
_SUPPORTS: _ByName[Support] = _ByName(Support)
#: A member's name, read at C speed.
_member_name = operator.attrgetter("card.name")
#: Whether a member is sociable, read at C speed.
_member_sociable = operator.attrgetter("card.sociable")

# --- who fights -------------------------------------------------------------------------------


def meet(d: Draft, card: Card) -> Next:
    """A character from the forest must be faced: choose the fighter (if there is a choice)."""
    # _challenge(d, None, new_member(card)), written out: a forest character is at level A,
    # without a cape, so no member need be made for its points.
    points = card.combat[0]  # at level A
    if points is None:  # a die decides
        points = roll = d.die()
    else:
        roll = 0
    d.combat = start_combat(d.active, None, card, points, roll)
    return _choose_fighter(d)


def fight_moves(player: int, team: tuple[Member, ...]) -> list[Fight]:
    """The fights against each character of ``player``'s team (the plain reading; the action
    phase reads the same from the config's tables, ``tables.Tables.fights``)."""
    return [_FIGHT(player, member.card.name) for member in team]


def fight(d: Draft, move: Fight) -> Next:
    """Fight and hypnotise: another player's character is challenged; the attacker chooses
    the character that attacks it, then both sides may add a sociable character and bid
    potions."""
    _, theirs = d.member(move.player, move.target)
    d.combat = _challenge(d, move.player, theirs)
    return _choose_fighter(d)


def _challenge(d: Draft, defender: int | None, opponent: Member) -> CombatDraft:
    """A new combat of the player whose turn it is against ``opponent`` (a character of the
    forest, at level A, or of ``defender``'s team)."""
    points, roll = _rolled(d, opponent)
    return start_combat(d.active, defender, opponent.card, points, roll or 0)


def _choose_fighter(d: Draft) -> Next:
    """The attacker chooses which character fights (no choice with a single character)."""
    team = d.teams[d.active]
    if len(team) == 1:
        return _set_fighter(d, team[0])
    d.phase = _PHASE_FIGHTER
    d.to_move = d.active
    d.moves = fighter_moves(team)  # the next state's moves, known now
    return _DECIDE


def fighter_moves(team: tuple[Member, ...]) -> tuple[Move, ...]:
    """A choice of each character of the team to fight, each looked up by name at C speed."""
    return tuple(map(_FIGHTERS.__getitem__, map(_member_name, team)))


def fighter(d: Draft, move: Fighter) -> Next:
    """The attacker's chosen character fights."""
    combat = d.combat
    assert combat is not None
    _, member = d.member(combat.attacker, move.character)
    return _set_fighter(d, member)


def _set_fighter(d: Draft, member: Member) -> Next:
    """``member`` of the attacker's team fights: its points count for the attacker."""
    combat = d.combat
    assert combat is not None
    card = member.card
    combat.fighter = card.name
    # _add_points(combat, ATTACKER, _rolled(d, member)), written out: once in every combat.
    points = card.combat[member.level]
    if points is None:  # a die decides
        points = d.die()
        combat.rolls = (*combat.rolls, points)
    if member.cape is not None:
        points += member.cape.value
    attack, defence = combat.points
    combat.points = (attack + points, defence)
    return _offer_support(d, ATTACKER)


def _rolled(d: Draft, member: Member) -> tuple[int, int | None]:
    """A character's combat points in this combat, and the die rolled for them if they are a
    die (a cape adds to the die too)."""
    points = member.card.combat[member.level]
    cape = 0 if member.cape is None else member.cape.value
    if points is None:
        value = d.die()
        return value + cape, value
    return points + cape, None


def _add_points(combat: CombatDraft, side: int, rolled: tuple[int, int | None]) -> None:
    """Add ``rolled`` combat points (and the die rolled for them, if any) to ``side``."""
    points, roll = rolled
    attack, defence = combat.points
    combat.points = (attack + points, defence) if side == ATTACKER else (attack, defence + points)
    if roll is not None:
        combat.rolls = (*combat.rolls, roll)


# --- sociable support ---------------------------------------------------------------------------


def _supporters(team: tuple[Member, ...], main: str) -> list[Member]:
    return [m for m in team if m.card.sociable and m.card.name != main]


def _has_supporter(team: tuple[Member, ...], main: str) -> bool:
    """Whether ``_supporters(team, main)`` has one (looked for without listing them)."""
    if not any(map(_member_sociable, team)):  # most teams: no sociable one, seen at C speed
        return False
    for member in team:
        card = member.card
        if card.sociable and card.name != main:
            return True
    return False


def support_moves(state: Draft | State, player: int) -> tuple[Move, ...]:
    """The sociable characters ``player`` may add to their side, or none (in a state, or in
    the draft that sets the phase)."""
    combat = state.combat
    assert combat is not None
    main = main_character(combat, combat.to_act)
    supporters = _supporters(state.teams[player], main)
    return (*map(_SUPPORTS.__getitem__, map(_member_name, supporters)), _PASS)


def _offer_support(d: Draft, side: int) -> Next:
    """The side may add one sociable character of its team (then the defender's side, if it
    is the attacker's); the forest has none. The bidding starts once neither side is asked."""
    combat = d.combat
    assert combat is not None
    # side_owner and main_character, inlined: this runs in every combat (and _has_supporter
    # sees most teams, those without a sociable character, at C speed).
    if side == ATTACKER:
        fighter = combat.fighter
        assert fighter is not None
        if _has_supporter(d.teams[combat.attacker], fighter):
            combat.to_act = ATTACKER
            d.phase = _PHASE_SUPPORT
            d.to_move = combat.attacker
            d.moves = support_moves(d, combat.attacker)  # the next state's moves, known now
            return _DECIDE
    defender = combat.defender
    if defender is not None and _has_supporter(d.teams[defender], combat.opponent.name):
        combat.to_act = DEFENDER
        d.phase = _PHASE_SUPPORT
        d.to_move = defender
        d.moves = support_moves(d, defender)
        return _DECIDE
    # _start_bidding, written out
    combat.to_act = ATTACKER
    combat.passes = 0
    return _next_bidder(d)


def _after_support(d: Draft, side: int) -> Next:
    if side == ATTACKER:
        return _offer_support(d, DEFENDER)
    return _start_bidding(d)


def support(d: Draft, move: Support | Pass) -> Next:
    """The side adds the chosen sociable character's points, or passes."""
    combat = d.combat
    assert combat is not None
    side = combat.to_act
    if isinstance(move, Support):
        _, member = d.member(side_owner(combat, side), move.character)
        supports = list(combat.supports)
        supports[side] = move.character
        combat.supports = (supports[0], supports[1])
        _add_points(combat, side, _rolled(d, member))
    return _after_support(d, side)


# --- bidding potions --------------------------------------------------------------------------


def _start_bidding(d: Draft) -> Next:
    combat = d.combat
    assert combat is not None
    combat.to_act = ATTACKER
    combat.passes = 0
    return _next_bidder(d)


def _next_bidder(d: Draft) -> Next:
    """Ask the side whose turn it is to bid, or pass for it when everybody can see it has
    nothing to play (an empty hand, or a forest combat it already wins); the bidding ends when
    both sides have passed in a row (at once in the forest, with only one side).

    A side is asked whatever its hand holds, and answers with a pass when it holds no potion:
    skipping it would show the table that its hand holds none."""
    # The config's tables are found once for every side asked.
    combat = d.combat
    assert combat is not None
    config = d.config
    kept = tables.kept.get(id(config))  # tables_of(config), written out
    found = kept[1] if kept is not None and kept[0] is config else tables(config)
    defender = combat.defender
    while True:
        side = combat.to_act
        owner = combat.attacker if side == ATTACKER else defender
        assert owner is not None
        if d.hands[owner] and (
            defender is not None or combat.points[ATTACKER] <= combat.points[DEFENDER]
        ):
            d.phase = _PHASE_POTIONS
            d.to_move = owner
            d.moves = (*offered_bids(found, combat, side, d.hands), _PASS)
            return _DECIDE
        if defender is None or combat.passes + 1 >= BOTH_PASSED:
            return _resolve(d)
        combat.passes += 1
        combat.to_act = 1 - side


def bid(d: Draft, move: Drink | Pass) -> Next:
    """The side whose turn it is plays a potion or passes; the other side bids next."""
    combat = d.combat
    assert combat is not None
    side = combat.to_act
    duel = combat.defender is not None
    if isinstance(move, Pass):
        if not duel or combat.passes + 1 >= BOTH_PASSED:
            return _resolve(d)
        combat.passes += 1
        combat.to_act = 1 - side
        return _next_bidder(d)
    drink_for_points(d, combat, side, move)
    if duel:
        combat.passes = 0
        combat.to_act = 1 - side
    return _next_bidder(d)


# --- the outcome and hypnosis ---------------------------------------------------------------


def _resolve(d: Draft) -> Next:
    """Compare combat points (a tie goes to the defender): the winner's character levels up
    and its player rolls to hypnotise; a character of the forest that wins brings drama."""
    combat = d.combat
    assert combat is not None
    attack, defence = combat.points
    fighter = combat.fighter
    assert fighter is not None
    defender = combat.defender
    if defender is None:  # the forest's character: hypnotised if beaten, else drama
        if attack <= defence:
            return _drama(d)
        d.level_up(combat.attacker, fighter)
        combat.roller = ATTACKER
        combat.bonus = 0
        combat.roll = d.die()
        return _after_roll(d, combat.opponent.resistance[0])  # at level A
    # side_owner and main_character of both sides, inlined: once in every duel.
    if attack > defence:
        d.level_up(combat.attacker, fighter)
        combat.roller = ATTACKER
        loser, name = defender, combat.opponent.name
    else:
        d.level_up(defender, combat.opponent.name)
        combat.roller = DEFENDER
        loser, name = combat.attacker, fighter
    combat.bonus = 0
    _, member = d.member(loser, name)
    if member.broom is not None or len(d.teams[loser]) < 2:  # not can_leave, inlined
        return _end_combat(d, hypnotised=False)  # nothing to roll for
    combat.roll = d.die()
    # The loser found above is the one _resistance would look up again.
    return _after_roll(d, member.card.resistance[member.level])


def _resistance(d: Draft, combat: CombatDraft) -> int:
    """The hypnosis resistance the roll must beat: the loser's, at its level (a character of
    the forest is at level A)."""
    if combat.defender is None:
        return combat.opponent.resistance[_LEVEL_A]
    loser = 1 - (combat.roller or 0)
    _, member = d.member(side_owner(combat, loser), main_character(combat, loser))
    return member.card.resistance[member.level]


def _after_roll(d: Draft, resistance: int) -> Next:
    """The roll beats the loser's ``resistance`` (see :func:`_resistance`), or the winner may
    drink for it, or the loser stays."""
    combat = d.combat
    assert combat is not None
    if combat.roll + combat.bonus > resistance:
        return _end_combat(d, hypnotised=True)
    roller = side_owner(combat, combat.roller or 0)
    if d.hands[roller]:  # asked whatever the hand holds, as in the bidding
        d.phase = _PHASE_HYPNOSIS
        d.to_move = roller
        d.moves = (*die_moves(d, combat), _PASS)
        return _DECIDE
    return _end_combat(d, hypnotised=False)


def hypnosis(d: Draft, move: Drink | Pass) -> Next:
    """The winner drinks a die potion for the roll (and the roll counts again), or passes."""
    combat = d.combat
    assert combat is not None
    if isinstance(move, Pass):
        return _end_combat(d, hypnotised=False)
    drink_for_die(d, combat, move)
    return _after_roll(d, _resistance(d, combat))


def _end_combat(d: Draft, *, hypnotised: bool) -> Next:
    """The hypnotised character changes team (a forest one joins at level A, another player's
    keeps its level); a forest character not hypnotised goes to the cemetery. The potions
    played go to the market deck."""
    combat = d.combat
    assert combat is not None
    if combat.potions:
        d.to_market(*[card for _, card, _ in combat.potions])
    d.combat = None
    if combat.defender is None:  # the attacker won (a forest character that wins is drama)
        if hypnotised:  # d.join(combat.attacker, new_member(combat.opponent)), written out
            teams = list(d.teams)
            teams[combat.attacker] = (*teams[combat.attacker], new_member(combat.opponent))
            d.teams = tuple(teams)
        else:
            d.cemetery = (*d.cemetery, combat.opponent)
    elif hypnotised:
        winner = side_owner(combat, combat.roller or 0)
        loser_side = 1 - (combat.roller or 0)
        loser = side_owner(combat, loser_side)
        index, member = d.member(loser, main_character(combat, loser_side))
        # remove_member and join, the teams rebuilt once.
        teams = list(d.teams)
        team = teams[loser]
        teams[loser] = team[:index] + team[index + 1 :]
        teams[winner] = (*teams[winner], member)
        d.teams = tuple(teams)
    return _CONTINUE


def _drama(d: Draft) -> Next:
    """The forest's character won: it goes back into the forest deck, which is shuffled, and
    the fighter goes to the cemetery (unless it is the player's last character or on a
    broom)."""
    combat = d.combat
    assert combat is not None and combat.fighter is not None
    if combat.potions:
        d.to_market(*[card for _, card, _ in combat.potions])
    d.combat = None
    d.shuffle_into_forest(combat.opponent)
    player = combat.attacker
    team = d.teams[player]
    index, member = d.member(player, combat.fighter)
    if member.broom is None and len(team) > 1:  # can_leave, inlined
        # d.bury(player, combat.fighter), written out with the place found above.
        teams = list(d.teams)
        teams[player] = team[:index] + team[index + 1 :]
        d.teams = tuple(teams)
        d.cemetery = (*d.cemetery, member.card)
        if member.cape is not None:
            d.to_market(member.cape)
    return _CONTINUE
