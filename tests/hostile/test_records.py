"""Finding 6 of issue 15: records are checked against their replay, when they are loaded and
when they are replayed, and a record that disagrees names the first point of difference."""

from __future__ import annotations

import copy
import json
import pickle
from pathlib import Path
from typing import Any

import attrs
import pytest

import cardgames
from cardgames import GameRecord, IllegalMoveError, RecordError, SerializationError
from cardgames.bots import RandomBot
from cardgames.cli import main
from cardgames.record import MAX_PLAYER_NAME, RecordMoveError
from cardgames.registry import GAMES

GOLDEN = Path(__file__).parent.parent / "golden"
NAMES = sorted(GAMES)


def _record(name: str, seed: int = 4) -> GameRecord:
    game = GAMES[name]
    seats = game.num_players(game.config_type())
    return cardgames.arena.play(game, [RandomBot()] * seats, seed=seed)


def _doc(record: GameRecord) -> dict[str, Any]:
    doc: dict[str, Any] = json.loads(record.to_json())
    return doc


def _load(doc: dict[str, Any]) -> GameRecord:
    return GameRecord.from_json(json.dumps(doc))


@pytest.mark.parametrize("name", NAMES)
def test_finding_6_truncated_moves_with_the_old_outcome_are_refused(name: str) -> None:
    """Finding 6: a record cut short that keeps the outcome of the whole game is forged."""
    doc = _doc(_record(name))
    doc["data"]["moves"] = doc["data"]["moves"][:-3]
    with pytest.raises(RecordError, match=r"^\$\.data\.outcome: the replay ends with the game "):
        _load(doc)


@pytest.mark.parametrize("name", NAMES)
def test_finding_6_a_forged_outcome_is_refused(name: str) -> None:
    """Finding 6: the moves of a whole game with the outcome of another ending."""
    record = _record(name)
    assert record.outcome is not None
    seats = len(record.outcome.returns)
    forged = cardgames.Outcome.all_lose(seats, "the record says so")
    if forged == record.outcome:
        forged = cardgames.Outcome.win({0}, seats, "the record says so")
    doc = _doc(attrs.evolve(record, outcome=forged))
    with pytest.raises(RecordError, match=r"^\$\.data\.outcome: .* but the record says"):
        _load(doc)
    with pytest.raises(RecordError, match=r"^outcome: "):
        attrs.evolve(record, outcome=forged).states()


@pytest.mark.parametrize("name", NAMES)
def test_finding_6_an_unfinished_game_claiming_no_outcome_loads(name: str) -> None:
    """A record of a game stopped early (a person who left) has no outcome, and loads."""
    record = _record(name)
    short = attrs.evolve(record, moves=record.moves[:5], outcome=None)
    loaded = GameRecord.from_json(short.to_json())
    assert loaded == short
    assert len(loaded.states()) == 6


@pytest.mark.parametrize("name", NAMES)
def test_finding_6_a_finished_game_without_its_outcome_is_refused(name: str) -> None:
    """None is the outcome exactly when the replayed game is not over."""
    doc = _doc(attrs.evolve(_record(name), outcome=None))
    with pytest.raises(RecordError, match=r"but the record says the game not over"):
        _load(doc)


@pytest.mark.parametrize("name", NAMES)
def test_finding_6_an_illegal_move_is_named_by_its_number(name: str) -> None:
    """The first move that is not legal where it is played names the record's difference."""
    record = _record(name)
    moves = list(record.moves)
    game = GAMES[name]
    state = game.new_game(record.config, seed=record.seed)
    legal = game.legal_moves(state)
    # A move of the right type that is not legal at move 1: one legal later but not now.
    stranger = next((m for m in moves[1:] if m not in legal), None)
    if stranger is None:
        pytest.skip("every later move happens to be legal at the start")
    moves[0] = stranger
    doc = _doc(attrs.evolve(record, moves=tuple(moves)))
    with pytest.raises(RecordMoveError, match=r"^\$\.data\.moves\[0\]: move 1 of the record"):
        _load(doc)
    bad = attrs.evolve(record, moves=tuple(moves))
    # Existing callers of states() catch IllegalMoveError; RecordError catches it too.
    with pytest.raises(IllegalMoveError, match="move 1 of the record"):
        bad.states()
    with pytest.raises(RecordError):
        bad.final_state()


@pytest.mark.parametrize("name", NAMES)
def test_finding_6_players_must_name_every_seat_or_none(name: str) -> None:
    """``players`` names each seat of the config, or none at all (a record built by hand)."""
    record = _record(name)
    doc = _doc(record)
    doc["data"]["players"] = doc["data"]["players"] + ["extra"]
    with pytest.raises(RecordError, match=r"^\$\.data\.players: \d+ names for the \d+ seats"):
        _load(doc)
    doc["data"]["players"] = []
    assert _load(doc) == attrs.evolve(record, players=())


@pytest.mark.parametrize(
    ("players", "words"),
    [
        (["x" * (MAX_PLAYER_NAME + 1), "b"], "more than"),
        (["a\nb", "b"], "control characters"),
        (["\x1b[2J", "b"], "control characters"),
        ([1, "b"], "expected a name"),
        (["y" * 1_000_000, "b"], "more than"),
    ],
)
def test_finding_6_player_names_are_short_printable_text(players: list[Any], words: str) -> None:
    """A name is printed on every line of a replay: no terminal escapes, no megabyte names."""
    doc = _doc(_record("alethi"))
    doc["data"]["players"] = players
    with pytest.raises(SerializationError, match=words) as info:
        _load(doc)
    assert len(str(info.value)) < 200


def test_finding_6_more_moves_than_any_game_has_are_refused_before_replay() -> None:
    """A record with more moves than the config's bound on decisions is refused at once."""
    record = _record("alethi")
    doc = _doc(record)
    game = GAMES["alethi"]
    bound = game.max_decisions(record.config)
    doc["data"]["moves"] = [doc["data"]["moves"][0]] * (bound + 1)
    with pytest.raises(RecordError, match=rf"{bound + 1} moves, more than the {bound}"):
        _load(doc)


def test_finding_6_a_record_replays_once_and_keeps_the_replay_out_of_its_value(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Loading replays the record once; states() then returns that replay, which is left out
    of equality, pickles, copies and JSON."""
    text = _record("lerally").to_json()
    calls: list[int] = []
    check = GameRecord._check_replay

    def counting(self: GameRecord, at: str) -> tuple[Any, ...]:
        calls.append(1)
        return check(self, at)

    monkeypatch.setattr(GameRecord, "_check_replay", counting)
    loaded = GameRecord.from_json(text)
    first = loaded.states()
    assert loaded.states() is first
    assert loaded.final_state() is first[-1]
    assert len(calls) == 1
    assert len(pickle.dumps(loaded)) < len(pickle.dumps(first)) / 4
    for copied in (pickle.loads(pickle.dumps(loaded)), copy.deepcopy(loaded)):
        assert copied._replay is None
        assert copied == loaded
        assert copied.to_json() == text
        assert copied.states() == first
    fresh = GameRecord(
        loaded.game, loaded.config, loaded.seed, loaded.moves, loaded.players, loaded.outcome
    )
    assert fresh == loaded and hash(fresh) == hash(loaded)
    assert "_replay" not in repr(loaded)


@pytest.mark.parametrize("path", sorted(GOLDEN.glob("*.json")), ids=lambda p: p.name)
def test_golden_records_load_and_replay(path: Path) -> None:
    """Every golden record is a record that agrees with its replay."""
    record = GameRecord.from_json(path.read_text(encoding="utf-8"))
    game = GAMES[record.game]
    assert game.outcome(record.final_state()) == record.outcome
    assert record.outcome is not None


def test_finding_6_the_cli_replay_refuses_a_forged_record_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """cardgames replay of a record cut short gives one line naming the difference."""
    doc = _doc(_record("alakaslam"))
    doc["data"]["moves"] = doc["data"]["moves"][:-1]
    path = tmp_path / "forged.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    assert main(["replay", str(path)]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    lines = captured.err.splitlines()
    assert len(lines) == 1
    # The message names the file first (issue 19), then the place in the document.
    assert lines[0].startswith(f"cardgames: error: {path}, game 1: $.data.outcome: the replay")


def test_finding_6_the_cli_replay_refuses_a_huge_file_unread(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A file longer than any document is refused by its size, in one line."""
    path = tmp_path / "huge.json"
    path.write_bytes(b" " * (cardgames.serialization.MAX_DOCUMENT + 1))
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 1 and err[0].endswith(f"{path}: longer than the 4194304 bytes of a document")
