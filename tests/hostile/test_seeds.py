"""Finding 7 of issue 15: the seed decides the whole deal, so nobody at the table sees it
before the game ends, and seeds picked for the user come from the system's entropy."""

from __future__ import annotations

import io
import json
import secrets
from pathlib import Path
from typing import Any

import pytest

import cardgames
from cardgames.cli import main
from cardgames.cli import play as play_command
from cardgames.registry import GAMES

#: A seed whose digits appear nowhere by chance.
SEED = 0xC0FF_EE12_3456_789A
DIGITS = str(SEED)


class _Watching(io.StringIO):
    """Scripted answers that, before each one, look at everything the person could see so far:
    the output and the record file."""

    def __init__(self, answers: list[str], out: io.StringIO, record: Path) -> None:
        super().__init__("".join(f"{a}\n" for a in answers))
        self.out = out
        self.record = record
        self.looks = 0

    def readline(self, size: int | None = -1) -> str:  # type: ignore[override]
        assert DIGITS not in self.out.getvalue()
        if self.record.exists():
            assert DIGITS not in self.record.read_text(encoding="utf-8")
        self.looks += 1
        return super().readline(-1 if size is None else size)


def _seeded(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Make ``play`` pick SEED; the bits it asked the system for are appended to the list."""
    asked: list[int] = []

    def randbits(bits: int) -> int:
        asked.append(bits)
        return SEED

    monkeypatch.setattr(secrets, "randbits", randbits)
    return asked


@pytest.mark.parametrize("name", sorted(GAMES))
def test_finding_7_a_person_never_sees_the_seed_before_the_end(
    name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Finding 7: header, welcome, help, undo, tables, moves and the record file say nothing
    of the seed while play goes on; it is printed and saved once the game ends."""
    asked = _seeded(monkeypatch)
    path = tmp_path / "game.json"
    out, err = io.StringIO(), io.StringIO()
    answers = ["help", "table", "moves", "1", "undo", "1", "1", "undo", *["1"] * 3000]
    stdin = _Watching(answers, out, path)
    assert main(["play", name, "--out", str(path)], stdin=stdin, stdout=out, stderr=err) == 0
    assert asked == [64]
    assert stdin.looks > 3
    text = out.getvalue()
    before, _, after = text.partition(f"Seed {DIGITS}:")
    assert after, "the seed is printed when the game ends"
    assert DIGITS not in before
    assert "result:" in after or "winners:" in after or "you" in after
    assert DIGITS not in err.getvalue()
    record = cardgames.GameRecord.from_json(path.read_text(encoding="utf-8"))
    assert record.seed == SEED
    assert record.outcome is not None


def test_finding_7_leaving_early_saves_the_seed_only_then(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A person who quits has ended their game: the record then holds the seed."""
    _seeded(monkeypatch)
    path = tmp_path / "left.json"
    out = io.StringIO()
    stdin = _Watching(["1", "1", "quit", "y"], out, path)
    assert main(["play", "alethi", "--out", str(path)], stdin=stdin, stdout=out) == 0
    assert out.getvalue().rstrip().splitlines()[-2].startswith(f"Seed {DIGITS}:")
    assert cardgames.GameRecord.from_json(path.read_text(encoding="utf-8")).seed == SEED


def test_finding_7_the_default_record_name_does_not_carry_the_seed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The record file's default name, printed at the start, used to be GAME-SEED.json."""
    _seeded(monkeypatch)
    monkeypatch.chdir(tmp_path)
    out = io.StringIO()
    assert main(["play", "alethi"], stdin=io.StringIO("1\n" * 300), stdout=out) == 0
    assert [p.name for p in tmp_path.iterdir()] == ["alethi-game.json"]


@pytest.mark.parametrize("name", sorted(GAMES))
def test_finding_7_bots_only_play_prints_the_seed_after_the_game(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Finding 7: watching bots, the header carries no seed; the last line gives it."""
    _seeded(monkeypatch)
    out = io.StringIO()
    assert main(["play", name, "--bots", "random"], stdout=out) == 0
    lines = out.getvalue().splitlines()
    assert lines[-1] == play_command.seed_line(SEED, person=False)
    assert all(DIGITS not in line for line in lines[:-1])


def test_finding_7_default_seeds_are_64_bits_of_system_entropy() -> None:
    """Finding 7: seeds were below 10**6; now they are drawn from secrets, 64 bits."""
    seeds = {play_command.new_seed() for _ in range(64)}
    assert len(seeds) == 64
    assert max(seeds) >= 2**56  # 64 draws all below 2**56 would happen once in 2**512
    assert all(0 <= s < 2**64 for s in seeds)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_finding_7_views_and_unfinished_records_shown_by_replay_do_not_carry_it(
    name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """No view of any seat names the seed, and replaying an unfinished game (one a person
    left) does not print it."""
    game = GAMES[name]
    state = game.new_game(seed=SEED)
    for player in range(game.num_players(game.config_type())):
        assert DIGITS not in cardgames.to_json(game.view(state, player))
        assert DIGITS not in game.render(game.view(state, player))
    seats = game.num_players(game.config_type())
    record = cardgames.arena.play(game, [cardgames.bots.RandomBot()] * seats, seed=SEED)
    doc: dict[str, Any] = json.loads(record.to_json())
    doc["data"]["moves"] = doc["data"]["moves"][:2]
    doc["data"]["outcome"] = None
    path = tmp_path / "unfinished.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    assert main(["replay", str(path), "--view", "0"]) == 0
    assert DIGITS not in capsys.readouterr().out


def test_finding_7_seeds_beyond_the_limit_are_refused() -> None:
    """A seed holds at most SEED_BITS bits: no seed costs time to read or write."""
    limit = cardgames.rng.SEED_BITS
    with pytest.raises(cardgames.InvalidConfigError, match=f"at most {limit} bits"):
        cardgames.alethi.new_game(seed=2**limit)
    assert main(["play", "alethi", "--bots", "random", "--seed", str(2**limit)]) == 2
