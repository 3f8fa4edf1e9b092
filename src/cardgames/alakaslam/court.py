"""The court: cells, halves, steps, starting spots, and where a shot lands.

Columns are counted from the blue edge (column 0, the left) to the red edge; rows from the near
baseline (row 0) to the far one (row 3). The net lies between rows 1 and 2. Side 0 (player 0,
or players 0 and 2 in doubles) defends rows 0-1 and hits toward higher rows; side 1 defends rows
2-3 and hits toward lower rows. Singles use 3 columns, doubles 4.

Those numbers are the code's. Whatever a user reads (the notation, the story, the text and SVG
pictures) names a cell as the notation does, ``a1`` to ``d4`` (:attr:`Cell.name`: rows from 1)
and a side by its letter (:func:`side_name`: side A is side 0, side B side 1).
"""

from enum import StrEnum
from typing import NamedTuple

from cardgames import _kept

__all__ = [
    "ROWS",
    "SIDES",
    "Cell",
    "Court",
    "Landing",
    "court_for",
    "is_cell",
    "side_name",
]

#: Rows of the court, baseline to baseline.
ROWS = 4
#: The last row of side 0's half; side 1's half starts on the row after it.
NET_ROW = 1
#: Doubles: the server's partner starts this many rows forward and columns across.
PARTNER_FORWARD, PARTNER_ACROSS = 1, 2


class Cell(NamedTuple):
    """A court card: its column (from the blue edge) and row (from side 0's baseline)."""

    col: int
    row: int

    @property
    def name(self) -> str:
        """The cell's notation: column letter from the blue edge, row number: ``a1`` .. ``d4``."""
        return f"{chr(ord('a') + self.col)}{self.row + 1}"


#: The letter of each side: side A (players 0 and 2) defends rows 1-2, side B rows 3-4.
SIDES = "AB"


def side_name(side: int) -> str:
    """The letter of side ``side`` (0 or 1), as the court, the pictures and the story name it."""
    return SIDES[side]


class Landing(StrEnum):
    """Where a shot ends up."""

    IN = "in"  # in the opponents' half
    NET = "net"  # in the hitter's own half: it did not cross the net
    OUT = "out"  # beyond the far baseline or off a side


def is_cell(value: object) -> bool:
    """Whether ``value`` is a ``Cell`` of two ints (plain tuples are not cells)."""
    return type(value) is Cell and all(type(v) is int for v in value)


@_kept.lru(8, owner=__name__)
def court_for(columns: int) -> "Court":
    """The court with this many columns (shared: courts are immutable)."""
    return Court(columns)


class Court:
    """The geometry of a court with ``columns`` columns and four rows; immutable."""

    __slots__ = ("_steps", "columns", "halves")

    def __init__(self, columns: int) -> None:
        self.columns = columns
        #: The cells of each side's half.
        self.halves: tuple[frozenset[Cell], frozenset[Cell]] = (
            frozenset(Cell(c, r) for c in range(columns) for r in range(NET_ROW + 1)),
            frozenset(Cell(c, r) for c in range(columns) for r in range(NET_ROW + 1, ROWS)),
        )
        steps: dict[Cell, tuple[Cell, ...]] = {}
        for half in self.halves:
            for cell in half:
                around = (
                    Cell(cell.col, cell.row - 1),
                    Cell(cell.col - 1, cell.row),
                    Cell(cell.col + 1, cell.row),
                    Cell(cell.col, cell.row + 1),
                )
                steps[cell] = tuple(sorted(c for c in around if c in half))
        self._steps = steps

    def __repr__(self) -> str:
        return f"court_for({self.columns})"

    def steps(self, cell: Cell) -> tuple[Cell, ...]:
        """The cells one orthogonal step from ``cell`` in the same half, in cell order."""
        return self._steps[cell]

    def back_corners(self, side: int) -> tuple[Cell, Cell]:
        """The two back corners of a side's half: the blue one, then the red one."""
        row = 0 if side == 0 else ROWS - 1
        return Cell(0, row), Cell(self.columns - 1, row)

    def mirror(self, cell: Cell) -> Cell:
        """The cell's point reflection through the centre of the court."""
        return Cell(self.columns - 1 - cell.col, ROWS - 1 - cell.row)

    def partner_spot(self, server: Cell, side: int) -> Cell:
        """Where the server's teammate starts in doubles: one row forward, two columns toward
        the other side of the court."""
        forward = PARTNER_FORWARD if side == 0 else -PARTNER_FORWARD
        across = PARTNER_ACROSS if server.col < self.columns / 2 else -PARTNER_ACROSS
        return Cell(server.col + across, server.row + forward)

    def land(self, start: Cell, side: int, across: int, distance: int) -> tuple[Cell, Landing]:
        """Where a shot by ``side`` from ``start`` lands: ``across`` columns toward red (negative:
        toward blue) and ``distance`` rows forward. Only the landing cell counts, so a ball may
        leave the court in the air and still land in."""
        row = start.row + distance if side == 0 else start.row - distance
        cell = Cell(start.col + across, row)
        if not (0 <= cell.col < self.columns and 0 <= row < ROWS):
            return cell, Landing.OUT
        if cell in self.halves[side]:
            return cell, Landing.NET
        return cell, Landing.IN
