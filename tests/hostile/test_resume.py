"""Item 15 of issue 28: ``cardgames play --resume FILE`` goes on with a saved game. The record
is checked against its replay before anything is played, its seats are played as its players
say (or as ``--bots`` says), and the record is written back with the new moves. Also
``arena.play(..., moves=...)``, which it plays on with."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import attrs
import pytest

import cardgames
from cardgames import GameRecord, InvalidConfigError, arena
from cardgames.bots import RandomBot
from cardgames.cli import main


def _run(argv: list[str], answers: str = "") -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = main(argv, stdin=io.StringIO(answers), stdout=out, stderr=err)
    return status, out.getvalue(), err.getvalue()


def _load(path: Path) -> GameRecord:
    return GameRecord.from_json(path.read_text(encoding="utf-8"))


@pytest.fixture
def stopped(tmp_path: Path) -> Path:
    """A person's game of Le Rally left after two answers (the end of input)."""
    path = tmp_path / "game.json"
    status, _, _ = _run(["play", "lerally", "--seed", "4", "--out", str(path)], "1\n1\n")
    assert status == 1
    assert _load(path).outcome is None
    return path


def test_resume_goes_on_with_the_game_and_writes_it_back(stopped: Path) -> None:
    before = _load(stopped)
    status, out, err = _run(["play", "--resume", str(stopped)], "1\n" * 3000)
    assert (status, err) == (0, "")
    assert out.startswith(f"going on with the game of {stopped} after {len(before.moves)} moves\n")
    after = _load(stopped)
    assert after.outcome is not None
    assert after.moves[: len(before.moves)] == before.moves
    assert (after.seed, after.config, after.players) == (before.seed, before.config, before.players)
    assert f"Seed {before.seed}: the same seed and answers replay this game." in out


def test_resume_can_stop_again_and_go_on_again(stopped: Path) -> None:
    first = len(_load(stopped).moves)
    assert _run(["play", "--resume", str(stopped)], "1\n")[0] == 1
    second = len(_load(stopped).moves)
    assert second > first
    assert _run(["play", "lerally", "--resume", str(stopped)], "1\n" * 3000)[0] == 0
    assert _load(stopped).outcome is not None


def test_undo_goes_back_no_further_than_the_resumed_game(stopped: Path) -> None:
    status, out, _ = _run(["play", "--resume", str(stopped)], "undo\n")
    assert status == 1
    assert "nothing to undo: this is your first decision" in out


def test_resume_with_bots_given_lets_them_play_every_seat(stopped: Path, tmp_path: Path) -> None:
    """``--bots`` seats others, here bots only; ``--out`` writes elsewhere and leaves the
    record resumed as it was."""
    elsewhere = tmp_path / "finished.json"
    before = stopped.read_text(encoding="utf-8")
    argv = ["play", "--resume", str(stopped), "--bots", "greedy,random", "--quiet"]
    status, out, err = _run([*argv, "--out", str(elsewhere)])
    assert (status, err) == (0, "")
    assert "winners: " in out
    assert stopped.read_text(encoding="utf-8") == before
    finished = _load(elsewhere)
    assert finished.players == ("greedy", "random") and finished.outcome is not None


def test_resume_of_a_game_of_bots(tmp_path: Path) -> None:
    game = cardgames.get_game("alethi")
    whole = arena.play(game, [RandomBot(), game.heuristic_bot()], seed=8)
    path = tmp_path / "bots.json"
    path.write_text(
        attrs.evolve(whole, moves=whole.moves[:5], outcome=None).to_json(), encoding="utf-8"
    )
    status, _, err = _run(["play", "--resume", str(path), "--quiet"])
    assert (status, err) == (0, "")
    resumed = _load(path)
    assert resumed.moves[:5] == whole.moves[:5]
    assert resumed.players == ("random", "greedy") and resumed.outcome is not None


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda d: d["data"]["moves"].__setitem__(0, {"type": "pick up"}), "moves[0]"),
        (lambda d: d["data"].__setitem__("seed", 5), "move"),
        (lambda d: d["data"].__setitem__("players", ["human"]), "players"),
        (lambda d: d.__setitem__("kind", "state"), "kind"),
    ],
    ids=["illegal-move", "other-seed", "players", "not-a-record"],
)
def test_a_record_that_does_not_replay_is_refused_before_any_move(
    stopped: Path, change: Any, words: str
) -> None:
    document = json.loads(stopped.read_text(encoding="utf-8"))
    change(document)
    stopped.write_text(json.dumps(document), encoding="utf-8")
    before = stopped.read_text(encoding="utf-8")
    status, out, err = _run(["play", "--resume", str(stopped)], "1\n" * 3000)
    assert (status, out) == (2, "")
    assert err.startswith(f"cardgames: error: {stopped}")
    assert words in err and len(err.splitlines()) == 1
    assert stopped.read_text(encoding="utf-8") == before


def test_a_finished_or_forfeited_game_is_not_resumed(tmp_path: Path) -> None:
    game = cardgames.get_game("alethi")
    path = tmp_path / "done.json"
    path.write_text(arena.play(game, [RandomBot()] * 2, seed=2).to_json(), encoding="utf-8")
    status, _, err = _run(["play", "--resume", str(path)])
    assert status == 2 and "the game is over" in err and "nothing to resume" in err
    forfeited = cardgames.arena.play(game, [Raises(), RandomBot()], seed=2, time_limit=5)
    path.write_text(forfeited.to_json(), encoding="utf-8")
    status, _, err = _run(["play", "--resume", str(path)])
    assert status == 2 and "forfeits" in err and "nothing to resume" in err


class Raises:
    name = "raises"

    def choose(self, view: object, legal_moves: Any, rng: Any) -> Any:
        raise ValueError("no")


@pytest.mark.parametrize(
    ("extra", "words"),
    [
        (["--seed", "3"], "leave out --seed"),
        (["--players", "3"], "leave out --seed, --preset and the game options"),
        (["--preset", "default"], "the game options"),
    ],
)
def test_resume_keeps_the_record_s_config_and_seed(
    stopped: Path, extra: list[str], words: str
) -> None:
    status, _, err = _run(["play", "--resume", str(stopped), *extra])
    assert status == 2 and words in err


def test_resume_of_another_game_s_record_is_refused(stopped: Path) -> None:
    status, _, err = _run(["play", "alethi", "--resume", str(stopped)])
    assert (status, err) == (2, f"cardgames: error: {stopped} is a game of lerally, not alethi\n")


def test_resume_needs_to_know_who_plays(stopped: Path) -> None:
    record = _load(stopped)
    stopped.write_text(attrs.evolve(record, players=()).to_json(), encoding="utf-8")
    status, _, err = _run(["play", "--resume", str(stopped)])
    assert status == 2 and "names no players: say who sits where with --bots" in err
    stopped.write_text(attrs.evolve(record, players=("human", "greedy#2")).to_json())
    status, _, err = _run(["play", "--resume", str(stopped)])
    assert status == 2 and f"{stopped}, seat 1: unknown bot" in err and "--bots" in err
    stopped.write_text(attrs.evolve(record, players=("human", "human")).to_json())
    status, _, err = _run(["play", "--resume", str(stopped)])
    assert status == 2 and "only one can be played by a person" in err
    assert _run(["play", "--resume", str(stopped), "--bots", "human,random"], "1\n" * 3000)[0] == 0


def test_resume_of_a_file_of_many_games_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "games.jsonl"
    assert (
        _run(["simulate", "alethi", "--bots", "random", "--games", "2", "--records", str(path)])[0]
        == 0
    )
    status, _, err = _run(["play", "--resume", str(path)])
    assert status == 2 and "holds 2 games" in err


def test_play_needs_a_game_or_a_record() -> None:
    status, _, err = _run(["play"])
    assert status == 2 and "play needs a GAME" in err


def test_arena_play_goes_on_from_moves_already_played() -> None:
    game = cardgames.get_game("lerally")
    bots = [game.heuristic_bot(), RandomBot()]
    whole = arena.play(game, bots, seed=3)
    assert arena.play(game, bots, seed=3, moves=whole.moves) == whole
    resumed = arena.play(game, bots, seed=3, moves=whole.moves[:10])
    assert resumed.moves[:10] == whole.moves[:10] and resumed.outcome is not None
    with pytest.raises(InvalidConfigError, match=r"^moves\[1\]: "):
        arena.play(game, bots, seed=3, moves=(whole.moves[0], whole.moves[0]))
    with pytest.raises(InvalidConfigError, match="moves must be a sequence"):
        arena.play(game, bots, seed=3, moves="pick up")
    with pytest.raises(InvalidConfigError, match="more than the"):
        arena.play(game, bots, seed=3, moves=whole.moves * 1000)
