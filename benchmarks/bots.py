"""How strong a bot is: seeded games of one bot against another, seats alternating.

Run it as ``.venv/bin/python benchmarks/bots.py GAME BOT OPPONENT``; ``--help`` lists the
options. Bots are named as :func:`cardgames.bots.make_bot` names them (``random``, ``greedy``,
``ismcts``, ``ismcts:100``). Only the public API is used.

What is played
--------------
Games come in rounds of one game per seat. Round ``r`` deals every game of it from the same seed
(``--seed`` plus ``r``), and ``BOT`` takes a different seat in each, every other seat going to
``OPPONENT``; so ``BOT`` plays every seat equally often, and every deal once from each seat,
which cancels most of the luck of the deal. ``--games`` must therefore be a multiple of the
number of seats.

What is reported
----------------
``BOT``'s win rate (games it won, alone or with a partner, over games played) with its 95% Wilson
score interval, its score (the sum of its returns: a draw shares 1.0), the games it won, lost and
that nobody won (a draw, or a game everybody loses), the mean number of
decisions per game, the wall-clock seconds of the run, and the milliseconds ``BOT`` and
``OPPONENT`` spent per decision (in their own process, counting only decisions with more than one
legal move, the ones a search bot searches). Progress goes to standard error, the results to
standard output. ``--jobs J`` plays the games on a local pool of ``J`` processes; the results
are the same for any ``J``, only the time changes.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import sys
import time
from collections.abc import Sequence
from typing import Any

import attrs

import cardgames
from cardgames.arena import play, wilson_interval
from cardgames.bots import make_bot


@attrs.frozen
class GameResult:
    """One game as seen from ``BOT``'s seat."""

    number: int
    seat: int
    won: bool
    lost: bool
    ret: float
    length: int
    bot_seconds: float
    bot_decisions: int
    opponent_seconds: float
    opponent_decisions: int


class _Timed:
    """A bot that counts the time its inner bot spends on decisions with a choice."""

    def __init__(self, bot: Any) -> None:
        self.bot = bot
        self.name = cardgames.arena.bot_name(bot)
        self.seconds = 0.0
        self.decisions = 0

    def choose(self, view: Any, legal_moves: Sequence[Any], rng: Any) -> Any:
        start = time.perf_counter()
        move = self.bot.choose(view, legal_moves, rng)
        if len(legal_moves) > 1:
            self.seconds += time.perf_counter() - start
            self.decisions += 1
        return move


def play_one(
    game_name: str, preset: str, bot: str, opponent: str, seed: int, number: int
) -> GameResult:
    """Game ``number`` of the run: its deal, ``bot``'s seat, and how it went for ``bot``."""
    game = cardgames.get_game(game_name)
    config = game.presets[preset]
    seats = game.num_players(config)
    seat = number % seats
    mine = _Timed(make_bot(bot, game))
    theirs = [_Timed(make_bot(opponent, game)) for _ in range(seats - 1)]
    players: list[Any] = [*theirs[:seat], mine, *theirs[seat:]]
    record = play(game, players, config=config, seed=seed + number // seats)
    outcome = record.outcome
    assert outcome is not None
    return GameResult(
        number=number,
        seat=seat,
        won=seat in outcome.winners,
        lost=bool(outcome.winners) and seat not in outcome.winners,
        ret=outcome.returns[seat],
        length=len(record.moves),
        bot_seconds=mine.seconds,
        bot_decisions=mine.decisions,
        opponent_seconds=sum(t.seconds for t in theirs),
        opponent_decisions=sum(t.decisions for t in theirs),
    )


def main(argv: Sequence[str] | None = None) -> int:
    """Parse the arguments, play the games and print the summary."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("game", choices=sorted(cardgames.GAMES))
    parser.add_argument("bot", help="the bot measured, e.g. ismcts:100")
    parser.add_argument("opponent", help="the bot in every other seat, e.g. greedy")
    parser.add_argument("--preset", default="default", help="the game's preset (default: default)")
    parser.add_argument("--games", type=int, default=200, help="games to play (default: 200)")
    parser.add_argument("--seed", type=int, default=0, help="the first deal's seed (default: 0)")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (default: 1)")
    args = parser.parse_args(argv)

    game = cardgames.get_game(args.game)
    if args.preset not in game.presets:
        parser.error(f"{args.game} has no preset {args.preset!r}: {', '.join(game.presets)}")
    seats = game.num_players(game.presets[args.preset])
    if args.games < seats or args.games % seats:
        parser.error(f"--games must be a positive multiple of the {seats} seats")
    for name in (args.bot, args.opponent):
        make_bot(name, game)  # a bad name fails here, before any game is played

    start = time.perf_counter()
    task = (args.game, args.preset, args.bot, args.opponent, args.seed)
    results: list[GameResult] = []
    if args.jobs > 1:
        with concurrent.futures.ProcessPoolExecutor(args.jobs) as pool:
            futures = [pool.submit(play_one, *task, n) for n in range(args.games)]
            for future in concurrent.futures.as_completed(futures):
                results.append(future.result())
                _progress(results, args.games, start)
    else:
        for n in range(args.games):
            results.append(play_one(*task, n))
            _progress(results, args.games, start)
    seconds = time.perf_counter() - start
    results.sort(key=lambda r: r.number)

    games = len(results)
    wins = sum(r.won for r in results)
    losses = sum(r.lost for r in results)
    low, high = wilson_interval(wins, games)
    score = sum(r.ret for r in results)
    length = sum(r.length for r in results) / games
    bot_ms = _per_decision(
        sum(r.bot_seconds for r in results), sum(r.bot_decisions for r in results)
    )
    opp_ms = _per_decision(
        sum(r.opponent_seconds for r in results), sum(r.opponent_decisions for r in results)
    )
    print(
        f"{args.game} ({args.preset}, {seats} seats): {args.bot} vs {args.opponent}, "
        f"{games} games from seed {args.seed}, jobs {args.jobs}"
    )
    print(
        f"win rate {wins / games:.1%} ({wins}/{games}), 95% interval "
        f"{low:.1%} to {high:.1%}; score {score:.1f}"
    )
    print(f"won {wins}, lost {losses}, won by nobody (a draw, or all lose) {games - wins - losses}")
    print(f"mean length {length:.1f} decisions; {seconds:.0f} s")
    print(f"ms per decision with a choice: {args.bot} {bot_ms:.1f}, {args.opponent} {opp_ms:.1f}")
    return 0


def _per_decision(seconds: float, decisions: int) -> float:
    return 1000.0 * seconds / decisions if decisions else 0.0


def _progress(results: Sequence[GameResult], total: int, start: float) -> None:
    wins = sum(r.won for r in results)
    elapsed = time.perf_counter() - start
    print(
        f"\r{len(results)}/{total} games, {wins} won, {elapsed:.0f} s",
        end="\n" if len(results) == total else "",
        file=sys.stderr,
        flush=True,
    )


if __name__ == "__main__":
    sys.exit(main())
