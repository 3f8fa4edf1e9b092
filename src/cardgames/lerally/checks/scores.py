"""The check of a Le Rally match score: the sets and games a match of its config can hold,
going on or finished, in each match format."""

from __future__ import annotations

from cardgames.lerally.checks.parts import Facts, facts_of, first_problem
from cardgames.lerally.config import Config, Format
from cardgames.lerally.score import (
    FAST_FOUR_GAMES,
    FIVE_ALL,
    FORTY,
    SET_GAMES,
    SET_LEAD,
    SEVEN,
    TIED_SIDES,
)
from cardgames.lerally.state import Score

__all__ = ["final_games_problem", "problem_of_score", "score_problem", "scored"]


def score_problem(config: Config, score: object, *, over: bool) -> str | None:
    """What is wrong with ``score`` as the score of a match of ``config`` (a finished one when
    ``over``), or ``None``; ``config`` must have passed ``check_config``."""
    facts = facts_of(config)
    return first_problem(lambda value: problem_of_score(facts, value, over), score)


def scored(score: Score, side: int) -> bool:
    """Whether ``side`` holds something a won rally gives: a point or game in the current
    set, or (the set being new) a set won."""
    if score.games[side] > 0:
        return True
    return not any(score.games) and score.sets[side] > 0


#: The one type a score's counts have.
_INT = frozenset({int})


def problem_of_score(facts: Facts, score: object, over: bool) -> str | None:
    """What is wrong with a match score, or ``None``."""
    sides = facts.sides
    if type(score) is not Score:
        return f"score must hold {sides} counts of sets and of games"
    sets, games = score.sets, score.games
    if (
        type(sets) is not tuple
        or type(games) is not tuple
        or len(sets) != sides
        or len(games) != sides
        or type(score.to_seven) is not bool
        or not set(map(type, sets + games)) <= _INT
        or min(sets + games) < 0
    ):
        return f"score must hold {sides} counts of sets and of games"
    # A side that wins its last set needed wins the match, which then stops: no side holds more
    # sets than that, and only the winner of a finished match holds that many.
    target = facts.sets_to_win
    if max(sets) > target or sets.count(target) != (1 if over else 0):
        return f"score: the sets do not fit a best of {facts.best_of}"
    if score.to_seven and facts.format is not Format.ONE_SET:
        return "only a One Set set goes to seven"
    if over:
        return final_games_problem(facts, score)
    if max(games) > facts.most_games:
        return "score: the games would have ended the set"
    if facts.format is Format.ONE_SET:
        # Once two sides stand at 5 games the set goes to seven; before that no side can have
        # 6 games without a lead of 2 (it would have won the set at 6).
        if score.to_seven != (sum(1 for g in games if g >= FIVE_ALL) >= TIED_SIDES):
            return (
                f"score: with games {_games(games)} the set goes to seven exactly when two "
                "sides have 5"
            )
        if not score.to_seven:
            for side, g in enumerate(games):
                others = max((h for s, h in enumerate(games) if s != side), default=0)
                if g >= SET_GAMES and g - others >= SET_LEAD:
                    return "score: the games would have ended the set"
    return None


def _games(games: tuple[int, ...]) -> str:
    """The games of a score already known to be small, as a tuple reads."""
    return str(games)


def final_games_problem(facts: Facts, score: Score) -> str | None:
    """What is wrong with the games a finished match keeps of its last set, or ``None``.

    The winning rally ends the set: in Shot Gun nobody counts games; in One Game the winner
    stood on 40; in Fast Four they reached 4; in One Set they reached 6 with a lead of 2
    before five all, or 7 after it.
    """
    games = score.games
    winner = score.sets.index(facts.sets_to_win)
    mine = games[winner]
    best_other = max(g for side, g in enumerate(games) if side != winner)
    fmt = facts.format
    if fmt is Format.SHOT_GUN:
        fits = mine == 0 and best_other == 0
    elif fmt is Format.ONE_GAME:
        fits = mine == FORTY and best_other <= FORTY
    elif fmt is Format.FAST_FOUR:
        fits = mine == FAST_FOUR_GAMES and best_other < FAST_FOUR_GAMES
    elif score.to_seven:
        fives = sum(1 for g in games if g >= FIVE_ALL)
        fits = mine == SEVEN and best_other < SEVEN and fives >= TIED_SIDES
    else:
        fits = mine == SET_GAMES and best_other <= SET_GAMES - SET_LEAD
    return None if fits else "score: the games of the last set do not end the match"
