"""A plain-text picture of a Le Rally match, for terminals and logs."""

from __future__ import annotations

from cardgames.lerally.rules import checked
from cardgames.lerally.state import State, View

__all__ = ["render"]


def render(state_or_view: State | View) -> str:
    """The score, the rally pile, the hands (a view: only its own) and who plays."""
    s = state_or_view if isinstance(state_or_view, View) else checked(state_or_view)
    lines = [f"sets {s.score.sets} games {s.score.games}   server {s.server}"]
    top = s.pile[-1].code if s.pile else "-"
    lines.append(f"pile {len(s.pile)} (top {top})  ball {s.ball}  attack {s.attack_total}")
    if isinstance(s, View):
        lines.append(f"hand {' '.join(c.code for c in s.hand)}   sizes {s.hand_sizes}")
    else:
        for p, hand in enumerate(s.hands):
            lines.append(f"player {p}: {' '.join(c.code for c in hand)}")
    lines.append(f"to move {s.to_move}")
    return "\n".join(lines)
