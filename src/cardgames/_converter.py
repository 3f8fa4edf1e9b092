"""The games' former import path of the JSON converter, now :mod:`cardgames._engine.converter`:
game code imports these from :mod:`cardgames._engine`."""

from cardgames._engine.converter import (
    converter,
    encode,
    give_state_text_writer,
    give_text_writer,
    text_writer,
)

__all__ = ["converter", "encode", "give_state_text_writer", "give_text_writer", "text_writer"]
