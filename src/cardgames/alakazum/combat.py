"""Combat: facing a character of the forest, and the action Fight and hypnotise against another
player's character.

A combat runs in the rulebook's order: the attacker chooses the character that fights, each side
may add a sociable character's points (the forest has none), the sides bid potions (see
:mod:`.potions`) until both pass in a row, and the points are compared (a tie goes to the
defender). The winner's character levels up and its player rolls to hypnotise the loser, which
then changes team; a forest character that wins brings drama.
"""

from __future__ import annotations

import operator

from cardgames.alakazum import _fast
from cardgames.alakazum.cards import Card, Level
from cardgames.alakazum.draft import (
    ATTACKER,
    DEFENDER,
    CombatDraft,
    CombatLike,
    Draft,
    Next,
    can_leave,
    main_character,
    new_member,
    side_owner,
    start_combat,
)
from cardgames.alakazum.moves import Drink, Fight, Fighter, Move, Pass, Support
from cardgames.alakazum.potions import (
    asked_in_combat,
    die_moves,
    drink_for_die,
    drink_for_points,
    offered_bids,
)
from cardgames.alakazum.state import Member, Phase, State

__all__ = [
    "BOTH_PASSED",
    "bid",
    "fight",
    "fighter",
    "fighter_moves",
    "hypnosis",
    "hypnotises",
    "may_be_fought",
    "meet",
    "support",
    "support_moves",
    "supporters",
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

#: The choice of each character to fight, and of each sociable character to support, by its
#: name.
_FIGHTERS: _fast.ByName[Fighter] = _fast.ByName(Fighter)
_SUPPORTS: _fast.ByName[Support] = _fast.ByName(Support)
#: A member's name, read at C speed.
_member_name = operator.attrgetter("card.name")
#: Whether a member is sociable, read at C speed.
_member_sociable = operator.attrgetter("card.sociable")

# --- who fights -------------------------------------------------------------------------------


def meet(d: Draft, card: Card) -> Next:
    """A character from the forest must be faced (at level A): choose the fighter (if there
    is a choice)."""
    points, roll = _rolled(d, card, _LEVEL_A, None)
    d.combat = start_combat(d.active, None, card, points, roll or 0)
    return _choose_fighter(d)


def may_be_fought(team: tuple[Member, ...]) -> bool:
    """Whether another player's characters of ``team`` may be fought: only a player who has at
    least two may be attacked (any of them, one on a broom included)."""
    return len(team) > 1


def fight(d: Draft, move: Fight) -> Next:
    """Fight and hypnotise: another player's character is challenged; the attacker chooses
    the character that attacks it, then both sides may add a sociable character and bid
    potions."""
    _, theirs = d.member(move.player, move.target)
    points, roll = _rolled(d, theirs.card, theirs.level, theirs.cape)
    d.combat = start_combat(d.active, move.player, theirs.card, points, roll or 0)
    return _choose_fighter(d)


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
    combat.fighter = member.card.name
    _add_points(d, combat, ATTACKER, member.card, member.level, member.cape)
    return _offer_support(d, ATTACKER)


def _rolled(d: Draft, card: Card, level: Level, cape: Card | None) -> tuple[int, int | None]:
    """A character's combat points in this combat at ``level`` (with ``cape`` under it), and
    the die rolled for them if they are a die (a cape adds to the die too)."""
    points = card.combat[level]
    bonus = 0 if cape is None else cape.value
    if points is None:
        value = d.die()
        return value + bonus, value
    return points + bonus, None


def _add_points(
    d: Draft, combat: CombatDraft, side: int, card: Card, level: Level, cape: Card | None
) -> None:
    """Add a character's combat points (:func:`_rolled`) to ``side``, and the die rolled for
    them, if any."""
    points, roll = _rolled(d, card, level, cape)
    attack, defence = combat.points
    combat.points = (attack + points, defence) if side == ATTACKER else (attack, defence + points)
    if roll is not None:
        combat.rolls = (*combat.rolls, roll)


# --- sociable support ---------------------------------------------------------------------------


def supporters(team: tuple[Member, ...], main: str) -> list[Member]:
    """The characters of ``team`` that may add their points to its side, whose main character
    is named ``main``: the sociable ones other than the main one."""
    return [m for m in team if m.card.sociable and m.card.name != main]


def _has_supporter(team: tuple[Member, ...], main: str) -> bool:
    """Whether ``supporters(team, main)`` has one."""
    # A supporter is sociable first of all: a team without a sociable character, as most
    # are, has none, and that is seen at C speed.
    return any(map(_member_sociable, team)) and bool(supporters(team, main))


def support_moves(state: Draft | State, player: int) -> tuple[Move, ...]:
    """The sociable characters ``player`` may add to their side, or none (in a state, or in
    the draft that sets the phase)."""
    combat = state.combat
    assert combat is not None
    main = main_character(combat, combat.to_act)
    found = supporters(state.teams[player], main)
    return (*map(_SUPPORTS.__getitem__, map(_member_name, found)), _PASS)


def _offer_support(d: Draft, side: int) -> Next:
    """The side may add one sociable character of its team (then the defender's side, if it
    is the attacker's); the forest has none. The bidding starts once neither side is asked."""
    combat = d.combat
    assert combat is not None
    # Each side's player and main character read off the combat (as side_owner and
    # main_character do): this runs in every combat.
    if side == ATTACKER:
        fighter = combat.fighter
        assert fighter is not None
        if _has_supporter(d.teams[combat.attacker], fighter):
            return _ask_support(d, combat, ATTACKER, combat.attacker)
    defender = combat.defender
    if defender is not None and _has_supporter(d.teams[defender], combat.opponent.name):
        return _ask_support(d, combat, DEFENDER, defender)
    return _start_bidding(d)


def _ask_support(d: Draft, combat: CombatDraft, side: int, owner: int) -> Next:
    """``side`` (of ``owner``) is asked whether a sociable character supports it."""
    combat.to_act = side
    d.phase = _PHASE_SUPPORT
    d.to_move = owner
    d.moves = support_moves(d, owner)  # the next state's moves, known now
    return _DECIDE


def support(d: Draft, move: Support | Pass) -> Next:
    """The side adds the chosen sociable character's points, or passes; the defender's side
    is asked next, if it was the attacker's, then the bidding starts."""
    combat = d.combat
    assert combat is not None
    side = combat.to_act
    if isinstance(move, Support):
        _, member = d.member(side_owner(combat, side), move.character)
        supports = list(combat.supports)
        supports[side] = move.character
        combat.supports = (supports[0], supports[1])
        _add_points(d, combat, side, member.card, member.level, member.cape)
    if side == ATTACKER:
        return _offer_support(d, DEFENDER)
    return _start_bidding(d)


# --- bidding potions --------------------------------------------------------------------------


def _start_bidding(d: Draft) -> Next:
    """The bidding starts with the attacker."""
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
    combat = d.combat
    assert combat is not None
    found = _fast.tables_of(d.config)  # once for every side asked
    defender = combat.defender
    owners = (combat.attacker, defender)  # each side's player
    while True:
        side = combat.to_act
        owner = owners[side]
        assert owner is not None
        if asked_in_combat(d.hands[owner]):
            bids = offered_bids(found, combat, side, d.hands)
            if bids is not None:  # potions may still help
                d.phase = _PHASE_POTIONS
                d.to_move = owner
                d.moves = (*bids, _PASS)
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
    and its player rolls to hypnotise, unless the loser cannot change team; a character of the
    forest that wins brings drama."""
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
        return _after_roll(d, combat.opponent.resistance[_LEVEL_A])
    # Each side's player and main character read off the combat: once in every duel.
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
    if not can_leave(d.teams[loser], member):
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


def hypnotises(combat: CombatLike, resistance: int) -> bool:
    """Whether the winner's roll, with the die potions drunk for it, hypnotises a loser of
    ``resistance``: it must be above it. Die potions are offered only while it is not."""
    return combat.roll + combat.bonus > resistance


def _after_roll(d: Draft, resistance: int) -> Next:
    """The roll beats the loser's ``resistance`` (see :func:`_resistance`), or the winner may
    drink for it, or the loser stays."""
    combat = d.combat
    assert combat is not None
    if hypnotises(combat, resistance):
        return _end_combat(d, hypnotised=True)
    roller = side_owner(combat, combat.roller or 0)
    if asked_in_combat(d.hands[roller]):
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
    # The teams are rebuilt once here, where the reference's end_combat goes through the
    # draft's join and remove_member: a combat ends at about every sixth decision.
    combat = d.combat
    assert combat is not None
    if combat.potions:
        d.to_market(*[card for _, card, _ in combat.potions])
    d.combat = None
    d.fought = (*d.fought, combat.freeze())  # (read below as a Combat, no longer changed)
    teams = list(d.teams)
    if combat.defender is None:  # the attacker won (a forest character that wins is drama)
        if not hypnotised:
            d.cemetery = (*d.cemetery, combat.opponent)
            return _CONTINUE
        teams[combat.attacker] = (*teams[combat.attacker], new_member(combat.opponent))
    elif hypnotised:
        winner = side_owner(combat, combat.roller or 0)
        loser_side = 1 - (combat.roller or 0)
        loser = side_owner(combat, loser_side)
        index, member = d.member(loser, main_character(combat, loser_side))
        team = teams[loser]
        teams[loser] = team[:index] + team[index + 1 :]
        teams[winner] = (*teams[winner], member)
    else:
        return _CONTINUE
    d.teams = tuple(teams)
    return _CONTINUE


def _drama(d: Draft) -> Next:
    """The forest's character won: it goes back into the forest deck, which is shuffled, and
    the fighter goes to the cemetery (unless it cannot leave: on a broom, or the player's
    last character)."""
    combat = d.combat
    assert combat is not None and combat.fighter is not None
    if combat.potions:
        d.to_market(*[card for _, card, _ in combat.potions])
    d.combat = None
    d.fought = (*d.fought, combat.freeze())
    d.shuffle_into_forest(combat.opponent)
    player = combat.attacker
    team = d.teams[player]
    index, member = d.member(player, combat.fighter)
    if can_leave(team, member):
        # Buried with the place found above (the reference's drama asks the draft's bury).
        teams = list(d.teams)
        teams[player] = team[:index] + team[index + 1 :]
        d.teams = tuple(teams)
        d.cemetery = (*d.cemetery, member.card)
        if member.cape is not None:
            d.to_market(member.cape)
    return _CONTINUE
