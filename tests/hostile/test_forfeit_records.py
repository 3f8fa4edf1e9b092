"""Item 9 of issue 28, the record's side: a game a player forfeited is a record that says who
and why (``GameRecord.forfeit``), and its checks accept exactly that: the replay's final state
is not over, the forfeiting player is the player to move there, and the outcome is the
forfeit's, in which the player's side loses (partners included) and everybody else wins."""

from __future__ import annotations

import json
import pickle
from typing import Any

import attrs
import pytest

import cardgames
from cardgames import Forfeit, GameRecord, InvalidStateError, RecordError, SerializationError
from cardgames.bots import RandomBot
from cardgames.record import MAX_FORFEIT_REASON
from cardgames.registry import GAMES

# Every game and preset: the teams of doubles come from the config.
PRESETS = [(name, preset) for name, game in sorted(GAMES.items()) for preset in game.presets]


def _stopped(name: str, preset: str, after: int = 7) -> tuple[Any, GameRecord]:
    """A game stopped at its ``after``-th decision (or its last one), with its final state."""
    game = GAMES[name]
    config = game.presets[preset]
    state = game.new_game(config, seed=11)
    moves = []
    for _ in range(after):
        following = game.apply_move(state, game.legal_moves(state)[0])
        if game.is_over(following):
            break
        moves.append(game.legal_moves(state)[0])
        state = following
    seats = game.num_players(config)
    players = tuple(f"bot {p}" for p in range(seats))
    return state, GameRecord(name, config, 11, tuple(moves), players)


def _forfeited(name: str, preset: str, reason: str = "did not answer") -> GameRecord:
    state, record = _stopped(name, preset)
    game = GAMES[name]
    player = game.current_player(state)
    assert player is not None
    forfeit = Forfeit(player, reason)
    return attrs.evolve(record, outcome=forfeit.outcome(game, record.config), forfeit=forfeit)


@pytest.mark.parametrize(("name", "preset"), PRESETS)
def test_a_forfeited_game_is_a_record_that_replays_and_round_trips(name: str, preset: str) -> None:
    record = _forfeited(name, preset)
    assert record.final_state() is record.states()[-1]
    assert not GAMES[name].is_over(record.final_state())
    loaded = GameRecord.from_json(record.to_json())
    assert loaded == record and loaded.forfeit == record.forfeit
    assert pickle.loads(pickle.dumps(record)) == record
    assert cardgames.from_json(cardgames.to_json(record), GameRecord) == record
    assert "forfeited" in repr(record)


@pytest.mark.parametrize(("name", "preset"), PRESETS)
def test_the_forfeiting_side_loses_and_every_other_player_wins(name: str, preset: str) -> None:
    """The side is the config's team (AlakaSLAM and Le Rally doubles: partners opposite);
    a config without teams seats everyone for themselves."""
    game = GAMES[name]
    config = game.presets[preset]
    seats = game.num_players(config)
    teams = getattr(config, "teams", None) or tuple((p,) for p in range(seats))
    for player in range(seats):
        outcome = Forfeit(player, "raised ValueError").outcome(game, config)
        side = next(set(team) for team in teams if player in team)
        assert outcome.winners == frozenset(range(seats)) - side
        assert outcome.returns == tuple(0.0 if p in side else 1.0 for p in range(seats))
        assert outcome.reason == f"{game.seat_names(config)[player]} forfeits: raised ValueError"


def test_a_partner_loses_with_the_player_who_forfeits() -> None:
    game = GAMES["alakaslam"]
    outcome = Forfeit(2, "did not choose a move within 1 s").outcome(game, game.presets["doubles"])
    assert outcome.winners == frozenset({1, 3})
    lerally = GAMES["lerally"]
    outcome = Forfeit(1, "x").outcome(lerally, lerally.presets["one-set-doubles"])
    assert outcome.winners == frozenset({0, 2})
    outcome = Forfeit(1, "x").outcome(lerally, lerally.presets["fast-four-4"])
    assert outcome.winners == frozenset({0, 2, 3})


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_forfeit_by_a_player_who_is_not_to_move_is_refused(name: str) -> None:
    record = _forfeited(name, "default")
    assert record.forfeit is not None
    other = (record.forfeit.player + 1) % GAMES[name].num_players(record.config)
    forfeit = Forfeit(other, "did not answer")
    forged = attrs.evolve(
        record, forfeit=forfeit, outcome=forfeit.outcome(GAMES[name], record.config)
    )
    with pytest.raises(RecordError, match=r"^\$\.data\.forfeit: player \d forfeits, but"):
        GameRecord.from_json(forged.to_json())
    with pytest.raises(RecordError, match=r"^forfeit: player \d forfeits, but"):
        forged.states()


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_forfeit_of_a_finished_game_is_refused(name: str) -> None:
    game = GAMES[name]
    played = cardgames.arena.play(game, [RandomBot()] * 2, seed=3)
    forfeit = Forfeit(0, "did not answer")
    forged = attrs.evolve(played, forfeit=forfeit, outcome=forfeit.outcome(game, played.config))
    with pytest.raises(
        RecordError, match=r"^\$\.data\.forfeit: the replay ends with .* no forfeit"
    ):
        GameRecord.from_json(forged.to_json())


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_forfeit_with_any_other_outcome_is_refused(name: str) -> None:
    """The winners, the returns and the reason all follow from the forfeit: a record that
    names the forfeiting player a winner, leaves the outcome out, or changes its words is
    forged."""
    record = _forfeited(name, "default")
    assert record.outcome is not None
    seats = len(record.outcome.returns)
    others = [
        None,
        cardgames.Outcome.win({record.forfeit.player}, seats, record.outcome.reason),  # type: ignore[union-attr]
        attrs.evolve(record.outcome, reason="somebody else forfeits: did not answer"),
        cardgames.Outcome.draw(seats, record.outcome.reason),
    ]
    for outcome in others:
        forged = attrs.evolve(record, outcome=outcome)
        with pytest.raises(RecordError, match=r"^\$\.data\.outcome: the forfeit ends the game"):
            GameRecord.from_json(forged.to_json())


def test_a_forfeit_left_out_of_a_record_of_a_forfeited_game_is_refused() -> None:
    """Without its forfeit, the outcome of a game not over is not the replay's."""
    record = attrs.evolve(_forfeited("alethi", "default"), forfeit=None)
    with pytest.raises(RecordError, match=r"^\$\.data\.outcome: the replay ends with the game not"):
        GameRecord.from_json(record.to_json())


def test_a_record_of_a_game_played_out_keeps_its_five_keys() -> None:
    """Only a forfeited game's record has the sixth key, so the records of every other game
    read as they always did; ``null`` there reads as no forfeit."""
    played = cardgames.arena.play(GAMES["alethi"], [RandomBot()] * 2, seed=3)
    document = json.loads(played.to_json())
    assert sorted(document["data"]) == ["config", "moves", "outcome", "players", "seed"]
    document["data"]["forfeit"] = None
    assert GameRecord.from_json(json.dumps(document)) == played
    record = _forfeited("alethi", "default")
    assert record.forfeit is not None
    forfeited = json.loads(record.to_json())
    assert forfeited["data"]["forfeit"] == {
        "player": record.forfeit.player,
        "reason": "did not answer",
    }


@pytest.mark.parametrize(
    ("value", "words"),
    [
        ({"player": 0, "reason": "x" * (MAX_FORFEIT_REASON + 1)}, "more than"),
        ({"player": 0, "reason": "timed out\x1b[2J"}, "control characters"),
        ({"player": 0, "reason": "two\nlines"}, "control characters"),
        ({"player": 0, "reason": "  "}, "empty"),
        ({"player": 0, "reason": 7}, "expected a string"),
        ({"player": -1, "reason": "x"}, "player number"),
        ({"player": 64, "reason": "x"}, "player number"),
        ({"player": "0", "reason": "x"}, "integer"),
        ({"player": 0}, "required"),
        ({"player": 0, "reason": "x", "why": "y"}, "unexpected keys"),
        ([0, "x"], ""),
        ("did not answer", ""),
    ],
)
def test_a_forfeit_from_elsewhere_is_checked_where_it_is(value: Any, words: str) -> None:
    document = json.loads(_forfeited("alethi", "default").to_json())
    document["data"]["forfeit"] = value
    with pytest.raises(SerializationError, match=r"^\$\.data\.forfeit") as caught:
        GameRecord.from_json(json.dumps(document))
    assert words in str(caught.value)
    assert len(str(caught.value)) < 300


def test_a_forfeit_made_in_code_is_checked_as_it_is_made() -> None:
    with pytest.raises(InvalidStateError, match="reason"):
        Forfeit(0, "\x07")
    with pytest.raises(InvalidStateError, match="player"):
        Forfeit(True, "x")
    record = attrs.evolve(_forfeited("alethi", "default"), forfeit="player 0")  # type: ignore[arg-type]
    with pytest.raises(RecordError, match=r"^forfeit: expected a Forfeit"):
        record.states()
    with pytest.raises(SerializationError, match=r"^forfeit: expected a Forfeit"):
        record.to_json()


def test_a_forfeit_of_a_player_the_game_does_not_seat_is_refused() -> None:
    game = GAMES["alethi"]
    with pytest.raises(cardgames.InvalidConfigError, match="forfeit of player 5"):
        Forfeit(5, "x").outcome(game, game.config_type())
