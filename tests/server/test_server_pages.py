"""The pages in a real browser (the system's Chromium, driven by Playwright): whole matches of
every game against a bot played by clicking moves from the lobby on, the token out of the
address bar at once, the spectator's page without moves, two pages playing each other live,
the keyboard, a phone-sized window, and no error in the browser's console anywhere.

Each page is checked through the hooks of the contract: the table's picture in ``#table``,
each legal move an element with ``data-move``, the story in ``#log``, and ``#status`` with
``data-status`` (and ``data-version``, the version the page shows)."""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from xml.etree import ElementTree

import httpx
import pytest
from harness import WAIT, Client, ServerProcess, auth, running

import cardgames
from cardgames import GameRecord
from server_fixtures import Console

#: The games, each played from the lobby with its first preset.
GAMES = ("alethi", "alakaslam", "lerally", "alakazum")
#: How long a page may take for anything, in milliseconds.
PAGE_WAIT = int(WAIT * 1000)
#: A phone's window, in CSS pixels.
PHONE = {"width": 390, "height": 844}

# True once the page shows the end, or a move it may play now.
_READY = """() => {
  const status = document.getElementById("status");
  return status.dataset.status === "over"
    || document.querySelector("#moves [data-move]:not([disabled])") !== null;
}"""
# Functions, not expressions: the page's content security policy forbids eval, which
# Playwright would need for an expression.
_MOVED = '(version) => document.getElementById("status").dataset.version !== version'
_SHOWN = '() => document.getElementById("status").dataset.version !== undefined'
_STATUS = '(status) => document.getElementById("status").dataset.status === status'


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """One server for the module, with the default rate limit (the pages keep within it)."""
    with running(tmp_path_factory.mktemp("pages") / "m.sqlite3", "--bot-time-limit", "30") as up:
        yield up


def new_page(browser: Any, console: Console, **options: Any) -> Any:
    """A page in a context of its own (its own session storage), watched for errors."""
    context = browser.new_context(**options)
    page = console.watch(context.new_page())
    page.set_default_timeout(PAGE_WAIT)
    return page


def match_of(page: Any) -> str:
    """The match id of a match page's address."""
    path: str = page.evaluate("window.location.pathname")
    assert path.startswith("/matches/")
    return path.removeprefix("/matches/")


def shown(page: Any) -> str:
    """What a page shows of the match, for a failing test's message."""
    status = page.locator("#status")
    return (
        f"status {status.get_attribute('data-status')} version "
        f"{status.get_attribute('data-version')}: {status.inner_text()!r}; notice "
        f"{page.locator('#notice').text_content()!r}; moves "
        f"{page.locator('#moves').inner_text()[:300]!r}"
    )


def wait_for(page: Any, function: str, arg: Any = None) -> None:
    """Wait until ``function`` holds on the page; a failure says what the page shows."""
    from playwright.sync_api import TimeoutError as PageTimeout

    try:
        page.wait_for_function(function, arg=arg)
    except PageTimeout:
        raise AssertionError(f"{function} (with {arg!r}) never held; {shown(page)}") from None


def page_to_move(pages: list[Any]) -> Any:
    """The page that offers moves (``None`` once a page shows the end), waited for."""
    deadline = time.monotonic() + WAIT
    while time.monotonic() < deadline:
        for page in pages:
            if page.evaluate(_READY):
                over = page.get_attribute("#status", "data-status") == "over"
                return None if over else page
        time.sleep(0.05)
    raise AssertionError("no page offers a move: " + "; ".join(map(shown, pages)))


def play_by_clicking(page: Any, rng: random.Random) -> int:
    """Click random moves whenever the page offers some, until it shows the end; the moves
    clicked."""
    clicked = 0
    while True:
        wait_for(page, _READY)
        if page.get_attribute("#status", "data-status") == "over":
            return clicked
        moves = page.locator("#moves [data-move]:not([disabled])")
        version = page.get_attribute("#status", "data-version")
        moves.nth(rng.randrange(moves.count())).click()
        wait_for(page, _MOVED, version)
        clicked += 1


def story_of(record: GameRecord, seat: int) -> list[str]:
    """The story a seat is told of a finished match: the library's events for that seat."""
    game = cardgames.get_game(record.game)
    states = record.states()
    return [
        game.format_event(event)
        for number, move in enumerate(record.moves, start=1)
        for event in game.events(states[number - 1], move, states[number], viewer=seat)
    ]


def record_of(server: ServerProcess, match: str) -> GameRecord:
    """The finished match's record, from the API, checked by the library as it loads."""
    answer = httpx.get(f"{server.url}/api/matches/{match}/record", timeout=WAIT)
    assert answer.status_code == 200, answer.text
    return GameRecord.from_json(answer.text)


@pytest.mark.parametrize("game", GAMES)
def test_a_whole_match_against_a_bot_by_clicking_from_the_lobby(
    game: str, server: ServerProcess, browser: Any, console: Console
) -> None:
    """From the lobby: the game chosen, the first seat a person (the player), the others the
    greedy bot; the match page played to its end by clicking moves. The page's story is the
    library's for that seat, the table is the seat's picture, and the record is linked."""
    page = new_page(browser, console)
    page.goto(server.url + "/")
    page.wait_for_selector("#seat-choices select")
    page.select_option("#game", game)
    page.fill("#name", "ann")
    assert page.input_value("#seat-0") == "human"
    page.click("#create")
    page.wait_for_url("**/matches/*")
    match = match_of(page)
    assert "token" not in page.url
    page.wait_for_selector("#table svg")
    clicked = play_by_clicking(page, random.Random(game))
    assert clicked > 0
    record = record_of(server, match)
    assert record.players[0] == "ann"
    assert page.get_attribute("#status", "data-version") == str(len(record.moves))
    assert page.locator("#moves [data-move]").count() == 0
    assert page.is_visible("#result")
    assert page.get_attribute("#record-link", "href") == f"/api/matches/{match}/record"
    assert page.locator("#log li").all_inner_texts() == story_of(record, 0)
    # The table is the seat's own picture (the token the page keeps asks for it).
    token = page.evaluate(f"window.sessionStorage.getItem('cardgames.token.{match}')")
    picture = httpx.get(
        f"{server.url}/api/matches/{match}/picture", headers=auth(token), timeout=WAIT
    )
    assert picture.status_code == 200
    expected = ElementTree.fromstring(picture.text).find("{http://www.w3.org/2000/svg}title")
    assert expected is not None and expected.text
    assert page.locator("#table svg title").text_content() == expected.text


def test_the_token_leaves_the_address_bar_and_travels_only_in_a_header(
    server: ServerProcess, browser: Any, console: Console
) -> None:
    """A page opened with ``#token=`` plays as that seat, holds the token in the tab's session
    storage, has it out of the address bar and the history, and sends it only in the
    ``Authorization`` header, never in an address."""
    client = Client(server.url)
    try:
        match = client.create("lerally", ["human", "bot:greedy"])
        seat, token = client.join(match, name="ann")
    finally:
        client.close()
    page = new_page(browser, console)
    addresses: list[str] = []
    headers: list[str] = []

    def note(request: Any) -> None:
        addresses.append(request.url)
        headers.append(request.headers.get("authorization", ""))

    page.on("request", note)
    page.goto(f"{server.url}/matches/{match}#token={token}")
    wait_for(page, _SHOWN)
    assert token not in page.url and "#" not in page.url
    assert token not in page.evaluate("window.location.href")
    stored = page.evaluate(f"window.sessionStorage.getItem('cardgames.token.{match}')")
    assert stored == token
    assert "You are ann" in page.inner_text("#status")
    page.reload()  # the tab keeps its seat
    wait_for(page, _SHOWN)
    assert "You are ann" in page.inner_text("#status")
    assert not any(token in address for address in addresses)
    assert f"Bearer {token}" in headers
    # Another tab of the same browser does not hold the seat: it watches.
    other = console.watch(page.context.new_page())
    other.goto(f"{server.url}/matches/{match}")
    wait_for(other, _SHOWN)
    assert "You are watching" in other.inner_text("#status")
    assert seat == 0


def test_a_spectators_page_shows_the_table_and_offers_no_moves(
    server: ServerProcess, browser: Any, console: Console
) -> None:
    """A page without a token shows the spectator's table and the story as they go on, and
    never a move; a seat's page offers moves only on its own turn."""
    client = Client(server.url)
    try:
        match = client.create("alethi", ["human", "human"])
        tokens = dict([client.join(match), client.join(match)])
        page = new_page(browser, console)
        page.goto(f"{server.url}/matches/{match}")
        page.wait_for_selector("#table svg")
        assert page.get_attribute("#status", "data-status") == "playing"
        assert "(as a spectator sees it)" in (page.locator("#table svg title").text_content() or "")
        rng = random.Random(5)
        for version in range(1, 9):
            for seat, token in tokens.items():
                seen = client.look(match, token)
                if seen["current_player"] == seat:
                    notation = rng.choice(seen["legal_moves"])["notation"]
                    assert client.move(match, token, notation, seen["version"]).status_code == 200
                    break
            wait_for(page, _MOVED, str(version - 1))
            assert page.locator("[data-move]").count() == 0
            assert page.is_hidden("#moves-panel")
        assert page.locator("#log li").count() >= 8
        assert page.is_hidden("#join-panel")  # no free seat
        waiting = next(s for s, t in tokens.items() if client.look(match, t)["current_player"] != s)
    finally:
        client.close()
    seat_page = new_page(browser, console)
    seat_page.goto(f"{server.url}/matches/{match}#token={tokens[waiting]}")
    seat_page.wait_for_selector("#table svg")
    assert seat_page.locator("[data-move]").count() == 0
    assert "Not your move" in seat_page.inner_text("#moves")


def test_two_pages_play_each_other_live_through_an_invite_link(
    server: ServerProcess, browser: Any, console: Console
) -> None:
    """One person starts a match of two people in the lobby; their page shows the invite
    link; a second person (another browser context) opens it and joins; then each page
    follows the other's moves by itself, and both play to the end."""
    first = new_page(browser, console)
    first.goto(server.url + "/")
    first.wait_for_selector("#seat-choices select")
    first.select_option("#game", "lerally")
    first.fill("#name", "ann")
    first.select_option("#seat-1", "human")
    first.click("#create")
    first.wait_for_url("**/matches/*")
    match = match_of(first)
    first.wait_for_selector("#invite-panel:not([hidden])")
    assert first.get_attribute("#status", "data-status") == "waiting"
    invite = first.input_value("[data-invite='1']")
    assert invite == f"{server.url}/matches/{match}#join=1"

    second = new_page(browser, console)
    second.goto(invite)
    assert "#" not in second.url
    second.wait_for_selector("[data-join='1']")
    second.fill("#join-name", "bob")
    second.click("[data-join='1']")
    for page in (first, second):  # the first page learns of the join by itself
        wait_for(page, _STATUS, "playing")
    assert first.is_hidden("#invite-panel")
    rng = random.Random(8)
    pages = [first, second]
    while first.get_attribute("#status", "data-status") != "over":
        mover = page_to_move(pages)
        if mover is None:  # the end
            continue
        watcher = second if mover is first else first
        version = mover.get_attribute("#status", "data-version")
        moves = mover.locator("#moves [data-move]:not([disabled])")
        moves.nth(rng.randrange(moves.count())).click()
        # The other page follows without being touched.
        wait_for(watcher, _MOVED, version)
        wait_for(mover, _MOVED, version)
    wait_for(second, _STATUS, "over")
    record = record_of(server, match)
    assert record.players == ("ann", "bob")
    for seat, page in enumerate(pages):
        assert page.locator("#log li").all_inner_texts() == story_of(record, seat)
        assert page.get_attribute("#status", "data-version") == str(len(record.moves))


def test_moves_are_played_with_the_keyboard(
    server: ServerProcess, browser: Any, console: Console
) -> None:
    """The moves are buttons: reached with Tab and played with Enter."""
    client = Client(server.url)
    try:
        match = client.create("alakaslam", ["human", "human"])
        tokens = dict([client.join(match), client.join(match)])
        mover = next(s for s, t in tokens.items() if client.look(match, t)["current_player"] == s)
    finally:
        client.close()
    page = new_page(browser, console)
    page.goto(f"{server.url}/matches/{match}#token={tokens[mover]}")
    wait_for(page, _READY)
    version = page.get_attribute("#status", "data-version")
    for _ in range(200):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.hasAttribute('data-move')"):
            break
    else:
        raise AssertionError("no move is reached with Tab")
    page.keyboard.press("Enter")
    wait_for(page, _MOVED, version)


def test_the_pages_fit_a_phone(
    server: ServerProcess, browser: Any, console: Console, tmp_path: Path
) -> None:
    """On a phone-sized window no page is wider than the window, and the table and the moves
    are on it."""
    page = new_page(browser, console, viewport=PHONE)
    page.goto(server.url + "/")
    page.wait_for_selector("#seat-choices select")
    overflow = "document.documentElement.scrollWidth - window.innerWidth"
    assert page.evaluate(overflow) <= 0
    client = Client(server.url)
    try:
        for game in GAMES:
            match = client.create(game, ["human", "bot:greedy"])
            _, token = client.join(match)
            page.goto(f"{server.url}/matches/{match}#token={token}")
            wait_for(page, _READY)
            page.wait_for_selector("#table svg")
            assert page.evaluate(overflow) <= 0, game
            box = page.locator("#table svg").bounding_box()
            assert box is not None and box["width"] <= PHONE["width"], game
            moves = page.locator("#moves [data-move]")
            if moves.count():
                first = moves.first.bounding_box()
                assert first is not None and first["x"] + first["width"] <= PHONE["width"]
    finally:
        client.close()
