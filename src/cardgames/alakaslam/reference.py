"""The rules of AlakaSLAM read plainly, with no caches, tables or twins: the oracle the
game's quick paths are held to in the tests. Production code never calls this module.

- :func:`plays`: the plays of a hand, every choice of its cards that
  :func:`~cardgames.alakaslam.plays.play_problem` allows (what ``_fast.play_options`` looks up);
- :func:`legal_moves` and :func:`apply_move`: the moves of a state, listed phase by phase
  through the chapters' functions with the plays worked out as above, and a move applied on
  the readable :class:`~cardgames.alakaslam.draft.Draft` (where ``apply_move`` works on the
  twin of ``_fast.draft_of``);
- :func:`new_game`: a match dealt on the readable draft;
- :func:`landing`: where a shot's cards send the ball (what ``_fast.course`` and
  ``_fast.landing`` keep);
- :func:`match_end`: when a match ends and how, each outcome made afresh (what
  :func:`~cardgames.alakaslam.state.match_end` answers from outcomes made once).
"""

from __future__ import annotations

import itertools

from cardgames.alakaslam import movement, rules, set_up
from cardgames.alakaslam.cards import Card
from cardgames.alakaslam.config import Config, check_config, team
from cardgames.alakaslam.court import Cell, Landing, court_for
from cardgames.alakaslam.draft import Draft
from cardgames.alakaslam.moves import DECLINE, DONE, Hit, Move, Support
from cardgames.alakaslam.plays import Play, course, play_problem, play_sizes
from cardgames.alakaslam.state import Phase, State
from cardgames.errors import IllegalMoveError
from cardgames.game import Outcome
from cardgames.rng import Rng, check_seed

__all__ = ["apply_move", "landing", "legal_moves", "match_end", "new_game", "plays"]


def plays(hand: tuple[Card, ...], need: int, locked: bool, support: bool) -> tuple[Play, ...]:
    """Every play of ``hand`` under a bind of ``need`` cards (0: none) and the lock, as hits
    (or support plays), each once: by size, then in the order of the sorted cards."""
    found: list[Play] = []
    for size in play_sizes(need):
        for cards in dict.fromkeys(itertools.combinations(sorted(hand), size)):
            if play_problem(cards, need, locked) is None:
                found.append(Support(cards) if support else Hit(cards))
    return tuple(found)


def _plays_of(state: State, player: int, support: bool) -> tuple[Play, ...]:
    need = state.binds[player] if state.binds else 0
    return plays(state.hands[player], need, state.locked, support)


def legal_moves(state: State) -> tuple[Move, ...]:
    """Every legal move of the player to decide, in the order the rules list them."""
    state = rules.checked(state)
    player = state.to_move
    if state.result is not None or player is None:
        return ()
    phase = state.phase
    if phase is Phase.SERVE:
        return (*_plays_of(state, player, False), DECLINE)
    if phase is Phase.MOVE:
        last = DONE if state.queue else DECLINE
        steps = movement.step_moves(state, player)
        if state.positions[player] != state.ball:
            return (*steps, last)
        return (*steps, *_plays_of(state, player, False), last)
    if phase is Phase.SUPPORT:
        return _plays_of(state, player, True) or (DECLINE,)
    # Every other phase's moves are one chapter function's list: the rules' own table names it.
    return rules.PHASE_MOVES[phase](state, player)


def apply_move(state: State, move: Move) -> State:
    """The state after ``move``, made on the readable draft; ``IllegalMoveError`` if the move
    is not among :func:`legal_moves`."""
    legal = next((m for m in legal_moves(state) if m == move), None)
    if legal is None:
        raise IllegalMoveError("not a legal move")
    d = Draft(state)
    d.last_mover, d.last_move = state.to_move, legal
    rules.EFFECTS[type(legal)](d, legal)
    return d.finish()


def new_game(config: Config, seed: int) -> State:
    """A new match of ``config``, dealt on the readable draft."""
    check_config(config)
    check_seed(seed)
    d = Draft.blank(config, Rng.from_seed(seed))
    set_up.begin(d)
    return d.finish()


def landing(config: Config, start: Cell, side: int, shot: tuple[Card, ...]) -> tuple[Cell, Landing]:
    """Where ``shot``, hit by ``side`` from ``start``, sends the ball on the court of
    ``config``, and how it lands."""
    across, distance = course(shot)
    return court_for(config.columns).land(start, side, across, distance)


def match_end(config: Config, score: tuple[int, int], shots: int) -> Outcome | None:
    """The outcome of a match at this score after ``shots`` hits, or ``None`` while it goes on:
    a side that reaches the points to win wins; at the shot limit, the side ahead wins and a
    level score is a draw."""
    n = config.players
    for side in (0, 1):
        if score[side] >= config.points_to_win:
            return Outcome.win(set(team(n, side)), n, "won the match")
    if shots < config.shot_limit:
        return None
    if score[0] == score[1]:
        return Outcome.draw(n, "shot limit reached with the score level")
    leader = 0 if score[0] > score[1] else 1
    return Outcome.win(set(team(n, leader)), n, "ahead when the shot limit was reached")
