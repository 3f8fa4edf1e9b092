"""The command line tells a game's story: events under each move, reasons, keys and abilities."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import pytest

import cardgames
from cardgames.alakaslam import Character
from cardgames.cli import main, story
from cardgames.cli.story import EVENT_INDENT

SEED = 7


def _told(game: Any, before: Any, move: Any, after: Any, viewer: int | None) -> list[str]:
    return [game.format_event(e) for e in game.events(before, move, after, viewer=viewer)]


def _under_moves(out: str) -> list[list[str]]:
    """The sentences printed under each numbered move line, in order."""
    told: list[list[str]] = []
    under = False  # whether the lines since the last move line are its sentences
    for line in out.splitlines():
        if line[:4].strip().isdigit() and line[4:6] == ". ":
            told.append([])
            under = True
        elif under and line.startswith(EVENT_INDENT) and line[len(EVENT_INDENT)] != " ":
            told[-1].append(line.removeprefix(EVENT_INDENT))
        else:
            under = False
    return told


def test_bots_only_play_tells_every_event() -> None:
    out = io.StringIO()
    assert main(["play", "alethi", "--bots", "greedy,random", "--seed", str(SEED)], stdout=out) == 0
    game = cardgames.get_game("alethi")
    bots = [cardgames.bots.make_bot(name, game) for name in ("greedy", "random")]
    record = cardgames.arena.play(game, bots, seed=SEED)
    states = record.states()
    told = _under_moves(out.getvalue())
    assert len(told) == len(record.moves)
    for number, move in enumerate(record.moves):
        expected = _told(game, states[number], move, states[number + 1], None)
        assert told[number] == expected
    assert any("captured" in sentence for sentences in told for sentence in sentences)


@pytest.mark.parametrize(
    ("name", "flags"),
    [
        ("alakaslam", ["--doubles", "--seed", "2"]),
        ("lerally", ["--players", "3", "--seed", "3"]),
        ("alakazum", ["--players", "3", "--seed", "3"]),
    ],
)
def test_a_person_is_told_only_their_own_story(tmp_path: Path, name: str, flags: list[str]) -> None:
    """Games with hidden cards: every sentence the person reads is one the game tells seat 0,
    never one told only to a spectator."""
    out = io.StringIO()
    argv = ["play", name, *flags, "--out", str(tmp_path / "g.json")]
    assert main(argv, stdin=io.StringIO("1\n" * 3000), stdout=out) == 0
    record = cardgames.GameRecord.from_json((tmp_path / "g.json").read_text(encoding="utf-8"))
    game = cardgames.get_game(name)
    states = record.states()
    told = _under_moves(out.getvalue())
    assert len(told) == len(record.moves)
    secret = 0
    for number, move in enumerate(record.moves):
        before, after = states[number], states[number + 1]
        own = _told(game, before, move, after, 0)
        assert set(told[number]) <= set(own)
        secret += len(set(_told(game, before, move, after, None)) - set(own))
    assert secret  # the game had something to hide, and it stayed hidden


def test_the_end_says_why_and_who_won(tmp_path: Path) -> None:
    out = io.StringIO()
    argv = ["play", "alethi", "--seed", "3", "--out", str(tmp_path / "g.json")]
    assert main(argv, stdin=io.StringIO("1\n" * 300), stdout=out) == 0
    record = cardgames.GameRecord.from_json((tmp_path / "g.json").read_text(encoding="utf-8"))
    assert record.outcome is not None
    text = out.getvalue()
    assert f"result: {record.outcome.reason}\n" in text
    winners = [("red (you)", "blue (greedy)")[p] for p in sorted(record.outcome.winners)]
    assert f"winners: {', '.join(winners) or 'none (a draw)'}\n" in text


class _Silent:
    """A game object without ``events``: a game written before the protocol had them."""

    def __init__(self) -> None:
        self.game = cardgames.get_game("alethi")

    def __getattr__(self, name: str) -> Any:
        if name in ("events", "format_event"):
            raise AttributeError(name)
        return getattr(self.game, name)


def test_a_game_without_events_is_told_by_its_moves() -> None:
    game = cardgames.get_game("alethi")
    before = game.new_game(seed=1)
    move = game.legal_moves(before)[0]
    after = game.apply_move(before, move)
    silent: Any = _Silent()
    assert story.sentences(silent, before, move, after, None) == ()
    lines = story.move_lines(silent, 1, ("red (a)", "blue (b)"), before, move, after)
    player = game.current_player(before)
    assert player is not None
    assert lines == [f"   1. {('red (a)', 'blue (b)')[player]}: {game.format_move(move)}"]
    told = story.move_lines(game, 1, ("red (a)", "blue (b)"), before, move, after)
    assert told[0] == lines[0]
    assert told[1:] == [EVENT_INDENT + s for s in _told(game, before, move, after, None)]


def test_a_sentence_that_repeats_the_move_line_is_left_out() -> None:
    assert story.event_lines(["Player 1: keep.", "Player 1 now holds 6 cards."], "keep") == [
        EVENT_INDENT + "Player 1 now holds 6 cards."
    ]
    assert story.event_lines(["Player 1: keep."], None) == [EVENT_INDENT + "Player 1: keep."]


def test_an_illegal_move_shows_the_library_s_reason(tmp_path: Path) -> None:
    game = cardgames.get_game("alethi")
    state = game.new_game(game.config_type(first_player=0), seed=3)
    move = game.parse_move(game.view(state, 0), "throw king 9,9")
    with pytest.raises(cardgames.IllegalMoveError) as caught:
        game.apply_move(state, move)
    out = io.StringIO()
    argv = ["play", "alethi", "--seed", "3", "--first-player", "red"]
    answers = io.StringIO("throw king 9,9\n" + "1\n" * 300)
    assert main([*argv, "--out", str(tmp_path / "g.json")], stdin=answers, stdout=out) == 0
    reason = str(caught.value)
    assert reason.startswith("throw king 9,9")
    assert f"not legal now: {reason}\n" in out.getvalue()


def _alakaslam(tmp_path: Path, answers: str, *flags: str) -> str:
    out = io.StringIO()
    argv = ["play", "alakaslam", "--seed", "4", "--out", str(tmp_path / "g.json"), *flags]
    assert main(argv, stdin=io.StringIO(answers), stdout=out) in (0, 1)
    return out.getvalue()


def test_abilities_at_the_prompt(tmp_path: Path) -> None:
    text = _alakaslam(tmp_path, "abilities\nquit\ny\n", "--characters", "rich,sten")
    for seat, character in enumerate((Character.RICH, Character.STEN)):
        label = ("player 0 (A) (you)", "player 1 (B) (greedy)")[seat]
        assert f"  {label}: {character.full_name}" in text
        assert " ".join(character.ability.split()) in " ".join(text.split())  # wrapped
    assert "  abilities  the characters" in _alakaslam(tmp_path, "help\nquit\ny\n")


def test_abilities_in_another_game(tmp_path: Path) -> None:
    out = io.StringIO()
    argv = ["play", "alethi", "--seed", "1", "--first-player", "red"]
    answers = io.StringIO("abilities\nquit\ny\n")
    assert main([*argv, "--out", str(tmp_path / "g.json")], stdin=answers, stdout=out) == 0
    assert "alethi has no character abilities" in out.getvalue()


def test_rules_of_alakaslam_list_every_character_s_ability() -> None:
    out = io.StringIO()
    assert main(["rules", "alakaslam"], stdout=out) == 0
    text = " ".join(out.getvalue().split())  # the long lines are wrapped
    for character in Character:
        assert f"{character.value}: {character.full_name}" in text
        assert " ".join(character.ability.split()) in text
    assert "answer 'abilities'" in text


@pytest.mark.parametrize("name", sorted(cardgames.GAMES))
def test_rules_point_to_the_documentation_page(name: str) -> None:
    out = io.StringIO()
    assert main(["rules", name], stdout=out) == 0
    assert "the page Rules > " in out.getvalue()
    assert "the project's repository" not in out.getvalue()


def test_alethi_tables_have_a_key_and_live_counts() -> None:
    out = io.StringIO()
    assert main(["play", "alethi", "--bots", "greedy,random", "--seed", str(SEED)], stdout=out) == 0
    game = cardgames.get_game("alethi")
    bots = [cardgames.bots.make_bot(name, game) for name in ("greedy", "random")]
    final = cardgames.arena.play(game, bots, seed=SEED).final_state()
    text = out.getvalue()
    assert "key: r:Kn a red knight, b:Kn a blue one, xx a captured card (" in text
    assert "Sq squire, Kn knight" in text
    for colour in cardgames.alethi.Colour:
        mine = [card for card in final.field if card.owner is colour]
        standing = sum(not card.captured for card in mine)
        assert (
            f"{colour.label} cards: {standing} uncaptured and {len(mine) - standing} captured "
            "on the field, 0 in the barracks"
        ) in text
    for card in final.field:
        if card.captured:
            assert f"{card.at.x},{card.at.y}" in text.split("xx a captured card (")[1]


def test_the_person_s_turn_has_no_second_counter(tmp_path: Path) -> None:
    """Alethi's table counts turns; the prompt does not count moves beside it."""
    out = io.StringIO()
    argv = ["play", "alethi", "--seed", "1", "--first-player", "red"]
    answers = io.StringIO("quit\ny\n")
    assert main([*argv, "--out", str(tmp_path / "g.json")], stdin=answers, stdout=out) == 0
    text = out.getvalue()
    assert "turn 1: red to play" in text
    assert "your turn (red): choose a move\n" in text
    assert "\nred> " in text
    assert "move 1" not in text


def test_alakazum_s_notation_hint_names_the_docs_page() -> None:
    game = cardgames.get_game("alakazum")
    view = game.view(game.new_game(seed=1), 0)
    with pytest.raises(cardgames.InvalidMoveError) as caught:
        game.parse_move(view, "blah")
    assert "'Moves and notation' on the Alakazum! rules page" in str(caught.value)
    assert "cardgames.alakazum.notation" not in str(caught.value)
