"""The fast paths of loading, in lock-step with the readable checks they stand in for.

Loading a state checks it in full. The checks of Alakazum!, AlakaSLAM and Le Rally know the
config's own cards (and the cards met before) by identity, in passes at C speed, and JSON
remembers the configs and cards it made. Each reference below is the readable check as it was
before those fast paths; over every state of seeded random games, and over states changed to
break each rule in several ways, the fast check must accept and refuse exactly what its
reference does, with the same message.
"""

from __future__ import annotations

import copy
import json
import random
from collections import Counter
from collections.abc import Callable, Iterator
from typing import Any

import attrs
import pytest

import cardgames
from cardgames import alakaslam, alakazum, alethi, lerally
from cardgames.alakaslam import checks as slam_checks
from cardgames.alakaslam.cards import is_card as slam_is_card
from cardgames.alakazum import checks as zum_checks
from cardgames.alakazum import shapes
from cardgames.alakazum.cards import Card as ZumCard
from cardgames.alakazum.cards import Enemy, Kind, is_enemy
from cardgames.alakazum.cards import is_card as zum_is_card
from cardgames.alakazum.config import cards_by_name
from cardgames.alakazum.shapes import config_card_ids
from cardgames.alakazum.spells import FOREST_MAGIC_CARDS
from cardgames.alakazum.state import every_card
from cardgames.alethi import checks as alethi_checks
from cardgames.alethi import documents
from cardgames.alethi._fast.board import Board
from cardgames.alethi.config import stats as alethi_config_stats
from cardgames.errors import CardgamesError, SerializationError
from cardgames.lerally import checks as rally_checks
from cardgames.lerally.cards import Card as RallyCard
from cardgames.lerally.cards import is_card as rally_is_card
from cardgames.lerally.config import deck_cards
from cardgames.serialization import envelope

SEEDS = range(3)

# --- the references ------------------------------------------------------------------------


def ref_cards_ok(value: object, ids: frozenset[int]) -> bool:
    return type(value) is tuple and all(id(c) in ids or zum_is_card(c) for c in value)


def ref_zones(state: alakazum.State) -> str | None:
    n = state.config.players
    ids = config_card_ids(state.config)
    for name in ("forest", "market", "cemetery", "removed", "start_row", "held"):
        if not ref_cards_ok(getattr(state, name), ids):
            return f"{name} must be a tuple of cards"
    if any(not c.kind.is_hand or c.kind is Kind.DOLL for c in state.market):
        return "the market deck holds hand cards only, never a voodoo doll"
    if any(c.kind is not Kind.CHARACTER for c in (*state.cemetery, *state.start_row)):
        return "the cemetery and the starting row hold characters only"
    if any(not (c.kind.is_trap or c.kind is Kind.DOLL) for c in state.removed):
        return "only traps and voodoo dolls leave the game"
    if type(state.hands) is not tuple or len(state.hands) != n:
        return f"hands must be a tuple of {n} hands"
    for hand in state.hands:
        if not ref_cards_ok(hand, ids) or any(not c.kind.is_hand for c in hand):
            return "every hand must be a tuple of hand cards"
        if list(hand) != sorted(hand, key=lambda c: c.name):
            return "every hand must be sorted by name"
    if not shapes.counts_ok(state.seen, n) or any(s > len(state.forest) for s in state.seen):
        return f"seen must hold {n} counts, each at most the forest deck's size"
    if sum(state.seen) > FOREST_MAGIC_CARDS or len(state.held) > FOREST_MAGIC_CARDS:
        return f"a Magic of the forest holds and shows at most {FOREST_MAGIC_CARDS} cards"
    return None


def ref_enemies_head(state: alakazum.State) -> str | None:
    """The part of ``_enemies`` that the fast path changed: the enemies and their counts."""
    enemies = state.enemies
    if type(enemies) is not tuple or not all(is_enemy(e) for e in enemies):
        return "enemies must be a tuple of well-formed Enemy values"
    if Counter(enemies) != Counter(state.config.final_enemies):
        return "enemies must be the config's final enemies for this many players"
    return None


def ref_conserved(state: alakazum.State) -> str | None:
    config = state.config
    by_name = cards_by_name(config)
    cards = every_card(state)
    for card in cards:
        own = by_name.get(card.name)
        if own is not card and own != card:
            return f"the cards are not those of the config's card lists ({card.name!r})"
    names = Counter(c.name for c in alakazum.config.all_cards(config))
    if Counter(card.name for card in cards) != names:
        return "the cards are not those of the config's card lists"
    return None


def ref_rally_is_cards(value: object) -> bool:
    return type(value) is tuple and all(rally_is_card(c) for c in value)


def ref_slam_is_cards(value: object) -> bool:
    return type(value) is tuple and all(slam_is_card(c) for c in value)


# --- states and their mutations --------------------------------------------------------------


def random_states(game: Any, config: Any, seed: int) -> Iterator[Any]:
    """Every state of a seeded random game, each loaded back from JSON too."""
    rng = random.Random(seed)
    state = game.new_game(config, seed=seed)
    while True:
        yield state
        yield cardgames.from_json(cardgames.to_json(state), type(state))
        if game.is_over(state):
            return
        moves = game.legal_moves(state)
        state = game.apply_move(state, moves[rng.randrange(len(moves))])


def _zum_copy(card: ZumCard) -> ZumCard:
    return ZumCard(*card)


def zum_mutations(state: alakazum.State) -> Iterator[alakazum.State]:
    """States that break, or only look as if they break, the rules the fast paths check."""
    evolve = attrs.evolve
    config = state.config
    cards = alakazum.config.all_cards(config)
    character = next(c for c in cards if c.kind is Kind.CHARACTER)
    doll = next((c for c in cards if c.kind is Kind.DOLL), None)
    hand_card = next(c for c in cards if c.kind.is_hand and c.kind is not Kind.DOLL)
    trap = next((c for c in cards if c.kind.is_trap), None)
    for name in ("forest", "market", "cemetery", "removed", "start_row", "held"):
        zone = getattr(state, name)
        if zone:
            # An equal card that is not the config's own object: passes the long way.
            yield evolve(state, **{name: (*zone[:-1], _zum_copy(zone[-1]))})
            yield evolve(state, **{name: zone[:-1]})  # a card lost
            yield evolve(state, **{name: (*zone, None)})
            yield evolve(state, **{name: (*zone[:-1], zone[-1]._replace(name="Nobody"))})
        yield evolve(state, **{name: (*zone, character)})
        yield evolve(state, **{name: (*zone, hand_card)})
        if doll is not None:
            yield evolve(state, **{name: (*zone, doll)})
        if trap is not None:
            yield evolve(state, **{name: (trap, *zone)})
        yield evolve(state, **{name: list(zone)})
    for i, hand in enumerate(state.hands):
        others = list(state.hands)
        if len(hand) > 1:
            others[i] = hand[::-1]
            yield evolve(state, hands=tuple(others))
        if hand:
            others[i] = (*hand[:-1], _zum_copy(hand[-1]))
            yield evolve(state, hands=tuple(others))
        others[i] = (*hand, character)
        yield evolve(state, hands=tuple(others))
    yield evolve(state, hands=state.hands[:-1])
    enemies = state.enemies
    yield evolve(state, enemies=tuple(Enemy(*e) for e in enemies))
    yield evolve(state, enemies=enemies[:-1])
    yield evolve(state, enemies=(*enemies, enemies[0]))
    yield evolve(state, enemies=(*enemies[:-1], enemies[-1]._replace(name="Nobody")))
    yield evolve(state, enemies=(*enemies[:-1], enemies[-1]._replace(invincible=1)))  # type: ignore[arg-type]
    yield evolve(state, enemies=list(enemies))


def test_the_alakazum_checks_keep_step_with_their_references() -> None:
    checked = 0
    for preset in ("default", "expansion-3"):
        config = alakazum.GAME.presets[preset]
        for seed in SEEDS:
            for index, state in enumerate(random_states(alakazum.GAME, config, seed)):
                variants = [state]
                if index % 7 == 0:
                    variants += list(zum_mutations(state))
                for variant in variants:
                    ids = config_card_ids(variant.config)
                    assert zum_checks._zones(variant) == _safe(ref_zones, variant)
                    head = _safe(ref_enemies_head, variant)
                    fast = zum_checks._enemies(variant)
                    assert fast == head or (head is None and fast is not None)
                    if head is None and _safe(ref_zones, variant) is None:
                        assert _same_words(zum_checks._conserved(variant), ref_conserved(variant))
                    for name in ("forest", "market", "held"):
                        value = getattr(variant, name)
                        assert shapes.cards_ok(value, ids) == ref_cards_ok(value, ids)
                    checked += 1
    assert checked > 1000


def _safe(check: Callable[[Any], str | None], state: Any) -> str | None:
    """The reference's answer; a malformed part it trips on counts as a problem, as the
    fast check is then asked the same question of the same part."""
    try:
        return check(state)
    except (AttributeError, TypeError):
        return "malformed"


def _same_words(fast: str | None, reference: str | None) -> bool:
    """The fast message names a card with an excerpt, the reference with its repr."""
    if fast is None or reference is None:
        return fast is reference
    return fast.split(" (")[0] == reference.split(" (")[0]


@pytest.mark.parametrize("game_module", [lerally, alakaslam])
def test_known_cards_keep_step_with_the_full_card_check(game_module: Any) -> None:
    is_cards = rally_checks.parts.is_cards if game_module is lerally else slam_checks._is_cards
    reference = ref_rally_is_cards if game_module is lerally else ref_slam_is_cards
    card_type = RallyCard if game_module is lerally else alakaslam.cards.Card
    game = game_module.GAME
    checked = 0
    for preset, config in game.presets.items():
        for seed in SEEDS:
            for state in random_states(game, config, seed):
                for name in ("deck", "discard", "pile", "cleared", "played"):
                    value = getattr(state, name, None)
                    if value is None:
                        continue
                    variants: list[object] = [value, list(value), (*value, None)]
                    if value:
                        first = value[0]
                        # An int where an IntEnum member belongs: equal, yet malformed.
                        variants.append((card_type(int(first[0]), *first[1:]), *value[1:]))  # type: ignore[arg-type]
                        variants.append((card_type(*first), *value[1:]))
                        variants.append((*value[1:], tuple(first)))
                    for variant in variants:
                        assert is_cards(variant) == reference(variant), (preset, name)
                        checked += 1
            is_cards.cache_clear()  # the next games learn their cards anew
    assert checked > 100


def test_a_state_with_a_card_equal_to_a_real_one_is_still_refused() -> None:
    state = lerally.new_game(seed=1)
    cardgames.to_json(state)  # the real cards are known and their names remembered
    real = state.deck[0]
    fake = RallyCard(int(real[0]), *real[1:])  # type: ignore[arg-type]
    assert fake == real
    forged = attrs.evolve(state, deck=(fake, *state.deck[1:]))
    with pytest.raises(cardgames.InvalidStateError, match="deck must be a tuple of Card"):
        lerally.check_state(forged)
    with pytest.raises(SerializationError, match="not a well-formed card"):
        cardgames.to_json(forged)


def test_the_deck_counts_are_the_card_list() -> None:
    for config in lerally.GAME.presets.values():
        assert rally_checks.deck_counts(config) == Counter(deck_cards(config))


# --- configs and cards read from JSON --------------------------------------------------------


@pytest.mark.parametrize("name", ["alakaslam", "alakazum", "lerally", "alethi"])
def test_one_config_document_loads_one_config(name: str) -> None:
    game = cardgames.get_game(name)
    state = game.new_game(next(iter(game.presets.values())), seed=3)
    text = cardgames.to_json(state)
    first: Any = cardgames.from_json(text, type(state))
    second: Any = cardgames.from_json(text, type(state))
    assert first == second == state
    assert first.config is second.config


@pytest.mark.parametrize(
    ("players", "words"),
    [("2.0", "players"), ("true", "players"), ('"2"', "players")],
)
def test_a_config_equal_to_a_loaded_one_is_refused_as_before(players: str, words: str) -> None:
    good = '{"format":"cardgames","version":1,"game":"lerally","kind":"config","data":{}}'
    assert cardgames.from_json(good, lerally.Config) == lerally.Config()
    loaded: lerally.Config = cardgames.from_json(
        good.replace("{}", '{"players":2}'), lerally.Config
    )
    assert loaded.players == 2
    bad = good.replace("{}", '{"players":' + players + "}")
    with pytest.raises(SerializationError, match=rf"\$\.data\.{words}"):
        cardgames.from_json(bad, lerally.Config)


def test_a_card_text_read_before_still_names_its_place_when_wrong() -> None:
    state = alakaslam.new_game(seed=2)
    text = cardgames.to_json(state)
    assert cardgames.from_json(text, alakaslam.State) == state
    data = text.replace('"deck":["', '"deck":[1,"', 1)
    with pytest.raises(SerializationError, match=r"\$\.data\.deck\[0\]"):
        cardgames.from_json(data, alakaslam.State)
    data = text.replace('"deck":["', '"deck":["X9","', 1)
    with pytest.raises(SerializationError, match=r"\$\.data\.deck\[0\]: 'X9' is not a card"):
        cardgames.from_json(data, alakaslam.State)


def _alethi_outcome(state: Any) -> str | None:
    """What Alethi's full check says of a fresh copy of ``state`` (no board kept with it)."""
    fresh = attrs.evolve(state)
    try:
        alethi_checks.check_state(fresh)
    except CardgamesError as exc:
        return str(exc)
    return None


def test_alethi_stats_by_config_identity_keep_step_with_the_config_cache(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Alethi's check finds the stats table by the config's identity; over random games and
    states with a config equal to the real one, or holding ``True`` for a number, it accepts
    and refuses what the table's own cache does, with the same message."""
    game = cardgames.GAMES["alethi"]
    states = []
    for seed in SEEDS:
        for state in random_states(game, alethi.Config(), seed):
            states.append(state)
            states.append(attrs.evolve(state, config=attrs.evolve(state.config)))
            states.append(attrs.evolve(state, turn=True))
    fast = [_alethi_outcome(state) for state in states]
    monkeypatch.setattr(alethi_checks, "stats", alethi_config_stats)
    assert fast == [_alethi_outcome(state) for state in states]
    assert None in fast and any(fast)


# --- Alethi: a state read and checked in one pass ---------------------------------------------


def _alethi_mutations(data: dict[str, Any], chooser: random.Random) -> Iterator[dict[str, Any]]:
    """JSON forms of Alethi states that break, or only look as if they break, a bound of the
    full check: each one a copy of ``data`` with one part changed."""

    def changed(**parts: Any) -> dict[str, Any]:
        return {**copy.deepcopy(data), **parts}

    field, barracks, removed = data["field"], data["barracks"], data["removed"]
    for turn in (0, 1, data["turn"] - 1, data["turn"] + 1, 10**4):
        yield changed(turn=turn)
    yield changed(to_move=1 - data["to_move"])
    for phase in ("over", "soulcast", "throw", "scout"):
        yield changed(phase=phase)
    yield changed(config={"first_player": 0})
    yield changed(config={"first_player": 1})
    yield changed(field=field[:-1])
    yield changed(field=[*field, field[-1]])
    yield changed(field=field[1:])
    yield changed(removed=[*removed, {"owner": 0, "kind": "king"}])
    yield changed(removed=[*removed, {"owner": 1, "kind": "squire"}])
    yield changed(removed=removed[:-1])
    for side in (0, 1):
        kinds = barracks[side]
        yield changed(barracks=[kinds[::-1] if i == side else b for i, b in enumerate(barracks)])
        yield changed(barracks=[kinds[1:] if i == side else b for i, b in enumerate(barracks)])
        yield changed(
            barracks=[[*kinds, "king"] if i == side else b for i, b in enumerate(barracks)]
        )
    for _ in range(12):
        i = chooser.randrange(len(field))
        card = dict(field[i])
        what = chooser.randrange(6)
        if what == 0:
            card["owner"] = 1 - card["owner"]
        elif what == 1:
            card["kind"] = chooser.choice([kind.value for kind in alethi.Kind])
        elif what == 2:
            card["at"] = [card["at"][0] + chooser.choice((-2, -1, 1, 2)), card["at"][1]]
        elif what == 3:
            card["at"] = [card["at"][0], card["at"][1] + chooser.choice((-30, 30, 1 << 15))]
        elif what == 4:
            card["captured"] = not card.get("captured", False)
        else:
            card = dict(field[chooser.randrange(len(field))], at=card["at"])
        yield changed(field=[card if j == i else c for j, c in enumerate(field)])


def _alethi_verdict(state: alethi.State) -> str | None:
    """What the readable full check says of a copy of ``state`` that nothing vouched for."""
    try:
        alethi_checks.check_state(attrs.evolve(state))
    except CardgamesError as exc:
        return str(exc)
    return None


def test_alethi_read_and_checked_in_one_pass_keeps_step_with_the_full_check() -> None:
    """Over every state of seeded random games of each preset, and over documents changed to
    break each bound of the check, the one-pass reader vouches only for states the readable
    check accepts, with the board ``Board.build`` makes, and for every state of a usual config
    and no result that it accepts; loading keeps refusing the others with the check's words."""
    chooser = random.Random(17)
    vouched = refused = 0
    for preset, config in alethi.PRESETS.items():
        for seed in SEEDS:
            for state in random_states(alethi.GAME, config, seed):
                data = json.loads(cardgames.to_json(state))["data"]
                variants = [data]
                if chooser.randrange(4) == 0:
                    variants += list(_alethi_mutations(data, chooser))
                for number, variant in enumerate(variants):
                    try:
                        loaded = documents.read(variant)
                    except documents.UnusualError:
                        # Only the standard army is usual: "specials" and "tiny" change it.
                        assert number or state.result is not None or preset in ("specials", "tiny")
                        continue
                    verdict = _alethi_verdict(loaded)
                    if alethi_checks.vouched(loaded):
                        assert verdict is None, (preset, variant)
                        board = alethi_checks.board_of(loaded)
                        assert board.same_as(Board.build(loaded.field))
                        assert list(board.cards) == list(Board.build(loaded.field).cards)
                        assert alethi.legal_moves(loaded) == alethi.legal_moves(
                            attrs.evolve(loaded)
                        )
                        vouched += 1
                        continue
                    assert number or verdict is not None, (preset, variant)
                    if verdict is not None:
                        refused += 1
                        with pytest.raises(SerializationError) as error:
                            cardgames.from_json(envelope("alethi", "state", variant), alethi.State)
                        assert verdict.split(": ", 1)[1] in str(error.value)
    assert vouched > 100 and refused > 100


def test_alethi_reads_a_board_of_its_own_making_only_while_it_knows_the_board(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Should the board ever hold other parts than those the reader fills, the reader leaves
    the board to ``Board.build``, and still vouches for the states it checked."""
    monkeypatch.setattr(documents, "_OWN_BUILD", False)
    for state in random_states(alethi.GAME, alethi.Config(), 0):
        if state.result is None:
            loaded = documents.read(json.loads(cardgames.to_json(state))["data"])
            assert alethi_checks.vouched(loaded)
            assert alethi_checks.board_of(loaded).same_as(Board.build(loaded.field))


def test_alethi_reader_knows_every_part_of_todays_board() -> None:
    """The reader fills the board itself only while it knows every part of it; a renamed or
    new part would quietly send every load the slow way (``Board.build``), so the parts it
    fills are held to the board's slots here."""
    assert tuple(sorted(Board.__slots__)) == documents._PARTS
    assert documents._OWN_BUILD
