"""``render_svg`` and ``_repr_svg_``: every game's picture of its table, from states and views.

For every game and preset, tables from random games are drawn and parsed back as XML: the
document has a ``viewBox`` and a ``<title>``, holds one card shape (``<g class="card">``) for
each card the table shows, the players' names and the score; a view draws the cards its player
does not know as backs, and draws the same picture for every state that shows it the same
view. Names that XML would misread are escaped, bad input is a library error, and
``cardgames replay --svg`` writes one picture per table.
"""

from __future__ import annotations

import io
import random
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import attrs
import pytest

import cardgames
from cardgames import alakaslam, alakazum, alethi, lerally
from cardgames.alakaslam.config import MAX_COUNT
from cardgames.cli import main
from cardgames.errors import CardgamesError, InvalidPlayerError, InvalidStateError
from cardgames.svg import ROW_CARDS, Canvas, card_row, clean, repr_svg

SVG = "{http://www.w3.org/2000/svg}"
GAMES = sorted(cardgames.GAMES)
CASES = [(name, preset) for name in GAMES for preset in cardgames.get_game(name).presets]
#: Moves played at most in each random game, and tables drawn from it.
MOVES = 160
SAMPLES = 4
#: A name XML would misread if it were not escaped.
NASTY = '<b>&amp;"Zoë\'s"</svg>'


def tables(name: str, preset: str, seed: int = 5) -> Iterator[Any]:
    """A few states of a random game: the start, some along the way and the last one."""
    game = cardgames.get_game(name)
    state = game.new_game(game.presets[preset], seed=seed)
    rng = random.Random(seed)
    states = [state]
    for _ in range(MOVES):
        moves = game.legal_moves(state)
        if not moves:
            break
        state = game.apply_move(state, rng.choice(moves))
        states.append(state)
    step = max(1, len(states) // SAMPLES)
    yield from states[::step]
    if (len(states) - 1) % step:
        yield states[-1]


def parse(picture: str) -> ET.Element:
    """The picture's root element, after the checks every picture passes."""
    root = ET.fromstring(picture)
    assert root.tag == f"{SVG}svg"
    assert root.get("viewBox") == f"0 0 {root.get('width')} {root.get('height')}"
    assert 600 <= float(root.get("width", "0")) <= 900
    title = root.find(f"{SVG}title")
    assert title is not None and title.text
    return root


def cards(root: ET.Element) -> tuple[int, int]:
    """How many card shapes the picture holds, and how many of them are face down."""
    shapes = [g.get("class", "") for g in root.iter(f"{SVG}g")]
    return sum(c.startswith("card") for c in shapes), shapes.count("card back")


def texts(root: ET.Element) -> str:
    """Every text of the picture, one per line."""
    return "\n".join(t.text or "" for t in root.iter(f"{SVG}text"))


def row(faces: int, backs: int = 0) -> tuple[int, int]:
    """The cards a row of ``faces`` and ``backs`` draws, and the backs among them."""
    shown = min(faces, ROW_CARDS)
    hidden = max(0, min(backs, ROW_CARDS - shown))
    return shown + hidden, hidden


def rows(*counts: tuple[int, int]) -> tuple[int, int]:
    """The sum of several rows' counts."""
    return sum(c[0] for c in counts), sum(c[1] for c in counts)


def expected_cards(table: Any) -> tuple[int, int]:
    """The card shapes a picture of ``table`` draws, and how many of them face down."""
    if isinstance(table, alethi.State | alethi.View):
        return len(table.field), sum(card.captured for card in table.field)
    if isinstance(table, alakaslam.State):
        hands = [row(len(hand)) for hand in table.hands]
        return rows(*hands, row(len(table.played)), (bool(table.discard), 0))
    if isinstance(table, alakaslam.View):
        hands = [
            row(len(table.hand)) if p == table.player else row(0, size)
            for p, size in enumerate(table.hand_sizes)
        ]
        played = row(len(table.played), table.played_count - len(table.played))
        return rows(*hands, played, (bool(table.discard), 0))
    if isinstance(table, lerally.State):
        return rows(*(row(len(hand)) for hand in table.hands), (min(len(table.pile), 8), 0))
    if isinstance(table, lerally.View):
        hands = [
            row(len(table.hand)) if p == table.player else row(0, size)
            for p, size in enumerate(table.hand_sizes)
        ]
        return rows(*hands, (min(len(table.pile), 8), 0))
    seen = table if isinstance(table, alakazum.View) else alakazum.view(table, table.active)
    enemies = (len(seen.enemies), sum(enemy is None for enemy in seen.enemies))
    members = (sum(min(len(team), ROW_CARDS) for team in seen.teams), 0)
    table_rows = (enemies, members, row(len(seen.market)), row(len(seen.start_row)))
    if isinstance(table, alakazum.State):
        return rows(*table_rows, *(row(len(hand)) for hand in table.hands))
    hands = [
        row(len(table.hand)) if p == table.player else row(0, size)
        for p, size in enumerate(table.hand_sizes)
    ]
    return rows(*table_rows, *hands)


@pytest.mark.parametrize(("name", "preset"), CASES)
def test_states_and_views_draw_their_cards(name: str, preset: str) -> None:
    game = cardgames.get_game(name)
    for state in tables(name, preset):
        seats = game.num_players(state.config)
        for table in (state, *(game.view(state, p) for p in range(seats))):
            picture = game.render_svg(table)
            root = parse(picture)
            assert cards(root) == expected_cards(table)
            assert table._repr_svg_() == picture
            assert game.render_svg(table) == picture  # the same text every time


@pytest.mark.parametrize(("name", "preset"), CASES)
def test_names_and_score_are_shown_and_escaped(name: str, preset: str) -> None:
    game = cardgames.get_game(name)
    state = next(tables(name, preset))
    seats = game.num_players(state.config)
    names = tuple(f"{NASTY} {p}" for p in range(seats))
    picture = game.render_svg(state, names=names)
    assert "<b>" not in picture and "</svg>" not in picture[:-8]
    shown = texts(parse(picture))
    for label in names:
        assert label in shown
    for label in game.seat_names(state.config):
        assert label not in shown.splitlines()
    default = texts(parse(game.render_svg(state)))
    if name == "alethi":
        assert "red" in default and "blue" in default
    elif name == "alakaslam":
        assert f"A {state.score[0]} \u2013 {state.score[1]} B" in default
    elif name == "lerally":
        assert "Score (" in default
    else:
        assert "culture points:" in default


@pytest.mark.parametrize(("name", "preset"), CASES)
def test_a_view_draws_the_same_for_every_state_behind_it(name: str, preset: str) -> None:
    """Hidden cards cannot show: states dealt again from a view draw that view alike."""
    game = cardgames.get_game(name)
    for state in tables(name, preset, seed=11):
        for player in range(game.num_players(state.config)):
            seen = game.view(state, player)
            picture = game.render_svg(seen)
            for seed in (1, 2):
                again = game.view(game.resample(seen, seed=seed), player)
                assert game.render_svg(again) == picture


def test_hidden_hands_are_backs_and_own_hand_faces() -> None:
    state = tables("alakaslam", "default").__next__()
    seen = alakaslam.view(state, 0)
    shown = texts(parse(alakaslam.render_svg(seen)))
    for card in seen.hand:
        assert card.code in shown.splitlines()
    assert cards(parse(alakaslam.render_svg(seen)))[1] == sum(seen.hand_sizes) - len(seen.hand)
    whole = texts(parse(alakaslam.render_svg(state))).splitlines()
    assert all(card.code in whole for hand in state.hands for card in hand)


@pytest.mark.parametrize("name", GAMES)
def test_hostile_tables_are_library_errors(name: str) -> None:
    game = cardgames.get_game(name)
    state = game.new_game(seed=1)
    others = [cardgames.get_game(g).new_game(seed=1) for g in GAMES if g != name]
    for bad in (None, "state", 3, *others):
        with pytest.raises(CardgamesError):
            game.render_svg(bad)
    broken = attrs.evolve(state, config=None)
    with pytest.raises(CardgamesError):
        game.render_svg(broken)
    with pytest.raises(CardgamesError):
        game.render_svg(attrs.evolve(game.view(state, 0), player=99))
    with pytest.raises(CardgamesError):
        broken._repr_svg_()
    seats = game.num_players(state.config)
    hostile: list[Any] = ["ab", ("x",) * (seats + 1), (1,) * seats, ("x" * 101,) * seats]
    for names in hostile:
        with pytest.raises(InvalidPlayerError) as raised:
            game.render_svg(state, names=names)
        assert "xxxxx" not in str(raised.value)


def test_names_with_control_characters_still_make_xml() -> None:
    picture = alethi.render_svg(alethi.new_game(seed=1), names=("a\x00b\x1b", "\ud800c"))
    shown = texts(parse(picture))
    assert "a?b?" in shown and "?c" in shown


def test_the_shared_drawing() -> None:
    assert clean("x" * 50, limit=10) == "x" * 9 + "\u2026"
    canvas = Canvas(640, 100, 'a "title" & <more>')
    canvas.text(10, 20, "<&>")
    canvas.card(10, 30, 40, 50, lines=["A"])
    canvas.card(60, 30, 40, 50, face_down=True)
    root = parse(canvas.finish())
    assert cards(root) == (2, 1)
    assert root.find(f"{SVG}title").text == 'a "title" & <more>'  # type: ignore[union-attr]
    with pytest.raises(InvalidStateError):
        repr_svg(object())


def test_card_rows_wrap_and_texts_shrink_to_their_room() -> None:
    """A row too long for its room goes on to further rows (and says where it ends); a text
    or a card line too long for its room is set smaller, and cut only below the smallest
    size."""
    canvas = Canvas(640, 400, "rows")
    faces = [([f"C{i}"], "#ffffff", "#222222") for i in range(12)]
    bottom = card_row(canvas, 10, 10, 200, faces, width=40, height=50)
    assert bottom == 10 + 3 * 50 + 2 * 6  # four cards a row: 4 * 40 + 3 * 6 <= 200
    canvas.text(10, 300, "x" * 30, size=14, room=150)
    canvas.text(10, 330, "y" * 200, size=14, room=150, limit=200)
    canvas.card(300, 300, 60, 40, lines=["soulcaster"], size=12)
    root = parse(canvas.finish())
    boxes = [r for r in root.iter(f"{SVG}rect") if r.get("width") == "40"]
    assert sorted({float(r.get("y", "0")) for r in boxes})[:3] == [10, 66, 122]
    shown = {t.text: t for t in root.iter(f"{SVG}text")}
    assert float(shown["x" * 30].get("font-size", "0")) == pytest.approx(150 / (30 * 0.6), 0.02)
    cut = next(t for t in shown if t and t.startswith("y"))
    assert cut.endswith("\u2026") and len(cut) < 200
    assert "soulcaster" in shown


def record_file(tmp_path: Path) -> Path:
    path = tmp_path / "game.json"
    argv = ["play", "lerally", "--bots", "greedy,random", "--seed", "4", "--quiet"]
    assert main([*argv, "--out", str(path)], stdout=io.StringIO()) == 0
    return path


def test_replay_writes_one_picture_per_table(tmp_path: Path) -> None:
    path = record_file(tmp_path)
    record = cardgames.GameRecord.from_json(path.read_text(encoding="utf-8"))
    states = record.states()
    target = tmp_path / "pictures" / "deep"
    out, err = io.StringIO(), io.StringIO()
    status = main(
        ["replay", str(path), "--svg", str(target), "--view", "1"], stdout=out, stderr=err
    )
    assert (status, err.getvalue()) == (0, "")
    files = sorted(target.iterdir())
    assert [f.name for f in files] == [f"{i:03d}.svg" for i in range(len(states))]
    assert f"{len(states)} pictures written to {target}" in out.getvalue()
    game = cardgames.get_game(record.game)
    first = files[0].read_text(encoding="utf-8")
    parse(first)
    assert "greedy" in first
    assert cards(parse(files[-1].read_text(encoding="utf-8")))[1] == sum(
        n for p, n in enumerate(game.view(states[-1], 1).hand_sizes) if p != 1
    )


def test_replay_refuses_a_file_for_the_pictures_before_reading(tmp_path: Path) -> None:
    taken = tmp_path / "taken"
    taken.write_text("", encoding="utf-8")
    out, err = io.StringIO(), io.StringIO()
    status = main(
        ["replay", str(tmp_path / "missing.json"), "--svg", str(taken)], stdout=out, stderr=err
    )
    assert status == 2
    assert str(taken) in err.getvalue() and "not a directory" in err.getvalue()
    assert "missing.json" not in err.getvalue()


#: The pictures of docs/pictures.md: the game, the seed of its greedy bots, the frame shown and
#: the seat whose view it is (``None``: the whole state), made by ``play`` and ``replay --svg``.
DOC_PICTURES = {
    "alethi.svg": ("alethi", 7, 16, None),
    "alakaslam.svg": ("alakaslam", 7, 20, None),
    "lerally.svg": ("lerally", 7, 40, None),
    "alakazum-view.svg": ("alakazum", 1, 12, 1),
}
DOCS = Path(__file__).resolve().parent.parent / "docs" / "images" / "pictures"


@pytest.mark.parametrize("picture", sorted(DOC_PICTURES))
def test_the_pictures_of_the_docs_are_what_the_commands_make(picture: str, tmp_path: Path) -> None:
    """A change to a picture shows up here: the docs' copy is made again on purpose."""
    name, seed, frame, seat = DOC_PICTURES[picture]
    record = tmp_path / "game.json"
    argv = ["play", name, "--bots", "greedy,greedy", "--seed", str(seed), "--quiet"]
    assert main([*argv, "--out", str(record)], stdout=io.StringIO()) == 0
    view = [] if seat is None else ["--view", str(seat)]
    frames = tmp_path / "frames"
    assert main(["replay", str(record), "--svg", str(frames), *view], stdout=io.StringIO()) == 0
    made = (frames / f"{frame:03d}.svg").read_text(encoding="utf-8")
    assert (DOCS / picture).read_text(encoding="utf-8") == made


def test_the_alethi_rules_picture_is_what_render_svg_draws() -> None:
    """The rules page shows the table at the start of a game as the library draws it."""
    drawn = alethi.render_svg(alethi.new_game(seed=1))
    shown = (DOCS.parent / "alethi-table.svg").read_text(encoding="utf-8")
    assert shown == drawn
    page = (DOCS.parent.parent / "rules" / "alethi.md").read_text(encoding="utf-8")
    assert "](../images/alethi-table.svg)" in page


def test_the_largest_hand_the_checks_accept_draws_a_bounded_picture() -> None:
    """A picture stays small whatever the table holds: AlakaSLAM's largest deck with nearly
    all of it in one hand draws a row of cards and a count of the rest, inside its width."""
    faces = [alakaslam.hit(v, c) for c in alakaslam.Colour for v in range(10)] + [
        alakaslam.enchant(v) for v in (1, 2, 3)
    ]
    deck = tuple(alakaslam.CardCount(face, MAX_COUNT) for face in faces)
    config = alakaslam.Config(
        players=4, deck=deck, hand_size=50, points_to_win=99, shot_limit=10_000
    )
    state = alakaslam.new_game(config, seed=1)
    rng = random.Random(1)
    while state.phase is not alakaslam.Phase.SUPPORT:  # the hitter's cards lie face down
        state = alakaslam.apply_move(state, rng.choice(alakaslam.legal_moves(state)))
    player = state.to_move
    assert player is not None
    hands = list(state.hands)
    hands[player] = tuple(sorted((*hands[player], *state.deck[:-5])))
    big = attrs.evolve(state, hands=tuple(hands), deck=state.deck[-5:])
    pictured: list[alakaslam.State | alakaslam.View] = [big]
    pictured += [alakaslam.view(big, p) for p in range(4)]
    for table in pictured:
        picture = alakaslam.render_svg(table)
        root = parse(picture)
        assert len(picture) <= 150_000
        assert cards(root) == expected_cards(table)
        assert f"+{len(hands[player]) - ROW_CARDS}" in texts(root).splitlines()
        xs = [float(r.get("x", "0")) for r in root.iter(f"{SVG}rect")]
        assert max(xs) < float(root.get("width", "0"))
