"""An SVG picture of a Le Rally match: the format and the score, the half of the court the ball
is in with its four coloured sections, the last cards of the rally pile, each player's hand,
the deck and the cleared cards, and who plays now.

From a state every hand is face up; from a view only the viewer's own hand is, the others are
card backs.
"""

from __future__ import annotations

from collections.abc import Sequence

from cardgames.game import SPECTATOR
from cardgames.lerally.cards import Card, CardKind, Section
from cardgames.lerally.config import card_names
from cardgames.lerally.state import State, View
from cardgames.lerally.text.render import render
from cardgames.svg import MUTED, Canvas, card_row, check_names, register_picture

__all__ = ["render_svg"]

WIDTH = 860
MARGIN = 30
#: The court's half: two sections across, two deep.
SECTION_W = 150
SECTION_H = 80
COURT_TOP = 104
#: Each section's colour on the court, and the card faces by kind.
SECTION_FILL = {"blue": "#cfe0f5", "green": "#d5ecd4", "yellow": "#f7efc1", "red": "#f4d3cc"}
FACE = {
    CardKind.SHOT: ("#ffffff", "#222222"),
    CardKind.ATTACK: ("#fde2c4", "#8a4b08"),
    CardKind.OFFENSE: ("#e6dcf3", "#5b3a8c"),
}
#: The faces of the special cards (Just Out, Yours, Challenge).
SPECIAL = ("#dff0ee", "#1f6b63")
#: The last cards of the pile drawn at most.
PILE_SHOWN = 8
#: The room between one player's hand and the next player's name.
PLAYER_GAP = 28
#: Where the line of who plays now starts, right of the score.
STATUS_X = MARGIN + 400
TEAMS = "AB"


def _face(card: Card) -> tuple[Sequence[str], str, str]:
    fill, ink = FACE.get(card.kind, SPECIAL)
    return ([card.code], fill, ink)


def _court(canvas: Canvas, s: State | View) -> float:
    """The half of the player to move, net on top; the ball in its section. The bottom."""
    left = MARGIN
    rows = ((Section.NET_LEFT, Section.NET_RIGHT), (Section.BASELINE_LEFT, Section.BASELINE_RIGHT))
    for r, row in enumerate(rows):
        for c, section in enumerate(row):
            x, y = left + c * SECTION_W, COURT_TOP + r * SECTION_H
            canvas.rect(
                x,
                y,
                SECTION_W,
                SECTION_H,
                fill=SECTION_FILL[section.colour],
                stroke="#ffffff",
                stroke_width=3,
            )
            canvas.text(x + 10, y + 22, section.value, size=15, bold=True)
            canvas.text(
                x + 10,
                y + 40,
                f"{section.full_name}, {section.colour}",
                size=11,
                fill=MUTED,
                room=SECTION_W - 14,
            )
            if section is s.ball:
                # under the section's names, in the free corner
                canvas.circle(
                    x + SECTION_W - 20, y + SECTION_H - 18, 10, fill="#d8e84a", stroke="#4a4a00"
                )
    canvas.line(left - 6, COURT_TOP, left + 2 * SECTION_W + 6, COURT_TOP, width=4)
    canvas.text(left + 2 * SECTION_W + 12, COURT_TOP + 4, "net", size=12, fill=MUTED)
    bottom = COURT_TOP + 2 * SECTION_H
    canvas.text(left + 2 * SECTION_W + 12, bottom, "baseline", size=12, fill=MUTED)
    if s.result is None and s.to_move is not None:
        canvas.text(left, COURT_TOP - 12, f"p{s.to_move}'s half", size=12, fill=MUTED)
    return bottom


def _situation(canvas: Canvas, s: State | View, x: float, y: float) -> None:
    """The attack to answer or who leads, then the last cards of the pile with their names."""
    if s.result is None:
        if s.leading:
            canvas.text(x, y, f"New exchange: p{s.to_move} leads", size=14, bold=True)
        elif s.attack is not None:
            canvas.text(
                x, y, f"Attack {s.attack.code}: {s.attack_total} to pick up", size=14, bold=True
            )
        elif s.ball is not None:
            canvas.text(x, y, f"Ball in {s.ball.value}, last card by p{s.last}", size=14, bold=True)
    canvas.text(
        x, y + 26, f"Rally pile: {len(s.pile)} card{'' if len(s.pile) == 1 else 's'}", size=13
    )
    shown = s.pile[-PILE_SHOWN:]
    card_row(canvas, x, y + 36, WIDTH - MARGIN - x, [_face(c) for c in shown], width=44, height=60)
    if shown:
        name = card_names(s.config).get(shown[-1])
        if name:
            canvas.text(
                x,
                y + 114,
                f"On top: {shown[-1].code} {name}",
                size=12,
                fill=MUTED,
                limit=50,
                room=WIDTH - MARGIN - x,
            )


def _player(canvas: Canvas, s: State | View, player: int, names: Sequence[str], y: float) -> float:
    """One player's line, name and hand size, over their hand; the bottom of the hand."""
    label = names[player]
    if player == s.server:
        label += "  \u2022 server"
    canvas.text(MARGIN, y, label, bold=True, limit=50, room=410)
    if isinstance(s, View) and player != s.player:
        size = s.hand_sizes[player]
        canvas.text(MARGIN + 420, y, f"{size} card{'' if size == 1 else 's'}", size=13, fill=MUTED)
        return card_row(
            canvas, MARGIN, y + 8, WIDTH - 2 * MARGIN, (), backs=size, width=34, height=48
        )
    hand = s.hand if isinstance(s, View) else s.hands[player]
    canvas.text(
        MARGIN + 420, y, f"{len(hand)} card{'' if len(hand) == 1 else 's'}", size=13, fill=MUTED
    )
    return card_row(
        canvas,
        MARGIN,
        y + 8,
        WIDTH - 2 * MARGIN,
        [_face(c) for c in hand],
        width=42,
        height=48,
        size=10,
    )


def render_svg(state_or_view: State | View, *, names: Sequence[str] | None = None) -> str:
    """An SVG picture of the match: the format, the server and the score read the tennis way,
    the half of the court the ball is in (its four coloured sections, the ball in yellow), the
    attack to answer or who leads, the last cards of the rally pile, each player's hand, the
    deck and the cleared cards, and who plays now or how the match ended. A view shows only
    what its player may see: the other hands as card backs.

    ``names`` replaces the players' names (``player 0``...), one text per player. The table is
    checked first, as :func:`~cardgames.lerally.render` checks it.
    """
    lines = render(state_or_view).splitlines()  # checks the state or the view
    s = state_or_view
    config = s.config
    seats = check_names(
        names,
        tuple(
            f"player {p} ({TEAMS[p % 2]})" if config.doubles else f"player {p}"
            for p in range(config.players)
        ),
    )
    header, score, status = lines[0], lines[1], lines[-1]
    title = f"{header}; {score}; {status}"
    if isinstance(s, View):
        who = "a spectator" if s.player == SPECTATOR else seats[s.player]
        title += f" (as {who} sees it)"
    canvas = Canvas(WIDTH, 0, title)
    canvas.text(MARGIN, 34, header, size=17, bold=True, limit=110, room=WIDTH - 2 * MARGIN)
    canvas.text(MARGIN, 60, score, size=16, limit=90, room=STATUS_X - MARGIN - 10)
    canvas.text(STATUS_X, 60, status, size=13, fill=MUTED, limit=80, room=WIDTH - MARGIN - STATUS_X)
    bottom = _court(canvas, s)
    _situation(canvas, s, MARGIN + 2 * SECTION_W + 90, COURT_TOP + 4)
    y = bottom + 40
    for player in range(config.players):
        y = _player(canvas, s, player, seats, y) + PLAYER_GAP
    deck = s.deck_size if isinstance(s, View) else len(s.deck)
    canvas.text(
        MARGIN,
        y,
        f"Deck: {deck}, cleared: {len(s.cleared)}; {s.plays} decisions this rally",
        size=13,
        fill=MUTED,
    )
    canvas.height = y + 50
    return canvas.finish()


register_picture(render_svg, State, View)
