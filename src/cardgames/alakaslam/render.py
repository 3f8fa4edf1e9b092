"""A plain-text picture of an AlakaSLAM match, for terminals and logs."""

from __future__ import annotations

from cardgames.alakaslam.court import ROWS, Cell
from cardgames.alakaslam.rules import checked
from cardgames.alakaslam.state import State, View

__all__ = ["render"]


def render(state_or_view: State | View) -> str:
    """The court (row 4 on top), the score, the hands and whose decision it is."""
    s = state_or_view if isinstance(state_or_view, View) else checked(state_or_view)
    columns = s.config.columns
    lines = [f"score {s.score[0]}-{s.score[1]}   phase {s.phase}   to move {s.to_move}"]
    for row in reversed(range(ROWS)):
        cells = []
        for col in range(columns):
            here = Cell(col, row)
            mark = "".join(str(p) for p, c in enumerate(s.positions) if c == here)
            if s.ball == here:
                mark += "*"
            cells.append(f"{mark:^5}")
        lines.append(f"{row + 1} |" + "|".join(cells) + "|")
        if row == 2:
            lines.append("  " + "=" * (6 * columns + 1) + " net")
    lines.append("   " + "".join(f"{chr(ord('a') + c):^6}" for c in range(columns)))
    if isinstance(s, View):
        lines.append(f"hand {' '.join(c.code for c in s.hand)}")
        lines.append(f"hand sizes {s.hand_sizes}   deck {s.deck_size}")
    else:
        for p, hand in enumerate(s.hands):
            lines.append(f"player {p}: {' '.join(c.code for c in hand)}")
        lines.append(f"deck {len(s.deck)}")
    return "\n".join(lines)
