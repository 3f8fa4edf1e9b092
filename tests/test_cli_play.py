"""``cardgames play`` with a person: whole games driven by scripted input, for every game."""

from __future__ import annotations

import io
import random
import threading
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest

import cardgames
from cardgames.cli import main
from cardgames.cli.console import Console
from cardgames.cli.options import seat_entries

# One config per game, so each game's flags are exercised too.
GAMES: list[tuple[str, list[str]]] = [
    ("alethi", []),
    ("alakaslam", ["--doubles"]),
    ("lerally", ["--players", "3", "--format", "shot-gun"]),
    ("alakazum", ["--players", "3"]),
]


class Session:
    """One run of ``cardgames play`` with scripted answers: what it printed and saved."""

    def __init__(self, status: int, out: str, err: str, record: cardgames.GameRecord) -> None:
        self.status = status
        self.out = out
        self.err = err
        self.record = record


def run(tmp_path: Path, game: str, answers: Sequence[str], *extra: str, seed: int = 3) -> Session:
    out, err = io.StringIO(), io.StringIO()
    path = tmp_path / f"{game}.json"
    argv = ["play", game, "--seed", str(seed), "--out", str(path), *extra]
    stdin = io.StringIO("".join(f"{answer}\n" for answer in answers))
    status = main(argv, stdin=stdin, stdout=out, stderr=err)
    record = cardgames.GameRecord.from_json(path.read_text(encoding="utf-8"))
    return Session(status, out.getvalue(), err.getvalue(), record)


def person_decisions(record: cardgames.GameRecord, seat: int) -> Iterator[tuple[Any, Any]]:
    """Each state in which ``seat`` decided, with the move it made."""
    game = cardgames.get_game(record.game)
    for state, move in zip(record.states(), record.moves, strict=False):
        if game.current_player(state) == seat:
            yield state, move


@pytest.mark.parametrize(("name", "flags"), GAMES)
def test_a_person_plays_a_whole_game_answering_1(
    tmp_path: Path, name: str, flags: list[str]
) -> None:
    session = run(tmp_path, name, ["1"] * 3000, *flags)
    assert session.status == 0, session.err
    assert session.err == ""
    record, game = session.record, cardgames.get_game(name)
    states = record.states()
    assert record.outcome is not None
    assert record.outcome == game.outcome(states[-1])
    assert record.players[0] == "human"
    assert all(player != "human" for player in record.players[1:])
    decisions = list(person_decisions(record, 0))
    choices = [(state, move) for state, move in decisions if len(game.legal_moves(state)) > 1]
    assert choices
    for state, move in decisions:
        # "1" is the first legal move (or the only one, played without asking).
        assert move == game.legal_moves(state)[0]
    for state, _ in choices:
        assert game.render(game.view(state, 0)) in session.out  # drawn from the person's view
    assert session.out.count("your turn") == len(choices)
    forced = len(decisions) - len(choices)
    assert session.out.count(" (your only move)\n") == forced
    assert f"result: {record.outcome.reason}" in session.out
    assert f"record written to {tmp_path / (name + '.json')}" in session.out


@pytest.mark.parametrize(("name", "flags"), GAMES)
def test_the_person_sees_only_their_view(tmp_path: Path, name: str, flags: list[str]) -> None:
    """No table drawn from a full state that differs from the person's view, and every bot
    move is shown only as far as the person's view tells it apart from the bot's others."""
    session = run(tmp_path, name, ["1"] * 3000, *flags)
    game = cardgames.get_game(name)
    states = session.record.states()
    for state in states:
        full = game.render(state)
        if full != game.render(game.view(state, 0)):
            assert full not in session.out
    lines = session.out.splitlines()
    moves = session.record.moves
    for number, (before, move) in enumerate(zip(states[:-1], moves, strict=True), start=1):
        player = game.current_player(before)
        if player == 0:
            continue
        line = next(line for line in lines if line.startswith(f"{number:4d}. "))
        seen_before = game.view(before, 0)
        if seen_before.to_move != player:
            assert line == f"{number:4d}. a hidden decision"
            continue
        seen = game.view(states[number], 0)
        twins = [
            m
            for m in game.legal_moves(before)
            if m != move and game.view(game.apply_move(before, m), 0) == seen
        ]
        if twins:
            assert line.endswith(": a move you cannot see")
        else:
            assert line.endswith(f": {game.format_move(move)}")


def test_hidden_moves_are_not_shown(tmp_path: Path) -> None:
    """AlakaSLAM doubles has face-down plays: they are not written out for the person."""
    session = run(tmp_path, "alakaslam", ["1"] * 3000, "--doubles", seed=2)
    assert "a move you cannot see" in session.out


def test_numbers_notation_help_and_mistakes(tmp_path: Path) -> None:
    game = cardgames.get_game("alethi")
    first = game.legal_moves(game.new_game(game.config_type(first_player=0), seed=3))
    answers = ["help", "nonsense", "0", "999", "moves", "table", game.format_move(first[2])]
    session = run(tmp_path, "alethi", [*answers, *["1"] * 200], "--first-player", "red")
    assert session.status == 0
    out = session.out
    assert "Answer with:" in out
    assert "not a move: " in out
    assert f"no move 999: choose 1-{len(first)}" in out
    assert "no move 0" in out
    assert session.record.moves[0] == first[2]
    assert session.record.config.first_player == 0


def test_a_move_that_parses_but_is_not_legal_is_refused(tmp_path: Path) -> None:
    session = run(tmp_path, "alethi", ["throw king 9,9", *["1"] * 200], "--first-player", "red")
    assert "not legal now: throw king 9,9" in session.out
    assert session.status == 0


def test_undo_goes_back_to_the_previous_decision_and_replays_the_same(tmp_path: Path) -> None:
    """After undo, the same answers give the same game: the bots' generators go back too."""
    plain = run(tmp_path, "lerally", ["1"] * 3000, "--bots", "human,random")
    undone = run(
        tmp_path,
        "lerally",
        ["1", "2", "undo", "undo", "1", *["1"] * 3000],
        "--bots",
        "human,random",
    )
    assert undone.out.count("undone: back to your decision at move") == 2
    assert undone.record == plain.record


def test_undo_at_the_first_decision_does_nothing(tmp_path: Path) -> None:
    session = run(tmp_path, "alethi", ["undo", *["1"] * 200], "--first-player", "red")
    assert "nothing to undo" in session.out
    plain = run(tmp_path, "alethi", ["1"] * 200, "--first-player", "red")
    assert session.record == plain.record


def test_end_of_input_stops_cleanly_and_saves_the_game_so_far(tmp_path: Path) -> None:
    session = run(tmp_path, "alethi", ["1", "1"], "--first-player", "red")
    assert session.status == 1
    lines = session.err.splitlines()
    assert len(lines) == 1
    assert lines[0].startswith("cardgames: end of input: the game stops after ")
    assert "Traceback" not in session.out
    record = session.record
    assert record.outcome is None
    assert len(list(person_decisions(record, 0))) == 2
    assert len(record.states()) == len(record.moves) + 1


def test_quit_asks_first(tmp_path: Path) -> None:
    kept = run(tmp_path, "alethi", ["quit", "n", "1", "quit", "y"], "--first-player", "red")
    assert kept.status == 0
    assert kept.out.count("leave the game unfinished? [y/N]") == 2
    assert "the game stops after" in kept.out
    assert kept.record.outcome is None
    assert len(list(person_decisions(kept.record, 0))) == 1


def test_end_of_input_at_the_quit_question_is_end_of_input(tmp_path: Path) -> None:
    session = run(tmp_path, "alethi", ["quit"], "--first-player", "red")
    assert session.status == 1
    assert session.err.startswith("cardgames: end of input: the game stops after ")
    assert session.record.outcome is None


def test_the_person_may_sit_anywhere(tmp_path: Path) -> None:
    session = run(tmp_path, "lerally", ["1"] * 3000, "--players", "3", "--bots", "random,you")
    assert session.status == 0
    assert session.record.players == ("random", "human", "random")
    assert list(person_decisions(session.record, 1))


def test_without_out_the_record_gets_a_free_name(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    for expected in ("alethi-game.json", "alethi-game-2.json"):
        out = io.StringIO()
        argv = ["play", "alethi", "--seed", "5"]
        assert main(argv, stdin=io.StringIO("1\n" * 200), stdout=out) == 0
        assert f"record written to {expected}" in out.getvalue()
        assert (tmp_path / expected).exists()


def test_without_seed_the_printed_seed_replays_the_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    out = io.StringIO()
    argv = ["play", "alethi", "--out", "a.json"]
    assert main(argv, stdin=io.StringIO("1\n" * 200), stdout=out) == 0
    text = out.getvalue()
    seed = int(text.split("Seed ")[1].split(":")[0])
    again = run(tmp_path, "alethi", ["1"] * 200, seed=seed)
    first = cardgames.GameRecord.from_json((tmp_path / "a.json").read_text(encoding="utf-8"))
    assert first == again.record


class _Stuck:
    """A bot that never answers until released."""

    name = "stuck"

    def __init__(self) -> None:
        self.release = threading.Event()

    def choose(self, view: object, legal_moves: Sequence[Any], rng: random.Random) -> Any:
        self.release.wait()
        return legal_moves[0]


def test_a_bot_that_does_not_answer_ends_the_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    stuck = _Stuck()
    monkeypatch.setattr("cardgames.cli.person.make_bot", lambda name, game: stuck)
    try:
        out, err = io.StringIO(), io.StringIO()
        path = tmp_path / "stuck.json"
        argv = ["play", "alethi", "--seed", "1", "--first-player", "blue", "--out", str(path)]
        status = main(
            [*argv, "--think-limit", "0.05"], stdin=io.StringIO(""), stdout=out, stderr=err
        )
    finally:
        stuck.release.set()
    assert status == 2
    assert err.getvalue().splitlines() == [
        f"cardgames: error: blue (stuck) did not choose a move within 0.05 s; "
        f"the game so far is saved in {path}"
    ]
    assert "blue (stuck) is thinking..." not in out.getvalue()  # the limit came first
    assert cardgames.GameRecord.from_json(path.read_text(encoding="utf-8")).moves == ()


@pytest.mark.parametrize(
    ("text", "seats", "expected"),
    [
        (None, 3, ["human", "greedy", "greedy"]),
        ("random,greedy", 4, ["random", "greedy", "random", "greedy"]),
        ("human,random", 4, ["human", "random", "random", "random"]),
        ("random,You", 3, ["random", "human", "random"]),
        ("human", 2, ["human", "greedy"]),
    ],
)
def test_seat_entries(text: str | None, seats: int, expected: list[str]) -> None:
    assert seat_entries(text, seats) == expected


class _Releasing(io.StringIO):
    """Output that lets the stuck bot go once the person has been told it is thinking."""

    def __init__(self, bot: _Stuck) -> None:
        super().__init__()
        self.bot = bot

    def write(self, text: str) -> int:
        if "is thinking..." in text:
            self.bot.release.set()
        return super().write(text)


def test_a_slow_bot_is_announced(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    stuck = _Stuck()
    monkeypatch.setattr("cardgames.cli.person.make_bot", lambda name, game: stuck)
    monkeypatch.setattr("cardgames.cli.person.THINKING_NOTICE", 0.001)
    out = _Releasing(stuck)
    path = tmp_path / "slow.json"
    argv = ["play", "alethi", "--seed", "1", "--first-player", "blue", "--out", str(path)]
    try:
        status = main(argv, stdin=io.StringIO("1\n" * 200), stdout=out)
    finally:
        stuck.release.set()
    assert status == 0
    assert "      blue (stuck) is thinking...\n   1. blue (stuck): " in out.getvalue()


def test_ctrl_c_saves_the_game_and_exits_130(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    ask = Console.ask

    def interrupted_at_the_end(console: Console, prompt: str) -> str | None:
        answer = ask(console, prompt)
        if answer is None:
            raise KeyboardInterrupt  # as Ctrl-C would, instead of the end of input
        return answer

    monkeypatch.setattr(Console, "ask", interrupted_at_the_end)
    out, err = io.StringIO(), io.StringIO()
    path = tmp_path / "interrupted.json"
    argv = ["play", "alethi", "--seed", "1", "--first-player", "red", "--out", str(path)]
    assert main(argv, stdin=io.StringIO("1\n1\n"), stdout=out, stderr=err) == 130
    assert err.getvalue() == f"cardgames: interrupted; the game so far is saved in {path}\n"
    record = cardgames.GameRecord.from_json(path.read_text(encoding="utf-8"))
    assert len(list(person_decisions(record, 0))) == 2


def test_the_person_s_moves_are_listed_like_the_bots(tmp_path: Path) -> None:
    session = run(tmp_path, "alethi", ["1"] * 200, "--first-player", "red")
    game = cardgames.get_game("alethi")
    first = session.record.moves[0]
    assert f"   1. red (you): {game.format_move(first)}\n" in session.out


def test_a_person_choosing_a_starting_character_sees_what_each_one_is(tmp_path: Path) -> None:
    """In Alakazum!'s choose phase each character on offer is told with its culture, its
    combat, points and resistance by level, and its personalities."""
    session = run(tmp_path, "alakazum", ["q", "y"], "--bots", "you,random")
    out = " ".join(session.out.split())  # the lines as one, however they were wrapped
    assert "the starting characters:" in out
    state = cardgames.get_game("alakazum").new_game(session.record.config, seed=3)
    told = out.split("the starting characters:", 1)[1]
    for card in state.start_row:
        line = told.split(f"{card.name}: ", 1)[1].split(";", 2)
        assert line[0] == f"{card.culture.full_name} ({card.culture.value}) character"
        assert "resistance " + "/".join(str(r) for r in card.resistance) in line[1]
    assert "Moura: Galician (GAL)" in out and "very magical (1 energy)" in out


def test_help_offers_a_card_lookup_and_it_tells_any_card(tmp_path: Path) -> None:
    answers = ["help", "card maruxa", "card Die potion +1", "card", "card no such card", "q", "y"]
    session = run(tmp_path, "alakazum", answers, "--bots", "you,random")
    out = " ".join(session.out.split())
    assert "card NAME look a card up" in out
    assert "Maruxa: Galician (GAL) character; at levels A/B/C combat 1/2/3" in out
    assert "very magical (2 energy)" in out
    assert "Die potion +1: a hand card (die potion, die +1), market" in out
    assert "card NAME: name the card" in out
    assert "no card of this game has that name" in out
    other = run(tmp_path, "alethi", ["card king", "q", "y"], "--first-player", "red")
    assert "alethi has no cards to look up by name" in other.out
