"""AlakaSLAM's quick text writer of states, in lock-step with the hook and the encoder.

:mod:`cardgames.alakaslam.quick_text` writes a checked state's JSON text straight from its
fields. Over every state of seeded random games of every preset, it must write exactly what the
encoder writes of the state hook's dict, and ``to_json`` exactly the document it wrote before;
a state it cannot vouch for (unchecked, finished, holding a card or a cell its config does not
have) is written by the hook and the encoder.
"""

from __future__ import annotations

from collections.abc import Iterator

import attrs

import cardgames
import random_play
from cardgames import alakaslam
from cardgames._converter import text_writer
from cardgames.alakaslam.cards import enchant
from cardgames.alakaslam.court import Cell
from cardgames.serialization import converter
from general_writer import GeneralWriter

SEEDS = range(6)
#: Matches (preset, seed) that bring the rarest fields: Rich's lock, a doubles Enchantment
#: waiting for its target.
RARE = (("default", 34), ("doubles", 8))

GENERAL_WRITE = converter.get_unstructure_hook(alakaslam.State)
GENERAL = GeneralWriter("alakaslam", GENERAL_WRITE)
general_text, general_document = GENERAL.text, GENERAL.document
WRITE = text_writer(alakaslam.State)


def random_states(config: alakaslam.Config, seed: int) -> Iterator[alakaslam.State]:
    """Every state of a seeded random match."""
    return random_play.random_states(alakaslam, config, seed, alakaslam.State)


def test_the_writer_is_the_one_to_json_uses() -> None:
    state = alakaslam.new_game(seed=2)
    assert WRITE.__qualname__.startswith("quick_state_writer")
    assert WRITE(state) == general_text(state)
    assert cardgames.to_json(state) == general_document(state)


def test_every_state_of_random_matches_is_written_as_the_encoder_writes_it() -> None:
    written = 0
    seen_fields: set[str] = set()
    presets = alakaslam.GAME.presets
    matches = [(config, seed) for config in presets.values() for seed in SEEDS]
    matches += [(presets[preset], seed) for preset, seed in RARE]
    for config, seed in matches:
        for state in random_states(config, seed):
            assert state._memo is not None
            assert WRITE(state) == general_text(state)
            assert cardgames.to_json(state) == general_document(state)
            seen_fields.update(GENERAL_WRITE(state))
            written += 1
    assert written > 500
    # Every field with a default came up away from it, so each line of the writer was compared.
    defaulted = [field.name for field in attrs.fields(alakaslam.State) if field.init]
    defaulted = defaulted[defaulted.index("serving") :]
    for name in defaulted:
        assert name in seen_fields, name


def test_a_loaded_state_is_written_alike() -> None:
    for state in random_states(alakaslam.GAME.presets["doubles"], 5):
        loaded: alakaslam.State = cardgames.from_json(cardgames.to_json(state), alakaslam.State)
        assert loaded._memo is not None
        assert WRITE(loaded) == general_text(state)


def test_an_unchecked_state_is_written_by_the_hook_and_the_encoder() -> None:
    state = next(s for s in random_states(alakaslam.Config(), 3) if s.moved)
    odd = attrs.evolve(state, moved=list(state.moved), shots=True)  # type: ignore[arg-type]
    assert odd._memo is None
    assert WRITE(odd) == general_text(odd)
    assert '"shots":true' in WRITE(odd)


def test_a_card_or_a_cell_the_config_lacks_sends_the_state_to_the_encoder() -> None:
    # Doubles are played without the Enchant-1s, and a court has four columns.
    state = next(s for s in random_states(alakaslam.GAME.presets["doubles"], 2) if s.positions)
    odd_card = attrs.evolve(state, deck=(*state.deck, enchant(1)))
    odd_cell = attrs.evolve(state, positions=(Cell(9, 9), *state.positions[1:]))
    for odd in (odd_card, odd_cell):
        object.__setattr__(odd, "_memo", state._memo)  # as if vouched for, to reach the writer
        assert WRITE(odd) == general_text(odd)
