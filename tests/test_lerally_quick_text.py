"""Le Rally's quick text writer of states, in lock-step with the hook and the encoder.

:mod:`cardgames.lerally.documents` writes a checked state's JSON text straight from its
fields. Over every state of seeded random matches of every preset, it must write exactly what
the encoder writes of the state hook's dict, and ``to_json`` exactly the document it wrote
before; a state it cannot vouch for (unchecked, finished, holding a card its config does not
have) is written by the hook and the encoder.
"""

from __future__ import annotations

from collections.abc import Iterator

import attrs

import cardgames
import random_play
from cardgames import lerally
from cardgames._converter import text_writer
from cardgames.lerally.cards import Zone, attack
from cardgames.serialization import converter
from general_writer import GeneralWriter

SEEDS = range(2)

GENERAL_WRITE = converter.get_unstructure_hook(lerally.State)
GENERAL = GeneralWriter("lerally", GENERAL_WRITE)
general_text, general_document = GENERAL.text, GENERAL.document
WRITE = text_writer(lerally.State)


def random_states(config: lerally.Config, seed: int) -> Iterator[lerally.State]:
    """Every state of a seeded random match."""
    return random_play.random_states(lerally, config, seed, lerally.State)


def test_the_writer_is_the_one_to_json_uses() -> None:
    state = lerally.new_game(seed=2)
    assert WRITE.__qualname__.startswith("quick_state_writer")
    assert WRITE(state) == general_text(state)
    assert cardgames.to_json(state) == general_document(state)


def test_every_state_of_random_matches_is_written_as_the_encoder_writes_it() -> None:
    written = 0
    seen_fields: set[str] = set()
    to_seven = False
    for config in lerally.GAME.presets.values():
        for seed in SEEDS:
            for state in random_states(config, seed):
                assert state._memo is not None
                assert WRITE(state) == general_text(state)
                assert cardgames.to_json(state) == general_document(state)
                form = GENERAL_WRITE(state)
                seen_fields.update(form)
                to_seven = to_seven or "to_seven" in form["score"]
                written += 1
    assert written > 1000
    # Every field with a default came up away from it, so each line of the writer was compared.
    for name in ("plays", "last_rally", "result", "attack", "ball", "last"):
        assert name in seen_fields, name
    assert to_seven


def test_a_loaded_state_is_written_alike() -> None:
    for state in random_states(lerally.GAME.presets["one-set-doubles"], 3):
        loaded: lerally.State = cardgames.from_json(cardgames.to_json(state), lerally.State)
        assert loaded._memo is not None
        assert WRITE(loaded) == general_text(state)


def test_an_unchecked_state_is_written_by_the_hook_and_the_encoder() -> None:
    state = next(s for s in random_states(lerally.Config(), 1) if s.plays)
    odd = attrs.evolve(state, deck=list(state.deck), plays=True)  # type: ignore[arg-type]
    assert odd._memo is None
    assert WRITE(odd) == general_text(odd)
    assert '"plays":true' in WRITE(odd)


def test_a_card_the_config_lacks_sends_the_state_to_the_encoder() -> None:
    config = lerally.Config()
    state = next(s for s in random_states(config, 2) if s.deck)
    other = attack(Zone.NET, 7)  # a well-formed card that no deck of the presets holds
    assert other not in lerally.config.deck_cards(config)
    odd = attrs.evolve(state, deck=(*state.deck, other))
    object.__setattr__(odd, "_memo", state._memo)  # as if vouched for, to reach the writer
    assert WRITE(odd) == general_text(odd)
