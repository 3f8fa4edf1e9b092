"""The soak: a great many games of every game, every invariant checked as they are played.

``make soak`` runs it (``python tests/soak.py --help`` lists the options). Each game of the soak
is seeded by its number, and is played either by random moves or by the game's heuristic bot in
every other seat; the presets of the game take turns. While a game is played it checks, at every
decision:

- the legal moves are not empty, hold no duplicates, and the player to move agrees with them;
- the game stays within its declared bound of decisions;

and, more thoroughly, at the first and the final state and at every 64th decision between them
(``--every`` sets the interval; its offset changes with the seed, so that across the soak the
thorough checks fall on every stage of a game):

- ``check_state`` accepts the state, and nothing the library made is ever refused;
- the JSON round trip is exact (equal, same text again, same legal moves), and so is a pickle
  (and a deep and a shallow copy, at the final state);
- every card is still there (``card_counts``);
- for every player and the spectator: the view survives JSON (which runs ``check_view`` on
  it); for the player to move, one other player in turn and the spectator, ``resample`` deals a
  state with the same view (and, for the player to move, the same legal moves);
- the state a move was played from serializes as it did before: nothing was changed in place;
- for one viewer in turn, the events of the move are those of the same move from a state dealt
  afresh from the viewer's view, when it leaves the viewer the same view.

At the end: the outcome is well formed, ``evaluate`` gives its returns and no legal move is left;
one game in eight (by seed) also has its record survive JSON, verified by a replay, and replay
to the same final state.

A failure is reported with the game, preset, policy and seed that reproduce it, and the soak
exits with status 1; ``--seed-base`` moves the whole run to other seeds.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import copy
import os
import pickle
import random
import sys
import time
import traceback
from collections.abc import Iterator, Sequence
from typing import Any

import attrs

import cardgames
from cardgames import Game, GameRecord, Outcome

AnyGame = Game[Any, Any, Any, Any]

#: The two ways a soak game is played.
POLICIES = ("random", "heuristic")
#: One game in this many (by seed) also has its record written, loaded and replayed.
REPLAY_EVERY = 8
#: Games handed to a worker process at a time.
BATCH = 250


@attrs.frozen
class Task:
    """One soak game: which game and preset, how it is played and its seed."""

    game: str
    preset: str
    policy: str
    seed: int


@attrs.frozen
class Result:
    """What one batch of soak games did."""

    game: str
    games: int
    decisions: int
    failures: tuple[tuple[Task, str], ...]


def _same_copies(game: AnyGame, state: Any, moves: tuple[Any, ...], deep: bool) -> None:
    text = cardgames.to_json(state)
    back: Any = cardgames.from_json(text, game.state_type)
    assert back == state, "the JSON round trip changed the state"
    assert cardgames.to_json(back) == text, "the JSON of a loaded state differs"
    assert game.legal_moves(back) == moves, "a state from JSON has other legal moves"
    copies = [pickle.loads(pickle.dumps(state))]
    if deep:
        copies += [copy.deepcopy(state), copy.copy(state)]
    for copied in copies:
        assert copied == state, "a copy is not equal to the state"
        assert game.legal_moves(copied) == moves, "a copy has other legal moves"


def _check_views(game: AnyGame, state: Any, moves: tuple[Any, ...], seed: int) -> None:
    to_move = game.current_player(state)
    players = game.num_players(state.config)
    dealt = seed % players  # one player's view a time is dealt out again, in turn
    for player in (*range(players), cardgames.SPECTATOR):
        view = game.view(state, player)
        # Loading a view runs check_view on it: one call checks both.
        back: Any = cardgames.from_json(cardgames.to_json(view), game.view_type)
        assert back == view, f"the JSON round trip changed player {player}'s view"
        if player not in (dealt, to_move, cardgames.SPECTATOR):
            continue
        other = game.resample(view, seed=seed + player)
        assert game.view(other, player) == view, f"a resampled state shows {player} another view"
        if player == to_move:
            assert game.legal_moves(other) == moves, "a resampled state has other legal moves"


def _check_events(game: AnyGame, state: Any, move: Any, after: Any, seed: int) -> None:
    """What the move tells one viewer in turn (a player or the spectator) depends only on the
    viewer's views: the same move from a state dealt afresh from the viewer's view, if it
    leaves the viewer the same view, tells the same events."""
    viewers = [*range(game.num_players(state.config)), cardgames.SPECTATOR]
    viewer = viewers[seed % len(viewers)]
    told = game.events(state, move, after, viewer=viewer)
    other = game.resample(game.view(state, viewer), seed=seed)
    if move in game.legal_moves(other):
        other_after = game.apply_move(other, move)
        if game.view(other_after, viewer) == game.view(after, viewer):
            assert game.events(other, move, other_after, viewer=viewer) == told, (
                f"viewer {viewer} is told of hidden cards"
            )


def _check_thoroughly(
    game: AnyGame,
    state: Any,
    moves: tuple[Any, ...],
    cards: dict[str, int],
    seed: int,
    *,
    deep: bool = False,
) -> None:
    assert game.check_state(state) is state, "check_state refused a state the rules made"
    _same_copies(game, state, moves, deep)
    assert dict(game.card_counts(state)) == cards, "a card was lost or made"
    _check_views(game, state, moves, seed)


def _check_end(
    game: AnyGame, task: Task, config: Any, state: Any, moves: list[Any], *, replay: bool
) -> None:
    outcome = game.outcome(state)
    players = game.num_players(config)
    assert isinstance(outcome, Outcome), "a finished game has no outcome"
    assert len(outcome.returns) == players and outcome.reason, "the outcome is malformed"
    assert game.current_player(state) is None and game.legal_moves(state) == ()
    assert game.evaluate(state) == outcome.returns, "evaluate differs from the returns"
    if not replay:
        return
    record = GameRecord(
        game=game.name,
        config=config,
        seed=task.seed,
        moves=tuple(moves),
        players=tuple(f"p{p}" for p in range(players)),
        outcome=outcome,
    )
    loaded = GameRecord.from_json(record.to_json())
    assert loaded == record, "the record changed through JSON"
    assert loaded.final_state() == state, "the record replays to another final state"


def play_one(task: Task, every: int) -> int:
    """Play one soak game, checking as it goes; the number of decisions it took.

    Raises ``AssertionError`` (or whatever the library raised) at the first broken promise.
    """
    game = cardgames.get_game(task.game)
    config = game.presets[task.preset]
    bound = game.max_decisions(config)
    state = game.new_game(config, seed=task.seed)
    cards = dict(game.card_counts(state))
    rng = random.Random(task.seed)
    players = game.num_players(config)
    heuristic = task.policy == "heuristic"
    bots = [
        game.heuristic_bot() if heuristic and (task.seed + p) % 2 else None for p in range(players)
    ]
    played: list[Any] = []
    while not game.is_over(state):
        moves = game.legal_moves(state)
        player = game.current_player(state)
        assert moves, "a game that is not over has no legal move"
        assert len(set(moves)) == len(moves), "the legal moves hold a duplicate"
        assert player is not None and 0 <= player < players, "nobody is to move, yet not over"
        # The first state, then every ``every``-th decision at an offset that varies with the
        # seed, so that the thorough checks fall on every stage of the games across the soak.
        thorough = not played or (len(played) + task.seed) % every == 0
        if thorough:
            _check_thoroughly(game, state, moves, cards, task.seed + len(played))
            before = cardgames.to_json(state)
        bot = bots[player]
        if bot is None:
            move = moves[rng.randrange(len(moves))]
        else:
            move = bot.choose(game.view(state, player), moves, rng)
        after = game.apply_move(state, move)
        if thorough:
            assert cardgames.to_json(state) == before, "apply_move changed the state it was given"
            _check_events(game, state, move, after, task.seed + len(played))
        played.append(move)
        assert len(played) <= bound, f"the game went past its bound of {bound} decisions"
        state = after
    _check_thoroughly(game, state, (), cards, task.seed, deep=True)
    _check_end(game, task, config, state, played, replay=task.seed % REPLAY_EVERY == 0)
    return len(played)


def run_batch(tasks: Sequence[Task], every: int) -> Result:
    """Play every game of ``tasks`` (all of one game); never raises."""
    decisions = 0
    failures: list[tuple[Task, str]] = []
    for task in tasks:
        try:
            decisions += play_one(task, every)
        except Exception as exc:  # a soak reports every failure and goes on
            where = traceback.extract_tb(exc.__traceback__)[-1]
            failures.append((task, f"{type(exc).__name__}: {exc} ({where.name}:{where.lineno})"))
    return Result(tasks[0].game, len(tasks), decisions, tuple(failures))


def tasks_for(name: str, games: int, seed_base: int) -> Iterator[Task]:
    """The soak games of one game: presets and policies in turn, seeds counted up."""
    presets = list(cardgames.get_game(name).presets)
    for number in range(games):
        preset = presets[number % len(presets)]
        policy = POLICIES[(number // len(presets)) % len(POLICIES)]
        yield Task(name, preset, policy, seed_base + number)


def batches(names: Sequence[str], games: int, seed_base: int) -> Iterator[list[Task]]:
    """The soak's work, cut into batches of one game each, the games interleaved."""
    pending = {name: tasks_for(name, games, seed_base) for name in names}
    while pending:
        for name in list(pending):
            batch = [task for _, task in zip(range(BATCH), pending[name], strict=False)]
            if batch:
                yield batch
            else:
                del pending[name]


@attrs.define
class Tally:
    """The running figures of one game."""

    games: int = 0
    decisions: int = 0
    failures: list[tuple[Task, str]] = attrs.field(factory=list)


def _report(tallies: dict[str, Tally], seconds: float, out: Any) -> None:
    print(f"{'game':<10} {'games':>8} {'decisions':>11} {'failures':>8}", file=out)
    for name, tally in tallies.items():
        print(
            f"{name:<10} {tally.games:>8,} {tally.decisions:>11,} {len(tally.failures):>8}",
            file=out,
        )
    total = sum(t.games for t in tallies.values())
    print(f"{total:,} games in {seconds:,.0f} s", file=out)
    for tally in tallies.values():
        for task, what in tally.failures[:20]:
            print(
                f"FAILED {task.game} preset={task.preset} policy={task.policy} "
                f"seed={task.seed}: {what}",
                file=out,
            )


def soak(
    names: Sequence[str], games: int, *, jobs: int, every: int, seed_base: int, out: Any
) -> dict[str, Tally]:
    """Run the soak on ``jobs`` processes (in this one if ``jobs`` is 1) and print its figures."""
    tallies = {name: Tally() for name in names}
    start = time.perf_counter()
    last = start
    work = batches(names, games, seed_base)

    def record(result: Result) -> None:
        nonlocal last
        tally = tallies[result.game]
        tally.games += result.games
        tally.decisions += result.decisions
        tally.failures.extend(result.failures)
        now = time.perf_counter()
        if now - last >= 60:
            last = now
            done = ", ".join(f"{n} {t.games:,}" for n, t in tallies.items())
            print(f"[{now - start:,.0f} s] {done}", file=out, flush=True)

    if jobs == 1:
        for batch in work:
            record(run_batch(batch, every))
    else:
        with concurrent.futures.ProcessPoolExecutor(max_workers=jobs) as pool:
            futures = {pool.submit(run_batch, batch, every) for batch in work}
            for future in concurrent.futures.as_completed(futures):
                record(future.result())
    _report(tallies, time.perf_counter() - start, out)
    return tallies


def main(argv: Sequence[str] | None = None) -> int:
    """The command line of the soak; exit status 1 if any game failed."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=100_000, help="games per game (100,000)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="processes")
    parser.add_argument("--every", type=int, default=64, help="decisions between full checks")
    parser.add_argument("--seed-base", type=int, default=0, help="the first game's seed")
    parser.add_argument("--game", action="append", choices=sorted(cardgames.GAMES))
    args = parser.parse_args(argv)
    names = args.game or sorted(cardgames.GAMES)
    tallies = soak(
        names,
        args.games,
        jobs=args.jobs,
        every=args.every,
        seed_base=args.seed_base,
        out=sys.stdout,
    )
    return 1 if any(t.failures for t in tallies.values()) else 0


if __name__ == "__main__":
    sys.exit(main())
