"""The general way a state's JSON is written (the state hook's dict, then the encoder), which
the tests of each game's quick text writer hold that writer to."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from cardgames import serialization
from cardgames._engine import encode

__all__ = ["GeneralWriter"]


class GeneralWriter:
    """The text and the whole document that the general hook ``hook`` of game ``game`` and the
    encoder write of a state."""

    def __init__(self, game: str, hook: Callable[[Any], Any]) -> None:
        self.game = game
        self.hook = hook

    def text(self, state: object) -> str:
        """What the encoder writes of the hook's dict of ``state``."""
        return encode(self.hook(state))

    def document(self, state: object) -> str:
        """The whole document, as ``to_json`` wrote it before the game had a quick writer."""
        return serialization.envelope(self.game, "state", self.hook(state))
