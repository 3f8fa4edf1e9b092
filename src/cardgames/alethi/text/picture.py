"""An SVG picture of an Alethi table: the field as a grid of cards in their owners' colours,
the empty cells the player to move may throw on, each side's barracks and whose turn it is.

Alethi hides nothing but the random generator, so a state and its views draw the same table.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from cardgames.alethi.cards import Cell, Colour
from cardgames.alethi.state import Phase, Placed, State, View
from cardgames.alethi.view import check_table
from cardgames.game import SPECTATOR
from cardgames.svg import MUTED, Canvas, check_names, register_picture

__all__ = ["render_svg"]

WIDTH = 840
#: The panel on the right, with the barracks and the turn.
PANEL = 250
MARGIN = 30
#: The largest and smallest side of a field cell, in pixels.
CELL_MAX = 66
CELL_MIN = 22
#: The most room the field takes down the page.
FIELD_HEIGHT = 540
#: Each colour's card face, its text and its frontier tint.
FACE = {Colour.RED: "#f4d3cc", Colour.BLUE: "#d2e1f4"}
DARK = {Colour.RED: "#a1301c", Colour.BLUE: "#1d4e89"}


def _frontier(field: tuple[Placed, ...], colour: Colour) -> list[Cell]:
    """The empty cells next to an uncaptured card of ``colour``: where it may throw."""
    taken = {card.at for card in field}
    cells = {
        cell
        for card in field
        if card.owner is colour and not card.captured
        for cell in card.at.neighbours()
        if cell not in taken
    }
    return sorted(cells)


def _status(table: State | View, names: Sequence[str]) -> str:
    if table.result is not None:
        return f"Game over: {table.result.reason}"
    phase = "" if table.phase is Phase.OVER else f" ({table.phase})"
    return f"Turn {table.turn}: {names[table.to_move]} to play{phase}"


def _field(canvas: Canvas, table: State | View, top: float) -> float:
    """The grid of cards, the frontier around it, and the coordinates; the bottom of it."""
    mover = table.to_move if table.result is None else None
    frontier = _frontier(table.field, mover) if mover is not None else []
    cells = [card.at for card in table.field] + frontier or [Cell(0, 0)]
    left, right = min(c.x for c in cells), max(c.x for c in cells)
    low, high = min(c.y for c in cells), max(c.y for c in cells)
    room_x = WIDTH - PANEL - 2 * MARGIN - 20
    room_y = FIELD_HEIGHT - 20
    size = min(CELL_MAX, room_x / (right - left + 1), room_y / (high - low + 1))
    size = max(CELL_MIN, size)

    def corner(cell: Cell) -> tuple[float, float]:
        return MARGIN + 20 + (cell.x - left) * size, top + 20 + (high - cell.y) * size

    for column in range(left, right + 1):
        cx = MARGIN + 20 + (column - left + 0.5) * size
        canvas.text(cx, top + 12, str(column), size=10, fill=MUTED, anchor="middle")
    for row in range(low, high + 1):
        cy = top + 20 + (high - row + 0.5) * size + 4
        canvas.text(MARGIN + 14, cy, str(row), size=10, fill=MUTED, anchor="end")
    for cell in frontier:
        x, y = corner(cell)
        assert mover is not None
        canvas.rect(
            x + 3, y + 3, size - 6, size - 6, fill="none", stroke=DARK[mover], rx=4, dash="4 3"
        )
    font = max(7.0, min(12.0, size / 5))
    for card in table.field:
        x, y = corner(card.at)
        if card.captured:
            canvas.card(x + 2, y + 2, size - 4, size - 4, face_down=True, back=DARK[card.owner])
            continue
        lines = (
            [card.kind.abbreviation, card.kind.value] if size >= 44 else [card.kind.abbreviation]
        )
        canvas.card(
            x + 2,
            y + 2,
            size - 4,
            size - 4,
            fill=FACE[card.owner],
            stroke=DARK[card.owner],
            ink=DARK[card.owner],
            lines=lines,
            size=font,
        )
    return top + 20 + (high - low + 1) * size


def _panel(canvas: Canvas, table: State | View, names: Sequence[str], top: float) -> float:
    """Each side's barracks, the cards soulcasting removed, and a key to the marks; the
    bottom of the panel."""
    x = WIDTH - PANEL
    y = top + 10
    for colour in Colour:
        barracks = table.barracks[colour]
        count = len(barracks)
        canvas.rect(x, y - 14, 14, 14, fill=FACE[colour], stroke=DARK[colour], rx=2)
        canvas.text(x + 20, y - 2, names[colour], bold=True, fill=DARK[colour], limit=24)
        y += 20
        canvas.text(x, y, f"{count} card{'' if count == 1 else 's'} in the barracks", size=12)
        y += 17
        for kind, number in Counter(barracks).items():
            canvas.text(x + 12, y, f"{number} \u00d7 {kind.value}", size=12, fill=MUTED)
            y += 16
        y += 14
    if table.removed:
        canvas.text(x, y, f"Removed by soulcasting: {len(table.removed)}", size=12)
        y += 16
        for (owner, kind), number in Counter((c.owner, c.kind) for c in table.removed).items():
            words = f"{number} \u00d7 {owner.label} {kind.value}"
            canvas.text(x + 12, y, words, size=12, fill=MUTED)
            y += 16
        y += 10
    canvas.rect(x, y - 11, 12, 12, fill="none", stroke=MUTED, rx=2, dash="3 2")
    canvas.text(x + 18, y, "where the player to move may throw", size=11, fill=MUTED)
    canvas.rect(x, y + 8, 12, 12, fill=DARK[Colour.RED], stroke=MUTED, rx=2)
    canvas.text(x + 18, y + 19, "a captured card (face down)", size=11, fill=MUTED)
    return y + 30


def render_svg(state_or_view: State | View, *, names: Sequence[str] | None = None) -> str:
    """An SVG picture of the table: the field (coordinates on its edges, each card in its
    owner's colour, captured cards face down, dashed outlines where the player to move may
    throw), each side's barracks, the removed cards and whose turn it is.

    ``names`` replaces the sides' names (``red``, ``blue``) in the picture, one text per
    player. ``state_or_view`` must pass :func:`~cardgames.alethi.check_state` (or
    ``check_view``): a library error says why when it does not.
    """
    table = state_or_view
    check_table(table, reachable=True)
    seats = check_names(names, tuple(colour.label for colour in Colour))
    title = "Alethi: " + _status(table, seats)
    if isinstance(table, View):
        who = "a spectator" if table.player == SPECTATOR else seats[table.player]
        title += f" (as {who} sees it)"
    canvas = Canvas(WIDTH, 0, title)
    canvas.text(MARGIN, 36, "Alethi", size=22, bold=True)
    canvas.text(MARGIN + 90, 36, _status(table, seats), size=15, limit=70)
    bottom = max(_field(canvas, table, 56), _panel(canvas, table, seats, 76))
    canvas.height = bottom + MARGIN
    return canvas.finish()


register_picture(render_svg, State, View)
