"""The text picture of a Le Rally match: what it shows at each moment, how it reads every match
format's score, what a view hides, and that it is stable for a seeded game."""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterator
from typing import Any

import attrs
import pytest

from cardgames import InvalidStateError, alethi
from cardgames.lerally import (
    DEFAULT_CARDS,
    Config,
    Ending,
    Format,
    Score,
    ShedderBot,
    State,
    apply_move,
    is_over,
    legal_moves,
    new_game,
    parse_move,
    render,
    resample,
    view,
)

#: A card code anywhere in a picture.
CODE = re.compile(r"\b(?:[BN][LR]-[BN][LR]|[BN]W\d+|OF|JO|YO|CH)\b")
#: A player line that shows a hand as a count only.
COUNT_ONLY = re.compile(r"p\d( [AB])?( \[server\])? +\d+ cards?")


def play(state: State, seed: int = 0, *, bot: bool = True) -> Iterator[State]:
    """Every state of a match played on from ``state``, ``state`` first: by the heuristic bot,
    or by seeded random legal moves."""
    shedder, rng = ShedderBot(), random.Random(seed)
    yield state
    while not is_over(state):
        player = state.to_move
        assert player is not None
        moves = legal_moves(state)
        move = shedder.choose(view(state, player), moves, rng) if bot else rng.choice(moves)
        state = apply_move(state, move)
        yield state


def first(config: Config, seed: int, wanted: Callable[[State], bool]) -> State:
    """The first state of a seeded bot match that is ``wanted``."""
    for state in play(new_game(config, seed=seed), seed):
        if wanted(state):
            return state
    raise AssertionError("the match never reached the wanted moment")


def last(config: Config, seed: int) -> State:
    """The final state of a seeded bot match."""
    *_, state = play(new_game(config, seed=seed), seed)
    return state


def moves(state: State, *texts: str) -> State:
    for text in texts:
        state = apply_move(state, parse_move(state, text))
    return state


def check_shape(picture: str, lines: int = 20) -> None:
    assert picture.isascii()
    assert len(picture.splitlines()) <= lines
    assert all(len(line) < 100 for line in picture.splitlines())
    assert all(line == line.rstrip() for line in picture.splitlines())


def line_of(picture: str, start: str) -> str:
    return next(line for line in picture.splitlines() if line.startswith(start))


def player_line(picture: str, player: int) -> str:
    return line_of(picture, f"p{player} ")


def court(picture: str) -> dict[str, str]:
    """The court's cells by section code: ``{"NR": "NR red    o", ...}``."""
    cells = {}
    for line in picture.splitlines():
        if line.startswith("  | "):
            for cell in line.strip(" |").split("|"):
                cells[cell.split()[0]] = cell.strip()
    return cells


def hand_text(state: State, player: int) -> str:
    """A hand as the picture writes it: identical cards as ``x2``."""
    words: list[str] = []
    for card in state.hands[player]:
        if words and words[-1].split()[0] == card.code:
            count = int(words[-1].split(" x")[1]) + 1 if " x" in words[-1] else 2
            words[-1] = f"{card.code} x{count}"
        else:
            words.append(card.code)
    return " ".join(words) or "-"


# --- moments of a match ------------------------------------------------------------------------


def test_a_new_match() -> None:
    state = new_game(seed=12)
    picture = render(state)
    check_shape(picture)
    lines = picture.splitlines()
    assert lines[0] == "Le Rally - One Game, singles - server p1"
    assert lines[1] == "Score (p0-p1): 0-0"
    assert lines[2] == "new exchange: p0 leads"
    assert lines[3].endswith("+ net (p0's half)")
    assert court(picture) == {
        "NL": "NL yellow",
        "NR": "NR red",
        "BL": "BL blue",
        "BR": "BR green",
    }
    assert "pile: empty" in lines
    for player in range(2):
        assert player_line(picture, player).endswith(f"6 cards: {hand_text(state, player)}")
    assert "[server]" in player_line(picture, 1) and "[server]" not in player_line(picture, 0)
    assert "deck 66, cleared 0; 0 decisions this rally (limit 500)" in lines
    assert not any(line.startswith("last rally") for line in lines)
    assert lines[-1] == "to play: p0, leads a shot, a lob or the offense card"


def test_mid_exchange_the_ball_is_marked_in_its_section() -> None:
    state = moves(new_game(seed=12), "play BL-NR")
    picture = render(state)
    check_shape(picture)
    assert "ball: in NR (Net-Right, red) of p1's half, last card by p0" in picture
    cells = court(picture)
    assert cells["NR"].endswith(" o")
    assert not any(cells[code].endswith(" o") for code in ("NL", "BL", "BR"))
    assert "pile 1: BL-NR Forehand Angle" in picture
    assert picture.endswith("to play: p1, from NR")


def test_a_lob_and_the_offense_card_on_the_pile() -> None:
    state = first(Config(), 1, lambda s: len(s.pile) >= 2 and s.pile[-1] == s.pile[-2])
    picture = render(state)
    assert line_of(picture, "pile ").endswith(" x2")
    offense = first(Config(), 2, lambda s: bool(s.pile) and s.pile[-1].code == "OF")
    assert line_of(render(offense), "pile ").endswith("OF Offense")
    assert offense.ball is not None
    assert court(render(offense))[offense.ball.value].endswith(" o")


def test_facing_an_attack_and_a_hot_shot() -> None:
    state = moves(new_game(seed=12), "play BL-NR", "play NW3")
    picture = render(state)
    assert "attack: NW3 Net Winner +3, 3 to pick up; last card by p1" in picture
    assert not any(cell.endswith(" o") for cell in court(picture).values())
    assert picture.endswith("to play: p0, answers NW3 or picks up 3")
    state = moves(state, "play NW3")
    picture = render(state)
    check_shape(picture)
    assert "attack: NW3 Net Winner +3 x2 (Hot Shot), 6 to pick up; last card by p0" in picture
    assert "pile 3: BL-NR Forehand Angle > NW3 Net Winner +3 x2" in picture
    assert picture.endswith("to play: p1, answers NW3 or picks up 6")


def test_a_long_pile_shows_its_last_cards() -> None:
    state = first(Config(), 3, lambda s: len(s.pile) >= 6)
    line = line_of(render(state), "pile ")
    assert line.startswith(f"pile {len(state.pile)}: ... ")
    assert state.pile[-1].code in line and len(line) < 100


def test_after_a_rally() -> None:
    state = first(Config(), 5, lambda s: s.last_rally is not None)
    picture = render(state)
    check_shape(picture)
    win = state.last_rally
    assert win is not None and win.ending is Ending.EMPTY_HAND
    assert f"last rally: p{win.player} won it (emptied their hand)" in picture
    assert picture.splitlines()[1] == f"Score (p0-p1): {('15-0', '0-15')[win.side]}"
    assert picture.splitlines()[0].endswith(f"server p{state.server}")
    assert f"new exchange: p{(state.server + 1) % 2} leads" in picture


def test_a_rally_won_at_the_limit() -> None:
    config = Config(rally_limit=10)
    state = first(config, 1, lambda s: s.last_rally is not None)
    assert state.last_rally is not None and state.last_rally.ending is Ending.RALLY_LIMIT
    picture = render(state)
    assert f"last rally: p{state.last_rally.player} won it (fewest cards at the limit)" in picture
    assert "decisions this rally (limit 10)" in picture


def test_game_over() -> None:
    state = last(Config(), 7)
    assert state.result is not None
    (winner,) = state.result.winners
    picture = render(state)
    check_shape(picture)
    lines = picture.splitlines()
    assert lines[1].startswith(f"Score (p0-p1): Game p{winner} (from ")
    assert lines[-1] == f"match over: p{winner} wins (won the match)"
    assert f"p{winner} " in lines[-2] and "won it" in lines[-2]
    assert not court(picture) and "to play" not in picture
    assert player_line(picture, winner).endswith("0 cards: -")


# --- the score, format by format ---------------------------------------------------------------

SCORES = [
    (Config(), Score((0, 0), (1, 2)), "15-30"),
    (Config(), Score((0, 0), (3, 0)), "40-0"),
    (Config(), Score((0, 0), (3, 3)), "40-40 (deuce: the next rally wins)"),
    (Config(format=Format.SHOT_GUN), Score((0, 0), (0, 0)), "one rally decides the set"),
    (Config(format=Format.FAST_FOUR), Score((0, 0), (3, 2)), "Games 3-2, first to 4"),
    (Config(format=Format.ONE_SET), Score((0, 0), (4, 3)), "Games 4-3, first to 6 by 2"),
    (
        Config(format=Format.ONE_SET),
        Score((0, 0), (5, 5), to_seven=True),
        "Games 5-5, 5 all: first to 7",
    ),
    (
        Config(format=Format.ONE_SET),
        Score((0, 0), (6, 5), to_seven=True),
        "Games 6-5, 5 all: first to 7",
    ),
    (Config(format=Format.SHOT_GUN, best_of=3), Score((1, 0), (0, 0)), "Sets 1-0"),
    (Config(best_of=3), Score((1, 0), (2, 1)), "Sets 1-0, 30-15"),
    (
        Config(format=Format.FAST_FOUR, best_of=3),
        Score((1, 0), (2, 1)),
        "Sets 1-0, Games 2-1, first to 4",
    ),
    (
        Config(format=Format.ONE_SET, best_of=5),
        Score((2, 1), (0, 3)),
        "Sets 2-1, Games 0-3, first to 6 by 2",
    ),
]


@pytest.mark.parametrize(("config", "score", "expected"), SCORES)
def test_the_score_reads_like_tennis(config: Config, score: Score, expected: str) -> None:
    state = attrs.evolve(new_game(config, seed=1), score=score)
    picture = render(state)
    check_shape(picture)
    assert picture.splitlines()[1] == f"Score (p0-p1): {expected}"


def test_the_header_names_every_format() -> None:
    names = {
        Config(): "One Game, singles",
        Config(format=Format.SHOT_GUN): "Shot Gun, singles",
        Config(format=Format.FAST_FOUR): "Fast Four, singles",
        Config(format=Format.ONE_SET): "One Set, singles",
        Config(best_of=3): "Best of Three sets of One Game, singles",
        Config(format=Format.FAST_FOUR, best_of=5): "Best of Five sets of Fast Four, singles",
    }
    for config, name in names.items():
        header = render(new_game(config, seed=2)).splitlines()[0]
        assert header.startswith(f"Le Rally - {name} - server p")


@pytest.mark.parametrize(
    ("config", "seed", "score"),
    [
        (Config(format=Format.SHOT_GUN), 1, "the Shot Gun rally to p{w}"),
        (Config(format=Format.FAST_FOUR), 2, "Set p{w}, Games "),
        (Config(format=Format.ONE_SET), 3, "Set p{w}, Games "),
        (Config(format=Format.SHOT_GUN, best_of=3), 4, "Sets "),
    ],
)
def test_the_final_score(config: Config, seed: int, score: str) -> None:
    state = last(config, seed)
    assert state.result is not None
    (winner,) = state.result.winners
    line = render(state).splitlines()[1]
    assert line.startswith(f"Score (p0-p1): {score.format(w=winner)}")
    if config.best_of == 3:
        sets = "-".join(str(s) for s in state.score.sets)
        assert line == f"Score (p0-p1): Sets {sets}, match to p{winner}"
        assert max(state.score.sets) == 2


def test_a_best_of_three_match_in_progress() -> None:
    config = Config(format=Format.FAST_FOUR, best_of=3)
    state = first(config, 6, lambda s: sum(s.score.sets) == 1 and sum(s.score.games) >= 1)
    sets = "-".join(str(s) for s in state.score.sets)
    games = "-".join(str(g) for g in state.score.games)
    picture = render(state)
    assert picture.splitlines()[0].startswith("Le Rally - Best of Three sets of Fast Four")
    assert picture.splitlines()[1] == f"Score (p0-p1): Sets {sets}, Games {games}, first to 4"


# --- more players ------------------------------------------------------------------------------


def test_three_players() -> None:
    config = Config(players=3, format=Format.ONE_SET)
    state = first(config, 2, lambda s: s.last_rally is not None)
    picture = render(state)
    check_shape(picture)
    lines = picture.splitlines()
    assert lines[0] == f"Le Rally - One Set, 3 players - server p{state.server}"
    games = "-".join(str(g) for g in state.score.games)
    assert lines[1] == f"Score (p0-p1-p2): Games {games}, first to 6 by 2"
    for player in range(3):
        count = len(state.hands[player])
        assert player_line(picture, player).endswith(f"{count} cards: {hand_text(state, player)}")
    deuce = attrs.evolve(new_game(Config(players=3), seed=1), score=Score((0, 0, 0), (3, 3, 3)))
    expected = "Score (p0-p1-p2): 40-40-40 (the next rally won on 40 wins)"
    assert render(deuce).splitlines()[1] == expected


def test_four_players_each_for_themselves() -> None:
    state = last(Config(players=4, format=Format.FAST_FOUR), 3)
    assert state.result is not None
    (winner,) = state.result.winners
    picture = render(state)
    check_shape(picture)
    assert picture.splitlines()[0].startswith("Le Rally - Fast Four, 4 players")
    assert picture.splitlines()[1].startswith(f"Score (p0-p1-p2-p3): Set p{winner}, Games ")
    assert picture.endswith(f"match over: p{winner} wins (won the match)")


def test_doubles() -> None:
    config = Config(players=4, doubles=True, format=Format.FAST_FOUR)
    state = first(config, 4, lambda s: s.last_rally is not None)
    picture = render(state)
    check_shape(picture)
    lines = picture.splitlines()
    assert lines[0].startswith("Le Rally - Fast Four, doubles (A: p0+p2, B: p1+p3) - server p")
    assert lines[1] == "Score (A-B): Games {}-{}, first to 4".format(*state.score.games)
    for player in range(4):
        assert player_line(picture, player).startswith(f"p{player} {'AB'[player % 2]} ")
    win = state.last_rally
    assert win is not None
    team = "AB"[win.side]
    assert f"last rally: team {team} won it (p{win.player} emptied their hand)" in lines
    over = last(config, 4)
    assert over.result is not None
    winners = sorted(over.result.winners)
    team = "AB"[winners[0] % 2]
    over_picture = render(over)
    assert over_picture.splitlines()[1].startswith(f"Score (A-B): Set team {team}, Games ")
    assert over_picture.endswith(
        f"match over: team {team} (p{winners[0]}, p{winners[1]}) wins (won the match)"
    )


def test_doubles_best_of_five_header_fits() -> None:
    config = Config(players=4, doubles=True, format=Format.SHOT_GUN, best_of=5)
    seen = view(new_game(config, seed=1), 3)
    picture = render(seen)
    check_shape(picture)
    assert picture.splitlines()[1] == "Score (A-B): Sets 0-0"


def test_big_hands_wrap_within_the_width() -> None:
    state = new_game(Config(players=4, doubles=True), seed=3)
    pool = sorted([*state.deck, *(card for hand in state.hands for card in hand)])
    random.Random(1).shuffle(pool)
    sizes = (51, 9, 9, 9)
    hands = tuple(tuple(sorted(pool[sum(sizes[:p]) : sum(sizes[: p + 1])])) for p in range(4))
    state = attrs.evolve(state, hands=hands, deck=())
    picture = render(state)
    check_shape(picture, lines=24)
    lines = picture.splitlines()
    start = lines.index(player_line(picture, 0))
    end = lines.index(player_line(picture, 1))
    assert end - start >= 2  # the long hand takes more than one line
    assert all(line.startswith(" " * 16) for line in lines[start + 1 : end])
    words = " ".join(lines[start:end]).split(":", 1)[1].split()
    assert " ".join(words) == hand_text(state, 0)
    assert "deck 0, cleared 0" in picture


def test_custom_card_names_stay_ascii_and_short() -> None:
    cards = tuple(
        attrs.evolve(entry, name="Revers \u00e0 deux mains, tr\u00e8s long " * 3)
        for entry in DEFAULT_CARDS
    )
    state = first(Config(cards=cards), 1, lambda s: len(s.pile) >= 3)
    picture = render(state)
    check_shape(picture)
    assert "Revers ? deux mains" in picture


# --- views -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "config",
    [
        Config(),
        Config(players=3, format=Format.SHOT_GUN, best_of=3),
        Config(players=4, format=Format.FAST_FOUR),
        Config(players=4, doubles=True, format=Format.ONE_GAME, best_of=3),
    ],
    ids=["singles", "three", "four", "doubles"],
)
@pytest.mark.parametrize("bot", [True, False], ids=["bot", "random"])
def test_a_view_never_shows_another_players_cards(config: Config, bot: bool) -> None:
    for step, state in enumerate(play(new_game(config, seed=9), 9, bot=bot)):
        for player in range(config.players):
            seen = view(state, player)
            picture = render(seen)
            check_shape(picture, lines=24)
            assert picture.splitlines()[0].endswith(f" - view of p{player}")
            for other in range(config.players):
                if other == player:
                    continue
                line = player_line(picture, other)
                assert COUNT_ONLY.fullmatch(line), line
                size = len(state.hands[other])
                assert line.endswith(f" {size} card" + ("" if size == 1 else "s"))
            own = player_line(picture, player)
            assert own.endswith(f": {hand_text(state, player)}")
            # Whatever the hidden cards, the picture is the same.
            if step % 5 == 0:
                other_state = resample(seen, seed=step)
                assert render(view(other_state, player)) == picture


def test_a_view_and_the_state_differ_only_in_the_hidden_hands() -> None:
    state = moves(new_game(seed=12), "play BL-NR")
    full, seen = render(state).splitlines(), render(view(state, 0)).splitlines()
    assert seen[0] == full[0] + " - view of p0"
    differ = [i for i, (a, b) in enumerate(zip(full, seen, strict=True)) if a != b]
    assert [full[i].split()[0] for i in differ] == ["Le", "p1"]
    assert not CODE.search(seen[differ[1]])


# --- validation and stability ------------------------------------------------------------------


@pytest.mark.parametrize(
    "thing",
    [None, "x", 3, Config(), alethi.new_game(seed=1), alethi.view(alethi.new_game(seed=1), 0)],
    ids=["none", "str", "int", "config", "alethi-state", "alethi-view"],
)
def test_render_wants_a_state_or_a_view(thing: object) -> None:
    with pytest.raises(InvalidStateError):
        render(thing)  # type: ignore[arg-type]


def test_render_checks_a_hand_made_state() -> None:
    state = attrs.evolve(new_game(seed=1), score=Score((0,), (0,)))
    with pytest.raises(InvalidStateError, match="score"):
        render(state)


@pytest.mark.parametrize(
    "change",
    [
        pytest.param({"hand_sizes": ()}, id="no-hand-sizes"),
        pytest.param({"hand_sizes": (1, 6)}, id="wrong-own-size"),
        pytest.param({"score": ()}, id="score-tuple"),
        pytest.param({"score": Score((0,), (0,))}, id="score-short"),
        pytest.param({"pile": ("BL-NR",)}, id="pile-str"),
        pytest.param({"hand": ("JO",)}, id="hand-str"),
        pytest.param({"config": None}, id="no-config"),
        pytest.param({"player": 5}, id="player"),
        pytest.param({"to_move": "0"}, id="to-move-str"),
        pytest.param({"ball": "NR"}, id="ball-str"),
        pytest.param({"last_rally": (0, 0, "empty hand")}, id="rally-tuple"),
        pytest.param({"deck_size": -1}, id="deck-size"),
    ],
)
def test_render_refuses_a_malformed_view(change: dict[str, Any]) -> None:
    seen = attrs.evolve(view(moves(new_game(seed=12), "play BL-NR"), 0), **change)
    with pytest.raises(InvalidStateError):
        render(seen)


SEEDED_BALL = """\
Le Rally - One Game, singles - server p1{title}
Score (p0-p1): 0-0
ball: in NR (Net-Right, red) of p1's half, last card by p0
  +=============+=============+ net (p1's half)
  | NL yellow   | NR red    o |
  +-------------+-------------+
  | BL blue     | BR green    |
  +-------------+-------------+ baseline
pile 1: BL-NR Forehand Angle
p0           {p0}
p1 [server]  {p1}
deck 66, cleared 0; 1 decision this rally (limit 500)
to play: p1, from NR"""

SEEDED_ATTACK = """\
Le Rally - One Game, singles - server p1
Score (p0-p1): 0-0
attack: NW3 Net Winner +3 x2 (Hot Shot), 6 to pick up; last card by p0
  +=============+=============+ net (p1's half)
  | NL yellow   | NR red      |
  +-------------+-------------+
  | BL blue     | BR green    |
  +-------------+-------------+ baseline
pile 3: BL-NR Forehand Angle > NW3 Net Winner +3 x2
p0           4 cards: BR-BR NL-BL NR-BL NR-NR
p1 [server]  5 cards: BL-BR BR-BR x2 BR-NR NR-NR
deck 66, cleared 0; 3 decisions this rally (limit 500)
to play: p1, answers NW3 or picks up 6"""


def test_the_picture_of_a_seeded_game_is_stable() -> None:
    state = moves(new_game(seed=12), "play BL-NR")
    p0, p1 = "5 cards: BR-BR NL-BL NR-BL NR-NR NW3", "6 cards: BL-BR BR-BR x2 BR-NR NR-NR NW3"
    assert render(state) == SEEDED_BALL.format(title="", p0=p0, p1=p1)
    assert render(view(state, 0)) == SEEDED_BALL.format(title=" - view of p0", p0=p0, p1="6 cards")
    assert render(view(state, 1)) == SEEDED_BALL.format(title=" - view of p1", p0="5 cards", p1=p1)
    assert render(moves(state, "play NW3", "play NW3")) == SEEDED_ATTACK


def test_the_rules_page_shows_the_seeded_picture() -> None:
    from pathlib import Path

    page = Path(__file__).resolve().parent.parent / "docs" / "rules" / "lerally.md"
    state = moves(new_game(seed=12), "play BL-NR")
    assert f"```text\n{render(state)}\n```" in page.read_text(encoding="utf-8")
