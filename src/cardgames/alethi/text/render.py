"""A plain-text picture of an Alethi table."""

from __future__ import annotations

from collections import Counter

from cardgames.alethi.cards import Cell, Colour, Kind
from cardgames.alethi.state import Phase, State, View
from cardgames.alethi.view import check_table

__all__ = ["render"]


def _cell_text(owner: Colour, kind: Kind, captured: bool) -> str:
    if captured:
        return " xx "
    return f"{'r' if owner is Colour.RED else 'b'}:{kind.abbreviation}"


def _barracks_text(kinds: tuple[Kind, ...]) -> str:
    counts = Counter(kinds)
    return ", ".join(f"{n} {k}" for k, n in counts.items()) or "empty"


def render(table: State | View) -> str:
    """The field as a grid (``r:Kn`` a red Knight, ``b:Ki`` the blue King, ``xx`` a captured
    card), then the barracks and whose turn it is.

    ``table`` must pass :func:`~cardgames.alethi.check_state` (or ``check_view``): a library
    error says why when it does not.
    """
    # Only a table the rules can reach is drawn: its field spans no more cells than its cards
    # and turns allow, so the picture stays small.
    check_table(table, reachable=True)
    cells = {card.at: card for card in table.field}
    xs = [c.x for c in cells] or [0]
    ys = [c.y for c in cells] or [0]
    lines = []
    header = "      " + "".join(f"{x:^5}" for x in range(min(xs), max(xs) + 1))
    lines.append(header.rstrip())
    for y in range(max(ys), min(ys) - 1, -1):
        row = []
        for x in range(min(xs), max(xs) + 1):
            card = cells.get(Cell(x, y))
            row.append(" .  " if card is None else _cell_text(card.owner, card.kind, card.captured))
        lines.append(f"{y:>4}  " + " ".join(row).rstrip())
    lines.append("")
    for colour in Colour:
        lines.append(f"{colour.label} barracks: {_barracks_text(table.barracks[colour])}")
    if table.removed:
        lines.append("removed: " + ", ".join(f"{c.owner.label} {c.kind}" for c in table.removed))
    if table.result is not None:
        lines.append(f"game over: {table.result.reason}")
    else:
        phase = "" if table.phase is Phase.OVER else f", {table.phase} phase"
        lines.append(f"turn {table.turn}: {table.to_move.label} to play{phase}")
    return "\n".join(lines)
