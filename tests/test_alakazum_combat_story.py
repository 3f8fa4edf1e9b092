"""Issue 32, item 1: Alakazum!'s story tells every die rolled in a combat and the rule that
decided it (the points compared, a tie to the defender, the roll against the loser's
resistance, a broom or a last character that cannot leave), in the order of play; the combats
a move decided stay on the table for that move (``State.fought``), so that every view shows what
its events tell."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import attrs
import pytest

import cardgames
from cardgames import alakazum
from cardgames.alakazum.state import Combat, State
from cardgames.errors import InvalidStateError

Story = alakazum.story


def _moves(seeds: range) -> Iterator[tuple[State, Any, State, tuple[Any, ...]]]:
    """Each move of seeded random games, with its events told to nobody in particular."""
    for seed in seeds:
        chooser = random.Random(seed)
        state = alakazum.new_game(seed=seed)
        while not alakazum.is_over(state):
            move = chooser.choice(alakazum.legal_moves(state))
            after = alakazum.apply_move(state, move)
            yield state, move, after, alakazum.events(state, move, after)
            state = after


def _of(told: tuple[Any, ...], kind: type) -> list[Any]:
    return [e for e in told if isinstance(e, kind)]


def _member(state: State, player: int, name: str) -> Any:
    return next((m for m in state.teams[player] if m.card.name == name), None)


def _loser(combat: Combat) -> tuple[int | None, str]:
    """The player (``None``: the forest) and the character that lost a decided combat."""
    assert combat.fighter is not None
    if combat.roller == 1:
        return combat.attacker, combat.fighter
    return combat.defender, combat.opponent.name


def test_each_combat_a_move_decides_stays_on_the_table_for_that_move() -> None:
    """The rule's facts behind the story: the combats decided by a move are in ``fought`` of
    the next state and of every view of it, and the next move clears them."""
    decided = cleared = 0
    for before, _, after, told in _moves(range(6)):
        if before.fought and not _of(told, Story.PointsCompared):
            assert after.fought == ()
            cleared += 1
        for combat in after.fought:
            assert combat.fighter is not None
            decided += 1
        for player in range(after.config.players):
            assert alakazum.view(after, player).fought == after.fought
        assert alakazum.view(after, cardgames.SPECTATOR).fought == after.fought
    assert decided > 50 and cleared


def test_the_points_decide_and_a_tie_goes_to_the_defender() -> None:
    """Combat rule: the attacker needs more points than the other side; a tie goes to the
    defending side (the forest's character, or the defending player). The story tells the
    points compared, then the winner."""
    ties = 0
    for before, _, after, told in _moves(range(8)):
        compared = _of(told, Story.PointsCompared)
        won = _of(told, Story.CombatWon)
        assert len(compared) == len(won)
        for points, winner in zip(compared, won, strict=True):
            attack, defence = points.points
            assert winner.winner == (points.attacker if attack > defence else points.defender)
            assert told.index(points) < told.index(winner)
            ties += attack == defence
        for combat in after.fought:
            if before.combat is None or before.combat.roller is None:  # compared in this move
                told_points = Story.PointsCompared(combat.attacker, combat.defender, combat.points)
                assert told_points in told
    assert ties


def test_every_die_rolled_for_combat_points_is_told() -> None:
    """Characters whose points at their level are a die roll it in each combat: every such die
    is told, of the character it was rolled for, before the points are compared."""
    told_dice = 0
    for before, _, after, told in _moves(range(10)):
        for event in _of(told, Story.PointsRolled):
            told_dice += 1
            if event.player is None:
                continue
            member = _member(before, event.player, event.character) or _member(
                after, event.player, event.character
            )
            assert member is not None and member.card.combat[member.level] is None
        rolled = [e.roll for e in _of(told, Story.PointsRolled)]
        dice = [r for c in after.fought for r in c.rolls]
        if before.combat is None and after.combat is None:
            assert sorted(rolled) == sorted(dice)
    assert told_dice


def test_the_roll_to_hypnotise_is_held_to_the_losers_resistance() -> None:
    """Hypnosis rule: the winner rolls (die potions add to it) and must roll above the loser's
    resistance at its level: above, it changes team; else it resists (a forest character
    that resists goes to the cemetery)."""
    resisted = hypnotised = 0
    for before, _, after, told in _moves(range(10)):
        for combat in after.fought:
            if combat.roller is None or not combat.roll:
                continue
            player, name = _loser(combat)
            if player is None:
                resistance = combat.opponent.resistance[0]
            else:
                member = _member(before, player, name)
                assert member is not None
                resistance = member.card.resistance[member.level]
            total = combat.roll + combat.bonus
            winner = alakazum.draft.side_owner(combat, combat.roller)
            if total > resistance:
                hypnotised += 1
                assert Story.Joined(winner, name) in told
                assert not any(isinstance(e, Story.Resisted) for e in told)
            else:
                resisted += 1
                assert Story.Resisted(name, total, resistance) in told
                if player is None:
                    assert any(isinstance(e, Story.Buried) and name in e.cards for e in told)
        for event in _of(told, Story.HypnosisRolled):
            assert event.roll in {c.roll for c in (*after.fought, after.combat) if c is not None}
    assert resisted and hypnotised


def test_a_character_that_cannot_leave_stays_and_the_story_says_why() -> None:
    """Protection rules: a character on a broom, or its player's last one, never leaves its
    team: no roll to hypnotise it when it loses a duel, no cemetery when the forest's
    character beats it. The story says it stays, and why."""
    stayed = 0
    for _, _, after, told in _moves(range(10)):
        for event in _of(told, Story.Stayed):
            stayed += 1
            member = _member(after, event.player, event.character)
            assert member is not None
            if event.reason == "broom":
                assert member.broom is not None
            else:
                assert event.reason == "last" and len(after.teams[event.player]) == 1
            assert not any(isinstance(e, Story.Buried) and event.character in e.cards for e in told)
        for combat in after.fought:
            if combat.roller is not None and not combat.roll:  # nothing was rolled
                _, name = _loser(combat)
                assert any(isinstance(e, Story.Stayed) and e.character == name for e in told)
    assert stayed


def test_a_combat_met_and_decided_in_one_move_is_told_whole() -> None:
    """A character met in the forest and fought at once (a single fighter, nothing to bid)
    is told in order: met, its dice, the points, the winner and what came of it."""
    found = 0
    for _, _, _, told in _moves(range(10)):
        for met in _of(told, Story.Met):
            after_met = told[told.index(met) + 1 :]
            points = [
                e for e in after_met if isinstance(e, Story.PointsCompared) and e.defender is None
            ]
            if points:  # fought in the same move: the winner and its end come after
                found += 1
                assert points[0].attacker == met.player
                assert any(isinstance(e, Story.CombatWon) for e in after_met)
    assert found


def test_fought_round_trips_through_json_and_a_forged_one_is_refused() -> None:
    """``fought`` is part of a state's and a view's document; a decided combat whose winner
    the points did not make is refused with a reason, as any other unplayable state."""
    for _, _, after, _ in _moves(range(3)):
        if after.fought:
            break
    else:
        pytest.fail("no move decided a combat")
    assert cardgames.from_json(cardgames.to_json(after), alakazum.State) == after
    view = alakazum.view(after, 0)
    assert cardgames.from_json(cardgames.to_json(view), alakazum.View) == view
    combat = after.fought[0]
    attack, defence = combat.points
    forged = attrs.evolve(
        combat, points=(defence, attack + 1) if attack > defence else combat.points
    )
    if forged == combat:  # the forest's character won: say the attacker won without a roll
        forged = attrs.evolve(combat, roller=0, roll=0)
    bad = attrs.evolve(after, fought=(forged,))
    with pytest.raises(InvalidStateError, match="a combat the last move decided"):
        alakazum.GAME.check_state(bad)
