"""Broken or hostile plug-ins: another distribution's game is that game's problem alone.

Each test installs throw-away distributions into a temporary directory (a ``.dist-info``
folder with ``METADATA`` and ``entry_points.txt``, and the module it names, exactly what pip
leaves in ``site-packages``) and runs a fresh Python process with that directory on its path,
so that the registry reads the entry points as it would in a real installation and nothing
registered here can reach the other tests' process.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import cardgames

#: Where the ``cardgames`` under test lives, so the child process runs this checkout.
SOURCE = Path(cardgames.__file__).resolve().parent.parent
TOY = Path(__file__).resolve().parent.parent / "plugin" / "toygame.py"
BUILT_IN = ("alakaslam", "alakazum", "alethi", "lerally")
#: Generous: a child process imports the library (and OpenSpiel) on a loaded machine.
TIMEOUT = 300


def install(site: Path, dist: str, entry_points: str, modules: dict[str, str]) -> None:
    """Lay out the distribution ``dist`` in ``site``: its metadata, its entry points (the text
    of ``entry_points.txt``) and its modules (file name -> source)."""
    info = site / f"{dist}-1.0.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text(
        f"Metadata-Version: 2.1\nName: {dist}\nVersion: 1.0\n", encoding="utf-8"
    )
    (info / "entry_points.txt").write_text(entry_points, encoding="utf-8")
    for name, source in modules.items():
        (site / name).write_text(source, encoding="utf-8")


def run(site: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """``python ARGS`` with ``site`` on the path, in ``site``."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(site), str(SOURCE)])}
    return subprocess.run(
        [sys.executable, *args],
        cwd=site,
        env=env,
        capture_output=True,
        text=True,
        check=False,
        timeout=TIMEOUT,
    )


#: What the child process reports: the registry's names, the games that load, what asking for
#: each plug-in says, whether the built-in games are themselves and still load their JSON.
PROBE = """
import json, sys
import cardgames
from cardgames import registry
from cardgames.errors import UnknownGameError
report = {"names": list(cardgames.GAMES), "loadable": list(registry.loadable_games())}
errors = {}
for name in sys.argv[1:]:
    try:
        cardgames.get_game(name)
        errors[name] = None
    except UnknownGameError as exc:
        errors[name] = str(exc)
report["errors"] = errors
from cardgames import alethi, arena, lerally
from cardgames.bots import RandomBot
report["alethi_is_alethi"] = cardgames.get_game("alethi") is alethi.GAME
record = arena.play(lerally.GAME, [RandomBot(), RandomBot()], seed=3)
report["json"] = cardgames.GameRecord.from_json(record.to_json()) == record
try:
    import cardgames.interop.openspiel as spiel
    report["openspiel"] = list(spiel.GAME_NAMES)
except ImportError:
    report["openspiel"] = None
print(json.dumps(report))
"""

#: A module that leaves a file behind if it is ever imported.
MARKER_MODULE = """
from pathlib import Path
Path(__file__).with_name("imported.txt").write_text("imported", encoding="utf-8")
GAME = None
"""


def probe(site: Path, *names: str) -> dict[str, object]:
    done = run(site, "-c", PROBE, *names)
    assert done.returncode == 0, done.stderr
    report: dict[str, object] = json.loads(done.stdout)
    return report


@pytest.fixture
def site(tmp_path: Path) -> Path:
    """A directory holding broken plug-ins of every kind."""
    site = tmp_path / "site"
    site.mkdir()
    install(
        site,
        "raising_game",
        "[cardgames.games]\nraising = raising_game:GAME\n",
        {"raising_game.py": "raise RuntimeError('this plug-in is broken on purpose')\n"},
    )
    install(
        site,
        "exiting_game",
        "[cardgames.games]\nexiting = exiting_game:GAME\n",
        {"exiting_game.py": "import sys\nsys.exit(3)\n"},
    )
    install(
        site,
        "not_a_game",
        "[cardgames.games]\nnumber = not_a_game:GAME\nmissing = not_a_game:NOTHING\n",
        {"not_a_game.py": "GAME = 42\n"},
    )
    install(
        site,
        "evil_alethi",
        "[cardgames.games]\nalethi = evil_alethi:GAME\n",
        {"evil_alethi.py": MARKER_MODULE},
    )
    # A whole game that calls itself "lerally" under another entry point: loading it must not
    # replace how Le Rally's documents (its moves in records) are read.
    thief = TOY.read_text(encoding="utf-8").replace('name="toy"', 'name="lerally"')
    install(site, "thief_game", "[cardgames.games]\nthief = thief_game:GAME\n", {
        "thief_game.py": thief,
    })  # fmt: skip
    return site


def test_a_broken_plugin_is_its_own_unknown_game_error(site: Path) -> None:
    """A game that raises at import, exits, is not a game or takes another game's name is an
    ``UnknownGameError`` of its own name, saying it does not load, without a traceback; the
    built-in games load as before and OpenSpiel registers them."""
    plugins = ("raising", "exiting", "number", "missing", "thief")
    report = probe(site, *plugins)
    names = report["names"]
    assert isinstance(names, list) and set(names) == {*BUILT_IN, *plugins}
    assert report["loadable"] == list(BUILT_IN)
    errors = report["errors"]
    assert isinstance(errors, dict)
    assert errors["raising"] == "game 'raising' is installed but does not load (RuntimeError)"
    assert errors["exiting"] == "game 'exiting' is installed but does not load (SystemExit)"
    assert errors["number"] == "the entry point of game 'number' is not its game"
    assert "does not load (AttributeError)" in errors["missing"]
    assert "does not load (TypeError)" in errors["thief"]
    for message in errors.values():
        assert "Traceback" not in message and "on purpose" not in message
    assert report["alethi_is_alethi"] is True and report["json"] is True
    assert report["openspiel"] in (None, list(BUILT_IN))


def test_a_plugin_cannot_shadow_a_built_in_game(site: Path) -> None:
    """Another distribution's ``alethi`` entry point is ignored: the name is the library's
    own game, and the other module is never imported."""
    report = probe(site, "alethi")
    assert report["errors"] == {"alethi": None}
    assert report["alethi_is_alethi"] is True
    assert not (site / "imported.txt").exists()


def test_cardgames_list_survives_broken_plugins(site: Path) -> None:
    """``cardgames list`` lists every game that loads and says which do not, in one line
    each, and succeeds."""
    done = run(site, "-m", "cardgames", "list")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    for name in BUILT_IN:
        assert any(line.startswith(f"{name}: ") and "players; presets:" in line for line in lines)
    assert "raising: not available: game 'raising' is installed but does not load" in done.stdout
    assert "number: not available: the entry point of game 'number' is not its game" in lines
    assert "Traceback" not in done.stdout + done.stderr
    bots = ("--bots", "random,random", "--seed", "1")
    played = run(site, "-m", "cardgames", "play", "alethi", *bots)
    assert played.returncode == 0, played.stderr


def test_a_distribution_with_unreadable_entry_points_hides_no_other_game(tmp_path: Path) -> None:
    """A malformed ``entry_points.txt`` (which makes ``importlib.metadata.entry_points`` raise
    for every distribution) leaves that distribution out and no one else."""
    site = tmp_path / "site"
    install(site, "garbled", "[cardgames.games]\nthis line has no equals sign\n", {})
    install(site, "toygame", "[cardgames.games]\ntoy = toygame:GAME\n", {
        "toygame.py": TOY.read_text(encoding="utf-8"),
    })  # fmt: skip
    report = probe(site, "toy")
    assert report["loadable"] == sorted([*BUILT_IN, "toy"])
    assert report["errors"] == {"toy": None}


def test_an_entry_point_name_that_is_no_game_name_is_not_listed(tmp_path: Path) -> None:
    """Names with spaces, control characters or of absurd length never reach the registry
    (nor the output of ``cardgames list``)."""
    site = tmp_path / "site"
    long_name = "x" * 200
    install(
        site,
        "odd_names",
        f"[cardgames.games]\nbad name = odd:GAME\nbell\x07 = odd:GAME\n{long_name} = odd:GAME\n",
        {"odd.py": MARKER_MODULE},
    )
    report = probe(site)
    assert report["names"] == list(BUILT_IN)
    assert not (site / "imported.txt").exists()
