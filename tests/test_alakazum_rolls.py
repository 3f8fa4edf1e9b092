"""Alakazum!'s story tells every roll of the die (who rolled, what came up, what for) and the
rule that decided each combat, in the order of play, from the move played again with a
recording die; ``apply_move`` itself keeps nothing of it.

The moves are found in seeded random games: each test names the rule it shows."""

from __future__ import annotations

import functools
import random
from typing import Any

import pytest

import cardgames
from cardgames import alakazum
from cardgames.alakazum import Level, Phase
from cardgames.alakazum.moves import PassDie
from cardgames.alakazum.story import (
    Buried,
    CombatWon,
    Held,
    Hold,
    HypnosisRolled,
    Joined,
    Met,
    PointsRolled,
    Resisted,
    SantaRolled,
    TrapSprung,
    TurnBegan,
)
from cardgames.alakazum.text import story as alakazum_story
from cardgames.testing import check_story

GAME = alakazum.GAME

Seen = tuple[Any, Any, Any, tuple[Any, ...]]


@functools.cache
def _moves() -> tuple[Seen, ...]:
    """``(before, move, after, events)`` of every move of a few seeded random games."""
    seen = []
    for seed in range(4):
        chooser = random.Random(seed)
        state = GAME.new_game(seed=seed)
        while not GAME.is_over(state):
            move = chooser.choice(GAME.legal_moves(state))
            after = GAME.apply_move(state, move)
            seen.append((state, move, after, GAME.events(state, move, after)))
            state = after
    return tuple(seen)


def _found(wanted: Any) -> list[Seen]:
    found = [seen for seen in _moves() if wanted(*seen)]
    assert found, "no random game played such a move"
    return found


def _index(told: tuple[Any, ...], cls: type, **fields: Any) -> int:
    """Where the first event of ``cls`` with those ``fields`` is told."""
    for at, event in enumerate(told):
        if type(event) is cls and all(getattr(event, k) == v for k, v in fields.items()):
            return at
    raise AssertionError(f"no {cls.__name__} {fields} told")


def _told_true_to_everybody(before: Any, move: Any, after: Any) -> None:
    for viewer in (None, *range(before.config.players)):
        told = GAME.events(before, move, after, viewer=viewer)
        check_story(GAME, before, move, after, told, viewer)
        rolls = [e for e in told if isinstance(e, PointsRolled | HypnosisRolled | SantaRolled)]
        everything = GAME.events(before, move, after)
        assert rolls == [
            e for e in everything if isinstance(e, PointsRolled | HypnosisRolled | SantaRolled)
        ]  # a roll is public: every player is told it
        for event in told:
            assert cardgames.from_json(cardgames.to_json(event), type(event)) == event


@pytest.mark.rule("alakazum", "against-a-character-of-the-forest")
def test_a_forest_combat_is_decided_by_the_roll_to_hypnotise() -> None:
    """The winner of a forest combat rolls against the forest character's resistance at level
    A: above it, the character joins (told after the roll); not above, it resisted and goes to
    the cemetery."""

    joined = resisted = 0
    pending: HypnosisRolled | None = None  # a roll still short, while die potions may follow
    for before, move, after, told in _moves():
        for at, event in enumerate(told):
            if isinstance(event, HypnosisRolled):
                assert told[at - 1] == CombatWon(event.player, event.character)
                pending = event
            elif isinstance(event, Joined) and pending and event.character == pending.character:
                assert event.player == pending.player
                joined += 1
                if at > 0 and told[at - 1] == pending:  # no die potion drunk: the roll alone
                    assert pending.roll > pending.resistance
                pending = None
            elif isinstance(event, Resisted) and pending and event.character == pending.character:
                assert pending.roll <= pending.resistance
                if event.player is None:  # the forest's: it goes to the cemetery
                    assert told[at + 1] == Buried((event.character,))
                resisted += 1
                _told_true_to_everybody(before, move, after)
                pending = None
    assert joined and resisted


@pytest.mark.rule("alakazum", "against-a-character-of-the-forest")
def test_a_hypnosis_roll_counts_against_the_forest_characters_resistance_at_level_a() -> None:
    def forest_roll(b: Any, m: Any, a: Any, told: tuple[Any, ...]) -> bool:
        return a.phase is Phase.HYPNOSIS and a.combat.defender is None and b.combat is not None

    for _, _, after, told in _found(forest_roll)[:5]:
        (event,) = [e for e in told if isinstance(e, HypnosisRolled)]
        opponent = after.combat.opponent
        assert (event.character, event.roll) == (opponent.name, after.combat.roll)
        assert event.resistance == opponent.resistance[Level.A]
        assert event.player == after.combat.attacker == after.to_move
        sentence = GAME.format_event(event)
        assert sentence == (
            f"Player {event.player} rolled {event.roll} to hypnotise {opponent.name} "
            f"(resistance {event.resistance})."
        )


@pytest.mark.rule("alakazum", "combat")
def test_a_die_for_combat_points_is_told_with_the_character_it_counts_for() -> None:
    """A character whose points are a die rolls as it enters the combat: told after the
    meeting (or, kept by a Magic of the forest, when it is faced), of the character's player
    (or the forest's), the roll kept by the combat."""

    def points(b: Any, m: Any, a: Any, told: tuple[Any, ...]) -> bool:
        return a.combat is not None and any(isinstance(e, PointsRolled) for e in told)

    for before, move, after, told in _found(points):
        for at, event in enumerate(told):
            if not isinstance(event, PointsRolled):
                continue
            assert event.roll in after.combat.rolls
            if event.player is None:
                assert event.character == after.combat.opponent.name
                met = Met(after.combat.attacker, event.character)
                kept = before.combat  # a character a Magic of the forest kept, met before
                assert told[at - 1] == met or kept.opponent.name == event.character
            else:
                assert any(m.card.name == event.character for m in after.teams[event.player])
        _told_true_to_everybody(before, move, after)


@pytest.mark.rule("alakazum", "levels-and-the-cemetery")
def test_a_last_character_beaten_by_the_forest_stays_and_the_story_says_why() -> None:
    """Drama: the forest character won, but the fighter is its player's only character, so it
    does not go to the cemetery."""

    def drama(b: Any, m: Any, a: Any, told: tuple[Any, ...]) -> bool:
        return any(isinstance(e, Held) and e.reason is Hold.LAST_CHARACTER for e in told)

    for before, move, after, told in _found(drama):
        at = _index(told, Held, reason=Hold.LAST_CHARACTER)
        held = told[at]
        assert isinstance(held, Held)
        won = told[at - 1]
        assert isinstance(won, CombatWon)
        if won.winner is None:  # the forest won: the fighter was to be buried
            assert before.combat.fighter == held.character
            assert not any(isinstance(e, Buried) and held.character in e.cards for e in told)
        else:  # the loser could not be hypnotised: nothing was rolled
            assert won.opponent == held.character
            assert not any(isinstance(e, HypnosisRolled) for e in told[at:])
        team = after.teams[held.player]
        assert [m.card.name for m in team if m.card.name == held.character] == [held.character]
        assert GAME.format_event(held) == (
            f"{held.character} stays in player {held.player}'s team: it is their last character."
        )
        _told_true_to_everybody(before, move, after)


@pytest.mark.rule("alakazum", "broom")
def test_a_character_on_a_broom_is_never_hypnotised_and_the_roll_is_skipped() -> None:
    """A duel's loser on a broom never changes team: the combat ends after the winner's level
    up, with no roll, and the story says it was the broom."""

    def broom(b: Any, m: Any, a: Any, told: tuple[Any, ...]) -> bool:
        return any(isinstance(e, Held) and e.reason is Hold.BROOM for e in told)

    duels = 0
    for before, move, after, told in _found(broom):
        at = _index(told, Held, reason=Hold.BROOM)
        held = told[at]
        assert isinstance(held, Held)
        member = next(m for m in after.teams[held.player] if m.card.name == held.character)
        assert member.broom is not None
        won = told[at - 1]
        assert isinstance(won, CombatWon)
        if won.winner is not None:
            duels += 1
            assert won.opponent == held.character and won.winner != held.player
            assert not any(isinstance(e, HypnosisRolled) for e in told)
        assert GAME.format_event(held).endswith(": it rides a broom.")
        _told_true_to_everybody(before, move, after)
    assert duels


@pytest.mark.rule("alakazum", "santa-claus-present")
def test_santa_claus_die_is_told_of_the_one_who_rolled_it() -> None:
    """The victim of the trap rolls first; then each player the die is handed to rolls it,
    and the roll is told of them, not of the player who handed it on."""

    def santa(b: Any, m: Any, a: Any, told: tuple[Any, ...]) -> bool:
        return any(isinstance(e, SantaRolled) for e in told)

    handed = sprung = 0
    for before, move, after, told in _found(santa):
        (event,) = [e for e in told if isinstance(e, SantaRolled)]
        assert event.roll == after.roll
        if isinstance(move, PassDie):
            handed += 1
            assert event.player == move.player != before.to_move
        else:
            sprung += 1
            trap = _index(told, TrapSprung)
            assert told.index(event) == trap + 1
            assert event.player == told[trap].player
            began = [e for e in told[:trap] if isinstance(e, TurnBegan)]
            assert began and began[-1].player == event.player
        _told_true_to_everybody(before, move, after)
    assert handed and sprung


def test_apply_move_keeps_nothing_of_the_rolls() -> None:
    """The recording draft plays only for the story: the plain path draws the same rolls from
    the same generator and leaves no record in the state."""
    before, move, after, _ = _found(
        lambda b, m, a, t: any(isinstance(e, HypnosisRolled) for e in t)
    )[0]
    replayed = alakazum_story._replay(before, move)
    assert replayed.finish() == after == GAME.apply_move(before, move)
    assert not hasattr(after, "facts")
