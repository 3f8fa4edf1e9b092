"""The text picture of an AlakaSLAM match: what it shows, what a view hides, and that it is
stable for a seeded game."""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterator

import attrs
import pytest

from cardgames import InvalidStateError
from cardgames.alakaslam import (
    Call,
    Character,
    Colour,
    Config,
    Corner,
    Hit,
    Keep,
    Phase,
    RallyBot,
    State,
    apply_move,
    enchant,
    hit,
    is_over,
    legal_moves,
    new_game,
    render,
    resample,
    view,
)

R2, E2 = hit(2, Colour.RED), enchant(2)
CODE = re.compile(r"\b[RBE][0-9]\b")
SINGLES = Config(characters=(Character.RICH, Character.WENDOLYN))
DOUBLES = Config(
    players=4,
    characters=(Character.TOOTS, Character.HAZEL, Character.AUSTIN, Character.CORWIN),
)


def play(state: State, seed: int = 0) -> Iterator[State]:
    """Every state of a match played on from ``state`` by the rally bot, ``state`` first.

    When the bot picks a move that is not legal (it may let the ball go where the first player
    of a doubles side can only hand over), a seeded random legal move is played instead: these
    tests are about the picture, not the bot.
    """
    bot, rng = RallyBot(), random.Random(seed)
    yield state
    while not is_over(state):
        player = state.to_move
        assert player is not None
        moves = legal_moves(state)
        move = bot.choose(view(state, player), moves, rng)
        if move not in moves:
            move = rng.choice(moves)
        state = apply_move(state, move)
        yield state


def first(config: Config, seed: int, wanted: Callable[[State], bool]) -> State:
    """The first state of a seeded bot match that is ``wanted``."""
    for state in play(new_game(config, seed=seed), seed):
        if wanted(state):
            return state
    raise AssertionError("the match never reached the wanted moment")


def court_rows(picture: str) -> dict[int, list[str]]:
    """The court's cells by row number (1-4), each stripped."""
    rows = {}
    for line in picture.splitlines():
        match = re.match(r"([1-4]) \|(.*)\|", line)
        if match:
            rows[int(match[1])] = [cell.strip() for cell in match[2].split("|")]
    return rows


def player_line(picture: str, player: int) -> str:
    return next(line for line in picture.splitlines() if line.startswith(f"p{player} "))


def check_shape(picture: str) -> None:
    assert picture.isascii()
    assert len(picture.splitlines()) <= 25
    assert all(len(line) <= 100 for line in picture.splitlines())


# --- states ----------------------------------------------------------------------------------


def test_a_new_singles_game() -> None:
    state = new_game(SINGLES, seed=4)
    picture = render(state)
    check_shape(picture)
    lines = picture.splitlines()
    assert lines[0] == "AlakaSLAM singles: A 0 - 0 B, first to 3"
    assert lines[1].split() == ["a", "b", "c"]
    assert court_rows(picture) == {row: ["", "", ""] for row in (1, 2, 3, 4)}
    assert list(court_rows(picture)) == [4, 3, 2, 1]  # row 4 on top
    net = lines.index(next(line for line in lines if line.endswith("+ net")))
    assert lines[net - 1].startswith("3 |") and lines[net + 1].startswith("2 |")
    assert "side B (1)" in lines[2 + 1] and "side A (0)" in lines[2 + 5]
    legend = lines[net + 4]
    assert legend.split()[0] == "blue" and legend.split()[-1] == "red"
    for player, character in enumerate(SINGLES.characters or ()):
        hand = " ".join(card.code for card in state.hands[player])
        assert player_line(picture, player).endswith(f"8: {hand}")
        assert character.full_name in player_line(picture, player)
    assert f"deck {len(state.deck)}, discard empty" in lines
    assert lines[-1] == "shot 0, mulligan phase: p0 mulligans or keeps (then p1)"


def test_a_serve_shows_the_players_the_ball_and_the_server() -> None:
    state = first(SINGLES, 4, lambda s: s.phase is Phase.SERVE)
    picture = render(state)
    check_shape(picture)
    rows = court_rows(picture)
    server = state.server
    assert server is not None and state.ball is not None
    for player, cell in enumerate(state.positions):
        text = rows[cell.row + 1][cell.col]
        assert f"{player}:{state.characters[player].value[:3].capitalize()}" in text
    assert rows[state.ball.row + 1][state.ball.col].endswith("*")
    assert "[server]" in player_line(picture, server)
    assert picture.splitlines()[-1] == f"shot 0, serve phase: p{server} serves"


def test_mid_rally_shows_the_binds_and_the_ball_in_the_air() -> None:
    state = first(SINGLES, 1, lambda s: s.phase is Phase.MOVE and any(s.binds))
    picture = render(state)
    check_shape(picture)
    ball = state.ball
    assert ball is not None
    assert court_rows(picture)[ball.row + 1][ball.col].endswith("*")
    bound = [f"p{p} plays exactly {n}" for p, n in enumerate(state.binds) if n]
    assert f"bound: {', '.join(bound)}" in picture
    assert f"shot {state.shots}, move phase: p{state.to_move} moves and hits" in picture


def test_rich_s_lock_is_shown() -> None:
    state = first(SINGLES, 1, lambda s: s.locked)
    assert "locked: no Enchantment in the return (Rich)" in render(state)


def test_after_a_point() -> None:
    state = first(SINGLES, 2, lambda s: s.last_point is not None)
    picture = render(state)
    check_shape(picture)
    point = state.last_point
    assert point is not None
    winner, loser = "AB"[point.side], "AB"[1 - point.side]
    assert f"last point: side {winner} won it (side {loser}: {point.fault})" in picture
    assert f"A {state.score[0]} - {state.score[1]} B" in picture.splitlines()[0]
    assert "*" not in "".join("".join(cells) for cells in court_rows(picture).values())


def test_game_over() -> None:
    states = list(play(new_game(SINGLES, seed=3), 3))
    state = states[-1]
    assert state.result is not None
    side = "AB"[min(state.result.winners) % 2]
    picture = render(state)
    check_shape(picture)
    assert picture.splitlines()[-1] == f"game over: side {side} wins (won the match)"
    assert f"A {state.score[0]} - {state.score[1]} B" in picture.splitlines()[0]


def test_a_draw_by_the_shot_limit() -> None:
    config = attrs.evolve(SINGLES, shot_limit=1)
    state = first(config, 5, lambda s: s.result is not None)
    assert state.result is not None and state.result.is_draw  # the serve landed in: 0-0
    assert render(state).endswith("game over: draw (shot limit reached with the score level)")


def test_a_doubles_game() -> None:
    state = new_game(DOUBLES, seed=6)
    picture = render(state)
    check_shape(picture)
    assert picture.startswith("AlakaSLAM doubles: A 0 - 0 B, first to 3")
    assert picture.splitlines()[1].split() == ["a", "b", "c", "d"]
    assert "side B (1,3)" in picture and "side A (0,2)" in picture
    for player in range(4):
        assert player_line(picture, player).startswith(f"p{player} {'AB'[player % 2]} ")
    served = first(DOUBLES, 6, lambda s: s.phase is Phase.SERVE)
    rows = court_rows(render(served))
    for player, cell in enumerate(served.positions):
        assert str(player) in rows[cell.row + 1][cell.col]


def test_the_face_down_cards_of_a_doubles_hit() -> None:
    state = first(DOUBLES, 6, lambda s: s.phase is Phase.SUPPORT)
    hitter, support = state.hitter, state.to_move
    assert hitter is not None and support is not None
    played = " ".join(card.code for card in state.played)
    count = len(state.played)
    noun = "card" if count == 1 else "cards"
    assert f"face down: {count} {noun} of p{hitter}: {played}" in render(state)
    # The hitter knows the cards; the support and the opponents see only how many.
    assert f"face down: {count} {noun} of p{hitter}: {played}" in render(view(state, hitter))
    for player in range(4):
        if player == hitter:
            continue
        lines = render(view(state, player)).splitlines()
        assert f"face down: {count} {noun} of p{hitter}" in lines
        assert f"{count} {noun}: " not in "\n".join(lines)
    support_view = render(view(state, support))
    assert "support phase" in support_view
    hitter_hand = len(state.hands[hitter])
    assert player_line(support_view, hitter).endswith(
        f"{hitter_hand} card{'' if hitter_hand == 1 else 's'}"
    )


def test_a_doubles_target_choice() -> None:
    state = first(DOUBLES, 0, lambda s: s.phase is Phase.TARGET)
    assert "Enchantments to target: " in render(state)


# --- views -----------------------------------------------------------------------------------


def hidden_lines(picture: str, player: int, own_face_down: bool) -> list[str]:
    """The lines of a view's picture that must not name a card: all but the viewer's own hand,
    the top of the (face-up) discard pile and, for the hitter, their own face-down cards."""
    lines = []
    for line in picture.splitlines():
        if line.startswith((f"p{player} ", "deck ")):
            continue
        if own_face_down and line.startswith("face down:"):
            continue
        lines.append(line)
    return lines


@pytest.mark.parametrize("config", [SINGLES, DOUBLES, Config(players=4, split_movement=True)])
def test_a_view_never_shows_hidden_cards(config: Config) -> None:
    for state in play(new_game(config, seed=8), 8):
        for player in range(config.players):
            seen = view(state, player)
            picture = render(seen)
            check_shape(picture)
            assert picture.splitlines()[0].endswith(f"(view of p{player})")
            for line in hidden_lines(picture, player, state.hitter == player):
                assert not CODE.search(line), line
            for other in range(config.players):
                if other != player:
                    size = len(state.hands[other])
                    assert player_line(picture, other).endswith(
                        f" {size} card{'' if size == 1 else 's'}"
                    )
            own = " ".join(card.code for card in state.hands[player]) or "-"
            assert player_line(picture, player).endswith(f"{len(state.hands[player])}: {own}")


def test_a_view_draws_the_same_whatever_the_hidden_cards() -> None:
    state = first(DOUBLES, 3, lambda s: s.phase is Phase.MOVE and s.shots >= 2)
    seen = view(state, 1)
    other = resample(seen, seed=99)
    assert other.hands[0] != state.hands[0] or other.deck != state.deck
    assert render(view(other, 1)) == render(seen)
    assert render(other) != render(state)


# --- validation and stability ----------------------------------------------------------------


@pytest.mark.parametrize("table", [None, "x", 3, Config()])
def test_render_wants_a_state_or_a_view(table: object) -> None:
    with pytest.raises(InvalidStateError):
        render(table)  # type: ignore[arg-type]


def test_render_checks_a_hand_made_state() -> None:
    state = attrs.evolve(new_game(SINGLES, seed=1), score=(7, 0))
    with pytest.raises(InvalidStateError, match="score"):
        render(state)


SEEDED = """\
AlakaSLAM singles: A 0 - 0 B, first to 3{title}
      a       b       c
  +-------+-------+-------+
4 |       |       | 1:Wen | side B (1)
3 |       |   *   |       |
  +=======+=======+=======+ net
2 |       |       |       |
1 | 0:Ric |       |       | side A (0)
  +-------+-------+-------+
  blue      * ball      red
p0 A Maegister Rich [server]      {rich}
p1 B Witch Wendolyn               8: B0 R0 R1 R1 R2 E1 E1 E2
deck 35, discard 3, top E2
bound: p1 plays exactly 2; locked: no Enchantment in the return (Rich)
shot 1, after phase: p0 moves after the hit (free step unused)"""


def seeded_serve() -> State:
    """Rich serves a red Hit-2 with an Enchant-2 from a1 to b3 in a match seeded 12."""
    state = new_game(SINGLES, seed=12)
    for move in (Keep(), Keep(), Call(Colour.RED), Corner(Colour.BLUE), Hit((R2, E2))):
        state = apply_move(state, move)
    return state


def test_the_picture_of_a_seeded_game_is_stable() -> None:
    state = seeded_serve()
    assert render(state) == SEEDED.format(title="", rich="6: B1 B1 R2 E1 E1 E2")
    assert render(view(state, 1)) == SEEDED.format(title=" (view of p1)", rich="6 cards")
    assert render(seeded_serve()) == render(state)
