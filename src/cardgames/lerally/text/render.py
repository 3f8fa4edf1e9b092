"""A plain-text picture of a Le Rally match, for terminals and logs.

The picture is ASCII only, under 100 columns and about fifteen lines long: a header with the
match format and the server, the score read the way tennis players read it, where the ball is
(with one half of the court drawn from its player's baseline, the ball marked ``o``) or the
attack to answer, the last cards of the rally pile with their tennis names, one line per player,
the deck and the cleared cards, the last rally's winner, and who plays now or how the match
ended. A view shows only what its player knows: their own hand, the other hands as counts.

Example (a state of a singles One Game: player 1 has just lobbed three Crosscourt Forehands,
so with two players he plays again from where the lob landed)::

    Le Rally - One Game, singles - server p1
    Score (p0-p1): 15-30
    ball: in BL (Baseline-Left, blue) of p1's half, last card by p1
      +=============+=============+ net (p1's half)
      | NL yellow   | NR red      |
      +-------------+-------------+
      | BL blue   o | BR green    |
      +-------------+-------------+ baseline
    pile 3: BL-BL Crosscourt Forehand x3
    p0           2 cards: NR-NL JO
    p1 [server]  9 cards: BL-NL x3 BR-BL NL-BL x2 NL-BR x2 NL-NL
    deck 60, cleared 4; 7 decisions this rally (limit 500)
    last rally: p1 won it (emptied their hand)
    to play: p1, from BL
"""

from __future__ import annotations

from collections.abc import Iterable

from cardgames.game import SPECTATOR, Outcome
from cardgames.lerally.cards import Card, Section
from cardgames.lerally.checks import check_state, check_view
from cardgames.lerally.config import Config, Format, card_names
from cardgames.lerally.score import FORTY
from cardgames.lerally.score import side_of_player as side_of
from cardgames.lerally.state import Ending, RallyWin, Score, State, View

__all__ = ["render"]

#: Columns the picture stays within.
WIDTH = 99
#: How tennis players call the points of a game (One Game keeps them as 0-3).
POINTS = ("0", "15", "30", "40")
#: The formats' names as the rules print them.
FORMAT_NAMES = {
    Format.SHOT_GUN: "Shot Gun",
    Format.ONE_GAME: "One Game",
    Format.FAST_FOUR: "Fast Four",
    Format.ONE_SET: "One Set",
}
BEST_OF = {3: "Best of Three", 5: "Best of Five"}
#: The doubles teams: A is players 0 and 2, B is players 1 and 3.
TEAMS = "AB"
#: The ball in the court picture.
BALL = "o"
#: Pile entries shown at most (a run of identical cards is one entry).
PILE_ENTRIES = 3
#: Characters of a card's tennis name shown at most.
NAME_CHARS = 26
#: One court cell's width: `` NL yellow o ``.
CELL = 13


# --- small words -------------------------------------------------------------------------------


def _ascii(text: str, limit: int = NAME_CHARS) -> str:
    """``text`` with anything but printable ASCII replaced by ``?``, cut to ``limit``."""
    clean = "".join(c if " " <= c <= "~" else "?" for c in text)
    return clean if len(clean) <= limit else clean[: limit - 3] + "..."


def _name(config: Config, card: Card) -> str:
    """The card's code and tennis name: ``BL-NR Forehand Angle``."""
    name = card_names(config).get(card)
    return f"{card.code} {_ascii(name)}" if name else card.code


def _side_name(config: Config, side: int) -> str:
    """``team A`` in doubles, ``p2`` otherwise."""
    return f"team {TEAMS[side]}" if config.doubles else f"p{side}"


def _dash(values: Iterable[object]) -> str:
    return "-".join(str(v) for v in values)


def _runs(cards: Iterable[Card]) -> list[tuple[Card, int]]:
    """Runs of identical cards, in order: ``[(card, count), ...]``."""
    runs: list[tuple[Card, int]] = []
    for card in cards:
        if runs and runs[-1][0] == card:
            runs[-1] = (card, runs[-1][1] + 1)
        else:
            runs.append((card, 1))
    return runs


def _grouped(cards: Iterable[Card]) -> list[str]:
    """A hand's cards, identical ones together: ``["BL-BR", "NR-NR x2", "JO"]``."""
    return [card.code + (f" x{count}" if count > 1 else "") for card, count in _runs(cards)]


def _wrapped(first: str, words: list[str], indent: int) -> list[str]:
    """``first`` followed by ``words``, wrapped at the picture's width."""
    lines = [first]
    for word in words:
        if len(lines[-1]) + 1 + len(word) > WIDTH and len(lines[-1]) > indent:
            lines.append(" " * indent + word)
        else:
            lines[-1] += " " + word
    return lines


# --- the parts of the picture ------------------------------------------------------------------


def _header(s: State | View) -> str:
    config = s.config
    fmt = FORMAT_NAMES[config.format]
    if config.best_of > 1:
        fmt = f"{BEST_OF[config.best_of]} sets of {fmt}"
    if config.doubles:
        mode = "doubles (A: p0+p2, B: p1+p3)"
    elif config.players == 2:
        mode = "singles"
    else:
        mode = f"{config.players} players"
    line = f"Le Rally - {fmt}, {mode} - server p{s.server}"
    if isinstance(s, View):
        line += " - a spectator's view" if s.player == SPECTATOR else f" - view of p{s.player}"
    return line


def _score(config: Config, score: Score, result: Outcome | None) -> str:
    """The score as tennis players read it: ``15-30``, ``Games 4-3``, ``Sets 1-0, Games 2-1``."""
    sides = config.sides
    labels = "A-B" if config.doubles else _dash(f"p{side}" for side in range(sides))
    fmt = config.format
    games = score.games
    points = _dash(POINTS[min(g, FORTY)] for g in games)
    if result is not None:
        won = [side_of(config, p) for p in sorted(result.winners)]
        leader = won[0] if won else max(range(sides), key=lambda side: score.sets[side])
        winner = _side_name(config, leader)
        if config.best_of > 1:
            text = f"Sets {_dash(score.sets)}, match to {winner}"
        elif fmt is Format.SHOT_GUN:
            text = f"the Shot Gun rally to {winner}"
        elif fmt is Format.ONE_GAME:
            text = f"Game {winner} (from {points})"
        else:
            text = f"Set {winner}, Games {_dash(games)}"
        return f"Score ({labels}): {text}"
    if fmt is Format.SHOT_GUN:
        text = "one rally decides the set"
    elif fmt is Format.ONE_GAME:
        text = points
        on_forty = sum(1 for g in games if g == FORTY)
        if on_forty >= 2:
            sudden = "deuce: the next rally wins" if sides == 2 else "the next rally won on 40 wins"
            text += f" ({sudden})"
    else:
        text = f"Games {_dash(games)}"
        if fmt is Format.FAST_FOUR:
            text += ", first to 4"
        elif score.to_seven:
            text += ", 5 all: first to 7"
        else:
            text += ", first to 6 by 2"
    if config.best_of > 1:
        text = f"Sets {_dash(score.sets)}" + ("" if fmt is Format.SHOT_GUN else f", {text}")
    return f"Score ({labels}): {text}"


def _attack_text(config: Config, attack: Card, total: int) -> str:
    """``NW3 Net Winner +3 x2 (Hot Shot), 6 to pick up``."""
    hot = total // attack.value if attack.value else 1
    stack = f" x{hot} (Hot Shot)" if hot > 1 else ""
    return f"{_name(config, attack)}{stack}, {total} to pick up"


def _situation(s: State | View) -> str:
    """Where the ball is, the attack to answer, or who leads."""
    if s.leading:
        return f"new exchange: p{s.to_move} leads"
    if s.attack is not None:
        attack = _attack_text(s.config, s.attack, s.attack_total)
        return f"attack: {attack}; last card by p{s.last}"
    ball = s.ball
    if ball is None:  # only a hand-made view
        return "ball: nowhere"
    where = f"{ball.value} ({ball.full_name}, {ball.colour})"
    return f"ball: in {where} of p{s.to_move}'s half, last card by p{s.last}"


def _cell(section: Section, ball: Section | None) -> str:
    text = f"{section.value} {section.colour}"
    mark = BALL if section is ball else ""
    return f" {text:<{CELL - 4}} {mark:1} "


def _court(s: State | View) -> list[str]:
    """The half of the player to move, seen from its baseline: the net on top, left on the left;
    the ball marked ``o`` in its section."""
    ball = s.ball
    line = "  +" + "+".join("-" * CELL for _ in range(2)) + "+"
    net = "  +" + "+".join("=" * CELL for _ in range(2)) + "+ net"
    rows = (
        (Section.NET_LEFT, Section.NET_RIGHT),
        (Section.BASELINE_LEFT, Section.BASELINE_RIGHT),
    )
    cells = ["  |" + "|".join(_cell(section, ball) for section in row) + "|" for row in rows]
    return [f"{net} (p{s.to_move}'s half)", cells[0], line, cells[1], f"{line} baseline"]


def _pile(s: State | View) -> str:
    """The last few cards of the pile, oldest first, with their tennis names."""
    if not s.pile:
        return "pile: empty"
    runs = _runs(s.pile)
    for shown in range(min(PILE_ENTRIES, len(runs)), 0, -1):
        for named in (True, False):
            entries = [
                (_name(s.config, card) if named else card.code) + (f" x{n}" if n > 1 else "")
                for card, n in runs[-shown:]
            ]
            more = "... " if shown < len(runs) else ""
            line = f"pile {len(s.pile)}: {more}" + " > ".join(entries)
            if len(line) <= WIDTH:
                return line
    return f"pile {len(s.pile)}: ... {runs[-1][0].code}"


def _players(s: State | View) -> list[str]:
    config = s.config
    lines: list[str] = []
    labels = []
    for player in range(config.players):
        label = f"p{player}"
        if config.doubles:
            label += f" {TEAMS[player % 2]}"
        if player == s.server:
            label += " [server]"
        labels.append(label)
    width = max(len(label) for label in labels) + 2
    for player, label in enumerate(labels):
        if isinstance(s, View) and player != s.player:
            size = s.hand_sizes[player]
            lines.append(f"{label:<{width}}{size} card{'' if size == 1 else 's'}")
            continue
        hand = s.hand if isinstance(s, View) else s.hands[player]
        first = f"{label:<{width}}{len(hand)} card{'' if len(hand) == 1 else 's'}:"
        words = _grouped(hand) or ["-"]
        lines.extend(_wrapped(first, words, width + 2))
    return lines


def _last_rally(config: Config, win: RallyWin) -> str:
    how = "emptied their hand" if win.ending is Ending.EMPTY_HAND else "fewest cards at the limit"
    if config.doubles:
        return f"last rally: team {TEAMS[win.side]} won it (p{win.player} {how})"
    return f"last rally: p{win.player} won it ({how})"


def _result(config: Config, result: Outcome) -> str:
    winners = sorted(result.winners)
    if not winners:
        return f"match over: nobody wins ({_ascii(str(result.reason), 60)})"
    if config.doubles:
        who = f"team {TEAMS[winners[0] % 2]} ({', '.join(f'p{p}' for p in winners)}) wins"
    else:
        who = " and ".join(f"p{p}" for p in winners) + (" wins" if len(winners) == 1 else " win")
    return f"match over: {who} ({_ascii(str(result.reason), 60)})"


def _to_play(s: State | View) -> str:
    if s.result is not None:
        return _result(s.config, s.result)
    player = f"to play: p{s.to_move}"
    if s.leading:
        return f"{player}, leads a shot, a lob or the offense card"
    if s.attack is not None:
        return f"{player}, answers {s.attack.code} or picks up {s.attack_total}"
    where = s.ball.value if s.ball is not None else "nowhere"
    return f"{player}, from {where}"


# --- the picture -------------------------------------------------------------------------------


def render(state_or_view: State | View) -> str:
    """A plain-text picture of the match: the format, the server and the score read the tennis
    way, where the ball is on the court (or the attack to answer, or who leads), the rally
    pile, the hands (a view: only its own player's, the others as counts), the deck and the
    cleared cards, the last rally's winner, and who plays now or how the match ended.

    A state is checked first (``InvalidStateError``), and so is a view (``InvalidViewError``
    for one that no playable state shows): whatever passes the checks, the picture stays
    within a few dozen lines of at most 99 columns.
    """
    s = check_view(state_or_view) if isinstance(state_or_view, View) else check_state(state_or_view)
    config = s.config
    over = s.result is not None
    lines = [_header(s), _score(config, s.score, s.result)]
    if not over:
        lines.append(_situation(s))
        lines.extend(_court(s))
    lines.append(_pile(s))
    lines.extend(_players(s))
    deck = s.deck_size if isinstance(s, View) else len(s.deck)
    plays = f"{s.plays} decision{'' if s.plays == 1 else 's'}"
    lines.append(
        f"deck {deck}, cleared {len(s.cleared)}; {plays} this rally (limit {config.rally_limit})"
    )
    if s.last_rally is not None:
        lines.append(_last_rally(config, s.last_rally))
    lines.append(_to_play(s))
    return "\n".join(line.rstrip() for line in lines)
