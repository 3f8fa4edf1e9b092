"""What the command line adds under a game's table: keys and counts that its picture leaves out.

A game's ``render`` is a compact picture. At a terminal a person also wants to know what the
marks mean and how the game stands, so for some games the command line prints a few lines more
under it, drawn from the same table (a state or the person's view, never more):

- Alethi: the key to the field's marks (whose card each mark is, captured cards included) and
  each colour's live card counts.

- Alakazum!: while a starting character is chosen, each one on offer with its culture, combat,
  points, resistance and personalities.

AlakaSLAM's characters each give their player a rule of their own: :func:`character_lines` tells
them, for ``cardgames rules alakaslam`` and the ``abilities`` answer during play. Any Alakazum!
card is told by :func:`alakazum_card`, for the ``card NAME`` answer during play.

The games' own packages are imported only when one of their tables is drawn.
"""

from __future__ import annotations

import textwrap
from collections.abc import Iterable
from typing import Any

__all__ = ["alakazum_card", "character_lines", "find_alakazum_card", "notes"]

#: The levels of an Alakazum! character, in order.
_LEVELS = "ABC"


def notes(game_name: str, table: Any) -> list[str]:
    """The lines printed under ``table`` of the game named ``game_name``; none for most games."""
    if game_name == "alethi":
        return _alethi_notes(table)
    if game_name == "alakazum":
        return _alakazum_notes(table)
    return []


def _alakazum_notes(table: Any) -> list[str]:
    from cardgames.alakazum import Phase  # only for Alakazum!'s tables

    if table.phase is not Phase.CHOOSE or not table.start_row:
        return []
    lines = ["the starting characters:"]
    for card in table.start_row:
        lines.append(
            textwrap.fill(alakazum_card(card), 100, initial_indent="  ", subsequent_indent="    ")
        )
    return lines


def alakazum_card(card: Any) -> str:
    """One Alakazum! card in words: a character's culture and, level by level, its combat,
    culture points and hypnosis resistance, then its personalities; a hand card's kind, what it
    gives and its market number; a trap's kind."""
    kind = card.kind.value
    if card.is_character:
        culture = f"{card.culture.full_name} ({card.culture.value})"
        combat = "/".join("die" if c is None else str(c) for c in card.combat)
        points = "/".join(str(p) for p in card.points)
        resistance = "/".join(str(r) for r in card.resistance)
        traits = [
            word for word, on in (("sociable", card.sociable), ("thrifty", card.thrifty)) if on
        ]
        if card.magic:
            traits.append(f"very magical ({card.magic} energy)")
        return (
            f"{card.name}: {culture} character; at levels {'/'.join(_LEVELS)} combat {combat}, "
            f"points {points}, resistance {resistance}; "
            + (", ".join(traits) if traits else "no personality")
        )
    if card.kind.is_trap:
        return f"{card.name}: a trap ({kind}), suffered when it comes out of the forest"
    gives = []
    if card.value:
        gives.append(f"value {card.value}")
    if card.die:
        gives.append(f"die +{card.die}")
    if card.culture is not None:
        gives.append(f"culture {card.culture.value}")
    if card.cultures:
        gives.append("feeds " + " or ".join(c.value for c in card.cultures))
    extra = f", {', '.join(gives)}" if gives else ""
    return f"{card.name}: a hand card ({kind}{extra}), market {card.market}"


def find_alakazum_card(config: Any, name: str) -> Any:
    """The card of ``config``'s lists named ``name`` (accents, case and spaces aside), or
    ``None``."""
    from cardgames.alakazum.cards import plain_name  # only for Alakazum!'s cards
    from cardgames.alakazum.config import cards_by_name

    wanted = plain_name(name)
    return next((c for n, c in cards_by_name(config).items() if plain_name(n) == wanted), None)


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
