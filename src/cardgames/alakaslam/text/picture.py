"""An SVG picture of an AlakaSLAM match: the score, the court with every character on its cell
and the ball, each player's hand, the deck and the discard pile, and whose decision it is.

From a state every hand is face up; from a view only the viewer's own hand is, the others are
card backs, and the hitter's face-down cards are backs to everyone but the hitter.
"""

from __future__ import annotations

from collections.abc import Sequence

from cardgames.alakaslam.cards import Card, Character, Colour
from cardgames.alakaslam.court import NET_ROW, ROWS, Cell
from cardgames.alakaslam.state import State, View
from cardgames.alakaslam.text.render import render
from cardgames.game import SPECTATOR
from cardgames.svg import MUTED, Canvas, card_row, check_names, register_picture

__all__ = ["render_svg"]

WIDTH = 860
MARGIN = 30
#: A court cell, in pixels.
CELL_W = 110
CELL_H = 64
COURT_TOP = 96
#: The sides' names and colours: side A is players 0 (and 2), side B players 1 (and 3).
SIDES = "AB"
SIDE_COLOUR = ("#2a7f62", "#b5651d")
#: Card faces: Hit cards in their colour, Enchantments in violet.
FACES = {
    Colour.BLUE: ("#d2e1f4", "#1d4e89"),
    Colour.RED: ("#f4d3cc", "#a1301c"),
    None: ("#e6dcf3", "#5b3a8c"),
}
EDGE = {Colour.BLUE: "#2f6fb3", Colour.RED: "#c0392b"}
#: The room between one player's hand and the next player's name.
PLAYER_GAP = 28
#: Where a player's character is told, on the line of their name.
WHO_X = MARGIN + 260


def _face(card: Card) -> tuple[Sequence[str], str, str]:
    fill, ink = FACES[card.colour]
    return ([card.code], fill, ink)


def _court(canvas: Canvas, s: State | View) -> float:
    """The court, row 4 on top, the net between rows 3 and 2; the bottom of the court."""
    columns = s.config.columns
    left = MARGIN + 24
    width = columns * CELL_W
    for col in range(columns):
        x = left + (col + 0.5) * CELL_W
        canvas.text(x, COURT_TOP - 8, chr(ord("a") + col), size=12, fill=MUTED, anchor="middle")
    for row in range(ROWS):
        y = COURT_TOP + (ROWS - 1 - row) * CELL_H
        canvas.text(left - 10, y + CELL_H / 2 + 4, str(row + 1), size=12, fill=MUTED, anchor="end")
        half = 1 if row > NET_ROW else 0
        for col in range(columns):
            tint = "#e3efe7" if half == 0 else "#f6ead9"
            canvas.rect(left + col * CELL_W, y, CELL_W, CELL_H, fill=tint, stroke="#ffffff")
    net = COURT_TOP + (ROWS - 1 - NET_ROW) * CELL_H
    bottom = COURT_TOP + ROWS * CELL_H
    canvas.line(left - 6, net, left + width + 6, net, width=4)
    canvas.text(left + width + 12, net + 4, "net", size=12, fill=MUTED)
    canvas.line(left, COURT_TOP, left, bottom, stroke=EDGE[Colour.BLUE], width=4)
    canvas.line(left + width, COURT_TOP, left + width, bottom, stroke=EDGE[Colour.RED], width=4)
    canvas.text(left, bottom + 16, "blue edge", size=11, fill=EDGE[Colour.BLUE])
    canvas.text(left + width, bottom + 16, "red edge", size=11, fill=EDGE[Colour.RED], anchor="end")
    for side, row in ((1, ROWS - 1), (0, 0)):
        mid = COURT_TOP + (ROWS - 1 - row) * CELL_H + CELL_H / 2 + 5
        members = ", ".join(f"p{p}" for p in range(side, s.config.players, 2))
        canvas.text(
            left + width + 12,
            mid,
            f"side {SIDES[side]} ({members})",
            size=13,
            fill=SIDE_COLOUR[side],
            bold=True,
        )
    for cell in sorted({*s.positions}):
        here = [p for p, at in enumerate(s.positions) if at == cell]
        x0 = left + cell.col * CELL_W
        y0 = COURT_TOP + (ROWS - 1 - cell.row) * CELL_H
        for index, player in enumerate(here):
            cx = x0 + CELL_W / 2 + (index - (len(here) - 1) / 2) * 44
            canvas.circle(cx, y0 + 24, 14, fill=SIDE_COLOUR[player % 2], stroke="#ffffff")
            canvas.text(
                cx, y0 + 29, str(player), size=13, fill="#ffffff", anchor="middle", bold=True
            )
            if player < len(s.characters):
                name = s.characters[player].value.capitalize()
                canvas.text(cx, y0 + 54, name, size=10, anchor="middle", limit=8)
    if s.ball is not None:
        ball: Cell = s.ball
        x0 = left + ball.col * CELL_W
        y0 = COURT_TOP + (ROWS - 1 - ball.row) * CELL_H
        canvas.circle(x0 + CELL_W - 14, y0 + 14, 8, fill="#d8e84a", stroke="#4a4a00")
    return bottom + 24


def _player(canvas: Canvas, s: State | View, player: int, names: Sequence[str], y: float) -> float:
    """One player's line: name, character and hand; the bottom of the hand."""
    who = "no character yet"
    if player < len(s.characters):
        own = s.characters[player]
        copy = s.copied if own is Character.SIMON else None
        who = own.full_name + (f" (as {copy.value.capitalize()})" if copy is not None else "")
    server = "  \u2022 serves" if player == s.server else ""
    canvas.circle(MARGIN + 8, y - 5, 8, fill=SIDE_COLOUR[player % 2])
    canvas.text(MARGIN + 22, y, f"{names[player]}", bold=True, limit=30, room=WHO_X - MARGIN - 30)
    canvas.text(
        WHO_X, y, f"{who}{server}", size=13, fill=MUTED, limit=50, room=WIDTH - MARGIN - WHO_X
    )
    room = WIDTH - 2 * MARGIN - 30
    if isinstance(s, View) and player != s.player:
        size = s.hand_sizes[player]
        bottom = card_row(canvas, MARGIN + 22, y + 8, room, (), backs=size, width=34, height=48)
        return max(bottom, y + 8 + 48)
    hand = s.hand if isinstance(s, View) else s.hands[player]
    faces = [_face(card) for card in hand]
    bottom = card_row(canvas, MARGIN + 22, y + 8, room, faces, width=34, height=48)
    if not hand:
        canvas.text(MARGIN + 22, y + 30, "no cards", size=12, fill=MUTED)
    return max(bottom, y + 8 + 48)


def render_svg(state_or_view: State | View, *, names: Sequence[str] | None = None) -> str:
    """An SVG picture of the match: the score, the court (row 4 on top; each player a disc
    on their cell, the ball in yellow), each player's character and hand, the deck, the top of
    the discard pile, the hitter's face-down cards and whose decision it is. A view shows only
    what its player may see: the other hands and face-down cards as card backs.

    ``names`` replaces the players' names (``player 0 (A)``...), one text per player. The
    table is checked first, as :func:`~cardgames.alakaslam.render` checks it.
    """
    text = render(state_or_view)  # checks the state or the view
    s = state_or_view
    config = s.config
    seats = check_names(names, tuple(f"player {p} ({SIDES[p % 2]})" for p in range(config.players)))
    mode = "doubles" if config.doubles else "singles"
    score = f"A {s.score[0]} \u2013 {s.score[1]} B"
    status = text.splitlines()[-1]
    title = f"AlakaSLAM {mode}, {score}: {status}"
    if isinstance(s, View):
        who = "a spectator" if s.player == SPECTATOR else seats[s.player]
        title += f" (as {who} sees it)"
    canvas = Canvas(WIDTH, 0, title)
    canvas.text(MARGIN, 38, f"AlakaSLAM {mode}", size=22, bold=True)
    canvas.text(MARGIN + 260, 38, score, size=22, bold=True)
    canvas.text(MARGIN + 450, 38, f"first to {config.points_to_win}", size=14, fill=MUTED)
    canvas.text(MARGIN, 64, status, size=14, limit=100)
    y = _court(canvas, s) + 20
    for player in range(config.players):
        y = _player(canvas, s, player, seats, y) + PLAYER_GAP
    canvas.height = _table(canvas, s, y) + 66
    return canvas.finish()


def _table(canvas: Canvas, s: State | View, y: float) -> float:
    """The deck, the discard pile, the hitter's face-down cards and the last point; where the
    last line of them is written."""
    deck = s.deck_size if isinstance(s, View) else len(s.deck)
    canvas.text(MARGIN, y, f"Deck: {deck} card{'' if deck == 1 else 's'}", size=13)
    canvas.text(MARGIN + 180, y, f"Discard pile: {len(s.discard)}", size=13)
    if s.discard:
        card_row(canvas, MARGIN + 180, y + 8, 60, [_face(s.discard[-1])], width=34, height=48)
    count = s.played_count if isinstance(s, View) else len(s.played)
    if count:
        canvas.text(MARGIN + 340, y, f"Played face down by p{s.hitter}: {count}", size=13)
        faces = [_face(card) for card in s.played]
        bottom = card_row(
            canvas, MARGIN + 340, y + 8, 300, faces, backs=count - len(faces), width=34, height=48
        )
        y = max(y, bottom - 56)
    if s.last_point is not None:
        point = s.last_point
        canvas.text(
            MARGIN,
            y + 80,
            f"Last point: side {SIDES[point.side]} won it (side {SIDES[1 - point.side]}: "
            f"{point.fault})",
            size=13,
            fill=MUTED,
            limit=90,
            room=WIDTH - 2 * MARGIN,
        )
    return y + 80


register_picture(render_svg, State, View)
