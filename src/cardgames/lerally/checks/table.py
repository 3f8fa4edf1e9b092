"""The checks a Le Rally state and a view share: the config and who moves, the situation of
the exchange, the pile and the attack to answer, the score and the counters, the last move,
and what a finished match keeps."""

from __future__ import annotations

from cardgames.errors import excerpt
from cardgames.game import SPECTATOR, Outcome
from cardgames.lerally.cards import CardKind, Section, is_card
from cardgames.lerally.checks.parts import Facts, config_problem, is_seat
from cardgames.lerally.checks.scores import problem_of_score, scored
from cardgames.lerally.config import Config
from cardgames.lerally.moves import MIN_LOB, Lob, Offense, PickUp, Play
from cardgames.lerally.score import match_reason, players_of
from cardgames.lerally.state import Ending, RallyWin, State, View

__all__ = [
    "final_problem",
    "last_move_problem",
    "opening_problem",
    "pile_problem",
    "situation_problem",
    "table_problem",
]


def opening_problem(s: State | View) -> str | None:
    """What the check of every state and view starts with: its config, a view's player, then
    the situation of the exchange (see :func:`situation_problem`)."""
    problem = config_problem(s.config)
    if problem is not None:
        return problem
    config = s.config
    if type(s) is View and not (is_seat(s.player, config.players) or s.player == SPECTATOR):
        return (
            f"player must be a player 0-{config.players - 1} or SPECTATOR, not {excerpt(s.player)}"
        )
    return situation_problem(s, config)


def situation_problem(s: State | View, config: Config) -> str | None:
    """What is wrong with who moves and what they answer (the same in a state and a view)."""
    n = config.players
    over = s.result is not None
    if over and (type(s.result) is not Outcome or type(s.result.returns) is not tuple):
        return f"result must be an Outcome for {n} players"
    if over and len(s.result.returns) != n:  # type: ignore[union-attr]
        return f"result must be an Outcome for {n} players"
    if over != (s.to_move is None):
        return "nobody moves exactly when the match is over"
    if s.to_move is not None and not is_seat(s.to_move, n):
        return f"to_move must be a player 0-{n - 1}"
    if s.last is not None and not is_seat(s.last, n):
        return f"last must be a player 0-{n - 1}"
    if not is_seat(s.server, n):
        return f"server must be a player 0-{n - 1}"
    if type(s.leading) is not bool:
        return "leading must be true or false"
    if s.ball is not None and type(s.ball) is not Section:
        return "ball must be a Section or None"
    if s.attack is not None and (not is_card(s.attack) or s.attack.kind is not CardKind.ATTACK):
        return "attack must be an attack card or None"
    if type(s.attack_total) is not int or s.attack_total < 0:
        return "attack_total must be a non-negative int"
    if (s.attack is None) != (s.attack_total == 0):
        return "an attack and its total go together"
    if s.attack is not None and s.ball is not None:
        return "facing an attack, the ball is in no section"
    if s.leading and (s.pile or s.ball or s.attack or s.last is not None):
        return "a leading player faces an empty pile"
    if not over and not s.leading and s.ball is None and s.attack is None:
        return "a player who does not lead answers a ball or an attack"
    if not over and not s.leading and s.last is None:
        return "a player who does not lead answers somebody's card"
    if over and (s.leading or s.ball is not None or s.attack is not None or s.last is not None):
        # The rally that ends the match clears the exchange's situation (the pile stays).
        return "a finished match has nobody leading or answering"
    return None


def table_problem(s: State | View, facts: Facts, sizes: tuple[int, ...]) -> str | None:
    """What is wrong with the pile, the hands' sizes, the score and the counters of a state or
    a view whose fields have the right types and whose cards add up; ``sizes`` are the hands'
    sizes."""
    over = s.result is not None
    if not over and not all(sizes):
        return "a player with an empty hand has already won the rally"
    problem = pile_problem(s, facts)
    if problem is not None:
        return problem
    problem = problem_of_score(facts, s.score, over)
    if problem is not None:
        return problem
    # Every decision of a rally counts, and the rally ends when it reaches the limit: a match
    # going on has made fewer, and the final rally at most that many.
    limit = facts.rally_limit
    plays = s.plays
    if type(plays) is not int or not 0 <= plays <= limit or (not over and plays == limit):
        return f"plays must be an int 0-{limit - 1} ({limit} when the limit ended the match)"
    last = s.last_rally
    if last is not None and (
        type(last) is not RallyWin
        or type(last.ending) is not Ending
        or not is_seat(last.player, facts.players)
        or type(last.side) is not int
        or last.side != facts.side_of[last.player]
    ):
        return "last_rally must be a RallyWin of a player and their side"
    if last is not None and not scored(s.score, last.side):
        return "last_rally: its winner has no point, game or set to show for it"
    problem = last_move_problem(s, facts)
    if problem is not None:
        return problem
    if over:
        return final_problem(s, s.config, sizes)
    return None


def last_move_problem(s: State | View, facts: Facts) -> str | None:
    """What is wrong with the move that led to ``s`` and its player: both are ``None`` (no
    move yet) or a player and a well-formed move of the config's cards."""
    mover, move = s.last_mover, s.last_move
    if mover is None and move is None:
        return None
    if not is_seat(mover, facts.players):
        return f"last_mover must be a player 0-{facts.players - 1}, with last_move"
    kind = type(move)
    if kind is Play or kind is Lob:
        card = move.card  # type: ignore[union-attr]
        if not is_card(card) or card not in facts.counts:
            return "last_move must play a card of the config's card list"
        if kind is Lob and (
            type(move.count) is not int  # type: ignore[union-attr]
            or not MIN_LOB <= move.count <= facts.counts[card]  # type: ignore[union-attr]
        ):
            return "last_move: a lob of more copies than the card list holds"
        return None
    if kind is Offense:
        to = move.to  # type: ignore[union-attr]
        return None if type(to) is Section else "last_move: an offense lands in a Section"
    if kind is PickUp:
        return None
    return "last_move must be a Le Rally move, with last_mover"


def pile_problem(s: State | View, facts: Facts) -> str | None:
    """What is wrong with the rally pile and the attack to answer, or ``None``.

    A player who answers answers a card of the pile. An attack to answer is the attack card
    put down last (or passed on by Yours and Challenge), so it is on the pile, and each Hot
    Shot (the identical card) adds its value to the total: the total is a multiple of the
    value, and since every Hot Shot is a card played, the value at most once per card of the
    list.
    """
    if s.result is not None or s.leading:
        return None
    if not s.pile:
        return "a player who does not lead answers a card on the pile"
    attack = s.attack
    if attack is None:
        return None
    if attack not in s.pile:
        return "the attack to answer must be on the pile"
    total, value = s.attack_total, attack.value
    if total % value or total > value * facts.total:
        return f"attack_total must be {value} for each copy of {attack.code} played"
    return None


def final_problem(s: State | View, config: Config, sizes: tuple[int, ...]) -> str | None:
    """What is wrong with a finished match, or ``None``: the side with the sets has won, by
    the last rally, with the result the rules give it, and the rally ended as it says."""
    winner = s.score.sets.index(config.sets_to_win)
    last = s.last_rally
    if last is None or last.side != winner:
        return "last_rally must be the winning side's"
    expected = Outcome.win(
        set(players_of(config, winner)), config.players, match_reason(config, s.score, winner)
    )
    result = s.result
    assert result is not None
    if (
        type(result.winners) is not frozenset
        or result.winners != expected.winners
        or result.returns != expected.returns
        or type(result.reason) is not str
        or result.reason != expected.reason
    ):
        return "result must be the winning side's Outcome"
    limit = config.rally_limit
    if last.ending is Ending.EMPTY_HAND:
        # The winner played their last card (a decision of the rally); nobody else is out.
        empty = [p for p, size in enumerate(sizes) if size == 0]
        if empty != [last.player] or s.plays == 0:
            return "the match was won by emptying the winner's hand, and only theirs"
        return None
    if s.plays != limit or not all(sizes):
        return f"a match ended by the rally limit ends at {limit} decisions, every hand held"
    first = (s.server + 1) % config.players
    order = [(first + i) % config.players for i in range(config.players)]
    if min(order, key=lambda p: sizes[p]) != last.player:
        return "at the rally limit the rally goes to the fewest cards, first from the server's left"
    return None
