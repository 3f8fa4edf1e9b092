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
from cardgames.svg import MUTED, ROW_CARDS, Canvas, card_row, check_names, register_picture, wrap

__all__ = ["render_svg"]

WIDTH = 900
MARGIN = 24
#: A character card, a hand card and a table card (enemies, market), in pixels.
MEMBER_W, MEMBER_H = 100, 70
HAND_W, HAND_H = 66, 50
TABLE_W, TABLE_H = 84, 52
#: The room the row of final enemies takes.
ENEMIES_ROOM = 520
#: Where each player's hand starts, and the height of one player's band.
HAND_X = 470
PLAYER_H = 118
LEVELS = "ABC"
#: Characters of a card's name on one line of a hand card.
NAME_CHARS = 11
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


def _hand_face(card: Card) -> tuple[Sequence[str], str, str]:
    name = wrap(card.name, NAME_CHARS)
    if "potion" in card.kind.value:
        return (name, *POTION)
    if card.kind is Kind.CHARACTER and card.culture is not None:
        return ([*name, card.culture.value], CULTURE_FILL[card.culture], "#222222")
    return (name, *OTHER)


def _enemy_face(enemy: Enemy, players: int, up: bool) -> tuple[Sequence[str], str, str]:
    value = "invincible" if enemy.invincible else f"{enemy.value(players)} points"
    return ([enemy.name, value, "face up" if up else "seen"], *ENEMY)


def _member(canvas: Canvas, member: Member, x: float, y: float) -> None:
    card = member.card
    combat = "die" if card.combat[member.level] is None else str(member.combat)
    lines = [
        card.name,
        f"{card.culture} \u00b7 level {LEVELS[member.level]}",
        f"{member.points} pts \u00b7 combat {combat}",
    ]
    under = [word for word, on in (("broom", member.broom), ("cape", member.cape)) if on]
    if under:
        lines.append(" + ".join(under))
    fill = CULTURE_FILL.get(card.culture, "#eeeeee") if card.culture else "#eeeeee"
    canvas.card(x, y, MEMBER_W, MEMBER_H, lines=lines, fill=fill, size=9.5)


def _points(team: tuple[Member, ...]) -> str:
    """The team's culture points on the table, best culture first: ``VAL 5, CAT 2``."""
    cultures = tuple(dict.fromkeys(m.card.culture for m in team if m.card.culture is not None))
    plain = tuple(c for c in cultures if c is not Culture.MULTI) or cultures
    totals = culture_totals(team, (), plain)
    ranked = sorted(totals.items(), key=lambda item: (-item[1], item[0].value))
    return ", ".join(f"{c.value} {n}" for c, n in ranked) or "none"


def _player(
    canvas: Canvas,
    v: View,
    hands: Sequence[tuple[Card, ...]] | None,
    player: int,
    names: Sequence[str],
    y: float,
) -> None:
    """One player's band: name and culture points, characters, then hand."""
    team = v.teams[player]
    active = "  \u2022 this turn" if player == v.active else ""
    canvas.text(MARGIN, y, f"{names[player]}{active}", bold=True, limit=40)
    canvas.text(MARGIN + 230, y, f"culture points: {_points(team)}", size=12, fill=MUTED, limit=38)
    step = min(
        MEMBER_W + 6, (HAND_X - MARGIN - 20 - MEMBER_W) / max(1, min(len(team), ROW_CARDS) - 1)
    )
    for index, member in enumerate(team[:ROW_CARDS]):
        _member(canvas, member, MARGIN + index * step, y + 10)
    if not team:
        canvas.text(MARGIN, y + 40, "no characters", size=12, fill=MUTED)
    if hands is not None:
        hand: tuple[Card, ...] = hands[player]
        size = len(hand)
    elif player == v.player:
        hand, size = v.hand, len(v.hand)
    else:
        hand, size = (), v.hand_sizes[player]
    canvas.text(HAND_X, y + 2, f"hand: {size} card{'' if size == 1 else 's'}", size=12, fill=MUTED)
    card_row(
        canvas,
        HAND_X,
        y + 12,
        WIDTH - MARGIN - HAND_X,
        [_hand_face(c) for c in hand],
        backs=size - len(hand),
        width=HAND_W,
        height=HAND_H,
        size=9,
    )


def _table(canvas: Canvas, v: View, y: float) -> float:
    """The final enemies, the forest deck, the market deck, the starting row and the
    cemetery; where the players' bands start."""
    players = v.config.players
    canvas.text(MARGIN, y, "Final enemies", size=13, bold=True)
    step = min(TABLE_W + 6, (ENEMIES_ROOM - TABLE_W) / max(1, len(v.enemies) - 1))
    for index, enemy in enumerate(v.enemies):
        x = MARGIN + index * step
        if enemy is None:
            canvas.card(x, y + 8, TABLE_W, TABLE_H, face_down=True)
        else:
            lines, fill, ink = _enemy_face(enemy, players, v.enemy_up[index])
            canvas.card(x, y + 8, TABLE_W, TABLE_H, lines=lines, fill=fill, ink=ink, size=9)
    canvas.text(MARGIN + 580, y, f"Forest deck: {v.forest_size} cards", size=13, bold=True)
    if v.forest_top:
        top = ", ".join(card.name for card in v.forest_top)
        canvas.text(MARGIN + 580, y + 20, f"known on top: {top}", size=11, fill=MUTED, limit=40)
    y += TABLE_H + 40
    canvas.text(MARGIN, y, f"Market deck, top first: {len(v.market)}", size=13, bold=True)
    market = [_hand_face(c) for c in reversed(v.market)]
    card_row(canvas, MARGIN, y + 8, WIDTH - 2 * MARGIN, market, width=HAND_W, height=HAND_H, size=9)
    y += HAND_H + 36
    if v.start_row:
        canvas.text(MARGIN, y, "Starting characters", size=13, bold=True)
        row = [_hand_face(c) for c in v.start_row]
        card_row(
            canvas, MARGIN, y + 8, WIDTH - 2 * MARGIN, row, width=HAND_W, height=HAND_H, size=9
        )
        y += HAND_H + 36
    if v.cemetery:
        names = ", ".join(card.name for card in v.cemetery)
        canvas.text(MARGIN, y - 8, f"Cemetery: {names}", size=12, fill=MUTED, limit=120)
        y += 16
    return y + 10


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
    canvas.text(MARGIN + 145, 34, f"{n} players, turn {v.turn + 1}, phase {v.phase.value}", size=15)
    canvas.text(MARGIN, 58, status, size=13, fill=MUTED, limit=110)
    y = _table(canvas, v, 90)
    for player in range(n):
        _player(canvas, v, hands, player, seats, y)
        y += PLAYER_H
    for line in extra:
        canvas.text(MARGIN, y, line, size=12, limit=130)
        y += 18
    canvas.height = y + 10
    return canvas.finish()


register_picture(render_svg, State, View)
