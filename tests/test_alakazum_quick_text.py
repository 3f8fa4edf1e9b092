"""Alakazum!'s quick text writer of states, in lock-step with the hook and the encoder.

:mod:`cardgames.alakazum.documents.writing` writes a checked state's JSON text straight from its
fields. Over every state of seeded random games of several presets, it must write exactly what
the encoder writes of the general hook's dict, and ``to_json`` exactly the document it wrote
before; a state it cannot vouch for (unchecked, a member whose card is not the config's own
object, a config whose names the encoder escapes) is written by the hook and the encoder.
"""

from __future__ import annotations

from collections.abc import Iterator

import attrs

import cardgames
import random_play
from cardgames import alakazum
from cardgames._converter import text_writer
from cardgames.alakazum import documents
from cardgames.alakazum.cards import Kind
from cardgames.alakazum.documents import writing
from general_writer import GeneralWriter

PRESETS = ("default", "expansion-3", "five", "expansion-5")
SEEDS = range(3)

GENERAL_WRITE, _ = documents._hooks(alakazum.State, documents._codecs())
GENERAL = GeneralWriter("alakazum", GENERAL_WRITE)
general_text, general_document = GENERAL.text, GENERAL.document
WRITE = text_writer(alakazum.State)


def random_states(config: alakazum.Config, seed: int) -> Iterator[alakazum.State]:
    """Every state of a seeded random game."""
    return random_play.random_states(alakazum, config, seed, alakazum.State)


def test_the_writer_is_the_one_to_json_uses() -> None:
    state = alakazum.new_game(seed=2)
    assert WRITE(state) == general_text(state)
    assert WRITE.__qualname__.startswith("state_writer")


def test_every_state_of_random_games_is_written_as_the_encoder_writes_it() -> None:
    written = 0
    seen_fields: set[str] = set()
    for preset in PRESETS:
        config = alakazum.GAME.presets[preset]
        for seed in SEEDS:
            for state in random_states(config, seed):
                assert state._memo is not None
                assert WRITE(state) == general_text(state)
                assert cardgames.to_json(state) == general_document(state)
                seen_fields.update(GENERAL_WRITE(state))
                written += 1
    assert written > 500
    # The rarer fields each came up, so each line of the writer was compared.
    for name in ("combat", "pending", "held", "spell", "result", "actions", "giving", "roll"):
        assert name in seen_fields, name


def test_members_with_brooms_and_capes_and_known_enemies_are_written_alike() -> None:
    state = next(
        s
        for seed in range(40)
        for s in random_states(alakazum.GAME.presets["default"], seed)
        if any(m.broom is not None or m.cape is not None for team in s.teams for m in team)
        and any(s.known)
    )
    assert WRITE(state) == general_text(state)


def test_a_member_whose_card_is_not_the_configs_own_object_goes_to_the_encoder() -> None:
    state = next(s for s in random_states(alakazum.GAME.presets["default"], 1) if any(s.teams))
    team = next(team for team in state.teams if team)
    member = team[0]
    twin = attrs.evolve(member, card=member.card._replace())  # equal, another object
    assert twin == member and twin.card is not member.card
    teams = tuple((twin, *t[1:]) if t is team else t for t in state.teams)
    odd = attrs.evolve(state, teams=teams)
    object.__setattr__(odd, "_memo", state._memo)
    assert WRITE(odd) == general_text(odd) == general_text(state)


def test_a_config_whose_names_the_encoder_escapes_goes_to_the_encoder() -> None:
    base = alakazum.Config()
    cards = list(base.forest_cards)
    old = next(card for card in cards if card.kind is Kind.CHARACTER)
    new = old._replace(name='Mou"ra\\')
    config = alakazum.Config(forest=tuple(new if card == old else card for card in cards))
    assert not writing._plain_names(config)
    assert writing._plain_names(base)
    for state in random_states(config, 3):
        assert WRITE(state) == general_text(state)
        assert cardgames.from_json(cardgames.to_json(state), alakazum.State) == state


def test_an_unchecked_state_is_written_by_the_hook_and_the_encoder() -> None:
    state = alakazum.new_game(seed=4)
    odd = attrs.evolve(state, actions=False, held=[])  # type: ignore[arg-type]
    assert odd._memo is None
    assert WRITE(odd) == general_text(odd)
    assert '"held":[]' in WRITE(odd)
