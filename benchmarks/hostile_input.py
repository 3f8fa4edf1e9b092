"""How long every loader takes to refuse bad input, and how long its message is.

Run it with ``make bench`` (or ``.venv/bin/python benchmarks/hostile_input.py``; ``--help``
lists the options). For every game and every loader (``cardgames.from_json`` of a state, view,
move and config, and ``GameRecord.from_json``) it builds bad documents of several sizes (by
default 64 kB, 256 kB and 1 MB) of four kinds:

- ``items``: a list field (or the record's moves) holding many items that fit nothing;
- ``string``: one huge string where a short value belongs (the move's type, a name);
- ``nesting``: a value nested many lists deep where a number belongs;
- ``integer``: a list of numbers of thousands of digits where a small value belongs.

Each is refused, best of a few repetitions, and the table gives the time, the message's length
and the time per megabyte, so that work growing faster than the input shows as a growing last
column. The targets: well under 2 s for 1 MB, and a message of a few hundred characters.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any

import cardgames
from cardgames import GameRecord, SerializationError
from cardgames.bots import RandomBot
from cardgames.registry import GAMES

#: Refusing 1 MB takes less than this, in seconds.
TARGET_SECONDS = 2.0
#: A loader's message is at most this long, in characters.
TARGET_MESSAGE = 400
DEFAULT_SIZES = (64_000, 256_000, 1_000_000)
LOADERS = ("state", "view", "move", "config", "record")
KINDS = ("items", "string", "nesting", "integer")

Loader = Callable[[str], object]
_MARKER = "<value goes here>"


def _doc(obj: object) -> dict[str, Any]:
    doc: dict[str, Any] = json.loads(cardgames.to_json(obj))
    return doc


def _examples(game: cardgames.Game[Any, Any, Any, Any]) -> dict[str, tuple[dict[str, Any], Loader]]:
    """A good document of each kind for ``game``, and the loader that reads it."""
    state = game.new_game(seed=3)
    for _ in range(6):
        if game.is_over(state):
            break
        state = game.apply_move(state, game.legal_moves(state)[0])
    seats = game.num_players(game.config_type())
    record = cardgames.arena.play(game, [RandomBot()] * seats, seed=1)
    move = game.legal_moves(state)[0]
    return {
        "state": (_doc(state), lambda text: cardgames.from_json(text, game.state_type)),
        "view": (_doc(game.view(state, 0)), lambda text: cardgames.from_json(text, game.view_type)),
        "move": (_doc(move), lambda text: cardgames.from_json(text, type(move))),
        "config": (
            _doc(game.config_type()),
            lambda text: cardgames.from_json(text, game.config_type),
        ),
        "record": (json.loads(record.to_json()), GameRecord.from_json),
    }


def _spoiled(doc: dict[str, Any], loader: str, kind: str, size: int) -> str:
    """``doc`` made bad in the way ``kind`` says, about ``size`` characters long."""
    data = doc["data"]
    if loader == "record":
        target, key = data, "moves"
    elif loader == "move":
        target, key = data, "type"
    elif loader == "config":
        target, key = data, "players"
    else:
        key = next((k for k, v in data.items() if isinstance(v, list) and v), "to_move")
        target = data
    if kind == "items":
        item = {"x": [1, 2, 3], "why": "not a card, a move or anything"}
        target[key] = [item] * max(1, size // (len(json.dumps(item)) + 1))
    elif kind == "string":
        target[key] = "x" * size
    else:
        # Written into the text in place of a marker: json.dumps could write neither.
        target[key] = _MARKER
        if kind == "nesting":
            depth = size // 2
            value = "[" * depth + "]" * depth
        else:
            # Numbers of 4,000 digits, just below what Python's JSON reader parses at all.
            value = "[" + ",".join(["9" * 4000] * max(1, size // 4001)) + "]"
        return json.dumps(doc).replace(json.dumps(_MARKER), value, 1)
    return json.dumps(doc)


def _refuse(load: Loader, text: str, repeats: int) -> tuple[float, int, str]:
    """The best time ``load`` took to refuse ``text``, its message's length, and the error's
    type name (``accepted`` if it did not refuse it)."""
    best, length, kind = float("inf"), 0, "accepted"
    for _ in range(repeats):
        start = time.perf_counter()
        try:
            load(text)
        except SerializationError as exc:
            length, kind = len(str(exc)), type(exc).__name__
        except Exception as exc:  # what the benchmark exists to find
            length, kind = len(str(exc)), f"raw {type(exc).__name__}"
        best = min(best, time.perf_counter() - start)
    return best, length, kind


def measure(names: Sequence[str], sizes: Sequence[int], repeats: int) -> list[list[str]]:
    """One row per game, loader, kind and size."""
    rows = []
    for name in names:
        examples = _examples(GAMES[name])
        for loader in LOADERS:
            doc, load = examples[loader]
            for kind in KINDS:
                for size in sizes:
                    text = _spoiled(json.loads(json.dumps(doc)), loader, kind, size)
                    seconds, length, error = _refuse(load, text, repeats)
                    per_mb = seconds / (len(text) / 1e6)
                    rows.append(
                        [
                            name,
                            loader,
                            kind,
                            f"{len(text) / 1000:.0f} kB",
                            f"{seconds * 1000:.1f}",
                            f"{per_mb * 1000:.1f}",
                            str(length),
                            error,
                        ]
                    )
    return rows


HEADER = ["game", "loader", "kind", "size", "ms", "ms per MB", "message", "error"]


def text_table(rows: list[list[str]]) -> str:
    """The rows as a plain-text table with a heading line."""
    widths = [max(len(r[i]) for r in (HEADER, *rows)) for i in range(len(HEADER))]
    lines = []
    for row in (HEADER, *rows):
        cells = [
            c.ljust(w) if i < 4 or i == 7 else c.rjust(w)
            for i, (c, w) in enumerate(zip(row, widths, strict=True))
        ]
        lines.append("  ".join(cells).rstrip())
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    """Measure, print the table and a verdict; exit status 1 if a target is missed."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--game", action="append", choices=sorted(GAMES), help="only this game")
    parser.add_argument(
        "--sizes",
        type=lambda text: tuple(int(s) for s in text.split(",")),
        default=DEFAULT_SIZES,
        help="document sizes in characters, comma-separated (default 64000,256000,1000000)",
    )
    parser.add_argument("--repeats", type=int, default=3, help="repetitions, best kept")
    args = parser.parse_args(argv)
    rows = measure(args.game or sorted(GAMES), args.sizes, args.repeats)
    print(text_table(rows))
    slow = [r for r in rows if float(r[4]) / 1000 > TARGET_SECONDS * int(r[3].split()[0]) / 1000]
    long = [r for r in rows if int(r[6]) > TARGET_MESSAGE]
    raw = [r for r in rows if r[7].startswith(("raw", "accepted"))]
    print()
    print(
        f"{len(rows)} refusals; slower than {TARGET_SECONDS:g} s per MB: {len(slow)}; "
        f"messages over {TARGET_MESSAGE} characters: {len(long)}; "
        f"not a SerializationError: {len(raw)}"
    )
    return 1 if slow or long or raw else 0


if __name__ == "__main__":
    sys.exit(main())
