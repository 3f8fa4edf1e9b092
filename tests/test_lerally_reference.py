"""The moves Le Rally offers, held to a plain reference enumeration.

The reference below reads the rules as the rules module writes them, one situation at a time:

- **leading** (the pile is empty): any shot card, a lob of 2 up to all the copies held of one
  shot card, and the offense card landing in any of the four sections;
- **facing an attack**: the identical attack card (a Hot Shot), Yours, and Just Out or Challenge
  unless the last card of the pile is the player's own;
- **answering a ball** in section S: a shot from S, a lob of such shots, an attack card of S's
  zone, the offense card landing in any section, Yours, and Just Out or Challenge unless the last
  card of the pile is the player's own;
- and picking up only when none of those is open.

The rules work the same moves out through caches keyed by hand and situation; here they are
worked out the slow, obvious way on every state of a few hundred seeded random matches (every
preset, and card lists of their own), and the two must agree, move for move, with no move
offered twice.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator

import attrs
import pytest

from cardgames.lerally import (
    GAME,
    Card,
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
    apply_move,
    attack,
    is_over,
    legal_moves,
    new_game,
    offense,
    parse_card,
    shot,
    special,
)
from cardgames.lerally.config import deck_cards

BL, BR, NL, NR = Section.BASELINE_LEFT, Section.BASELINE_RIGHT, Section.NET_LEFT, Section.NET_RIGHT

#: A card list of its own: long runs of a few shots (lobs of up to 12), attack cards of several
#: values in each zone (only the identical one answers an attack), and many offense and special
#: cards, so that every situation comes up often.
CUSTOM_CARDS = (
    CardType(shot(BL, BL), "Crosscourt Forehand", 12),
    CardType(shot(BL, NR), "Forehand Angle", 10),
    CardType(shot(NR, BL), "Backhand Punch Volley", 10),
    CardType(shot(NL, NL), "Forehand Drop Volley", 8),
    CardType(shot(BR, NL), "Backhand Slice", 6),
    CardType(shot(NR, BR), "Deep Backhand Volley", 6),
    CardType(shot(NL, BR), "Forehand Punch Volley", 4),
    CardType(shot(BR, BR), "Crosscourt Backhand", 4),
    CardType(attack(Zone.BASELINE, 1), "Baseline Winner +1", 4),
    CardType(attack(Zone.BASELINE, 2), "Baseline Winner +2", 4),
    CardType(attack(Zone.NET, 3), "Net Winner +3", 3),
    CardType(attack(Zone.NET, 5), "Net Winner +5", 2),
    CardType(offense(), "Offense", 5),
    CardType(special(CardKind.JUST_OUT), "Just Out", 4),
    CardType(special(CardKind.YOURS), "Yours", 4),
    CardType(special(CardKind.CHALLENGE), "Challenge", 4),
)

#: Every preset, and the custom card list with two, three and four players.
CONFIGS: dict[str, Config] = {
    **GAME.presets,
    "custom-singles": Config(cards=CUSTOM_CARDS, hand_size=8, format=Format.FAST_FOUR),
    "custom-three": Config(players=3, cards=CUSTOM_CARDS, hand_size=7, best_of=3),
    "custom-doubles": Config(
        players=4, doubles=True, cards=CUSTOM_CARDS, hand_size=5, format=Format.SHOT_GUN
    ),
}

#: Seeded random matches played per config (a few hundred in all).
MATCHES = 40
#: Random hand-made positions tried per config.
POSITIONS = 3000


# --- the reference --------------------------------------------------------------------------


def shots_and_lobs(card: Card, copies: int) -> set[Move]:
    """Playing one shot card, or lobbing 2 up to all ``copies`` of it."""
    found: set[Move] = {Play(card)}
    for count in range(2, copies + 1):
        found.add(Lob(card, count))
    return found


def every_offense() -> set[Move]:
    """The offense card, landing in each of the four sections."""
    return {Offense(section) for section in Section}


def specials(hand: Counter[Card], last_is_mine: bool) -> set[Move]:
    """Yours always; Just Out and Challenge unless the last card of the pile is one's own."""
    kinds = [CardKind.YOURS]
    if not last_is_mine:
        kinds += [CardKind.JUST_OUT, CardKind.CHALLENGE]
    return {Play(special(kind)) for kind in kinds if hand[special(kind)] > 0}


def reference_moves(state: State) -> set[Move]:
    """Every legal move of the player to move, straight from the rules; none once over."""
    if state.result is not None or state.to_move is None:
        return set()
    player = state.to_move
    hand = Counter(state.hands[player])
    holds_offense = hand[offense()] > 0
    last_is_mine = state.last == player
    found: set[Move] = set()
    if state.leading:
        for card, copies in hand.items():
            if card.kind is CardKind.SHOT:
                found |= shots_and_lobs(card, copies)
        if holds_offense:
            found |= every_offense()
    elif state.attack is not None:
        if hand[state.attack] > 0:
            found.add(Play(state.attack))
        found |= specials(hand, last_is_mine)
    else:
        ball = state.ball
        assert ball is not None
        for card, copies in hand.items():
            if card.kind is CardKind.SHOT and card.source is ball:
                found |= shots_and_lobs(card, copies)
            if card.kind is CardKind.ATTACK and card.zone is ball.zone:
                found.add(Play(card))
        if holds_offense:
            found |= every_offense()
        found |= specials(hand, last_is_mine)
    return found or {PickUp()}


# --- positions ------------------------------------------------------------------------------


def situation(state: State) -> str:
    """Which case of the reference a state falls in, for the coverage count."""
    if state.leading:
        return "leading"
    mine = "-own-card" if state.last == state.to_move else ""
    return ("attack" if state.attack is not None else "ball") + mine


def random_match(config: Config, seed: int) -> Iterator[State]:
    """Every state of a match of random legal moves, up to the finished one."""
    rng = random.Random(seed)
    state = new_game(config, seed=seed)
    yield state
    for _ in range(GAME.max_decisions(config)):
        if is_over(state):
            return
        state = apply_move(state, rng.choice(legal_moves(state)))
        yield state
    raise AssertionError(f"seed {seed}: the match did not end")


def arranged(hand: str, *, ball: str | None = None, attack_card: str | None = None) -> State:
    """Singles, player 0 to play with ``hand`` (card codes), leading or answering player 1's
    ball in ``ball`` or attack ``attack_card``; every other card is in the deck."""
    base = new_game(Config(first_server=1), seed=0)
    mine = tuple(sorted(parse_card(code) for code in hand.split()))
    pile = () if ball is None and attack_card is None else (parse_card(attack_card or "BL-BL"),)
    rest = Counter(deck_cards(base.config)) - Counter(mine) - Counter(pile)
    rest -= Counter([parse_card("BR-BR")])
    the_attack = None if attack_card is None else parse_card(attack_card)
    return attrs.evolve(
        base,
        to_move=0,
        leading=not pile,
        ball=None if ball is None else Section(ball),
        attack=the_attack,
        attack_total=0 if the_attack is None else the_attack.value,
        last=1 if pile else None,
        deck=tuple(rest.elements()),
        pile=pile,
        cleared=(),
        hands=(mine, (parse_card("BR-BR"),)),
    )


def random_position(config: Config, rng: random.Random) -> State:
    """Player 0 to play with a random hand of 1 to 12 cards, leading, answering a ball in a
    random section or facing a random attack card of the list, the last card of the pile being
    their own or another player's (a hand-made case the rules never reach facing an attack)."""
    base = new_game(config, seed=rng.randrange(2**32))
    pool = list(deck_cards(config))
    attacks = sorted({card for card in pool if card.kind is CardKind.ATTACK})
    case = rng.choice(["leading", "ball", "attack"] if attacks else ["leading", "ball"])
    the_attack = rng.choice(attacks) if case == "attack" else None
    if the_attack is not None:
        pool.remove(the_attack)
    rng.shuffle(pool)
    size = rng.randint(1, 12)
    mine, pool = pool[:size], pool[size:]
    others, pool = pool[: config.players - 1], pool[config.players - 1 :]
    pile = () if case == "leading" else (the_attack or pool.pop(),)
    return attrs.evolve(
        base,
        to_move=0,
        leading=case == "leading",
        ball=rng.choice(list(Section)) if case == "ball" else None,
        attack=the_attack,
        attack_total=0 if the_attack is None else the_attack.value * rng.randint(1, 3),
        last=None if case == "leading" else rng.randrange(config.players),
        deck=tuple(pool),
        pile=pile,
        cleared=(),
        hands=(tuple(sorted(mine)), *((card,) for card in others)),
    )


# --- the tests ------------------------------------------------------------------------------


def test_reference_by_hand() -> None:
    """The reference itself, on hands small enough to list."""
    hand = "BL-NR BL-NR BL-NR NR-BL BW2 NW3 OF JO YO CH"
    bl_nr, nr_bl = shot(BL, NR), shot(NR, BL)
    bw2, nw3 = attack(Zone.BASELINE, 2), attack(Zone.NET, 3)
    jo, yo, ch = (special(kind) for kind in (CardKind.JUST_OUT, CardKind.YOURS, CardKind.CHALLENGE))
    assert reference_moves(arranged(hand)) == {
        Play(bl_nr),
        Lob(bl_nr, 2),
        Lob(bl_nr, 3),
        Play(nr_bl),
        *every_offense(),
    }
    assert reference_moves(arranged(hand, ball="NR")) == {
        Play(nr_bl),
        Play(nw3),
        *every_offense(),
        Play(jo),
        Play(yo),
        Play(ch),
    }
    assert reference_moves(arranged(hand, attack_card="BW2")) == {
        Play(bw2),
        Play(jo),
        Play(yo),
        Play(ch),
    }
    own_lob = attrs.evolve(arranged(hand, ball="BL"), last=0)
    assert reference_moves(own_lob) == {
        Play(bl_nr),
        Lob(bl_nr, 2),
        Lob(bl_nr, 3),
        Play(bw2),
        *every_offense(),
        Play(yo),
    }
    assert reference_moves(arranged("BW2 NW3 JO YO CH")) == {PickUp()}
    assert reference_moves(arranged("BL-NR NW3 OF", attack_card="BW2")) == {PickUp()}


@pytest.mark.parametrize("name", list(CONFIGS))
def test_legal_moves_are_the_reference_moves_through_random_matches(name: str) -> None:
    """On every state of seeded random matches, ``legal_moves`` offers exactly the reference
    moves, each once."""
    config = CONFIGS[name]
    seen = Counter[str]()
    for match in range(MATCHES):
        for state in random_match(config, seed=match):
            offered = legal_moves(state)
            assert len(offered) == len(set(offered)), f"a move is offered twice in {state!r}"
            assert set(offered) == reference_moves(state), state
            if not is_over(state):
                seen[situation(state)] += 1
                seen["pick up" if offered == (PickUp(),) else "play"] += 1
    for case in ("leading", "ball", "attack", "pick up", "play"):
        assert seen[case] > 0, (case, seen)
    if config.players == 2:
        assert seen["ball-own-card"] > 0, seen


@pytest.mark.parametrize("name", ["default", "custom-singles", "custom-three"])
def test_legal_moves_are_the_reference_moves_in_hand_made_positions(name: str) -> None:
    """In random hand-made positions (any hand, any situation, the last card anybody's),
    ``legal_moves`` offers exactly the reference moves, each once."""
    config = CONFIGS[name]
    rng = random.Random(f"positions-{name}")
    seen = Counter[str]()
    for _ in range(POSITIONS):
        state = random_position(config, rng)
        offered = legal_moves(state)
        assert len(offered) == len(set(offered)), f"a move is offered twice in {state!r}"
        assert set(offered) == reference_moves(state), state
        seen[situation(state)] += 1
        seen["pick up" if offered == (PickUp(),) else "play"] += 1
    assert min(seen.values()) > POSITIONS // 50, seen
    assert len(seen) == 7, seen
