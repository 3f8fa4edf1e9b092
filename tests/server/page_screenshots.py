"""The screenshots of the match page in the page "Play online" (``docs/images/pages/``): one
match of each game against the greedy bot, a few moves in, as the person's seat sees it.

Run it from the checkout (``.venv/bin/python tests/server/page_screenshots.py``); it starts a
server on a temporary SQLite file and the system's Chromium, as the browser tests do.
"""

from __future__ import annotations

import random
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE), str(HERE.parent)]

from harness import Client, running  # noqa: E402

from server_fixtures import CHROMIUM_ARGS, chromium  # noqa: E402

#: Where the screenshots go.
OUT = HERE.parent.parent / "docs" / "images" / "pages"
#: The moves played (by the person, at random, and the bot) before the screenshot.
MOVES = {"alethi": 8, "alakaslam": 6, "lerally": 6, "alakazum": 10}


def main() -> None:
    """Write one screenshot per game."""
    from playwright.sync_api import sync_playwright

    executable = chromium()
    assert executable is not None, "Chromium is not installed"
    OUT.mkdir(parents=True, exist_ok=True)
    with (
        tempfile.TemporaryDirectory() as folder,
        running(Path(folder) / "m.sqlite3", "--rate-limit", "0") as server,
        sync_playwright() as playwright,
    ):
        browser = playwright.chromium.launch(
            executable_path=executable, args=[*CHROMIUM_ARGS, "--no-sandbox"]
        )
        client = Client(server.url)
        rng = random.Random(4)
        for game, moves in MOVES.items():
            match = client.create(game, ["human", "bot:greedy"])
            seat, token = client.join(match, name="ann")
            for _ in range(moves):
                seen = client.wait_for_turn(match, token, seat)
                if seen["status"] == "over":
                    break
                choice = rng.choice(seen["legal_moves"])["notation"]
                client.move(match, token, choice, seen["version"])
            seen = client.wait_for_turn(match, token, seat)
            page = browser.new_page(viewport={"width": 1280, "height": 900})
            page.goto(f"{server.url}/matches/{match}#token={token}")
            page.wait_for_selector("#table svg")
            page.wait_for_selector("#moves [data-move]")
            page.screenshot(path=str(OUT / f"{game}.png"), full_page=False)
            page.close()
        client.close()
        browser.close()


if __name__ == "__main__":
    main()
