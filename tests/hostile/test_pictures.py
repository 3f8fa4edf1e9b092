"""Pictures of records from outside: names as long as a record holds never break a picture,
and ``cardgames replay --svg DIR`` writes only new files, never through a link."""

from __future__ import annotations

import io
import os
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import attrs
import pytest

import cardgames
from cardgames import GAMES, GameRecord
from cardgames.bots import RandomBot
from cardgames.cli import main
from cardgames.cli import replay as replay_command
from cardgames.errors import CardgamesError
from cardgames.record import MAX_PLAYER_NAME
from cardgames.svg import NAME_SHOWN

CASES = [(name, preset) for name, game in GAMES.items() for preset in game.presets]
SVG = "{http://www.w3.org/2000/svg}"


def _long_names(seats: int) -> tuple[str, ...]:
    """Names of 90 to 100 characters, as long as a record holds, some of wide letters."""
    letters = ("W", "\uff37", "m", "\u00e9")
    return tuple(
        (letters[p % len(letters)] * MAX_PLAYER_NAME)[: MAX_PLAYER_NAME - (p * 3) % 11]
        for p in range(seats)
    )


def _record(name: str, preset: str, tmp_path: Path) -> tuple[Path, GameRecord]:
    """A short game of ``name`` between random bots whose names are as long as a record
    allows, written to a file."""
    game = cardgames.get_game(name)
    config = game.presets[preset]
    seats = game.num_players(config)
    record = cardgames.arena.play(game, [RandomBot()] * seats, config=config, seed=7)
    moves = record.moves[:30]
    outcome = game.outcome(record.states()[len(moves)])
    record = attrs.evolve(record, players=_long_names(seats), moves=moves, outcome=outcome)
    path = tmp_path / "long-names.json"
    path.write_text(record.to_json(), encoding="utf-8")
    return path, GameRecord.from_json(path.read_text(encoding="utf-8"))


def _texts(picture: str) -> list[str]:
    root = ET.fromstring(picture)
    title = root.find(f"{SVG}title")
    assert title is not None and title.text
    return [title.text, *("".join(t.itertext()) for t in root.iter(f"{SVG}text"))]


@pytest.mark.parametrize(("name", "preset"), CASES)
def test_long_player_names_never_break_a_picture(name: str, preset: str, tmp_path: Path) -> None:
    """``replay --svg`` of a record whose players have 90-100 character names draws every
    table, whole and from every seat, with each name cut to fit."""
    path, record = _record(name, preset, tmp_path)
    seats = len(record.players)
    for view in [[], *(["--view", str(p)] for p in range(seats))]:
        frames = tmp_path / f"frames{''.join(view)}"
        out, err = io.StringIO(), io.StringIO()
        status = main(["replay", str(path), "--svg", str(frames), *view], stdout=out, stderr=err)
        assert (status, err.getvalue()) == (0, ""), err.getvalue()
        files = sorted(frames.iterdir())
        assert len(files) == len(record.moves) + 1
        for file in (files[0], files[-1]):
            texts = _texts(file.read_text(encoding="utf-8"))
            shown = "\n".join(texts)
            for player in record.players:
                assert player[:NAME_SHOWN] not in shown  # cut, never drawn whole
                assert player[:8] in shown
    game = cardgames.get_game(name)
    for state in record.states()[:: max(1, len(record.moves) // 4)]:
        for table in (state, *(game.view(state, p) for p in range(seats))):
            for text in _texts(game.render_svg(table, names=record.players)):
                assert len(text) <= 200


def test_a_name_is_cut_so_what_follows_it_still_shows() -> None:
    """What a picture writes after a name (whose turn it is) is not cut away with it."""
    names = ("R" * MAX_PLAYER_NAME, "B" * MAX_PLAYER_NAME)
    picture = cardgames.alethi.render_svg(cardgames.alethi.new_game(seed=1), names=names)
    texts = _texts(picture)
    assert any(text.endswith("\u2026 to play (throw)") for text in texts)
    assert all("R" * NAME_SHOWN not in text for text in texts)


def _game_file(tmp_path: Path) -> tuple[Path, int]:
    """A record of a short game of Alethi, and how many tables it has."""
    game: Any = cardgames.get_game("alethi")
    record = cardgames.arena.play(game, [RandomBot(), RandomBot()], seed=2)
    path = tmp_path / "game.json"
    path.write_text(record.to_json(), encoding="utf-8")
    return path, len(record.moves) + 1


def _replay_svg(path: Path, frames: Path) -> tuple[int, str]:
    out, err = io.StringIO(), io.StringIO()
    status = main(["replay", str(path), "--svg", str(frames)], stdout=out, stderr=err)
    return status, err.getvalue()


@pytest.mark.skipif(not hasattr(os, "symlink"), reason="no symbolic links here")
def test_replay_svg_never_writes_through_a_planted_link(tmp_path: Path) -> None:
    """A ``000.svg`` link planted in the folder (to a file, or to none) is not followed: the
    command writes nothing, fails with one line naming it, and the target is untouched."""
    path, _ = _game_file(tmp_path)
    victim = tmp_path / "victim.txt"
    victim.write_text("keep me", encoding="utf-8")
    for planted, target in (("000.svg", victim), ("001.svg", tmp_path / "made-by-a-link")):
        frames = tmp_path / f"frames-{planted}"
        frames.mkdir()
        (frames / planted).symlink_to(target)
        status, err = _replay_svg(path, frames)
        assert status == 2
        assert err == (
            f"cardgames: error: {frames / planted}: is there already; --svg writes only new "
            "files (give a new or empty folder)\n"
        )
        assert sorted(p.name for p in frames.iterdir()) == [planted]
    assert victim.read_text(encoding="utf-8") == "keep me"
    assert not (tmp_path / "made-by-a-link").exists()


@pytest.mark.skipif(not hasattr(os, "symlink"), reason="no symbolic links here")
def test_a_picture_file_is_made_new_or_not_at_all(tmp_path: Path) -> None:
    """Even a link planted after the command looked (a race) is never written through: each
    file is opened with ``O_CREAT | O_EXCL``."""
    victim = tmp_path / "victim.txt"
    victim.write_text("keep me", encoding="utf-8")
    link = tmp_path / "000.svg"
    link.symlink_to(victim)
    with pytest.raises(CardgamesError, match="is there already"):
        replay_command._write_new(link, "<svg/>")
    assert victim.read_text(encoding="utf-8") == "keep me"
    fresh = tmp_path / "001.svg"
    replay_command._write_new(fresh, "<svg/>")
    assert fresh.read_text(encoding="utf-8") == "<svg/>"


def test_replay_svg_does_not_overwrite_earlier_pictures(tmp_path: Path) -> None:
    """A second ``--svg`` into the same folder is refused and leaves the first pictures as
    they were; into a new folder it works."""
    path, tables = _game_file(tmp_path)
    frames = tmp_path / "frames"
    assert _replay_svg(path, frames) == (0, "")
    before = {p.name: p.read_bytes() for p in frames.iterdir()}
    assert len(before) == tables
    (frames / "001.svg").write_text("edited", encoding="utf-8")
    status, err = _replay_svg(path, frames)
    assert status == 2 and err.count("\n") == 1 and "000.svg: is there already" in err
    assert (frames / "001.svg").read_text(encoding="utf-8") == "edited"
    assert _replay_svg(path, tmp_path / "other") == (0, "")
