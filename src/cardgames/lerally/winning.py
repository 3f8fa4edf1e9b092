"""Winning: playing the last card of one's hand wins the rally for one's side (and the rally
limit gives it to the fewest cards); the score moves on, and the serve passes to the left for
the next deal unless the match is over."""

from __future__ import annotations

from cardgames.game import Outcome
from cardgames.lerally.deal import deal
from cardgames.lerally.draft import Draft, next_player
from cardgames.lerally.score import add_rally, match_reason, players_of, side_of_player
from cardgames.lerally.state import Ending, RallyWin

__all__ = ["after_play"]


def after_play(d: Draft, player: int) -> None:
    """Count the decision ``player`` just made; a player out of cards wins the rally, and so
    does the side with the fewest cards when the rally reaches its limit."""
    d.plays += 1
    if not d.hands[player]:
        _win_rally(d, player, Ending.EMPTY_HAND)
    elif d.plays >= d.config.rally_limit:
        first = next_player(d.config, d.server)
        order = [(first + i) % d.config.players for i in range(d.config.players)]
        fewest = min(order, key=lambda p: len(d.hands[p]))
        _win_rally(d, fewest, Ending.RALLY_LIMIT)


def _win_rally(d: Draft, player: int, ending: Ending) -> None:
    """``player``'s side wins the rally: the score, then the match's end or the next deal."""
    config = d.config
    side = side_of_player(config, player)
    d.last_rally = RallyWin(side, player, ending)
    d.score, winner = add_rally(config, d.score, side)
    if winner is not None:
        reason = match_reason(config, d.score, winner)
        d.result = Outcome.win(set(players_of(config, winner)), config.players, reason)
        d.to_move, d.leading = None, False
        d.ball, d.attack, d.attack_total, d.last = None, None, 0, None
        return
    d.server = next_player(config, d.server)
    deal(d)
