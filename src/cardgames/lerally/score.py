"""The sides of a Le Rally match and its score: how a won rally counts in each match format.

These are the rules' own workings and trust their arguments; the functions of the same names
that ``cardgames.lerally`` exports check theirs first (see :mod:`cardgames.lerally.rules`).
"""

from __future__ import annotations

from cardgames.lerally.config import Config, Format
from cardgames.lerally.state import Score

__all__ = [
    "FAST_FOUR_GAMES",
    "FIVE_ALL",
    "FORTY",
    "SET_GAMES",
    "SET_LEAD",
    "SEVEN",
    "TIED_SIDES",
    "add_rally",
    "match_reason",
    "most_games",
    "players_of",
    "rallies_bound",
    "side_of_player",
]

#: One Game: points 0, 15, 30, 40 are kept as 0-3; a rally won on 40 wins the game.
FORTY = 3
#: Fast Four: games to win the set.
FAST_FOUR_GAMES = 4
#: One Set: games to win, with a lead of :data:`SET_LEAD`.
SET_GAMES = 6
#: One Set: the lead over every other side that :data:`SET_GAMES` games need.
SET_LEAD = 2
#: One Set: two sides at this many games send the set to :data:`SEVEN`.
FIVE_ALL = 5
#: One Set: after five games all, the games that win the set outright.
SEVEN = 7
#: How many sides at five games apiece send a One Set set to seven.
TIED_SIDES = 2


def side_of_player(config: Config, player: int) -> int:
    """The side ``player`` scores for: themselves, or in doubles their team."""
    return next(side for side, players in enumerate(config.teams) if player in players)


def players_of(config: Config, side: int) -> tuple[int, ...]:
    """The players of ``side``, in seat order."""
    return config.teams[side]


def most_games(config: Config) -> int:
    """The most games (points in One Game) a side can hold in a set that goes on.

    Shot Gun counts no games; One Game stops at 40 (a rally won on 40 ends it); Fast Four
    ends at 4 games; One Set ends at 7 games at the latest (6 with a lead of 2 before five
    all, 7 after it).
    """
    return {
        Format.SHOT_GUN: 0,
        Format.ONE_GAME: FORTY,
        Format.FAST_FOUR: FAST_FOUR_GAMES - 1,
        Format.ONE_SET: SEVEN - 1,
    }[config.format]


def add_rally(config: Config, score: Score, side: int) -> tuple[Score, int | None]:
    """The score after ``side`` wins a rally, and the side that has won the match, if any."""
    games = list(score.games)
    to_seven = score.to_seven
    fmt = config.format
    if fmt is Format.SHOT_GUN:
        set_won = True
    elif fmt is Format.ONE_GAME:
        set_won = games[side] == FORTY
        games[side] += 0 if set_won else 1
    elif fmt is Format.FAST_FOUR:
        games[side] += 1
        set_won = games[side] == FAST_FOUR_GAMES
    else:
        games[side] += 1
        if not to_seven and sum(1 for g in games if g == FIVE_ALL) >= TIED_SIDES:
            to_seven = True
        if to_seven:
            set_won = games[side] == SEVEN
        else:
            others = max(g for s, g in enumerate(games) if s != side)
            set_won = games[side] >= SET_GAMES and games[side] - others >= SET_LEAD
    if not set_won:
        return Score(score.sets, tuple(games), to_seven), None
    sets = list(score.sets)
    sets[side] += 1
    fresh = Score(tuple(sets), (0,) * config.sides)
    if sets[side] == config.sets_to_win:
        # The finished match keeps the games of its last set, for the record.
        return Score(tuple(sets), tuple(games), to_seven), side
    return fresh, None


def rallies_bound(config: Config) -> int:
    """A bound on the rallies of a match: a side can win at most one rally short of every set
    target without ending the set, and at most one set short of the match."""
    sides = config.sides
    per_set = {
        Format.SHOT_GUN: 1,
        Format.ONE_GAME: sides * FORTY + 1,
        Format.FAST_FOUR: sides * (FAST_FOUR_GAMES - 1) + 1,
        Format.ONE_SET: sides * (SEVEN - 1) + 1,
    }[config.format]
    sets = sides * (config.sets_to_win - 1) + 1
    return sets * per_set


def match_reason(config: Config, score: Score, winner: int) -> str:
    """``won the match``, with the sets the way tennis reads them, the winner's first."""
    if config.best_of == 1:
        return "won the match"
    others = max(sets for side, sets in enumerate(score.sets) if side != winner)
    return f"won the match {score.sets[winner]} sets to {others}"
