"""Findings 5 and 12 of issue 15, for the core: every public function of the core answers bad
arguments (wrong types, None, negative or huge numbers, another game's objects, hostile text)
with one of the library's errors, with a short message, in bounded time."""

from __future__ import annotations

import io
import random
from collections.abc import Callable

import pytest

import cardgames
from cardgames import CardgamesError, GameRecord, alakazum, alethi, arena, bots
from cardgames.cli import main
from cardgames.evaluation import mix, race, softmax
from cardgames.ismcts import ISMCTSBot, Playout
from cardgames.rng import Rng, check_seed, draw_below

HUGE = 1 << 20_000  # an int whose decimal text is over 4300 digits
LONG = "9" * 1_000_000
SHORT = 400
ALETHI = alethi.GAME


def _record() -> GameRecord:
    return arena.play(ALETHI, [bots.RandomBot()] * 2, seed=1)


BAD_CALLS: list[tuple[str, Callable[[], object]]] = [
    # bots.make_bot (finding 12: a huge budget raised a raw ValueError)
    ("make_bot huge budget", lambda: bots.make_bot("ismcts:" + "9" * 5000, ALETHI)),
    ("make_bot huge name", lambda: bots.make_bot(LONG, ALETHI)),
    ("make_bot None", lambda: bots.make_bot(None, ALETHI)),  # type: ignore[arg-type]
    ("make_bot list", lambda: bots.make_bot(["random"], ALETHI)),  # type: ignore[arg-type]
    ("make_bot not a game", lambda: bots.make_bot("random", None)),  # type: ignore[arg-type]
    ("make_bot budget beyond", lambda: bots.make_bot("ismcts:99999999999", ALETHI)),
    # RandomBot.choose
    ("random no moves", lambda: bots.RandomBot().choose(None, (), random.Random(1))),
    ("random moves None", lambda: bots.RandomBot().choose(None, None, random.Random(1))),  # type: ignore[arg-type]
    ("random rng None", lambda: bots.RandomBot().choose(None, (1, 2), None)),  # type: ignore[arg-type]
    ("random rng int", lambda: bots.RandomBot().choose(None, (1, 2), 5)),  # type: ignore[arg-type]
    # ISMCTSBot and Playout
    ("ismcts huge iterations", lambda: ISMCTSBot(ALETHI, iterations=HUGE)),
    ("ismcts huge time", lambda: ISMCTSBot(ALETHI, time_budget=1e300)),
    ("ismcts nan time", lambda: ISMCTSBot(ALETHI, time_budget=float("nan"))),
    ("ismcts game None", lambda: ISMCTSBot(None)),  # type: ignore[arg-type]
    ("ismcts game name", lambda: ISMCTSBot(LONG)),
    ("ismcts playout str", lambda: ISMCTSBot(ALETHI, playout="random")),  # type: ignore[arg-type]
    ("ismcts choose no moves", lambda: ISMCTSBot(ALETHI).choose(None, [], random.Random(1))),
    (
        "ismcts choose rng None",
        lambda: ISMCTSBot(ALETHI).choose(None, [1, 2], None),  # type: ignore[arg-type]
    ),
    (
        "ismcts choose another game's view",
        lambda: ISMCTSBot(ALETHI).choose(
            alakazum.view(alakazum.new_game(seed=1), 0), [1, 2], random.Random(1)
        ),
    ),
    ("playout huge limit", lambda: Playout(limit=HUGE)),
    ("playout policy", lambda: Playout(LONG)),  # type: ignore[arg-type]
    # registry
    ("get_game None", lambda: cardgames.get_game(None)),  # type: ignore[arg-type]
    ("get_game list", lambda: cardgames.get_game([])),  # type: ignore[arg-type]
    ("get_game long", lambda: cardgames.get_game(LONG)),
    # to_json / from_json
    ("to_json object", lambda: cardgames.to_json(object())),
    ("to_json None", lambda: cardgames.to_json(None)),
    ("from_json None text", lambda: cardgames.from_json(None, alethi.State)),  # type: ignore[call-overload]
    ("from_json dict", lambda: cardgames.from_json({}, alethi.State)),  # type: ignore[call-overload]
    ("from_json class None", lambda: cardgames.from_json("{}", None)),
    ("from_json class list", lambda: cardgames.from_json("{}", [])),
    ("from_json long text", lambda: cardgames.from_json(LONG, alethi.State)),
    ("from_json huge number", lambda: cardgames.from_json("9" * 5000, alethi.State)),
    # GameRecord
    ("record from_json None", lambda: GameRecord.from_json(None)),  # type: ignore[arg-type]
    ("record of no game", lambda: GameRecord(LONG, None, 1).states()),
    ("record config None", lambda: GameRecord("alethi", None, 1).states()),
    (
        "record another game's config",
        lambda: GameRecord("alethi", alakazum.Config(), 1).states(),
    ),
    ("record seed str", lambda: GameRecord("alethi", alethi.Config(), "1").states()),  # type: ignore[arg-type]
    ("record seed huge", lambda: GameRecord("alethi", alethi.Config(), HUGE).states()),
    ("record moves None", lambda: GameRecord("alethi", alethi.Config(), 1, None).states()),  # type: ignore[arg-type]
    (
        "record moves garbage",
        lambda: GameRecord("alethi", alethi.Config(), 1, (object(),)).states(),
    ),
    ("record to_json seed", lambda: GameRecord("alethi", alethi.Config(), HUGE).to_json()),
    ("record to_json moves", lambda: GameRecord("alethi", alethi.Config(), 1, None).to_json()),  # type: ignore[arg-type]
    (
        "record to_json names",
        lambda: GameRecord("alethi", alethi.Config(), 1, (), (LONG, "b")).to_json(),
    ),
    # Rng and seeds
    ("check_seed None", lambda: check_seed(None)),
    ("check_seed float", lambda: check_seed(1.5)),
    ("check_seed huge", lambda: check_seed(HUGE)),
    ("check_seed negative huge", lambda: check_seed(-HUGE)),
    ("Rng from_seed None", lambda: Rng.from_seed(None)),  # type: ignore[arg-type]
    ("Rng below zero", lambda: Rng(1).below(0)),
    ("Rng below huge", lambda: Rng(1).below(HUGE)),
    ("Rng below float", lambda: Rng(1).below(2.5)),  # type: ignore[arg-type]
    ("draw_below negative", lambda: draw_below(1, -3)),
    ("Rng shuffled None", lambda: Rng(1).shuffled(None)),  # type: ignore[arg-type]
    # evaluation helpers
    ("softmax empty", lambda: softmax([])),
    ("softmax None", lambda: softmax(None)),  # type: ignore[arg-type]
    ("softmax strings", lambda: softmax("ab")),  # type: ignore[arg-type]
    ("softmax nan", lambda: softmax([float("nan"), 1.0])),
    ("race empty", lambda: race([])),
    ("race huge", lambda: race([HUGE, 1])),
    ("race inf", lambda: race([float("inf"), 1])),
    ("race long", lambda: race([1.0] * 100_000)),
    ("mix empty", lambda: mix([], [])),
    ("mix uneven", lambda: mix([0.5, 0.5], [(1.0, 0.0), (1.0,)])),
    ("mix too few outcomes", lambda: mix([0.5, 0.5], [(1.0, 0.0)])),
    # arena.play
    ("play game None", lambda: arena.play(None, [], seed=1)),  # type: ignore[call-overload]
    ("play game name", lambda: arena.play(LONG, [], seed=1)),
    ("play bots None", lambda: arena.play(ALETHI, None, seed=1)),  # type: ignore[call-overload]
    ("play bots wrong count", lambda: arena.play(ALETHI, [bots.RandomBot()], seed=1)),
    ("play bots not bots", lambda: arena.play(ALETHI, [1, 2], seed=1)),  # type: ignore[list-item]
    (
        "play another game's config",
        lambda: arena.play(ALETHI, [bots.RandomBot()] * 2, config=alakazum.Config(), seed=1),  # type: ignore[misc]
    ),
    ("play seed None", lambda: arena.play(ALETHI, [bots.RandomBot()] * 2, seed=None)),  # type: ignore[call-overload]
    ("play seed huge", lambda: arena.play(ALETHI, [bots.RandomBot()] * 2, seed=HUGE)),
    (
        "play on_move not callable",
        lambda: arena.play(ALETHI, [bots.RandomBot()] * 2, seed=1, on_move=5),  # type: ignore[call-overload]
    ),
    # arena.tournament and its helpers
    ("tournament huge games", lambda: arena.tournament("alethi", ["random"] * 2, games=HUGE)),
    ("tournament games 10**12", lambda: arena.tournament("alethi", ["random"] * 2, games=10**12)),
    ("tournament bad bot", lambda: arena.tournament("alethi", [LONG, "random"], games=2)),
    ("tournament seed", lambda: arena.tournament("alethi", ["random"] * 2, games=2, seed=HUGE)),
    ("game_seeds huge", lambda: arena.game_seeds(1, 10**12)),
    ("game_seeds negative", lambda: arena.game_seeds(1, -1)),
    ("seat_order zero seats", lambda: arena.seat_order(1, 0)),
    ("seat_order str", lambda: arena.seat_order("1", 2)),  # type: ignore[arg-type]
    ("bot_rng huge seat", lambda: arena.bot_rng(1, 10**12)),
    ("bot_rng negative seat", lambda: arena.bot_rng(1, -1)),
    ("wilson wins above games", lambda: arena.wilson_interval(11, 10)),
    ("wilson float", lambda: arena.wilson_interval(1.5, 10)),  # type: ignore[arg-type]
    ("wilson z nan", lambda: arena.wilson_interval(1, 10, float("nan"))),
    ("outcome win huge", lambda: cardgames.Outcome.win({0}, 10**9, "r")),
    ("outcome win str players", lambda: cardgames.Outcome.win({0}, "2", "r")),  # type: ignore[arg-type]
    ("outcome win str winner", lambda: cardgames.Outcome.win({"0"}, 2, "r")),  # type: ignore[arg-type]
    ("outcome draw zero", lambda: cardgames.Outcome.draw(0, "r")),
    ("outcome all_lose huge", lambda: cardgames.Outcome.all_lose(10**12, "r")),
    ("outcome returns forged", lambda: cardgames.Outcome(frozenset({0}), (0.0, 1.0), "r")),
    ("outcome winner outside", lambda: cardgames.Outcome(frozenset({5}), (0.5, 0.5), "r")),
    ("outcome no player", lambda: cardgames.Outcome(frozenset(), (), "r")),
]


@pytest.mark.parametrize(("what", "call"), BAD_CALLS, ids=[what for what, _ in BAD_CALLS])
def test_findings_5_and_12_bad_arguments_get_short_library_errors(
    what: str, call: Callable[[], object]
) -> None:
    """Findings 5 and 12: a library error with a short message, never a raw Python error,
    and no echo of the hostile value (it returns at once: none of these starts any work)."""
    with pytest.raises(CardgamesError) as info:
        call()
    message = str(info.value)
    assert 0 < len(message) <= SHORT, message[:SHORT]
    assert "9" * 40 not in message


def test_finding_12_make_bot_with_a_huge_budget_is_an_unknown_bot() -> None:
    """Finding 12: the very call of the issue."""
    with pytest.raises(cardgames.UnknownBotError, match="after 'ismcts:' comes a positive"):
        bots.make_bot("ismcts:" + "9" * 5000, ALETHI)


def test_finding_5_outcomes_that_break_their_own_rules_do_not_load() -> None:
    """Outcome's checks (returns that do not match the winners) refuse a loaded outcome with a
    short SerializationError naming the place."""
    text = _record().to_json().replace('"returns":[', '"returns":[7.0,', 1)
    with pytest.raises(cardgames.SerializationError, match=r"^\$\.data\.outcome") as info:
        GameRecord.from_json(text)
    assert len(str(info.value)) <= SHORT


CLI_CALLS: list[list[str]] = [
    ["play", LONG],
    ["play", "alethi", "--bots", LONG],
    ["play", "alethi", "--bots", "ismcts:" + "9" * 5000],
    ["play", "alethi", "--bots", "random", "--seed", "9" * 5000],
    ["play", "alethi", "--bots", "random", "--preset", LONG],
    ["play", "alethi", "--bots", "random", "--first-player", LONG],
    ["play", "lerally", "--bots", "random", "--players", "9" * 5000],
    ["play", "lerally", "--bots", "random", "--format", LONG],
    ["play", "alakaslam", "--bots", "random", "--characters", LONG],
    ["play", "alethi", "--think-limit", "9" * 5000],
    ["simulate", "alethi", "--bots", "random", "--games", "9" * 5000],
    ["simulate", "alethi", "--bots", "random", "--games", "2", "--jobs", "9" * 5000],
    ["simulate", "alethi", "--bots", "random", "--games", "2", "--progress", LONG],
    ["replay", "/nonexistent/file.json", "--view", "9" * 5000],
    ["rules", LONG],
    ["replay", "9" * 100_000],
    ["list", LONG, LONG],
]


@pytest.mark.parametrize("argv", CLI_CALLS, ids=range(len(CLI_CALLS)))
def test_finding_12_command_line_input_is_never_echoed(argv: list[str]) -> None:
    """Finding 12: every option and argument of the command line that is wrong gets one short
    line on stderr and exit status 2."""
    out, err = io.StringIO(), io.StringIO()
    assert main(argv, stdin=io.StringIO(""), stdout=out, stderr=err) == 2
    lines = err.getvalue().splitlines()
    assert len(lines) == 1, lines[:3]
    assert len(lines[0]) <= SHORT + 100
    assert "9" * 40 not in lines[0]
    assert "internal error" not in lines[0]


@pytest.mark.parametrize("name", sorted(cardgames.GAMES))
def test_a_state_shell_without_its_fields_is_refused_by_every_function(name: str) -> None:
    """``State.__new__`` alone makes a state without any field (no memo either): every game
    function refuses it with ``InvalidStateError``, never an ``AttributeError`` from inside."""
    game = cardgames.GAMES[name]
    state = game.new_game(next(iter(game.presets.values())), seed=1)
    move = game.legal_moves(state)[0]
    shell = object.__new__(type(state))
    calls: list[Callable[[], object]] = [
        lambda: game.legal_moves(shell),
        lambda: game.is_over(shell),
        lambda: game.current_player(shell),
        lambda: game.apply_move(shell, move),
    ]
    for call in calls:
        with pytest.raises(cardgames.InvalidStateError):
            call()
