"""How an Alakazum! move is told where it changed the teams: the combats it fought and the
characters that rose, changed team or went to the cemetery.

A combat is told in the order of play: the character met in the forest, each die rolled for
combat points, the points compared (a tie goes to the defending side), the winner, its
character's rise, the roll to hypnotise, and what came of it: the loser hypnotised (it leaves
its team and joins the winner's), resisting, or staying because it could not leave (on a broom,
or its player's last character); a forest character that wins sends the fighter to the
cemetery, unless it could not leave either. Everything told is on the table: the combat under
way is in every view, and so are the combats the move decided (``State.fought``), as they
stood when decided.
"""

from __future__ import annotations

from typing import Any

import attrs
from attrs.validators import in_, instance_of

from cardgames import story
from cardgames._engine import is_count, is_player
from cardgames.alakazum.cards import Card, Level
from cardgames.alakazum.draft import ATTACKER, DEFENDER, main_character, side_owner
from cardgames.alakazum.shapes import DIE_FACES
from cardgames.alakazum.state import Combat, Member, Phase, State

__all__ = [
    "STAY_REASONS",
    "Buried",
    "CombatWon",
    "Fought",
    "HypnosisRolled",
    "Joined",
    "Left",
    "LevelledUp",
    "Met",
    "PointsCompared",
    "PointsRolled",
    "Resisted",
    "Stayed",
    "TeamChanges",
    "combat_events",
    "combats_of",
]

_names = story.cards_or_none(lambda name: type(name) is str)


def _player_or_none(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
    if value is not None:
        is_player(instance, attribute, value)


def _die(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
    if type(value) is not int or value not in DIE_FACES:
        raise ValueError(f"{attribute.name} must be a die roll 1-6")


#: Why a character could not leave its team, as :class:`Stayed` says it.
STAY_REASONS = {"broom": "it rides a broom", "last": "it is its player's last character"}


@attrs.frozen
class Met:
    """Exploring the forest, ``player`` met its character ``character``: a combat begins."""

    player: int = attrs.field(validator=is_player)
    character: str = attrs.field(validator=instance_of(str))


@attrs.frozen
class PointsRolled:
    """The die rolled for the combat points of ``character`` (of ``player``'s team, ``None``
    for the forest's), whose points at its level are a die, came up ``roll``."""

    player: int | None = attrs.field(validator=_player_or_none)
    character: str = attrs.field(validator=instance_of(str))
    roll: int = attrs.field(validator=_die)


@attrs.frozen
class PointsCompared:
    """The combat points were compared: ``points`` of ``attacker``'s side and of the other
    side (``defender``'s, or the forest's character when ``defender`` is ``None``). The
    attacker needs more; a tie goes to the defending side."""

    attacker: int = attrs.field(validator=is_player)
    defender: int | None = attrs.field(validator=_player_or_none)
    points: tuple[int, int] = attrs.field(
        validator=attrs.validators.deep_iterable(is_count, instance_of(tuple))
    )


@attrs.frozen
class CombatWon:
    """The combat against ``opponent`` was won by player ``winner``, or by the forest's
    character when ``winner`` is ``None``."""

    winner: int | None = attrs.field(validator=_player_or_none)
    opponent: str = attrs.field(validator=instance_of(str))


@attrs.frozen
class HypnosisRolled:
    """``player``, who won, rolled ``roll`` to hypnotise ``character``; the roll (with the die
    potions drunk for it) must be above the character's ``resistance``."""

    player: int = attrs.field(validator=is_player)
    character: str = attrs.field(validator=instance_of(str))
    roll: int = attrs.field(validator=_die)
    resistance: int = attrs.field(validator=is_count)


@attrs.frozen
class Resisted:
    """``character`` resisted the hypnosis: ``total``, the roll and the die potions drunk for
    it, was not above its ``resistance``."""

    character: str = attrs.field(validator=instance_of(str))
    total: int = attrs.field(validator=is_count)
    resistance: int = attrs.field(validator=is_count)


@attrs.frozen
class Stayed:
    """``character`` stayed in ``player``'s team because it could not leave it (``reason``
    ``"broom"``: it rides a broom; ``"last"``: it is the player's last character): nobody
    rolls to hypnotise it when it loses a duel, and the forest's character that beats it does
    not send it to the cemetery."""

    player: int = attrs.field(validator=is_player)
    character: str = attrs.field(validator=instance_of(str))
    reason: str = attrs.field(validator=in_(tuple(STAY_REASONS)))


@attrs.frozen
class Joined:
    """``character`` joined ``player``'s team."""

    player: int = attrs.field(validator=is_player)
    character: str = attrs.field(validator=instance_of(str))


@attrs.frozen
class Left:
    """``character`` left ``player``'s team."""

    player: int = attrs.field(validator=is_player)
    character: str = attrs.field(validator=instance_of(str))


@attrs.frozen
class LevelledUp:
    """``player``'s ``character`` rose to ``level`` (after a won combat, a meal, a spell)."""

    player: int = attrs.field(validator=is_player)
    character: str = attrs.field(validator=instance_of(str))
    level: Level = attrs.field(validator=instance_of(Level))


@attrs.frozen
class Buried:
    """``cards`` went to the cemetery."""

    cards: tuple[str, ...] = attrs.field(validator=_names)


@attrs.define
class TeamChanges:
    """What the move did to the teams and the cemetery, worked out by comparing the states; a
    combat's story takes out of it what it tells in its place, and the rest is told after."""

    joined: list[Joined]
    left: list[Left]
    rose: list[LevelledUp]
    buried: list[str]

    @classmethod
    def between(cls, before: State, after: State) -> TeamChanges:
        """The characters that joined, left and rose in each team, and the cards buried."""
        joined: list[Joined] = []
        left: list[Left] = []
        rose: list[LevelledUp] = []
        for player, (old, new) in enumerate(zip(before.teams, after.teams, strict=True)):
            was = {m.card.name: m.level for m in old}
            now = {m.card.name for m in new}
            for member in new:
                name = member.card.name
                if name not in was:
                    joined.append(Joined(player, name))
                elif member.level > was[name]:
                    rose.append(LevelledUp(player, name, member.level))
            left.extend(Left(player, m.card.name) for m in old if m.card.name not in now)
        old_cemetery, new_cemetery = before.cemetery, after.cemetery
        buried: list[str] = []
        if new_cemetery[: len(old_cemetery)] == old_cemetery:
            buried = [c.name for c in new_cemetery[len(old_cemetery) :]]
        return cls(joined, left, rose, buried)

    def take(self, told: list[Any], event: Joined | Left) -> None:
        """Tell ``event`` here if the move did it (it is then not told again after)."""
        found: list[Any] = self.joined if isinstance(event, Joined) else self.left
        if event in found:
            found.remove(event)
            told.append(event)

    def take_rise(self, told: list[Any], player: int, name: str) -> None:
        """Tell here the rise of ``player``'s ``name``, if it rose."""
        for event in self.rose:
            if event.player == player and event.character == name:
                self.rose.remove(event)
                told.append(event)
                return

    def take_buried(self, told: list[Any], name: str) -> None:
        """Tell here that ``name`` went to the cemetery, if it did."""
        if name in self.buried:
            self.buried.remove(name)
            told.append(Buried((name,)))


@attrs.frozen
class Fought:
    """A combat the move fought: ``prior`` as it stood before the move (``None`` for one begun
    during it), ``combat`` as it stood when decided (``decided``) or at the end of the move,
    and whether it was ``met`` in the forest during the move."""

    prior: Combat | None
    combat: Combat
    decided: bool
    met: bool


def combats_of(before: State, after: State) -> list[Fought]:
    """The combats the move fought, in order. A character kept by a Magic of the forest waits
    as a combat not yet begun (the phase is not a combat's): met when it was kept, it is
    fought by the move that puts the last card back."""
    found: list[Fought] = []
    waiting = before.combat
    under_way = waiting if before.phase in _COMBAT_PHASES else None
    kept = None if waiting is None or under_way is not None else waiting.opponent
    combats = [(c, True) for c in after.fought]
    if after.combat is not None and after.phase in _COMBAT_PHASES:
        combats.append((after.combat, False))
    for number, (combat, decided) in enumerate(combats):
        prior = under_way if number == 0 else None
        met = prior is None and combat.defender is None
        if met and number == 0 and kept == combat.opponent:
            met = False
        found.append(Fought(prior, combat, decided, met))
    return found


_COMBAT_PHASES = frozenset({Phase.FIGHTER, Phase.SUPPORT, Phase.POTIONS, Phase.HYPNOSIS})


def combat_events(before: State, after: State, fought: Fought, changes: TeamChanges) -> list[Any]:
    """What a combat did during the move, in the order of play, taking from ``changes`` what
    it tells."""
    told: list[Any] = []
    prior, combat = fought.prior, fought.combat
    if fought.met:
        told.append(Met(combat.attacker, combat.opponent.name))
    told.extend(_points_rolled(before, after, prior, combat))
    compared = fought.decided or combat.roller is not None
    if compared and (prior is None or prior.roller is None):
        told.append(PointsCompared(combat.attacker, combat.defender, combat.points))
        if combat.roller is None:  # the forest's character won
            told.append(CombatWon(None, combat.opponent.name))
        else:
            winner = side_owner(combat, combat.roller)
            told.append(CombatWon(winner, main_character(combat, 1 - combat.roller)))
            changes.take_rise(told, winner, main_character(combat, combat.roller))
    if combat.roller is not None and combat.roll and (prior is None or not prior.roll):
        loser_side = 1 - combat.roller
        name = main_character(combat, loser_side)
        resistance = _resistance(before, after, combat, loser_side)
        roller = side_owner(combat, combat.roller)
        told.append(HypnosisRolled(roller, name, combat.roll, resistance))
    if fought.decided:
        told.extend(_decided(before, after, combat, changes))
    return told


def _decided(before: State, after: State, combat: Combat, changes: TeamChanges) -> list[Any]:
    """What came of a combat decided during the move: who changed team, resisted, stayed or
    went to the cemetery, and why."""
    told: list[Any] = []
    fighter = combat.fighter
    assert fighter is not None
    if combat.roller is None:  # the forest's character won: the fighter goes, if it can
        member = _member(before, after, combat.attacker, fighter)
        reason = None if member is None else _why_stays(after, combat.attacker, member)
        if reason is not None:
            told.append(Stayed(combat.attacker, fighter, reason))
        else:
            changes.take_buried(told, fighter)
        return told
    winner = side_owner(combat, combat.roller)
    loser_side = 1 - combat.roller
    loser = side_owner(combat, loser_side) if combat.defender is not None else None
    name = main_character(combat, loser_side)
    if not combat.roll:  # a duel's loser that could not leave: nothing was rolled for it
        assert loser is not None
        member = _member(before, after, loser, name)
        reason = None if member is None else _why_stays(after, loser, member)
        if reason is not None:
            told.append(Stayed(loser, name, reason))
        return told
    resistance = _resistance(before, after, combat, loser_side)
    total = combat.roll + combat.bonus
    if total > resistance:
        if loser is not None:
            changes.take(told, Left(loser, name))
        changes.take(told, Joined(winner, name))
        return told
    told.append(Resisted(name, total, resistance))
    if loser is None:  # a forest character not hypnotised goes to the cemetery
        changes.take_buried(told, name)
    return told


def _points_rolled(
    before: State, after: State, prior: Combat | None, combat: Combat
) -> list[PointsRolled]:
    """The dice rolled for combat points during the move: one for each character that came
    into the combat during it (the opponent, the fighter, the supports, in that order) whose
    points at its level are a die."""
    rolls = combat.rolls[len(prior.rolls) if prior is not None else 0 :]
    if not rolls:
        return []
    came: list[tuple[int | None, str]] = []
    if prior is None:
        came.append((combat.defender, combat.opponent.name))
    if combat.fighter is not None and (prior is None or prior.fighter is None):
        came.append((combat.attacker, combat.fighter))
    for side in (ATTACKER, DEFENDER):
        name = combat.supports[side]
        if name is not None and (prior is None or prior.supports[side] is None):
            came.append((side_owner(combat, side), name))
    told: list[PointsRolled] = []
    for player, name in came:
        card, level = _card_and_level(before, after, combat, player, name)
        if card is not None and card.combat[level] is None and len(told) < len(rolls):
            told.append(PointsRolled(player, name, rolls[len(told)]))
    return told


def _card_and_level(
    before: State, after: State, combat: Combat, player: int | None, name: str
) -> tuple[Card | None, Level]:
    """The card of a character in a combat and the level it fought at: the forest's at A,
    a team's at its level before the move (or after, if it joined during it)."""
    if player is None:
        return combat.opponent, Level.A
    member = _member(before, after, player, name)
    if member is None:
        return None, Level.A
    return member.card, member.level


def _member(before: State, after: State, player: int, name: str) -> Member | None:
    """``player``'s character ``name`` as it was before the move, or after it (where it came
    during the move)."""
    for team in (before.teams[player], after.teams[player]):
        for member in team:
            if member.card.name == name:
                return member
    return None


def _resistance(before: State, after: State, combat: Combat, side: int) -> int:
    """The hypnosis resistance of the character that lost for ``side``, at its level."""
    if combat.defender is None:
        return combat.opponent.resistance[Level.A]
    owner = side_owner(combat, side)
    card, level = _card_and_level(before, after, combat, owner, main_character(combat, side))
    assert card is not None
    return card.resistance[level]


def _why_stays(after: State, player: int, member: Member) -> str | None:
    """Why ``member`` could not leave ``player``'s team, or ``None`` if it could: on a broom,
    or the team's last character (as the team stands after the move)."""
    if member.broom is not None:
        return "broom"
    if any(m.card.name == member.card.name for m in after.teams[player]) and (
        len(after.teams[player]) == 1
    ):
        return "last"
    return None
