"""What the command line adds under a game's table: keys and counts that its picture leaves out.

A game's ``render`` is a compact picture. At a terminal a person also wants to know what the
marks mean and how the game stands, so for some games the command line prints a few lines more
under it, drawn from the same table (a state or the person's view, never more):

- Alethi: the key to the field's marks (whose card each mark is, captured cards included) and
  each colour's live card counts.

AlakaSLAM's characters each give their player a rule of their own: :func:`character_lines` tells
them, for ``cardgames rules alakaslam`` and the ``abilities`` answer during play.

The games' own packages are imported only when one of their tables is drawn.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

__all__ = ["character_lines", "notes"]


def notes(game_name: str, table: Any) -> list[str]:
    """The lines printed under ``table`` of the game named ``game_name``; none for most games."""
    if game_name == "alethi":
        return _alethi_notes(table)
    return []


def _alethi_notes(table: Any) -> list[str]:
    from cardgames.alethi import Colour, Kind  # only for Alethi's tables

    captured = []
    for colour in Colour:
        cells = [f"{c.at.x},{c.at.y}" for c in table.field if c.captured and c.owner is colour]
        if cells:
            captured.append(f"{colour.label}'s at {' '.join(cells)}")
    lines = ["key: r:Kn a red knight, b:Kn a blue one, xx a captured card"]
    if captured:
        lines[0] += f" ({'; '.join(captured)})"
    lines.append("     " + ", ".join(f"{kind.abbreviation} {kind.value}" for kind in Kind))
    for colour in Colour:
        mine = [card for card in table.field if card.owner is colour]
        standing = sum(1 for card in mine if not card.captured)
        lines.append(
            f"{colour.label} cards: {standing} uncaptured and {len(mine) - standing} captured "
            f"on the field, {len(table.barracks[colour])} in the barracks"
        )
    return lines


def character_lines(characters: Iterable[Any]) -> list[str]:
    """One line per AlakaSLAM character: its full name and the rule it gives its player."""
    lines = []
    for character in characters:
        mark = " (reconstructed)" if character.reconstructed else ""
        lines.append(f"{character.full_name}{mark}: {character.ability}")
    return lines
