"""A fifth game from another distribution plays through the command line like the built-in four.

The game is ``tests/plugin/toygame.py`` ("high card"). The test builds a real wheel of it by
hand (the package, its METADATA, WHEEL, RECORD with hashes and an ``entry_points.txt`` naming
``toy = toygame:GAME`` in the ``cardgames.games`` group), installs it with pip into a throwaway
directory, and runs ``cardgames list``, ``play`` and ``replay`` in a process that has that
directory on its path: nothing in the library is told about the game.
"""

from __future__ import annotations

import base64
import hashlib
import json
import os
import re
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

import cardgames
from test_docs_commands import PLUG_IN_PAGE, agrees, commands

PLUGIN = Path(__file__).resolve().parent / "plugin" / "toygame.py"
#: Where the ``cardgames`` under test lives, so the child process runs this checkout.
SOURCE = Path(cardgames.__file__).resolve().parent.parent
NAME, VERSION = "toygame", "0.1"
DIST_INFO = f"{NAME}-{VERSION}.dist-info"


def _hash(data: bytes) -> str:
    digest = hashlib.sha256(data).digest()
    return "sha256=" + base64.urlsafe_b64encode(digest).rstrip(b"=").decode("ascii")


def build_wheel(directory: Path) -> Path:
    """A pure-Python wheel holding the package ``toygame`` and declaring its game."""
    files = {
        f"{NAME}/__init__.py": PLUGIN.read_bytes(),
        f"{DIST_INFO}/METADATA": (
            f"Metadata-Version: 2.1\nName: {NAME}\nVersion: {VERSION}\n"
            "Summary: High card, a toy game for cardgames\nRequires-Dist: cardgames\n"
        ).encode(),
        f"{DIST_INFO}/WHEEL": (
            b"Wheel-Version: 1.0\nGenerator: cardgames-tests\nRoot-Is-Purelib: true\n"
            b"Tag: py3-none-any\n"
        ),
        f"{DIST_INFO}/entry_points.txt": b"[cardgames.games]\ntoy = toygame:GAME\n",
    }
    record = "".join(f"{path},{_hash(data)},{len(data)}\n" for path, data in files.items())
    files[f"{DIST_INFO}/RECORD"] = (record + f"{DIST_INFO}/RECORD,,\n").encode()
    wheel = directory / f"{NAME}-{VERSION}-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w", zipfile.ZIP_DEFLATED) as archive:
        for path, data in files.items():
            archive.writestr(path, data)
    return wheel


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The directory the toy game's wheel is installed into."""
    work = tmp_path_factory.mktemp("plugin")
    target = work / "site"
    pip = [sys.executable, "-m", "pip", "install", "--quiet", "--disable-pip-version-check"]
    done = subprocess.run(
        [*pip, "--no-deps", "--no-index", "--target", str(target), str(build_wheel(work))],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return target


def python(installed: Path, cwd: Path, *args: str) -> str:
    """Run ``python ARGS`` with the toy game installed; its standard output."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(installed), str(SOURCE)])}
    done = subprocess.run(
        [sys.executable, *args],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def cli(installed: Path, cwd: Path, *args: str) -> str:
    """Run ``cardgames ARGS`` with the toy game installed; its standard output."""
    return python(installed, cwd, "-m", "cardgames", *args)


def test_the_wheel_is_a_wheel(tmp_path: Path) -> None:
    """Its RECORD lists every other file with the hash and size of what was written."""
    with zipfile.ZipFile(build_wheel(tmp_path)) as archive:
        rows = archive.read(f"{DIST_INFO}/RECORD").decode().splitlines()
        for row in rows[:-1]:
            path, digest, size = row.split(",")
            data = archive.read(path)
            assert (digest, int(size)) == (_hash(data), len(data))
    assert rows[-1] == f"{DIST_INFO}/RECORD,,"


def test_the_toy_game_is_listed_played_and_replayed(installed: Path, tmp_path: Path) -> None:
    """``list`` shows it, ``play`` plays it between bots, ``replay`` replays the record."""
    listed = cli(installed, tmp_path, "list")
    assert "toy: 2 players; presets: default, long-deck" in listed
    assert "alethi:" in listed  # the built-in games are still there

    played = cli(
        installed, tmp_path, "play", "toy", "--bots", "random,greedy", "--seed", "1",
        "--out", "rec.json",
    )  # fmt: skip
    assert played.startswith("toy: player 0 (random), player 1 (greedy)")
    assert "record written to rec.json" in played
    record = json.loads((tmp_path / "rec.json").read_text(encoding="utf-8"))
    assert record["game"] == "toy"
    assert record["data"]["players"] == ["random", "greedy"]
    assert len(record["data"]["moves"]) == 2

    replayed = cli(installed, tmp_path, "replay", "rec.json")
    assert "the replayed outcome matches the stored outcome" in replayed

    rules = cli(installed, tmp_path, "rules", "toy")
    assert "High card" in rules
    assert "docs/rules" not in rules  # the built-in games' rules pages are not the toy's


def test_the_commands_of_the_adding_a_game_page_run_as_shown(
    installed: Path, tmp_path: Path
) -> None:
    """The page's commands, in order, with the toy game installed: each succeeds and prints
    the lines the page shows."""
    shown = commands(PLUG_IN_PAGE)
    assert {line.argv[0] for line in shown} >= {"list", "play", "replay", "simulate", "rules"}
    for line in shown:
        printed = cli(installed, tmp_path, *line.argv)
        if line.printed is not None:
            assert agrees(line.printed, printed) is None, (line.line, printed[-1000:])


#: Plays seeded random games of the installed toy game and checks its encodings (through its
#: ``GAME``, as ``define_game`` gathered them) on every
#: state: the mask of each seat against the legal moves, the round trip of every legal move
#: through the state and the view, the observation's size; prints how many states it saw.
ENCODINGS_SCRIPT = """
import math, random
import cardgames
game = cardgames.get_game("toy")
seen = 0
for config in game.presets.values():
    n, shape = game.num_actions(config), game.observation_shape(config)
    for seed in range(10):
        rng, state = random.Random(seed), game.new_game(config, seed=seed)
        while True:
            seen += 1
            legal = game.legal_moves(state)
            for p in range(2):
                view = game.view(state, p)
                mask = game.action_mask(view)
                actions = {game.move_to_action(state, m) for m in legal}
                wanted = actions if p == game.current_player(state) else set()
                assert len(mask) == n and {a for a in range(n) if mask[a]} == wanted
                assert len(game.observation(view)) == math.prod(shape)
                for m in legal if p == game.current_player(state) else ():
                    a = game.move_to_action(view, m)
                    assert game.action_to_move(view, a) == m
            if game.is_over(state):
                break
            state = game.apply_move(state, rng.choice(legal))
print("checked", seen, "states")
"""


def test_the_toy_game_has_the_encodings(installed: Path, tmp_path: Path) -> None:
    """The toy game's own encodings keep the contract when it is installed as a plugin."""
    out = python(installed, tmp_path, "-c", ENCODINGS_SCRIPT)
    assert out.strip() == "checked 60 states"


#: Plays the installed toy game through the functions ``define_game`` supplied for it (the
#: module writes only its rules, views, checks and observation): every move's events for every
#: viewer, through JSON and back, the notation both ways, a refused move, the evaluation, the
#: card counts and the picture; prints what it saw.
DEFAULTS_SCRIPT = """
import random
import cardgames, toygame
game = cardgames.get_game("toy")
assert not hasattr(toygame, "apply_move") and not hasattr(toygame, "events")
told = set()
for seed in range(10):
    rng, state = random.Random(seed), game.new_game(seed=seed)
    assert game.evaluate(state) == (0.5, 0.5)
    while not game.is_over(state):
        assert sorted(game.card_counts(state)) == sorted(map(str, range(1, 7)))
        move = rng.choice(game.legal_moves(state))
        assert game.parse_move(state, game.format_move(move)) == move
        after = game.apply_move(state, move)
        for viewer in (None, 0, 1):
            for event in game.events(state, move, after, viewer=viewer):
                assert type(event) in game.event_types
                assert cardgames.from_json(cardgames.to_json(event), type(event)) == event
                told.add(game.format_event(event).split(":")[0].split(" made")[0])
        state = after
    assert game.evaluate(state) == game.outcome(state).returns
    try:
        game.apply_move(state, toygame.Keep())
    except cardgames.IllegalMoveError as error:
        assert "over" in str(error)
    else:
        raise AssertionError("a move was taken after the end")
    assert "player 1" in game.render_svg(state)
print(game.max_decisions(game.config_type()), game.seat_names(game.config_type()), sorted(told))
"""


def test_the_toy_game_plays_through_the_defaults(installed: Path, tmp_path: Path) -> None:
    """What ``define_game`` supplies for the toy game keeps the contract, installed."""
    out = python(installed, tmp_path, "-c", DEFAULTS_SCRIPT)
    assert out.strip() == (
        "2 ('player 0', 'player 1') ['Player 0', 'Player 0 won', 'Player 1', 'Player 1 won']"
    )


def test_the_api_tests_pass_with_the_toy_game_installed(installed: Path) -> None:
    """``tests/test_api.py`` collects the installed toy game with the built-in four, and holds
    it to the contract: each name exported or supplied by ``define_game``, every public name
    documented."""
    tests = Path(__file__).resolve().parent
    out = python(
        installed, tests.parent, "-m", "pytest", "-o", "addopts=", "-q", "-p",
        "no:cacheprovider", "-p", "no:xdist", str(tests / "test_api.py"), "-k", "toygame",
    )  # fmt: skip
    # The toy game's module, and its 17 public classes and functions, each documented.
    found = re.search(r"^(\d+) passed", out, re.M)
    assert found is not None, out
    assert int(found.group(1)) == 1 + 17, out


def test_the_shipped_checks_pass_on_the_installed_toy_game(installed: Path, tmp_path: Path) -> None:
    """``cardgames.testing.check_game`` holds the toy game, installed from its wheel, to the
    whole contract: five random games of each of its two presets."""
    script = (
        "import cardgames\nfrom cardgames.testing import check_game\n"
        "print(check_game(cardgames.get_game('toy'), games=5))\n"
    )
    # Each game of the toy is two decisions: three states.
    assert python(installed, tmp_path, "-c", script).strip() == str(2 * 5 * 3)
