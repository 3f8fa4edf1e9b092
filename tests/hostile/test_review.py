"""Defects found by the review of issue 15, tried as a hostile client would: each test names the
boundary it covers and fails on the code before its fix."""

from __future__ import annotations

import contextlib
import io
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import attrs
import pytest

import cardgames
from cardgames import (
    GameRecord,
    IllegalMoveError,
    InvalidConfigError,
    InvalidStateError,
    InvalidViewError,
    Outcome,
    RecordError,
)
from cardgames.bots import RandomBot
from cardgames.cli import main
from cardgames.record import MAX_PLAYER_NAME
from cardgames.registry import GAMES

NAMES = sorted(GAMES)


def _record(name: str, seed: int = 4) -> GameRecord:
    game = GAMES[name]
    seats = game.num_players(game.config_type())
    return cardgames.arena.play(game, [RandomBot()] * seats, seed=seed)


class _Named:
    """A bot that plays the first legal move under a name of the caller's choosing."""

    def __init__(self, name: object) -> None:
        self.name = name

    def choose(self, view: Any, legal_moves: Any, rng: Any) -> Any:
        return legal_moves[0]


# --- Outcome -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("winners", "returns"),
    [(5, (1.0, 0.0)), (frozenset({0}), 5), (None, (0.5, 0.5)), (frozenset(), None)],
)
def test_outcome_of_non_iterable_winners_or_returns_is_a_library_error(
    winners: Any, returns: Any
) -> None:
    with pytest.raises(InvalidStateError):
        Outcome(winners, returns, "r")


@pytest.mark.parametrize("reason", [None, 5, b"bytes", ["a"]])
def test_outcome_reason_must_be_text(reason: Any) -> None:
    with pytest.raises(InvalidStateError, match="reason"):
        Outcome.draw(2, reason)
    with pytest.raises(InvalidStateError, match="reason"):
        Outcome(frozenset({0}), (1.0, 0.0), reason)


def test_outcome_returns_of_bools_are_refused_and_whole_numbers_are_floats() -> None:
    with pytest.raises(InvalidStateError):
        Outcome(frozenset({0}), (True, False), "r")
    spelled = Outcome(frozenset({0}), (1, 0), "r")
    assert spelled == Outcome.win({0}, 2, "r")
    assert all(type(r) is float for r in spelled.returns)


# --- records built in code -----------------------------------------------------------------------


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("outcome", ["won", 1, ("winners",)])
def test_record_states_with_an_outcome_that_is_not_one_is_a_record_error(
    name: str, outcome: Any
) -> None:
    record = attrs.evolve(_record(name), outcome=outcome)
    with pytest.raises(RecordError, match="outcome"):
        record.states()


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("bad", [1, None, "a\nb", "x" * (MAX_PLAYER_NAME + 1)])
def test_record_states_refuses_player_names_that_to_json_refuses(name: str, bad: Any) -> None:
    record = _record(name)
    players = (bad, *record.players[1:])
    with pytest.raises(RecordError, match=r"players\[0\]"):
        attrs.evolve(record, players=players).states()


# --- bot names in the arena ----------------------------------------------------------------------


@pytest.mark.parametrize("bad", ["a\nb", "\x1b[2J", "x" * (MAX_PLAYER_NAME + 1), "n" * 10**6])
def test_arena_play_refuses_a_bot_name_no_record_can_hold_before_playing(bad: str) -> None:
    game = GAMES["alethi"]
    with pytest.raises(InvalidConfigError, match="seat 0") as caught:
        cardgames.arena.play(game, [_Named(bad), RandomBot()], seed=1)
    assert len(str(caught.value)) < 200


def test_arena_play_with_a_valid_bot_name_writes_its_record() -> None:
    game = GAMES["alethi"]
    record = cardgames.arena.play(game, [_Named("x" * MAX_PLAYER_NAME), RandomBot()], seed=1)
    assert GameRecord.from_json(record.to_json()) == record


def test_tournament_numbers_long_repeated_names_within_the_record_limit(tmp_path: Path) -> None:
    game = GAMES["alethi"]
    name = "x" * MAX_PLAYER_NAME
    out = tmp_path / "records.jsonl"
    result = cardgames.arena.tournament(
        game, [_Named(name), _Named(name)], games=2, seed=1, records=str(out)
    )
    names = [standing.name for standing in result.standings]
    assert len(set(names)) == 2
    assert all(len(n) <= MAX_PLAYER_NAME for n in names)
    lines = out.read_text().splitlines()
    assert len(lines) == 2
    for line in lines:
        GameRecord.from_json(line)


# --- numbers echoed in messages -----------------------------------------------------------------


@pytest.mark.parametrize("digits", [40, 1000, 4000])
def test_a_huge_format_version_is_not_echoed(digits: int) -> None:
    game = GAMES["alethi"]
    text = cardgames.to_json(game.new_game(seed=1)).replace(
        '"version":1', '"version":' + "9" * digits
    )
    loads: list[Callable[[], object]] = [
        lambda: cardgames.from_json(text, game.state_type),
        lambda: GameRecord.from_json(text),
    ]
    for load in loads:
        with pytest.raises(cardgames.SerializationError, match="version") as caught:
            load()
        assert "9" * 33 not in str(caught.value)
        assert len(str(caught.value)) < 200


@pytest.mark.parametrize(
    ("wins", "games"),
    [(10**5000, 10**5001), (10**5001, 10**5000), (5, 10**400), (-(10**4000), 10), (11**900, 10)],
    ids=["huge-both", "wins-above", "games-above-float", "negative-wins", "wins-above-games"],
)
def test_wilson_interval_of_huge_counts_is_a_short_library_error(wins: int, games: int) -> None:
    with pytest.raises(InvalidConfigError) as caught:
        cardgames.arena.wilson_interval(wins, games)
    assert len(str(caught.value)) < 200


def test_wilson_interval_still_answers_counts_of_64_bits() -> None:
    low, high = cardgames.arena.wilson_interval(2**62, 2**63)
    assert 0.0 <= low <= 0.5 <= high <= 1.0


# --- numbers typed at the command line -----------------------------------------------------------


def _cli(args: list[str], answers: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = main(args, stdin=io.StringIO(answers), stdout=out, stderr=err)
    return status, out.getvalue(), err.getvalue()


@pytest.mark.parametrize("digits", [4000, 5000, 100_000])
def test_cli_play_a_huge_move_number_is_refused_and_the_game_goes_on(
    tmp_path: Path, digits: int
) -> None:
    out_file = tmp_path / "game.json"
    args = ["play", "alethi", "--bots", "human,random", "--out", str(out_file)]
    _, out, err = _cli(args, "9" * digits + "\n1\n")
    assert "internal error" not in err
    # The console echoes a scripted answer as a terminal would; the reply quotes only a part.
    reply = next(line for line in out.splitlines() if line.startswith("no move"))
    assert len(reply) < 200
    assert "stops after" in err  # the game went on until the input ended, and was saved
    assert GameRecord.from_json(out_file.read_text()).moves


def test_cli_play_a_move_number_with_many_leading_zeros_is_that_move(tmp_path: Path) -> None:
    out_file = tmp_path / "game.json"
    args = ["play", "alethi", "--bots", "human,random", "--out", str(out_file)]
    _, out, err = _cli(args, "0" * 100_000 + "1\n")
    assert "internal error" not in err
    assert "no move" not in out
    assert GameRecord.from_json(out_file.read_text()).moves


@pytest.mark.parametrize("digits", [4000, 5000])
def test_cli_replay_step_a_huge_move_number_is_refused(tmp_path: Path, digits: int) -> None:
    record_file = tmp_path / "game.json"
    record_file.write_text(_record("alethi").to_json())
    status, out, err = _cli(["replay", "--step", str(record_file)], "9" * digits + "\nq\n")
    assert (status, err) == (0, "")
    # The console echoes a scripted answer as a terminal would; the reply quotes only a part.
    reply = next(line for line in out.splitlines() if line.startswith("no move"))
    assert len(reply) < 200


# --- the AlakaSLAM greedy bot --------------------------------------------------------------------


def _alakaslam_rally_view() -> tuple[Any, Any]:
    """A view of the player to move in the middle of a rally, and that player's legal moves."""
    game = GAMES["alakaslam"]
    for state in _record("alakaslam", seed=5).states():
        player = game.current_player(state)
        view = game.view(state, player) if player is not None else None
        if view is not None and view.ball is not None:
            return view, game.legal_moves(state)
    raise AssertionError("no rally in this game")


@pytest.mark.parametrize(
    "changes",
    [{"player": None}, {"config": None}, {"ball": None}, {"positions": ()}],
    ids=["player-none", "config-none", "ball-none", "positions-empty"],
)
def test_alakaslam_greedy_bot_answers_a_broken_view_with_invalid_view_error(
    changes: dict[str, Any],
) -> None:
    view, legal = _alakaslam_rally_view()
    broken = attrs.evolve(view, **changes)
    with pytest.raises(InvalidViewError):
        GAMES["alakaslam"].heuristic_bot().choose(broken, legal, random.Random(1))


def test_alakaslam_greedy_bot_answers_legal_moves_that_are_not_a_sequence() -> None:
    view, _ = _alakaslam_rally_view()
    with pytest.raises(IllegalMoveError):
        GAMES["alakaslam"].heuristic_bot().choose(view, 5, random.Random(1))  # type: ignore[arg-type]


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("rng", [None, 5, "x", random.Random], ids=["none", "int", "str", "class"])
def test_every_greedy_bot_answers_a_bad_rng_with_a_library_error(name: str, rng: Any) -> None:
    game = GAMES[name]
    state = game.new_game(seed=1)
    for _ in range(3):
        state = game.apply_move(state, game.legal_moves(state)[0])
    player = game.current_player(state)
    assert player is not None
    view = game.view(state, player)
    bot = game.heuristic_bot()
    # A bot that uses its generator refuses one that is not; the others never touch it.
    with contextlib.suppress(InvalidConfigError):
        bot.choose(view, game.legal_moves(state), rng)


def test_tournament_records_to_a_long_unwritable_path_quotes_it_once_and_in_part() -> None:
    path = "/nonexistent/" + "x" * 100_000
    with pytest.raises(InvalidConfigError, match="records: cannot write") as caught:
        cardgames.arena.tournament(GAMES["alethi"], ["random", "random"], games=2, records=path)
    assert len(str(caught.value)) < 200
