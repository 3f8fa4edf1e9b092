"""Le Rally's quick steps, held in lock-step to the plain way of doing the same thing.

- The deal hands out each hand as one slice of the shuffled deck; the plain deal gives one card
  at a time from the deck's end, starting on the server's left.
- A new match starts from an empty table made once per config and server; the plain one is made
  field by field for every match.
- A card leaves a hand as one slice (the hand is sorted, so the copies sit together); the plain
  way removes the copies one by one from a list.
- A hand's moves are listed from its faces in order and a table of each shot's play and lobs;
  the plain listing counts the faces, sorts them and builds every move.

Each is compared over every state of seeded random matches of every preset and of card lists of
their own, move for move and in order.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator

import pytest

import random_play
from cardgames import lerally
from cardgames.lerally import (
    GAME,
    CardKind,
    CardType,
    Config,
    Format,
    Lob,
    Move,
    Offense,
    PickUp,
    Play,
    Section,
    State,
    Zone,
    attack,
    legal_moves,
    new_game,
    offense,
    shot,
    special,
)
from cardgames.lerally.cards import Card
from cardgames.lerally.config import deck_cards
from cardgames.lerally.deal import deal
from cardgames.lerally.draft import Draft, next_player
from cardgames.lerally.moves import MIN_LOB
from cardgames.lerally.rules import _options_of, _Situation
from cardgames.lerally.state import Score
from cardgames.rng import Rng

BL, BR, NL, NR = Section.BASELINE_LEFT, Section.BASELINE_RIGHT, Section.NET_LEFT, Section.NET_RIGHT

#: Long runs of a few shots (lobs of up to 10) and many attack, offense and special cards.
RUNS = (
    CardType(shot(BL, BL), "Crosscourt Forehand", 10),
    CardType(shot(NR, BL), "Backhand Punch Volley", 8),
    CardType(shot(NL, NL), "Forehand Drop Volley", 6),
    CardType(attack(Zone.BASELINE, 1), "Baseline Winner +1", 4),
    CardType(attack(Zone.NET, 5), "Net Winner +5", 3),
    CardType(offense(), "Offense", 4),
    CardType(special(CardKind.JUST_OUT), "Just Out", 3),
    CardType(special(CardKind.YOURS), "Yours", 3),
    CardType(special(CardKind.CHALLENGE), "Challenge", 3),
)

CONFIGS: dict[str, Config] = {
    **GAME.presets,
    "runs-singles": Config(cards=RUNS, hand_size=9),
    "runs-three": Config(players=3, cards=RUNS, hand_size=7, format=Format.FAST_FOUR),
    "runs-four": Config(players=4, cards=RUNS, hand_size=4, first_server=2),
    "one-card": Config(players=4, hand_size=1, format=Format.SHOT_GUN, first_server=3),
}

#: Seeded random matches per config.
MATCHES = 25
#: A deal is tried on every this many states of a match.
DEAL_EVERY = 5


# --- the plain ways ---------------------------------------------------------------------------


def plain_deal(
    config: Config, server: int, rng: Rng
) -> tuple[tuple[Card, ...], tuple[tuple[Card, ...], ...], Rng]:
    """The deck left, the hands and the next generator of a deal by ``server``: every card
    shuffled, then dealt one card at a time from the deck's end, starting on their left."""
    deck, rng = rng.shuffled(deck_cards(config))
    hands: list[list[Card]] = [[] for _ in range(config.players)]
    first = next_player(config, server)
    top = len(deck)
    for _ in range(config.hand_size):
        for i in range(config.players):
            top -= 1
            hands[(first + i) % config.players].append(deck[top])
    return deck[:top], tuple(tuple(sorted(hand)) for hand in hands), rng


def plain_new_game(config: Config, seed: int) -> State:
    """A new match, its table made field by field and dealt one card at a time."""
    rng = Rng.from_seed(seed)
    server = config.first_server
    if server is None:
        server, rng = rng.below(config.players)
    sides = config.sides
    deck, hands, rng = plain_deal(config, server, rng)
    return State(
        config=config,
        to_move=next_player(config, server),
        leading=True,
        ball=None,
        attack=None,
        attack_total=0,
        last=None,
        deck=deck,
        pile=(),
        cleared=(),
        hands=hands,
        server=server,
        score=Score((0,) * sides, (0,) * sides),
        rng=rng,
    )


def plain_take(hand: tuple[Card, ...], card: Card, count: int) -> tuple[Card, ...]:
    """``hand`` without ``count`` copies of ``card``, removed one by one."""
    rest = list(hand)
    for _ in range(count):
        rest.remove(card)
    return tuple(rest)


def plain_options(
    hand: tuple[Card, ...], situation: _Situation, last_is_me: bool
) -> tuple[Move, ...]:
    """The moves of the cards of ``hand`` that can matter in ``situation``, by counting its
    faces, sorting them and building each move."""
    leading, ball, the_attack = situation
    counts = Counter(hand)
    moves: list[Move] = []
    specials = not leading and not last_is_me
    for face in sorted(counts):
        kind = face.kind
        if kind is CardKind.SHOT:
            if the_attack is None and (leading or face.source is ball):
                moves.append(Play(face))
                moves.extend(Lob(face, n) for n in range(MIN_LOB, counts[face] + 1))
        elif kind is CardKind.ATTACK:
            fits = (
                face == the_attack
                if the_attack is not None
                else ball is not None and face.zone is ball.zone
            )
            if not leading and fits:
                moves.append(Play(face))
        elif kind is CardKind.OFFENSE:
            if the_attack is None:
                moves.extend(Offense(section) for section in Section)
        elif kind is CardKind.YOURS:
            if not leading:
                moves.append(Play(face))
        elif specials:
            moves.append(Play(face))
    return tuple(moves) or (PickUp(),)


# --- random matches ---------------------------------------------------------------------------


def random_match(config: Config, seed: int) -> Iterator[State]:
    """Every state of a match of random legal moves, up to the finished one."""
    return random_play.random_states(lerally, config, seed, State)


def situations() -> Iterator[_Situation]:
    """Every situation a player can face with the cards of :data:`RUNS` and the default list."""
    attacks = {card.card for card in (*RUNS, *GAME.presets["default"].cards)}
    yield True, None, None
    for section in Section:
        yield False, section, None
    for card in sorted(attacks):
        if card.kind is CardKind.ATTACK:
            yield False, None, card


# --- the tests --------------------------------------------------------------------------------


@pytest.mark.parametrize("name", list(CONFIGS))
def test_new_game_is_the_plain_deal(name: str) -> None:
    """A new match equals the one made field by field and dealt one card at a time."""
    config = CONFIGS[name]
    for seed in range(-5, 200):
        assert new_game(config, seed=seed) == plain_new_game(config, seed)


@pytest.mark.parametrize("name", list(CONFIGS))
def test_quick_steps_match_the_plain_ones_through_random_matches(name: str) -> None:
    """On every state of seeded random matches: the moves are the plain listing's of the whole
    hand, in its order; every play or lob leaves the hand the plain removal leaves; and a deal
    from the state's server and generator (on every few states) leaves the deck and the hands
    that dealing one card at a time leaves."""
    config = CONFIGS[name]
    seen = Counter[str]()
    for seed in range(MATCHES):
        for number, state in enumerate(random_match(config, seed)):
            if state.result is not None:
                continue
            if number % DEAL_EVERY == 0:
                d = Draft(state)
                deal(d)
                deck, hands, rng = plain_deal(config, state.server, state.rng)
                assert (d.deck, d.hands, d.rng) == (deck, hands, rng)
                assert d.to_move == next_player(config, state.server) and d.leading
                seen["deal"] += 1
            player = state.to_move
            assert player is not None
            hand = state.hands[player]
            offered = legal_moves(state)
            situation = (state.leading, state.ball, state.attack)
            assert offered == plain_options(hand, situation, state.last == player)
            for move in offered:
                if isinstance(move, Play | Lob):
                    count = move.count if isinstance(move, Lob) else 1
                    d = Draft(state)
                    d.take(player, move.card, count)
                    assert d.hands[player] == plain_take(hand, move.card, count)
                    seen["lob" if count > 1 else "play"] += 1
    assert seen["play"] > 0 and seen["deal"] > 0, seen
    if config.hand_size > 1:
        assert seen["lob"] > 0, seen


def test_listed_moves_are_the_plain_listing_for_random_hands() -> None:
    """For random sorted hands of up to 14 cards in every situation, with the last card one's
    own or not, the listed moves are the plain listing's, in its order."""
    rng = random.Random("lerally-listing")
    pool = list(deck_cards(Config(cards=RUNS))) + list(deck_cards(Config()))
    every = list(situations())
    for _ in range(3000):
        hand = tuple(sorted(rng.sample(pool, rng.randint(0, 14))))
        for situation in every:
            for last_is_me in (False, True):
                expected = plain_options(hand, situation, last_is_me)
                assert _options_of(hand, situation, last_is_me) == expected
