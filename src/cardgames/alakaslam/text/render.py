"""A plain-text picture of an AlakaSLAM match, for terminals and logs.

The picture is ASCII only and about twenty lines long: a header with the score by side, the
court (row 4 on top, the net between rows 3 and 2, the blue edge on the left), then one line per
player, the deck and the discard pile, and whose decision it is. A view shows only what its
player knows: their own hand, the other hands as counts, face-down cards as a count.
"""

from __future__ import annotations

from cardgames.alakaslam.cards import Card, Character
from cardgames.alakaslam.court import NET_ROW, ROWS, Cell
from cardgames.alakaslam.rules import checked
from cardgames.alakaslam.state import Phase, State, View
from cardgames.alakaslam.view import check_view
from cardgames.game import SPECTATOR

__all__ = ["render"]

#: Characters wide of one court cell.
CELL_WIDTH = 7
#: The sides' names: side A is players 0 and 2, side B players 1 and 3.
SIDES = "AB"
BALL = "*"


def _short(character: Character) -> str:
    """Three letters of the character's name: ``Ric``, ``Too``, ``Wen``..."""
    return character.value[:3].capitalize()


def _cards(cards: tuple[Card, ...]) -> str:
    return " ".join(card.code for card in cards)


def _members(players: int, side: int) -> str:
    return ",".join(str(p) for p in range(side, players, 2))


def _cell_text(s: State | View, cell: Cell) -> str:
    """The players on ``cell`` (number and short name when it fits) and the ball."""
    here = [p for p, at in enumerate(s.positions) if at == cell]
    ball = [BALL] if s.ball == cell else []
    named = [f"{p}:{_short(s.characters[p])}" if p < len(s.characters) else str(p) for p in here]
    text = " ".join(named + ball)
    if len(text) > CELL_WIDTH:
        text = " ".join([str(p) for p in here] + ball)
    return text


def _court(s: State | View) -> list[str]:
    columns = s.config.columns
    players = s.config.players
    border = "  +" + "+".join("-" * CELL_WIDTH for _ in range(columns)) + "+"
    net = "  +" + "+".join("=" * CELL_WIDTH for _ in range(columns)) + "+ net"
    lines = ["   " + " ".join(f"{chr(ord('a') + c):^{CELL_WIDTH}}" for c in range(columns))]
    lines.append(border)
    for row in reversed(range(ROWS)):
        cells = "|".join(f"{_cell_text(s, Cell(col, row)):^{CELL_WIDTH}}" for col in range(columns))
        line = f"{row + 1} |{cells}|"
        if row in (ROWS - 1, 0):
            side = 1 if row else 0
            line += f" side {SIDES[side]} ({_members(players, side)})"
        lines.append(line)
        if row == NET_ROW + 1:
            lines.append(net)
    lines.append(border)
    width = len(border) - 2
    legend = f"{BALL} ball"
    gap = width - len("blue") - len("red") - len(legend)
    left = gap // 2
    lines.append(f"  blue{' ' * left}{legend}{' ' * (gap - left)}red")
    return lines


def _player_line(s: State | View, player: int) -> str:
    if player < len(s.characters):
        character = s.characters[player]
        name = character.full_name
        if character is Character.SIMON and s.copied is not None:
            name += f" (as {s.copied.value.capitalize()})"
    else:
        name = "(no character yet)"
    label = f"p{player} {SIDES[player % 2]} {name}"
    if player == s.server:
        label += " [server]"
    if isinstance(s, View) and player != s.player:
        size = s.hand_sizes[player]
        return f"{label:<33} {size} card{'' if size == 1 else 's'}"
    hand = s.hand if isinstance(s, View) else s.hands[player]
    return f"{label:<33} {len(hand)}: {_cards(hand) or '-'}"


def _decision(s: State | View) -> str:
    """The phase and who decides in it, with what they decide."""
    player = s.to_move
    what = {
        Phase.CHOOSE: "chooses a character",
        Phase.MULLIGAN: "mulligans or keeps",
        Phase.CALL: "calls red or blue",
        Phase.PICK_SERVER: "names the side's server",
        Phase.COPY: "(Simon) picks a character to copy",
        Phase.CORNER: "picks the serving corner",
        Phase.SERVE: "serves",
        Phase.MOVE: "moves and hits, or " + ("hands over" if s.queue else "lets the ball go"),
        Phase.SUPPORT: f"supports p{s.hitter}'s hit",
        Phase.TARGET: "names the opponent an Enchantment binds",
        Phase.AFTER: "moves after the hit",
        Phase.LOSER_DISCARD: f"may discard up to {s.discards_left} more",
        Phase.REFILL: f"discards down to {s.config.hand_size}",
    }.get(s.phase, "")
    notes = []
    if s.phase in (Phase.MOVE, Phase.AFTER) and s.free_step:
        notes.append("free step unused")
    if s.queue:
        notes.append("then " + ", ".join(f"p{p}" for p in s.queue))
    line = f"shot {s.shots}, {s.phase} phase: p{player} {what}"
    return f"{line} ({'; '.join(notes)})" if notes else line


def _face_down(s: State | View) -> str | None:
    """Doubles: how many cards the hitter has played face down; the cards themselves only in a
    state, or in the hitter's own view."""
    count = s.played_count if isinstance(s, View) else len(s.played)
    if not count:
        return None
    line = f"face down: {count} card{'' if count == 1 else 's'} of p{s.hitter}"
    if s.played:
        line += f": {_cards(s.played)}"
    return line


def _binds(s: State | View) -> str | None:
    """The Enchantments in force: who must play how many cards, Rich's lock, and those still
    waiting for a target."""
    parts = []
    bound = [f"p{p} plays exactly {n}" for p, n in enumerate(s.binds) if n]
    if bound:
        parts.append("bound: " + ", ".join(bound))
    if s.locked:
        parts.append("locked: no Enchantment in the return (Rich)")
    if s.pending:
        waiting = ", ".join(f"p{b.player}'s ({b.cards} cards)" for b in s.pending)
        parts.append(f"Enchantments to target: {waiting}")
    return "; ".join(parts) if parts else None


def _result(s: State | View) -> str:
    result = s.result
    assert result is not None
    if result.winners:
        sides = sorted({SIDES[p % 2] for p in result.winners})
        return f"game over: side {'/'.join(sides)} wins ({result.reason})"
    if result.is_draw:
        return f"game over: draw ({result.reason})"
    return f"game over: nobody wins ({result.reason})"


def render(state_or_view: State | View) -> str:
    """The score, the court (row 4 on top), each player's character and hand, the deck and
    the discard pile, and whose decision it is; for a view, only what its player may see.

    A state is checked first (``InvalidStateError`` if it cannot be played), a view too
    (``InvalidViewError``). What passes the checks is drawn in a bounded number of lines: the
    court is fixed, and no line is longer than the config's deck written out.
    """
    s: State | View
    s = check_view(state_or_view) if isinstance(state_or_view, View) else checked(state_or_view)
    config = s.config
    mode = "doubles" if config.doubles else "singles"
    header = f"AlakaSLAM {mode}: A {s.score[0]} - {s.score[1]} B, first to {config.points_to_win}"
    if isinstance(s, View):
        header += " (a spectator's view)" if s.player == SPECTATOR else f" (view of p{s.player})"
    lines = [header, *_court(s)]
    lines.extend(_player_line(s, p) for p in range(config.players))
    deck = s.deck_size if isinstance(s, View) else len(s.deck)
    top = f"{len(s.discard)}, top {s.discard[-1].code}" if s.discard else "empty"
    lines.append(f"deck {deck}, discard {top}")
    extras = (_face_down(s), _binds(s))
    lines.extend(line for line in extras if line is not None)
    if s.last_point is not None:
        point = s.last_point
        loser = SIDES[1 - point.side]
        lines.append(f"last point: side {SIDES[point.side]} won it (side {loser}: {point.fault})")
    lines.append(_decision(s) if s.result is None else _result(s))
    return "\n".join(line.rstrip() for line in lines)
