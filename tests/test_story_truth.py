"""The story property: each game's events agree with the states they tell of, and a story
that lies is caught by it (cardgames.testing.check_story, run by check_game for every move).

Each lie planted here is one a game once could have told: the property must fail on it, where
the event tests of the game alone would let it pass."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import attrs
import pytest

import cardgames
from cardgames import alakaslam, alakazum, alethi, lerally, story
from cardgames.alakazum.text import story as alakazum_story
from cardgames.alethi.text import story as alethi_story
from cardgames.lerally.cards import CardKind
from cardgames.lerally.text import story as lerally_story
from cardgames.testing import ConformanceError, check_game, check_story

AnyGame = cardgames.Game[Any, Any, Any, Any]


def transitions(game: AnyGame, seeds: range) -> Iterator[tuple[Any, Any, Any]]:
    """Every ``(before, move, after)`` of seeded random games of ``game``'s default preset."""
    for seed in seeds:
        chooser = random.Random(seed)
        state = game.new_game(seed=seed)
        while not game.is_over(state):
            move = chooser.choice(game.legal_moves(state))
            after = game.apply_move(state, move)
            yield state, move, after
            state = after


def first(game: AnyGame, wanted: Any, seeds: range = range(200)) -> tuple[Any, Any, Any]:
    """The first transition of random games for which ``wanted(before, move, after)`` holds."""
    for before, move, after in transitions(game, seeds):
        if wanted(before, move, after):
            return before, move, after
    raise AssertionError("no random game played such a move")


def told_everybody(game: AnyGame, before: Any, move: Any, after: Any) -> None:
    """The story check of one move, for everybody and for each player."""
    for viewer in (None, *range(game.num_players(game.config_type()))):
        told = game.events(before, move, after, viewer=viewer)
        check_story(game, before, move, after, told, viewer)


@pytest.mark.parametrize("name", sorted(cardgames.GAMES))
def test_every_game_tells_a_true_story(name: str) -> None:
    """The property holds on random games of every game (the conformance suite runs it over
    every preset)."""
    game = cardgames.GAMES[name]
    for before, move, after in transitions(game, range(2)):
        told_everybody(game, before, move, after)


def test_a_game_without_a_check_of_its_own_is_held_to_the_shared_facts() -> None:
    game = cardgames.GAMES["alethi"]
    assert story.story_check("no such game") is story.shared_facts
    before, move, after = first(game, lambda b, m, a: True)
    other = 1 - (game.current_player(before) or 0)
    told = (story.Decided(other, "not this move"), story.GameOver((0,), "made up"))
    wrong = story.shared_facts(game, before, move, after, told, None)
    assert "the decision is told of a player who was not to move" in wrong
    assert "the decision is told as another move" in wrong
    assert "the end is told of a game that goes on" in wrong


@pytest.mark.rule("alethi", "scouting")
def test_a_scout_told_backwards_fails_the_property(monkeypatch: pytest.MonkeyPatch) -> None:
    """Planted: the Scout's origin and destination swapped. check_game itself finds it."""
    told = alethi_story._move_event

    def swapped(state: Any, move: Any) -> Any:
        event = told(state, move)
        if isinstance(event, alethi.story.Scouted):
            return attrs.evolve(event, origin=event.to, to=event.origin)
        return event

    check_game(alethi.GAME, games=3)  # the true story passes
    monkeypatch.setattr(alethi_story, "_move_event", swapped)
    with pytest.raises(ConformanceError, match="scout"):
        check_game(alethi.GAME, games=3)


@pytest.mark.rule("alakazum", "santa-claus-present")
def test_a_santa_roll_told_of_the_passer_fails_the_property(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Planted: the roll of Santa Claus' die told of the player who handed it on, not of the
    one it was handed to, who rolled."""
    game = alakazum.GAME
    before, move, after = first(
        game, lambda b, m, a: isinstance(m, alakazum.moves.PassDie), range(400)
    )
    told_everybody(game, before, move, after)
    forest = alakazum_story._forest

    def passer(b: Any, m: Any, a: Any) -> list[Any]:
        return [
            attrs.evolve(e, player=b.to_move) if isinstance(e, alakazum.story.SantaRolled) else e
            for e in forest(b, m, a)
        ]

    monkeypatch.setattr(alakazum_story, "_forest", passer)
    with pytest.raises(ConformanceError, match="Santa Claus"):
        told_everybody(game, before, move, after)


@pytest.mark.rule("lerally", "just-out")
def test_a_just_out_pick_up_told_of_the_wrong_player_fails_the_property(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Planted: the cards a Just Out makes the last player pick up told of the player who
    played it."""
    game = lerally.GAME

    def just_out(b: Any, m: Any, a: Any) -> bool:
        return isinstance(m, lerally.moves.Play) and m.card.kind is CardKind.JUST_OUT

    before, move, after = first(game, just_out)
    told_everybody(game, before, move, after)
    picked_up = lerally_story._picked_up

    def wrong_player(b: Any, player: int, count: int, viewer: int | None) -> Any:
        return picked_up(b, b.to_move, count, viewer)

    monkeypatch.setattr(lerally_story, "_picked_up", wrong_player)
    with pytest.raises(ConformanceError, match="untrue"):
        told_everybody(game, before, move, after)


@pytest.mark.rule("alethi", "the-capture-check")
def test_a_capture_is_told_with_the_attack_that_outweighed_the_health() -> None:
    """A capture says why: each attacker's attack (and its General's bonus) against the
    health, from the capture check's own count (their sum is the pressure it judged)."""
    game = alethi.GAME

    def captures(b: Any, m: Any, a: Any) -> bool:
        return any(isinstance(e, alethi.story.Captured) for e in game.events(b, m, a))

    before, move, after = first(game, captures)
    event = next(
        e for e in game.events(before, move, after) if isinstance(e, alethi.story.Captured)
    )
    assert event.attackers
    total = sum(a.attack + a.bonus for a in event.attackers)
    assert total > event.health == alethi.config.stats(after.config).health[event.kind]
    sentence = game.format_event(event)
    parts = [f"{a.kind} {a.attack}" + (f"+{a.bonus}" if a.bonus else "") for a in event.attackers]
    assert sentence.endswith(f": {' + '.join(parts)} > health {event.health}.")
    assert cardgames.from_json(cardgames.to_json(event), alethi.story.Captured) == event


@pytest.mark.rule("alakaslam", "cells")
def test_alakaslam_tells_cells_and_sides_as_the_court_and_notation_name_them() -> None:
    """The ball's cell is told by its notation name (rows from 1, as the court counts them),
    and a side by its letter, as the text picture shows them."""
    game = alakaslam.GAME
    landed = 0
    for before, move, after in transitions(game, range(3)):
        for event in game.events(before, move, after):
            said = game.format_event(event)
            if isinstance(event, alakaslam.story.BallLanded):
                assert said == f"The ball landed on {after.ball.name}."
                step = game.parse_move(after, f"step {after.ball.name}")
                assert step == alakaslam.moves.Step(after.ball)
                landed += 1
            if isinstance(event, alakaslam.story.PointWon):
                letter = "AB"[event.side]
                assert said.startswith(f"Side {letter} won the point")
                assert f"side {letter} won it" in game.render(after)
    assert landed


@pytest.mark.rule("alakaslam", "drawing")
def test_alakaslam_tells_what_left_a_hand_and_what_was_drawn() -> None:
    """Not a net difference: a mulligan tells the whole hand discarded and every card drawn,
    even those of the same names; another player hears only the size."""
    game = alakaslam.GAME
    before, move, after = first(game, lambda b, m, a: isinstance(m, alakaslam.moves.Mulligan))
    player = before.to_move
    assert player is not None
    event = next(
        e
        for e in game.events(before, move, after)
        if isinstance(e, alakaslam.story.HandChanged) and e.player == player
    )
    assert event.discarded == before.hands[player]
    assert event.drawn == after.hands[player]
    said = game.format_event(event)
    assert said.startswith(f"Player {player} discarded ")
    assert " and drew " in said
    other = 1 - player
    hidden = [
        e
        for e in game.events(before, move, after, viewer=other)
        if isinstance(e, alakaslam.story.HandChanged)
    ]
    assert [(e.discarded, e.drawn) for e in hidden] == [(None, None)]


@pytest.mark.rule("alakazum", "the-turn")
def test_alakazum_tells_the_end_of_a_turn_before_the_next_one() -> None:
    """A move that ends a turn tells what ended it first, then the next turn under its
    player: the turn's beginning, that player's draws, the forest they explore and the
    combats they fight there."""
    game = alakazum.GAME
    seen = 0
    for before, move, after in transitions(game, range(3)):
        told = game.events(before, move, after)
        began = [i for i, e in enumerate(told) if isinstance(e, alakazum.story.TurnBegan)]
        if not began:
            assert not any(isinstance(e, alakazum.story.Met) for e in told) or (
                before.turn == after.turn
            )
            continue
        seen += 1
        (start,) = began
        event = told[start]
        assert isinstance(event, alakazum.story.TurnBegan)
        assert (event.player, event.turn) == (after.active, after.turn + 1)
        for e in told[:start]:
            assert not isinstance(e, alakazum.story.Met | alakazum.story.TrapSprung)
            assert getattr(e, "player", None) != after.active or not isinstance(
                e, alakazum.story.HandChanged
            )
        for e in told[start + 1 :]:
            # A combat told under the new turn is one its player fought there.
            if isinstance(e, alakazum.story.PointsCompared | alakazum.story.Met):
                assert getattr(e, "attacker", getattr(e, "player", None)) == after.active
    assert seen
