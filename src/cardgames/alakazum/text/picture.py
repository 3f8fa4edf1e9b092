"""An SVG picture of an Alakazum! table: the final enemies, the forest and market decks, the
starting row, each player's characters (with the broom and cape under them), culture points and
hand, the cemetery, and what is being decided.

A state is drawn as its text picture shows it (the table as the player whose turn it is knows
it, with every hand face up); a view shows only its own hand, the others as card backs, and
the final enemies its player has not seen face down.
"""

from __future__ import annotations

from collections.abc import Sequence

from cardgames.alakazum.cards import Card, Culture, Enemy, Kind
from cardgames.alakazum.ending import culture_totals
from cardgames.alakazum.state import Member, State, View
from cardgames.alakazum.text.render import render
from cardgames.alakazum.view import view
from cardgames.game import SPECTATOR
from cardgames.svg import (
    CARD_GAP,
    MUTED,
    WIDTH_FACTOR,
    Canvas,
    card_row,
    check_names,
    register_picture,
    wrap,
)

__all__ = ["render_svg"]

WIDTH = 900
MARGIN = 24
#: The room from one margin to the other.
ROOM = WIDTH - 2 * MARGIN
#: A character card (in a team and in the starting row), a hand card and a final enemy, in
#: pixels.
MEMBER_W, MEMBER_H = 116, 96
HAND_W, HAND_H = 78, 58
TABLE_W, TABLE_H = 84, 52
#: The room the row of final enemies takes, and where the forest deck is told.
ENEMIES_ROOM = 540
FOREST_X = MARGIN + 570
#: Where a player's culture points and hand size are told on the line of their name.
POINTS_X = MARGIN + 290
HAND_X = MARGIN + 640
LEVELS = "ABC"
#: Characters of a card's name on one line of a hand card, and its lines at most.
NAME_CHARS = 12
NAME_LINES = 3
#: A line of small text (the cemetery, a combat) and the characters it holds.
SMALL = 12
SMALL_CHARS = int(ROOM / (SMALL * WIDTH_FACTOR))
#: A character's card by culture; hand cards by what they do.
CULTURE_FILL = {
    Culture.VAL: "#fbe3c2",
    Culture.CAT: "#f9f1c0",
    Culture.GAL: "#d8ecf6",
    Culture.EUS: "#e0efd6",
    Culture.AND: "#f3d9e6",
    Culture.CAS: "#e6dcf3",
    Culture.MULTI: "#eeeeee",
}
POTION = ("#dff0ee", "#1f6b63")
OTHER = ("#ffffff", "#222222")
ENEMY = ("#3b3b3b", "#ffffff")
#: Lines of the text picture that the picture repeats word for word.
_TEXT_LINES = ("Combat:", "  hypnosis", "Announced:", "Held")

Face = tuple[Sequence[str], str, str]


def _hand_face(card: Card) -> Face:
    name = wrap(card.name, NAME_CHARS, NAME_LINES)
    if "potion" in card.kind.value:
        return (name, *POTION)
    if card.kind is Kind.CHARACTER and card.culture is not None:
        return ([*name, card.culture.value], CULTURE_FILL[card.culture], "#222222")
    return (name, *OTHER)


def _enemy_face(enemy: Enemy, players: int, up: bool) -> Face:
    value = "invincible" if enemy.invincible else f"{enemy.value(players)} points"
    return ([enemy.name, value, "face up" if up else "seen"], *ENEMY)


def _traits(card: Card) -> str:
    """A character's personalities in words: ``sociable, magic 2``; empty when it has none."""
    words = [word for word, on in (("sociable", card.sociable), ("thrifty", card.thrifty)) if on]
    if card.magic:
        words.append(f"magic {card.magic}")
    return ", ".join(words)


def _character_face(card: Card, level: int, member: Member | None = None) -> Face:
    """A character at ``level``: culture, combat, points, resistance and personalities (and,
    in a team, the broom and cape under it)."""
    if member is None:
        combat = card.combat[level]
        points, resistance = card.points[level], card.resistance[level]
    else:
        combat = member.combat
        points, resistance = member.points, member.resistance
    lines = [
        card.name,
        f"{card.culture} \u00b7 level {LEVELS[level]}",
        f"{points} pts \u00b7 combat {'die' if combat is None else combat}",
        f"resistance {resistance}",
    ]
    if _traits(card):
        lines.append(_traits(card))
    if member is not None:
        under = [word for word, on in (("broom", member.broom), ("cape", member.cape)) if on]
        if under:
            lines.append(" + ".join(under))
    fill = CULTURE_FILL[card.culture] if card.culture else "#eeeeee"
    return (lines, fill, "#222222")


def _points(team: tuple[Member, ...]) -> str:
    """The team's culture points on the table, best culture first: ``VAL 5, CAT 2``."""
    cultures = tuple(dict.fromkeys(m.card.culture for m in team if m.card.culture is not None))
    plain = tuple(c for c in cultures if c is not Culture.MULTI) or cultures
    totals = culture_totals(team, (), plain)
    ranked = sorted(totals.items(), key=lambda item: (-item[1], item[0].value))
    return ", ".join(f"{c.value} {n}" for c, n in ranked) or "none"


def _small_lines(canvas: Canvas, text: str, y: float, lines: int = 3) -> float:
    """``text`` in small muted type across the page, wrapped on up to ``lines`` lines; where
    the next line goes."""
    for line in wrap(text, SMALL_CHARS, lines):
        canvas.text(MARGIN, y, line, size=SMALL, fill=MUTED, room=ROOM)
        y += SMALL + 6
    return y


def _player(
    canvas: Canvas,
    v: View,
    hands: Sequence[tuple[Card, ...]] | None,
    player: int,
    names: Sequence[str],
    y: float,
) -> float:
    """One player's band: name, culture points and hand size on one line, then the characters
    and then the hand, each row wrapping when it is long; the bottom of the band."""
    team = v.teams[player]
    active = "  \u2022 this turn" if player == v.active else ""
    canvas.text(MARGIN, y, f"{names[player]}{active}", bold=True, limit=40, room=POINTS_X - MARGIN)
    canvas.text(
        POINTS_X, y, f"culture points: {_points(team)}", size=12, fill=MUTED, room=HAND_X - POINTS_X
    )
    if hands is not None:
        hand: tuple[Card, ...] = hands[player]
        size = len(hand)
    elif player == v.player:
        hand, size = v.hand, len(v.hand)
    else:
        hand, size = (), v.hand_sizes[player]
    words = f"hand: {size} card{'' if size == 1 else 's'}"
    canvas.text(HAND_X, y, words, size=12, fill=MUTED, room=WIDTH - MARGIN - HAND_X)
    y += 10
    if team:
        faces = [_character_face(m.card, m.level, m) for m in team]
        y = card_row(canvas, MARGIN, y, ROOM, faces, width=MEMBER_W, height=MEMBER_H, size=9)
    else:
        canvas.text(MARGIN, y + 16, "no characters", size=12, fill=MUTED)
        y += 22
    if size:
        faces = [_hand_face(c) for c in hand]
        y = card_row(
            canvas,
            MARGIN,
            y + 8,
            ROOM,
            faces,
            backs=size - len(hand),
            width=HAND_W,
            height=HAND_H,
            size=9,
        )
    return y


def _table(canvas: Canvas, v: View, y: float) -> float:
    """The final enemies, the forest deck, the market deck, the starting row and the
    cemetery; where the players' bands start."""
    players = v.config.players
    canvas.text(MARGIN, y, "Final enemies", size=13, bold=True)
    enemies = [
        _enemy_face(enemy, players, v.enemy_up[index]) if enemy is not None else None
        for index, enemy in enumerate(v.enemies)
    ]
    across = max(1, int((ENEMIES_ROOM + CARD_GAP) // (TABLE_W + CARD_GAP)))
    bottom = y
    for index, face in enumerate(enemies):
        row, column = divmod(index, across)
        x, top = MARGIN + column * (TABLE_W + CARD_GAP), y + 8 + row * (TABLE_H + CARD_GAP)
        if face is None:
            canvas.card(x, top, TABLE_W, TABLE_H, face_down=True)
        else:
            lines, fill, ink = face
            canvas.card(x, top, TABLE_W, TABLE_H, lines=lines, fill=fill, ink=ink, size=9)
        bottom = top + TABLE_H
    room = WIDTH - MARGIN - FOREST_X
    canvas.text(FOREST_X, y, f"Forest deck: {v.forest_size} cards", size=13, bold=True, room=room)
    if v.forest_top:
        canvas.text(FOREST_X, y + 20, "known on top:", size=11, fill=MUTED)
        for index, card in enumerate(v.forest_top):
            canvas.text(FOREST_X + 10, y + 36 + index * 15, card.name, size=11, room=room - 10)
        bottom = max(bottom, y + 36 + len(v.forest_top) * 15)
    y = bottom + 30
    canvas.text(MARGIN, y, f"Market deck, top first: {len(v.market)}", size=13, bold=True)
    market = [_hand_face(c) for c in reversed(v.market)]
    y = card_row(canvas, MARGIN, y + 8, ROOM, market, width=HAND_W, height=HAND_H, size=9) + 28
    if v.start_row:
        canvas.text(MARGIN, y, "Starting characters", size=13, bold=True)
        starting = [_character_face(c, 0) for c in v.start_row]
        y = card_row(canvas, MARGIN, y + 8, ROOM, starting, width=MEMBER_W, height=MEMBER_H, size=9)
        y += 28
    if v.cemetery:
        y = _small_lines(canvas, f"Cemetery: {', '.join(c.name for c in v.cemetery)}", y - 6)
        y += 12
    return y


def render_svg(state_or_view: State | View, *, names: Sequence[str] | None = None) -> str:
    """An SVG picture of the table: the final enemies (face down unless shown or seen), the
    forest deck, the market deck top first, the starting row, each player's characters with
    their level, points and combat (and the broom and cape under them), culture points on the
    table and hand, the cemetery, a combat under way and what is being decided. A view shows
    only what its player may see: the other hands as card backs.

    ``names`` replaces the players' names (``player 0``...), one text per player. The table is
    checked first, as :func:`~cardgames.alakazum.render` checks it.
    """
    text = render(state_or_view).splitlines()  # checks the state or the view
    if isinstance(state_or_view, State):
        v = view(state_or_view, state_or_view.active)
        hands: Sequence[tuple[Card, ...]] | None = state_or_view.hands
    else:
        v, hands = state_or_view, None
    n = v.config.players
    seats = check_names(names, tuple(f"player {p}" for p in range(n)))
    extra = [line.strip() for line in text if line.startswith(_TEXT_LINES)]
    status = text[-1]
    title = f"Alakazum! {n} players, turn {v.turn + 1}: {status}"
    if hands is None:
        who = "a spectator" if v.player == SPECTATOR else seats[v.player]
        title += f" (as {who} sees it)"
    canvas = Canvas(WIDTH, 0, title)
    canvas.text(MARGIN, 34, "Alakazum!", size=22, bold=True)
    heading = f"{n} players, turn {v.turn + 1}, phase {v.phase.value}"
    canvas.text(MARGIN + 145, 34, heading, size=15, room=ROOM - 145)
    canvas.text(MARGIN, 58, status, size=13, fill=MUTED, limit=110, room=ROOM)
    y = _table(canvas, v, 90)
    for player in range(n):
        y = _player(canvas, v, hands, player, seats, y) + 34
    for line in extra:
        y = _small_lines(canvas, line, y, lines=2)
    canvas.height = y + 10
    return canvas.finish()


register_picture(render_svg, State, View)
