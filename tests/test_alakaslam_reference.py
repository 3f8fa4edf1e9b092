"""The plays AlakaSLAM offers, held to a plain reference enumeration.

A play (a hit, or a doubles support play) is 1 to 3 cards of the player's hand, exactly N when an
Enchant-N binds the player, at most one of them an Enchantment, and none at all when Rich's
Enchant-2 locks the return. Cards of one face are interchangeable, so a play is a multiset of
faces, written as a sorted tuple. The rules compute these plays through caches and hand
signatures; here they are worked out the slow, obvious way over thousands of random hands, and
the two must agree. ``resample`` must likewise deal a hitter's hidden face-down cards only as a
play the hitter could have made.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter

import attrs
import pytest

from cardgames.alakaslam import (
    DEFAULT_DECK,
    Card,
    CardCount,
    Cell,
    Character,
    Colour,
    Config,
    Hit,
    Phase,
    State,
    Support,
    enchant,
    hit,
    legal_moves,
    new_game,
    resample,
    view,
)
from cardgames.alakaslam.config import MAX_HIT_CARDS, deck_cards

#: A replacement deck unlike the default one: Hit values 0-4, many copies of each face, and
#: Enchantments of every value (Enchant-3 included), so that hands hold long runs of one face.
CUSTOM_DECK = (
    *(CardCount(hit(value, colour), 5) for colour in Colour for value in range(5)),
    CardCount(enchant(1), 4),
    CardCount(enchant(2), 4),
    CardCount(enchant(3), 4),
)
#: A deck heavy in Enchantments: random face-down cards dealt from it would often hold two.
ENCHANTED_DECK = (
    *(CardCount(hit(value, colour), 6) for colour in Colour for value in range(3)),
    CardCount(enchant(2), 30),
    CardCount(enchant(3), 30),
)

#: Characters whose abilities do not touch what a play may hold (Rich's lock is set by hand).
SINGLES_CAST = (Character.STEN, Character.CORWIN)
DOUBLES_CAST = (Character.STEN, Character.CORWIN, Character.HAZEL, Character.AUSTIN)

CONFIGS = {
    "default-singles": Config(characters=SINGLES_CAST),
    "custom-singles": Config(deck=CUSTOM_DECK, characters=SINGLES_CAST),
    "default-doubles": Config(players=4, characters=DOUBLES_CAST),
    "custom-doubles": Config(players=4, deck=CUSTOM_DECK, characters=DOUBLES_CAST),
}
SINGLES_CONFIGS = ["default-singles", "custom-singles"]
DOUBLES_CONFIGS = ["default-doubles", "custom-doubles"]

#: Random hands (with a random bind and lock) tried per config.
HANDS = 1500


# --- the reference --------------------------------------------------------------------------------


def reference_plays(hand: tuple[Card, ...], bind: int, locked: bool) -> set[tuple[Card, ...]]:
    """Every play of ``hand``: each choice of 1 to 3 of its cards (exactly ``bind`` when bound),
    keeping those with at most one Enchantment (none when ``locked``), as sorted tuples."""
    sizes = [bind] if bind else list(range(1, MAX_HIT_CARDS + 1))
    most_enchantments = 0 if locked else 1
    found: set[tuple[Card, ...]] = set()
    for size in sizes:
        for chosen in itertools.combinations(hand, size):
            enchantments = sum(1 for card in chosen if card.is_enchantment)
            if enchantments <= most_enchantments:
                found.add(tuple(sorted(chosen)))
    return found


def is_legal_play(cards: tuple[Card, ...], bind: int, locked: bool) -> bool:
    """Whether ``cards`` (the whole play) is a play the reference allows."""
    return tuple(sorted(cards)) in reference_plays(cards, bind, locked)


# --- positions ------------------------------------------------------------------------------------


def random_hand(rng: random.Random, pool: list[Card], most: int = 10) -> tuple[Card, ...]:
    """A random hand of 0 to ``most`` cards out of ``pool`` (which loses them)."""
    rng.shuffle(pool)
    size = rng.randint(0, min(most, len(pool)))
    hand = tuple(sorted(pool[:size]))
    del pool[:size]
    return hand


def random_bind(rng: random.Random) -> int:
    """No bind half of the time; otherwise a bind of 1, 2 or 3 cards."""
    return rng.choice([0, 0, 0, 1, 2, 3])


def with_hands(
    base: State, hands: dict[int, tuple[Card, ...]], played: tuple[Card, ...] = ()
) -> State:
    """``base`` with these hands (every other hand empty) and face-down cards; all the other
    cards of the config make the deck, so that every card is somewhere once."""
    rest = Counter(deck_cards(base.config))
    every_hand = tuple(hands.get(p, ()) for p in range(base.config.players))
    for hand in every_hand:
        rest.subtract(hand)
    rest.subtract(played)
    assert all(count >= 0 for count in rest.values())
    return attrs.evolve(
        base, hands=every_hand, played=played, deck=tuple(rest.elements()), discard=()
    )


def on_court(config: Config) -> State:
    """A match of ``config`` in the middle of a point, nobody bound, the ball on player 0."""
    state = new_game(config, seed=0)
    positions = (Cell(0, 0), Cell(1, 3), Cell(2, 1), Cell(2, 2))[: config.players]
    return attrs.evolve(
        state,
        phase=Phase.MOVE,
        to_move=0,
        queue=(),
        positions=positions,
        ball=positions[0],
        server=0,
        free_step=True,
        binds=(0,) * config.players,
    )


def hit_position(rng: random.Random, config: Config) -> tuple[State, int, bool]:
    """Player 0 on the ball in the move phase with a random hand, bind and lock."""
    pool = list(deck_cards(config))
    hand = random_hand(rng, pool)
    bind, locked = random_bind(rng), rng.random() < 0.3
    base = on_court(config)
    binds = (bind,) + (0,) * (config.players - 1)
    state = with_hands(attrs.evolve(base, binds=binds, locked=locked), {0: hand})
    return state, bind, locked


def support_position(
    rng: random.Random, config: Config
) -> tuple[State, tuple[Card, ...], int, bool]:
    """Doubles: player 0 has played a random legal play face down; player 2, the support, holds
    a random hand under a random bind and lock. Half the time the opponents hold all but a few
    cards of the deck (as late in a long point), so that the unseen cards are mostly in hands.
    Also returns the hitter's bind."""
    pool = list(deck_cards(config))
    locked = rng.random() < 0.3
    while True:
        hitter_hand = random_hand(rng, pool)
        hitter_bind = random_bind(rng)
        options = sorted(reference_plays(hitter_hand, hitter_bind, locked))
        if options:
            break
        pool.extend(hitter_hand)
    played = rng.choice(options)
    left = tuple(sorted((Counter(hitter_hand) - Counter(played)).elements()))
    support_hand = random_hand(rng, pool)
    bind = random_bind(rng)
    opponents: dict[int, tuple[Card, ...]] = {}
    if rng.random() < 0.5:
        rng.shuffle(pool)
        dealt = pool[rng.randint(0, 4) :]
        opponents = {1: tuple(sorted(dealt[0::2])), 3: tuple(sorted(dealt[1::2]))}
    base = on_court(config)
    state = attrs.evolve(
        base,
        phase=Phase.SUPPORT,
        to_move=2,
        hitter=0,
        binds=(hitter_bind, 0, bind, 0),
        locked=locked,
        shots=1,
    )
    state = with_hands(state, {0: left, 2: support_hand, **opponents}, played=played)
    return state, played, hitter_bind, locked


# --- the tests ------------------------------------------------------------------------------------


def test_reference_enumeration_by_hand() -> None:
    """The reference itself, on a hand small enough to list: R1 R1 B0 E1 E2."""
    r1, b0, e1, e2 = hit(1, Colour.RED), hit(0, Colour.BLUE), enchant(1), enchant(2)
    hand = tuple(sorted((r1, r1, b0, e1, e2)))
    assert reference_plays(hand, 2, locked=True) == {
        tuple(sorted(cards)) for cards in [(r1, r1), (r1, b0)]
    }
    assert reference_plays(hand, 1, locked=False) == {(b0,), (r1,), (e1,), (e2,)}
    assert reference_plays(hand, 3, locked=False) == {
        tuple(sorted(cards))
        for cards in [(r1, r1, b0), (r1, r1, e1), (r1, r1, e2), (r1, b0, e1), (r1, b0, e2)]
    }
    assert len(reference_plays(hand, 0, locked=False)) == 4 + 6 + 5
    assert reference_plays((e1, e2), 2, locked=False) == set()


@pytest.mark.parametrize("name", list(CONFIGS))
def test_hits_offered_are_exactly_the_reference_plays(name: str) -> None:
    """The ``Hit`` moves of a player on the ball are the reference plays of their hand, for
    random hands, binds and locks, singles and doubles, default and custom decks."""
    config = CONFIGS[name]
    rng = random.Random(f"hits-{name}")
    seen = Counter[str]()
    for _ in range(HANDS):
        state, bind, locked = hit_position(rng, config)
        offered = [m for m in legal_moves(state) if isinstance(m, Hit)]
        expected = reference_plays(state.hands[0], bind, locked)
        assert len(offered) == len(set(offered)), "a play is offered twice"
        assert {m.cards for m in offered} == expected, (state.hands[0], bind, locked)
        seen.update(["bound" if bind else "free", "locked" if locked else "open"])
        seen.update(["none" if not expected else "some"])
    assert min(seen.values()) > HANDS // 10, seen


@pytest.mark.parametrize("name", DOUBLES_CONFIGS)
def test_support_plays_offered_are_exactly_the_reference_plays(name: str) -> None:
    """Doubles: the ``Support`` moves are the reference plays of the support's hand (and when
    there is none, the support can only let the point go)."""
    config = CONFIGS[name]
    rng = random.Random(f"support-{name}")
    seen = Counter[str]()
    for _ in range(HANDS):
        state, _played, _hitter_bind, locked = support_position(rng, config)
        bind = state.binds[2]
        moves = legal_moves(state)
        offered = [m for m in moves if isinstance(m, Support)]
        expected = reference_plays(state.hands[2], bind, locked)
        assert len(offered) == len(set(offered)), "a play is offered twice"
        assert {m.cards for m in offered} == expected, (state.hands[2], bind, locked)
        assert not any(isinstance(m, Hit) for m in moves)
        if not expected:
            assert len(moves) == 1
        seen.update(["bound" if bind else "free", "locked" if locked else "open"])
        seen.update(["none" if not expected else "some"])
    assert min(seen.values()) > HANDS // 10, seen


@pytest.mark.parametrize(
    "deck", [DEFAULT_DECK, CUSTOM_DECK, ENCHANTED_DECK], ids=["default", "custom", "enchanted"]
)
def test_resampled_face_down_play_is_one_the_hitter_could_make(
    deck: tuple[CardCount, ...],
) -> None:
    """``resample`` of a view that does not show the hitter's face-down cards deals them as a
    legal play: the count seen, at most one Enchantment, none under Rich's lock."""
    config = Config(players=4, deck=deck, characters=DOUBLES_CAST)
    rng = random.Random(f"resample-{len(deck_cards(config))}")
    locks = Counter[bool]()
    for _ in range(300):
        state, played, hitter_bind, locked = support_position(rng, config)
        locks[locked] += 1
        for player in (2, 1, 3):
            seen = view(state, player)
            assert seen.played == () and seen.played_count == len(played)
            for _ in range(4):
                # The view comes from a real state, so resampling it must never fail.
                again = resample(seen, seed=rng.randrange(2**32))
                assert len(again.played) == len(played)
                assert is_legal_play(again.played, hitter_bind, locked), (again.played, locked)
                assert again.hands[player] == state.hands[player]
                assert legal_moves(again)
    assert locks[True] > 30 and locks[False] > 30
