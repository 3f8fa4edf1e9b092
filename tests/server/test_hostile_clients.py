"""Every refusal of the server's contract, from a real server over real HTTP: each gets its
documented status and a short JSON reason that never repeats what the client sent, and no
client input ever gets a 500.

The inputs carry a marker (``MARK``) so that a reason echoing any of them shows."""

from __future__ import annotations

import contextlib
import json
import random
import socket
import threading
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from harness import Client, ServerProcess, auth, running
from websockets.exceptions import ConnectionClosed, InvalidStatus
from websockets.sync.client import connect

#: Written into hostile inputs: no answer may contain it.
MARK = "QZX-marker-9731"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """A server without a rate limit, for the refusals other than 429."""
    with running(tmp_path_factory.mktemp("server") / "m.sqlite3", "--rate-limit", "0") as up:
        yield up


@pytest.fixture
def client(server: ServerProcess) -> Iterator[Client]:
    """A client of the module's server."""
    made = Client(server.url)
    yield made
    made.close()


def refused(answer: httpx.Response, status: int, *given: str) -> str:
    """The answer's reason, once the answer is ``status`` with a short JSON reason that holds
    none of ``given`` (nor the marker)."""
    assert answer.status_code == status, (answer.status_code, answer.text)
    assert answer.headers["content-type"].startswith("application/json")
    body = answer.json()
    assert set(body) == {"error"}
    reason = body["error"]
    assert isinstance(reason, str) and 0 < len(reason) <= 300
    for text in (MARK, *given):
        if text.strip():
            assert text.lower() not in reason.lower(), reason
    return reason


def two_seats(client: Client, game: str = "alethi") -> tuple[str, dict[int, str]]:
    """A match of two people, both seated: its id and each seat's token."""
    match = client.create(game, ["human", "human"])
    tokens = dict([client.join(match), client.join(match)])
    return match, tokens


def to_move(client: Client, match: str, tokens: dict[int, str]) -> tuple[int, Any]:
    """The seat to move and the match as it sees it."""
    for seat, token in tokens.items():
        seen = client.look(match, token)
        if seen["current_player"] == seat:
            return seat, seen
    raise AssertionError("nobody is to move")


# --- 400: not JSON of the documented shape -----------------------------------------------------


@pytest.mark.parametrize(
    "body",
    [
        b"{not json " + MARK.encode(),
        b'{"game": "alethi", "seats": ["human", "human"]',  # cut short
        b"\xff\xfe" + MARK.encode() + b"\x00",  # not UTF-8
        b"[" * 100_00 + b"]" * 100_00,  # nested past any reason
        b"1e99999",
    ],
)
def test_server_refuses_malformed_json_with_400(client: Client, body: bytes) -> None:
    refused(client.http.post("/api/matches", content=body), 400)


@pytest.mark.parametrize(
    "document",
    [
        [MARK],
        MARK,
        {"game": MARK},
        {"seats": ["human", "human"]},
        {"game": "alethi", "seats": "human,human"},
        {"game": "alethi", "seats": [MARK, 3]},
        {"game": "alethi", "seats": ["human", "human"], MARK: 1},
        {"game": "alethi", "seats": ["human", "human"], "preset": "default", "config": {}},
        {"game": "alethi", "seats": ["human", "human"], "preset": 7},
        {"game": "alethi", "seats": ["human", "human"], "config": [MARK]},
    ],
)
def test_server_refuses_a_match_of_the_wrong_shape_with_400(client: Client, document: Any) -> None:
    refused(client.http.post("/api/matches", json=document), 400, json.dumps(document))


@pytest.mark.parametrize(
    "body",
    [
        {"move": "pass"},
        {"version": 0},
        {"move": ["pass"], "version": 0},
        {"move": "pass", "version": "0"},
        {"move": "pass", "version": True},
        {"move": "pass", "version": 0.0},
        {"move": "pass", "version": 0, "seat": 0},
        [MARK],
    ],
)
def test_server_refuses_a_move_of_the_wrong_shape_with_400(client: Client, body: Any) -> None:
    match, tokens = two_seats(client)
    answer = client.http.post(f"/api/matches/{match}/moves", headers=auth(tokens[0]), json=body)
    refused(answer, 400)


def test_server_refuses_a_join_of_the_wrong_shape_with_400(client: Client) -> None:
    match = client.create("alethi", ["human", "human"])
    for body in ({"seat": "0"}, {"seat": True}, {"name": 7}, {MARK: 1}, [0]):
        refused(client.http.post(f"/api/matches/{match}/join", json=body), 400)
    refused(client.http.post(f"/api/matches/{match}/join", content=b"{" + MARK.encode()), 400)


def test_server_refuses_bad_query_parameters_with_400(client: Client) -> None:
    match, tokens = two_seats(client)
    for since in ("-1", "x", MARK, "9" * 40, "1.5"):
        answer = client.http.get(
            f"/api/matches/{match}", params={"since": since}, headers=auth(tokens[0])
        )
        refused(answer, 400, since)
    refused(client.http.get("/api/matches", params={"status": MARK}), 400)
    refused(client.http.get("/api/matches", params={"limit": "0"}), 400)


# --- 401 and 403: tokens ------------------------------------------------------------------------


def test_server_asks_for_a_token_to_move_with_401(client: Client) -> None:
    match, _ = two_seats(client)
    answer = client.http.post(f"/api/matches/{match}/moves", json={"move": "pass", "version": 0})
    refused(answer, 401)
    for header in (f"Basic {MARK}", "Bearer", "Token abc", MARK):
        answer = client.http.post(
            f"/api/matches/{match}/moves",
            headers={"Authorization": header},
            json={"move": "pass", "version": 0},
        )
        refused(answer, 401)


def test_server_refuses_a_token_that_is_not_the_matchs_with_403(client: Client) -> None:
    match, tokens = two_seats(client)
    _, other_tokens = two_seats(client)
    for token in (other_tokens[0], MARK, tokens[0][:-1], tokens[0] + "x", "x" * 5000):
        refused(client.http.get(f"/api/matches/{match}", headers=auth(token)), 403, token)
        answer = client.move(match, token, "pass", 0)
        refused(answer, 403, token)


def test_server_refuses_a_move_for_another_seat_with_403(client: Client) -> None:
    match, tokens = two_seats(client)
    seat, seen = to_move(client, match, tokens)
    waiting = tokens[1 - seat]
    answer = client.move(match, waiting, seen["legal_moves"][0]["notation"], seen["version"])
    refused(answer, 403)
    assert client.look(match, tokens[seat])["version"] == seen["version"]


# --- 404 and 405: no such match or path --------------------------------------------------------


@pytest.mark.parametrize(
    "path",
    [
        "/static/nope.js",
        f"/api/{MARK}",
        "/api/matches/",
        f"/api/matches/{MARK}",
        "/api/matches/AAAAAAAAAAAAAAAA",
        "/api/matches/AAAAAAAAAAAAAAAA/record",
        "/api/matches/../../etc/passwd",
        "/api/games/x",
        "/" + "a" * 8000,
    ],
)
def test_server_answers_an_unknown_match_or_path_with_404(client: Client, path: str) -> None:
    refused(client.http.get(path), 404, path.strip("/"))


def test_server_answers_an_unknown_match_with_404_on_every_route(client: Client) -> None:
    missing = "/api/matches/AAAAAAAAAAAAAAAA"
    refused(client.http.post(f"{missing}/join", json={}), 404)
    refused(client.http.post(f"{missing}/moves", json={"move": "pass", "version": 0}), 404)
    address = client.url.replace("http", "ws") + f"{missing}/live"
    with pytest.raises(InvalidStatus) as raised, connect(address):
        pass
    assert raised.value.response.status_code == 404


def test_server_answers_a_wrong_method_with_405(client: Client) -> None:
    answer = client.http.delete("/api/games")
    refused(answer, 405)
    assert "GET" in answer.headers["allow"]
    refused(client.http.put("/api/matches", json={}), 405)


# --- 409: stale versions, taken seats, finished matches ---------------------------------------


def test_server_refuses_a_stale_or_repeated_move_with_409(client: Client) -> None:
    match, tokens = two_seats(client)
    seat, seen = to_move(client, match, tokens)
    notation = seen["legal_moves"][0]["notation"]
    assert client.move(match, tokens[seat], notation, seen["version"]).status_code == 200
    refused(client.move(match, tokens[seat], notation, seen["version"]), 409)
    after, now = to_move(client, match, tokens)
    for version in (seen["version"], now["version"] + 1, 10**6):
        answer = client.move(match, tokens[after], now["legal_moves"][0]["notation"], version)
        refused(answer, 409)
    assert client.look(match, tokens[after])["version"] == now["version"]


def test_server_refuses_a_taken_seat_with_409(client: Client) -> None:
    match = client.create("alethi", ["human", "bot:random"])
    refused(client.http.post(f"/api/matches/{match}/join", json={"seat": 1}), 409)
    client.join(match, seat=0)
    refused(client.http.post(f"/api/matches/{match}/join", json={"seat": 0}), 409)
    refused(client.http.post(f"/api/matches/{match}/join", json={}), 409)


def test_server_refuses_moves_while_waiting_and_the_record_before_the_end_with_409(
    client: Client,
) -> None:
    match = client.create("alethi", ["human", "human"])
    _, token = client.join(match)
    seen = client.look(match, token)
    assert seen["status"] == "waiting" and seen["legal_moves"] == []
    refused(client.move(match, token, "pass", 0), 409)
    refused(client.http.get(f"/api/matches/{match}/record"), 409)


# --- 413: bodies over 64 KiB -------------------------------------------------------------------


def test_server_refuses_a_body_over_64_kib_with_413(client: Client) -> None:
    big = json.dumps({"game": "alethi", "seats": ["human", "human"], "pad": "x" * 70_000})
    refused(client.http.post("/api/matches", content=big.encode()), 413)

    def chunks() -> Iterator[bytes]:  # no Content-Length: the body is counted as it comes
        for _ in range(40):
            yield b" " * 4096

    refused(client.http.post("/api/matches", content=chunks()), 413)


# --- 422: moves, games, presets, configs and bots the server cannot use ------------------------


def test_server_refuses_a_move_that_does_not_parse_or_is_not_legal_with_422(
    client: Client,
) -> None:
    match, tokens = two_seats(client)
    seat, seen = to_move(client, match, tokens)
    for notation in (MARK, "throw knight 9,9", "", "x" * 5000, "throw " + MARK, "\x00\x1b[2J"):
        answer = client.move(match, tokens[seat], notation, seen["version"])
        refused(answer, 422, notation)
    assert client.look(match, tokens[seat])["version"] == seen["version"]


@pytest.mark.parametrize(
    "document",
    [
        {"game": "chess", "seats": ["human", "human"]},
        {"game": "alethi", "seats": ["human"]},
        {"game": "alethi", "seats": ["human", "human", "human"]},
        {"game": "alethi", "seats": ["human", MARK]},
        {"game": "alethi", "seats": ["human", "bot:" + MARK]},
        {"game": "alethi", "seats": ["human", "bot:ismcts:0"]},
        {"game": "alethi", "seats": ["human", "bot:ismcts:" + "9" * 50]},
        {"game": "alethi", "seats": ["human", "bot:__import__('os')"]},
        {"game": "alethi", "seats": ["human", "bot:greedy\n"]},
        {"game": "alethi", "seats": ["human", "human"], "preset": MARK},
        {"game": "lerally", "seats": ["human", "human"], "config": {"format": MARK}},
        {"game": "alethi", "seats": ["human", "human"], "config": {MARK: 1}},
        {
            "game": "lerally",
            "seats": ["human", "human"],
            "config": {"format": "cardgames", "version": 1, "game": "alethi", "kind": "config"},
        },
        {
            "game": "lerally",
            "seats": ["human", "human"],
            "config": {
                "format": "cardgames",
                "version": 1,
                "game": "lerally",
                "kind": "config",
                "data": {"players": MARK},
            },
        },
    ],
)
def test_server_refuses_a_match_it_cannot_set_up_with_422(client: Client, document: Any) -> None:
    refused(client.http.post("/api/matches", json=document), 422, MARK)


def test_server_refuses_a_bad_name_with_422(client: Client) -> None:
    match = client.create("alethi", ["human", "human"])
    for name in ("x" * 101, "a\nb", "\x1b[31m" + MARK, "   ", ""):
        answer = client.http.post(f"/api/matches/{match}/join", json={"name": name})
        refused(answer, 422, name)
    refused(client.http.post(f"/api/matches/{match}/join", json={"seat": 7}), 422)


# --- 431: header limits ------------------------------------------------------------------------


def raw(server: ServerProcess, request: bytes) -> tuple[int, bytes]:
    """Send ``request`` as it is; the status and body of the answer (0 if none came)."""
    host, port = server.url.removeprefix("http://").split(":")
    with socket.create_connection((host, int(port)), timeout=30) as connection:
        # The server may close the connection before it has read everything.
        with contextlib.suppress(OSError):
            connection.sendall(request)
        received = b""
        try:
            while chunk := connection.recv(65536):
                received += chunk
        except OSError:
            pass
    if not received.startswith(b"HTTP/1.1 "):
        return 0, received
    head, _, body = received.partition(b"\r\n\r\n")
    return int(head.split()[1]), body


def test_server_refuses_headers_over_its_limits_with_431(server: ServerProcess) -> None:
    long_header = b"GET /api/games HTTP/1.1\r\nHost: x\r\nX-Pad: " + b"a" * 20_000 + b"\r\n\r\n"
    status, body = raw(server, long_header)
    assert status == 431 and set(json.loads(body)) == {"error"}
    many = b"".join(b"X-H%d: 1\r\n" % i for i in range(200))
    status, body = raw(server, b"GET /api/games HTTP/1.1\r\nHost: x\r\n" + many + b"\r\n")
    assert status == 431 and set(json.loads(body)) == {"error"}
    status, body = raw(server, b"GET /" + b"a" * 20_000 + b" HTTP/1.1\r\nHost: x\r\n\r\n")
    assert status == 431


def test_server_stops_reading_an_endless_header(server: ServerProcess) -> None:
    """A header that never ends is cut off once it passes the limit: the server answers 431
    and closes, rather than reading (and keeping) it all."""
    host, port = server.url.removeprefix("http://").split(":")
    with socket.create_connection((host, int(port)), timeout=30) as connection:
        connection.sendall(b"GET /api/games HTTP/1.1\r\nHost: x\r\nX-Pad: ")
        sent = 0
        answer = b""
        try:
            while sent < 50_000_000:
                connection.sendall(b"a" * 65536)
                sent += 65536
        except OSError:
            pass
        try:
            while chunk := connection.recv(65536):
                answer += chunk
        except OSError:
            pass
    assert sent < 50_000_000
    assert answer.startswith(b"HTTP/1.1 431")


def test_server_answers_what_is_not_http_with_a_json_400(server: ServerProcess) -> None:
    status, body = raw(server, MARK.encode() + b"\r\n\r\n")
    assert status == 400 and MARK.encode() not in body and set(json.loads(body)) == {"error"}
    status, body = raw(
        server, b"POST /api/matches HTTP/1.1\r\nHost: x\r\nContent-Length: zz\r\n\r\n{}"
    )
    assert status == 400 and set(json.loads(body)) == {"error"}


# --- live connections --------------------------------------------------------------------------


def test_server_closes_a_live_connection_with_a_bad_first_message(
    client: Client, server: ServerProcess
) -> None:
    match, _ = two_seats(client)
    address = server.url.replace("http", "ws") + f"/api/matches/{match}/live"
    for first, code in (
        (MARK, 4400),
        (json.dumps({"token": 7}), 4400),
        (json.dumps({"token": MARK}), 4403),
        (json.dumps({"seat": 0}), 4400),
    ):
        with connect(address) as live:
            live.send(first)
            error = json.loads(live.recv(timeout=30))
            assert set(error) == {"error"} and MARK not in error["error"]
            with pytest.raises(ConnectionClosed) as closed:
                live.recv(timeout=30)
            assert closed.value.rcvd is not None and closed.value.rcvd.code == code


# --- no input gets a 500 -----------------------------------------------------------------------


def test_server_never_answers_random_requests_with_500(
    client: Client, server: ServerProcess
) -> None:
    """Requests made of random pieces (paths, methods, bodies, headers) each get a JSON
    answer below 500."""
    match, tokens = two_seats(client)
    rng = random.Random(2024)
    paths = [
        "/api/games",
        "/api/matches",
        f"/api/matches/{match}",
        f"/api/matches/{match}/join",
        f"/api/matches/{match}/moves",
        f"/api/matches/{match}/record",
        f"/api/matches/{match}/live",
        f"/api/matches/{match}?since=3",
    ]
    values: list[Any] = [
        None,
        0,
        -1,
        2**70,
        1.5,
        True,
        "",
        MARK,
        [],
        {},
        ["human"],
        {"a": [1, {"b": None}]},
        "human",
        "bot:greedy",
        "alethi",
        "pass",
        "\u202e",
        "x" * 3000,
    ]
    keys = ["game", "seats", "preset", "config", "move", "version", "seat", "name", "token", MARK]
    for _ in range(400):
        body = {rng.choice(keys): rng.choice(values) for _ in range(rng.randrange(4))}
        headers = {}
        if rng.random() < 0.5:
            headers["Authorization"] = rng.choice(
                [f"Bearer {tokens[0]}", f"Bearer {tokens[1]}", f"Bearer {MARK}", "Bearer", MARK]
            )
        method = rng.choice(["GET", "POST", "PUT", "DELETE", "PATCH", "OPTIONS"])
        path = rng.choice(paths)
        content = json.dumps(body) if rng.random() < 0.8 else rng.randbytes(rng.randrange(50))
        answer = client.http.request(method, path, headers=headers, content=content)
        assert answer.status_code < 500, (method, path, body, answer.text)
        assert answer.headers["content-type"].startswith("application/json")
        if answer.status_code >= 400:
            refused(answer, answer.status_code)


# --- 429: floods -------------------------------------------------------------------------------


def test_server_answers_a_flood_with_429(tmp_path: Any) -> None:
    """A client sending far more than the rate limit gets 429s with ``Retry-After`` and a JSON
    reason; another client address is served all along."""
    with running(tmp_path / "m.sqlite3", "--rate-limit", "5") as flooded:
        statuses: list[int] = []
        lock = threading.Lock()

        def flood() -> None:
            with httpx.Client(base_url=flooded.url, timeout=60) as mine:
                for _ in range(40):
                    answer = mine.get("/api/games")
                    with lock:
                        statuses.append(answer.status_code)
                    if answer.status_code == 429:
                        refused(answer, 429)
                        assert int(answer.headers["retry-after"]) >= 1

        threads = [threading.Thread(target=flood) for _ in range(3)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert statuses.count(429) > 60 and 200 in statuses
        assert set(statuses) == {200, 429}
        # Another address of the loopback network has its own allowance.
        other = httpx.HTTPTransport(local_address="127.0.0.2")
        with httpx.Client(base_url=flooded.url, transport=other, timeout=60) as calm:
            assert calm.get("/api/games").status_code == 200


def test_a_response_without_a_body_is_still_written_whole(client: Client) -> None:
    """A HEAD request gets its head (held back until a body that never comes) at once, and
    the connection serves the next request."""
    head = client.http.head("/api/games")
    assert head.status_code == 200 and head.content == b""
    assert int(head.headers["content-length"]) > 0
    assert client.http.get("/api/games").status_code == 200


def test_server_never_sends_the_seed_or_a_state_before_the_end(client: Client) -> None:
    """Every answer of a whole match, to each seat and to a spectator, before its end: the
    seed (known from the record once the match is over) appears in none, nor does any state
    document or any other seat's legal moves; the spectator is never offered moves."""
    match, tokens = two_seats(client, "lerally")
    texts: list[str] = []
    rng = random.Random(11)
    while True:
        answers = {
            seat: client.http.get(f"/api/matches/{match}", headers=auth(token))
            for seat, token in tokens.items()
        }
        spectator = client.http.get(f"/api/matches/{match}")
        texts += [a.text for a in (*answers.values(), spectator)]
        watched = spectator.json()
        assert watched["seat"] is None and watched["legal_moves"] == []
        seen = {seat: a.json() for seat, a in answers.items()}
        if seen[0]["status"] == "over":
            break
        texts.append(client.http.get(f"/api/matches/{match}/record").text)
        for seat, document in seen.items():
            if document["current_player"] != seat:
                assert document["legal_moves"] == []
                continue
            notation = rng.choice(document["legal_moves"])["notation"]
            answer = client.move(match, tokens[seat], notation, document["version"])
            assert answer.status_code == 200
            texts.append(answer.text)
    record = client.record(match)
    for text in texts[:-3]:  # the answers before the last move
        assert str(record.seed) not in text
        assert '"kind":"state"' not in text and '"kind":"record"' not in text
