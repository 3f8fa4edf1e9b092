"""The match server under load: many matches at once, each a client over HTTP against a bot.

Run it with ``.venv/bin/python benchmarks/server_load.py`` (``--help`` lists the options);
``make bench`` runs it with its defaults. It starts ``cardgames serve`` on a fresh SQLite file
on a free loopback port, then keeps ``--matches`` matches (default 40) going for ``--seconds``:
each is played by one client that takes a random legal move whenever its seat is to move, and
by a server-side bot (``bot:greedy``) in the other seat. The games take turns: match ``i``
plays the ``i``-th of the four games' default presets. A client learns of the bot's answer
from the match's live WebSocket, then asks for the events since its own move
(``GET ?since=``), as a real front end would. When a match ends, its client fetches its record
and starts another one; the records are checked once the run is over (loading one replays the
match, the benchmark's own work, kept out of the server's share of the processors).

Each client speaks from an address of its own on the loopback network (127.0.0.10,
127.0.0.11, ...), so the server's rate limit per client address applies as it would to
people on their own machines; the server runs with its default settings, durability
included (every move synced to disk before its ``200``).

It prints:

- moves a second: every move the server applied (the clients' and the bots'), and the clients'
  own;
- the latency of the clients' ``POST`` of a move, from sending it to reading the whole answer:
  median and 99th percentile;
- how many answers were a 5xx (it should be 0), and any other refusals;
- whether every finished match's record (``GET /record``, checked by the library as it loads)
  holds every move: as many as the match's last version, and each move a client posted where
  the client posted it.

With ``--db postgresql://...`` the server keeps its matches in that PostgreSQL database
instead (an empty one is best; the moves counted are those stored during the run), and with
``--db postgresql`` alone the benchmark makes a throw-away cluster for the run (``initdb`` in a
temporary folder, on a free loopback port, with ``fsync`` on: the tests' cluster of
``tests/pgcluster.py``). ``--processes N`` starts N server processes on the one PostgreSQL
database and spreads the clients over them in turn; their processor time is added up.

The client runs on the same machine as the server and takes its share of the processors, so the
figures are what one machine does serving and loading itself; the target on two cores is 1,000
moves a second with 40 matches, and a ``POST`` p99 under 100 ms.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import importlib
import json
import os
import random
import resource
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from websockets.asyncio.client import ClientConnection, connect

import cardgames
from cardgames import GameRecord

# The tests' throw-away PostgreSQL cluster, for --db postgresql.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

#: The games the matches take in turn (their default presets).
GAMES = ("alethi", "alakaslam", "lerally", "alakazum")
#: The targets on two cores.
TARGET_MOVES = 1000.0
TARGET_P99 = 0.100


class Http:
    """A lean HTTP/1.1 client on one keep-alive connection: what a load generator needs and no
    more (the server always sends ``Content-Length``), so that the clients, which share the
    machine with the server, spend little of its processors."""

    def __init__(self, host: str, port: int, local: str) -> None:
        self.host, self.port, self.local = host, port, local
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def request(
        self, method: str, path: str, body: Any = None, token: str | None = None
    ) -> tuple[int, bytes]:
        """Send one request and read its answer: the status and the body."""
        if self.writer is None or self.writer.is_closing():
            self.reader, self.writer = await asyncio.open_connection(
                self.host, self.port, local_addr=(self.local, 0)
            )
        assert self.reader is not None
        content = b"" if body is None else json.dumps(body).encode()
        head = [f"{method} {path} HTTP/1.1", f"Host: {self.host}"]
        if token is not None:
            head.append(f"Authorization: Bearer {token}")
        if body is not None:
            head += ["Content-Type: application/json", f"Content-Length: {len(content)}"]
        self.writer.write(("\r\n".join(head) + "\r\n\r\n").encode() + content)
        lines = (await self.reader.readuntil(b"\r\n\r\n")).split(b"\r\n")
        status = int(lines[0].split()[1])
        length = 0
        for line in lines[1:]:
            name, _, value = line.partition(b":")
            if name.lower() == b"content-length":
                length = int(value)
        return status, await self.reader.readexactly(length)

    async def close(self) -> None:
        """Close the connection."""
        if self.writer is not None:
            self.writer.close()


class Tally:
    """What the clients measured."""

    def __init__(self) -> None:
        self.latencies: list[float] = []
        self.statuses: Counter[int] = Counter()
        self.client_moves = 0
        self.server_moves = 0
        self.finished = 0
        self.records_whole = 0
        self.record_problems: list[str] = []
        #: Each finished match's id, record text, last version and the moves its client
        #: posted by version, for :func:`check_records`.
        self.records: list[tuple[str, str, int, dict[int, str]]] = []


def start_server(db: str, options: list[str]) -> tuple[subprocess.Popen[str], str]:
    """``cardgames serve`` on a free port; the process and its address."""
    process = subprocess.Popen(
        [sys.executable, "-m", "cardgames", "serve", "--port", "0", "--db", db, *options],
        stdout=subprocess.PIPE,
        text=True,
        env=dict(os.environ, PYTHONUNBUFFERED="1"),
    )
    assert process.stdout is not None
    line = process.stdout.readline()
    if not line.startswith("serving on "):
        process.kill()
        raise SystemExit(f"the server did not start: {line!r}")
    return process, line.removeprefix("serving on ").strip()


async def news_after(socket: ClientConnection, version: int) -> None:
    """Wait until the live connection tells of a version after ``version``, or of the end."""
    while True:
        message = json.loads(await socket.recv())
        if message["version"] > version or message["status"] == "over":
            return


async def play_one(
    http: Http, url: str, game: str, rng: random.Random, tally: Tally, end: float
) -> None:
    """One match from its creation to its end (or the end of the run), then its record."""

    async def ask(method: str, path: str, body: Any = None, token: str | None = None) -> Any:
        status, answer = await http.request(method, path, body, token)
        tally.statuses[status] += 1
        return status, answer

    _, made = await ask("POST", "/api/matches", {"game": game, "seats": ["human", "bot:greedy"]})
    match = json.loads(made)["match"]
    _, joined = await ask("POST", f"/api/matches/{match}/join", {"name": "load"})
    token = json.loads(joined)["token"]
    mine: dict[int, str] = {}  # version -> the notation this client posted for it
    live = url.replace("http://", "ws://") + f"/api/matches/{match}/live"
    local = (http.local, 0)
    async with connect(live, max_queue=None, compression=None, local_addr=local) as socket:
        await socket.send(json.dumps({"token": token}))
        await socket.recv()
        seen = json.loads((await ask("GET", f"/api/matches/{match}", token=token))[1])
        since = seen["version"]
        while seen["status"] != "over" and time.monotonic() < end:
            if seen["current_player"] != seen["seat"]:
                await news_after(socket, seen["version"])
                _, text = await ask("GET", f"/api/matches/{match}?since={since}", token=token)
                seen = json.loads(text)
                since = seen["version"]
                continue
            notation = rng.choice(seen["legal_moves"])["notation"]
            body = {"move": notation, "version": seen["version"]}
            start = time.perf_counter()
            status, text = await http.request(
                "POST", f"/api/matches/{match}/moves?since={since}", body, token
            )
            tally.latencies.append(time.perf_counter() - start)
            tally.statuses[status] += 1
            if status != 200:
                continue
            tally.client_moves += 1
            mine[seen["version"] + 1] = notation
            seen = json.loads(text)
            since = seen["version"]
    if seen["status"] != "over":
        return
    tally.finished += 1
    _, text = await ask("GET", f"/api/matches/{match}/record")
    # Checked once the run is over (check_records): loading a record replays the whole match,
    # work of the benchmark's own that would take the server's share of the processors.
    tally.records.append((match, text, seen["version"], mine))


def check_records(tally: Tally) -> None:
    """Load every finished match's record (the library checks it as it loads) and hold it to
    what its client saw: as many moves as the match's last version, each move the client
    posted where it posted it."""
    for match, text, version, mine in tally.records:
        try:
            record = GameRecord.from_json(text)
        except cardgames.CardgamesError as exc:
            tally.record_problems.append(f"{match}: {exc}")
            continue
        played = cardgames.get_game(record.game)
        whole = len(record.moves) == version and all(
            played.format_move(record.moves[number - 1]) == notation
            for number, notation in mine.items()
        )
        tally.server_moves += len(record.moves)
        if whole:
            tally.records_whole += 1
        else:
            tally.record_problems.append(f"{match}: the record is missing moves")


async def client(number: int, url: str, tally: Tally, end: float) -> None:
    """One client: matches one after another, from its own loopback address, all on the
    server at ``url``."""
    host, port = url.removeprefix("http://").rsplit(":", 1)
    http = Http(host, int(port), f"127.0.0.{10 + number % 240}")
    rng = random.Random(number)
    game = GAMES[number % len(GAMES)]
    try:
        while time.monotonic() < end:
            await play_one(http, url, game, rng, tally, end)
    finally:
        await http.close()


async def load(urls: list[str], matches: int, seconds: float) -> tuple[Tally, float]:
    """Run the clients, spread over the servers at ``urls`` in turn; what they measured and
    how long they ran."""
    tally = Tally()
    for name in GAMES:
        cardgames.get_game(name)  # imported before the clock starts, not by the first record
    start = time.monotonic()
    end = start + seconds
    await asyncio.gather(*(client(i, urls[i % len(urls)], tally, end) for i in range(matches)))
    return tally, time.monotonic() - start


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark; 0 if nothing failed (the targets are reported, not enforced)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--matches", type=int, default=40, help="matches at once (default 40)")
    parser.add_argument("--seconds", type=float, default=20.0, help="how long (default 20)")
    parser.add_argument("--json", action="store_true", help="print the results as JSON")
    parser.add_argument(
        "--url",
        help="load a server that is already running here (to profile it) instead of starting "
        "one; the moves applied are then counted from the finished matches' records",
    )
    parser.add_argument(
        "--db",
        help="where the server keeps its matches: a fresh SQLite file unless this says "
        "postgresql://... (a PostgreSQL database) or postgresql (a throw-away cluster)",
    )
    parser.add_argument(
        "--processes",
        type=int,
        default=1,
        help="server processes on the one database (PostgreSQL only; default 1)",
    )
    args = parser.parse_args(argv)
    postgresql = args.db is not None and args.db.startswith("postgres")
    if args.processes < 1 or (args.processes > 1 and not postgresql):
        parser.error("--processes above 1 needs a PostgreSQL --db")
    if args.db is not None and not postgresql:
        parser.error("--db is postgresql or a postgresql:// address (SQLite is the default)")
    server_cpu = bots_cpu = client_cpu = 0.0
    if args.url:
        tally, took = asyncio.run(load([args.url], args.matches, args.seconds))
        check_records(tally)
        applied = tally.server_moves
    else:
        with contextlib.ExitStack() as stack:
            store = stack.enter_context(_store(args.db))
            before = store.moves()
            measured = _run_servers(store.address, args.processes, args.matches, args.seconds)
            tally, took, server_cpu, bots_cpu, client_cpu = measured
            applied = store.moves() - before
        check_records(tally)
    latencies = sorted(tally.latencies)
    p50 = statistics.median(latencies) if latencies else float("nan")
    p99 = latencies[min(len(latencies) - 1, int(0.99 * len(latencies)))] if latencies else 0.0
    server_errors = sum(n for status, n in tally.statuses.items() if status >= 500)
    refusals = {s: n for s, n in sorted(tally.statuses.items()) if 400 <= s < 500}
    results = {
        "store": "postgresql" if postgresql else "sqlite",
        "processes": args.processes,
        "matches": args.matches,
        "seconds": round(took, 2),
        "moves_per_second": round(applied / took, 1),
        "client_moves_per_second": round(tally.client_moves / took, 1),
        "post_p50_ms": round(p50 * 1000, 2),
        "post_p99_ms": round(p99 * 1000, 2),
        "server_errors": server_errors,
        "refusals": refusals,
        "finished_matches": tally.finished,
        "records_whole": tally.records_whole == tally.finished and not tally.record_problems,
        "cores": os.cpu_count(),
        "server_cpu_ms_per_move": round(1000 * server_cpu / max(1, applied), 3),
        "bots_cpu_ms_per_move": round(1000 * bots_cpu / max(1, applied), 3),
        "client_cpu_ms_per_move": round(1000 * client_cpu / max(1, applied), 3),
        "load_average": os.getloadavg()[0],
    }
    if args.json:
        print(json.dumps(results, indent=2))
    else:
        where = "SQLite" if not postgresql else f"PostgreSQL, {args.processes} server process"
        where += "es" if args.processes > 1 else ""
        print(
            f"server load ({where}): {args.matches} matches at once for {took:.1f} s, each a "
            "client against bot:greedy"
        )
        print(
            f"  moves a second: {results['moves_per_second']:,.0f} applied "
            f"({results['client_moves_per_second']:,.0f} by the clients)"
            f"   target {TARGET_MOVES:,.0f}"
        )
        print(
            f"  POST latency: p50 {results['post_p50_ms']:.1f} ms, "
            f"p99 {results['post_p99_ms']:.1f} ms   target p99 < {TARGET_P99 * 1000:.0f} ms"
        )
        print(f"  5xx answers: {server_errors}; other refusals: {refusals or 'none'}")
        if not args.url:
            print(
                f"  processor time a move: server {results['server_cpu_ms_per_move']:.2f} ms, "
                f"its bots' processes {results['bots_cpu_ms_per_move']:.2f} ms, "
                f"clients {results['client_cpu_ms_per_move']:.2f} ms; load average "
                f"{results['load_average']:.1f} on {os.cpu_count()} cores"
            )
        print(
            f"  finished matches: {tally.finished}; every record holds all its moves: "
            f"{'yes' if results['records_whole'] else 'NO'}"
        )
        for problem in tally.record_problems[:10]:
            print(f"    {problem}")
    return 0 if server_errors == 0 and results["records_whole"] else 1


def _run_servers(
    db: str, processes: int, matches: int, seconds: float
) -> tuple[Tally, float, float, float, float]:
    """Start ``processes`` servers on ``db`` and load them; what the clients measured, how long
    they ran, and the processor time of the servers, of their bots and of the clients."""
    started: list[subprocess.Popen[str]] = []
    try:
        urls = []
        for _ in range(processes):
            process, url = start_server(db, [])
            started.append(process)
            urls.append(url)
        pids = [process.pid for process in started]

        def servers() -> float:
            return sum(map(process_seconds, pids))

        def bots() -> float:
            return sum(process_seconds(child) for pid in pids for child in children(pid))

        server_before, bots_before, client_before = servers(), bots(), own_seconds()
        tally, took = asyncio.run(load(urls, matches, seconds))
        server_cpu = servers() - server_before
        bots_cpu = bots() - bots_before
        client_cpu = own_seconds() - client_before
    finally:
        for process in started:
            process.terminate()
        for process in started:
            process.wait(timeout=60)
    return tally, took, server_cpu, bots_cpu, client_cpu


class _Store:
    """Where the servers keep their matches, and how many moves it holds."""

    def __init__(self, address: str) -> None:
        self.address = address

    def moves(self) -> int:
        """How many moves the store holds now (every applied move is stored)."""
        if self.address.startswith("postgres"):
            import psycopg

            with psycopg.connect(self.address) as connection:
                found = connection.execute("SELECT to_regclass('moves')").fetchone()
                if found is None or found[0] is None:
                    return 0  # no server has made its tables yet
                row = connection.execute("SELECT count(*) FROM moves").fetchone()
                return 0 if row is None else int(row[0])
        if not Path(self.address).exists():
            return 0
        return count_moves(Path(self.address))


@contextlib.contextmanager
def _store(db: str | None) -> Iterator[_Store]:
    """The store of a run: a fresh SQLite file (``None``), a throw-away PostgreSQL cluster
    (``postgresql``) or the PostgreSQL database ``db`` names."""
    if db is None:
        with tempfile.TemporaryDirectory() as folder:
            yield _Store(str(Path(folder) / "load.sqlite3"))
    elif db == "postgresql":
        pgcluster: Any = importlib.import_module("pgcluster")  # tests/pgcluster.py
        reason = pgcluster.missing_reason()
        if reason is not None:
            raise SystemExit(f"no throw-away PostgreSQL cluster: {reason}")
        with pgcluster.cluster(fsync=True) as made:
            yield _Store(made.create_database("load"))
    else:
        yield _Store(db)


def process_seconds(pid: int) -> float:
    """The processor time another process has used so far (Linux's ``/proc``), 0 elsewhere."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def children(pid: int) -> list[int]:
    """The child processes of ``pid`` (the server's bot workers), on Linux: those of each of
    its threads (the workers are started from threads)."""
    found: list[int] = []
    for task in Path(f"/proc/{pid}/task").glob("*"):
        try:
            found += [int(child) for child in (task / "children").read_text().split()]
        except OSError:
            continue
    return found


def own_seconds() -> float:
    """The processor time this process has used so far."""
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def count_moves(db: Path) -> int:
    """How many moves the server stored in all (every applied move is stored)."""
    with sqlite3.connect(db) as connection:
        (moves,) = connection.execute("SELECT count(*) FROM moves").fetchone()
    return int(moves)


if __name__ == "__main__":
    sys.exit(main())
