"""Le Rally's quick paths, each held in lock-step to the plain reading it stands for.

The rules (``legal_moves``, ``apply_move``) are held to :mod:`cardgames.lerally.reference` over
random matches of every preset (``tests/lockstep.py``), of card lists of their own, and of
hand-made positions; then each quick path on its own:

- a hand's moves, looked up by the cards that can matter in the situation
  (``lerally._fast.options``), against the plain listing of every face;
- the deal, which hands out each hand as one slice of the shuffled deck, against dealing one
  card at a time; a new match, laid out from a table made once per config and server, against
  one made field by field; a card played, which leaves a hand as one slice, against taking the
  copies out one by one;
- the JSON text written straight from a state's fields (``lerally.documents``) against the
  converter's hook and the encoder.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator

import attrs
import pytest

import cardgames
import random_play
from cardgames import lerally
from cardgames._converter import text_writer
from cardgames.lerally import (
    GAME,
    CardKind,
    CardType,
    Config,
    Format,
    Lob,
    Offense,
    PickUp,
    Play,
    Section,
    State,
    Zone,
    _fast,
    attack,
    legal_moves,
    new_game,
    offense,
    parse_card,
    reference,
    shot,
    special,
)
from cardgames.lerally.cards import Card
from cardgames.lerally.config import deck_cards
from cardgames.lerally.deal import deal
from cardgames.lerally.draft import Draft, next_player
from cardgames.serialization import converter
from general_writer import GeneralWriter
from lockstep import hold_to_reference

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

#: Card lists of their own with two, three and four players, and one-card hands.
CUSTOM: dict[str, Config] = {
    "custom-singles": Config(cards=CUSTOM_CARDS, hand_size=8, format=Format.FAST_FOUR),
    "custom-three": Config(players=3, cards=CUSTOM_CARDS, hand_size=7, best_of=3),
    "custom-doubles": Config(
        players=4, doubles=True, cards=CUSTOM_CARDS, hand_size=5, format=Format.SHOT_GUN
    ),
    "custom-four": Config(players=4, cards=CUSTOM_CARDS, hand_size=4, first_server=2),
    "one-card": Config(players=4, hand_size=1, format=Format.SHOT_GUN, first_server=3),
}
#: Every preset and every card list of its own.
CONFIGS: dict[str, Config] = {**GAME.presets, **CUSTOM}

#: Seeded random matches per config of its own.
MATCHES = 25
#: Random hand-made positions tried per config.
POSITIONS = 3000
#: A deal is tried on every this many states of a match.
DEAL_EVERY = 5


def random_match(config: Config, seed: int) -> Iterator[State]:
    """Every state of a match of random legal moves, up to the finished one."""
    return random_play.random_states(lerally, config, seed, State)


def situation(state: State) -> str:
    """Which case of the rules a state falls in, for the coverage count."""
    if state.leading:
        return "leading"
    mine = "-own-card" if state.last == state.to_move else ""
    return ("attack" if state.attack is not None else "ball") + mine


# --- the rules against the reference ----------------------------------------------------------


def test_the_rules_keep_step_with_the_reference_in_every_preset() -> None:
    """At every state of random matches of every preset, the legal moves are the reference's,
    in its order, and each move applied leads to the reference's next state."""
    assert hold_to_reference(GAME, reference, seeds=range(6)) > 5000


@pytest.mark.parametrize("name", list(CUSTOM))
def test_the_rules_keep_step_with_the_reference_with_card_lists_of_their_own(name: str) -> None:
    """The same with card lists of their own (long runs, many attack and special cards), each
    move offered once, every situation met."""
    config = CUSTOM[name]
    seen = Counter[str]()
    for seed in range(MATCHES):
        for state in random_match(config, seed):
            offered = legal_moves(state)
            assert offered == reference.legal_moves(state), state
            assert len(offered) == len(set(offered)), f"a move is offered twice in {state!r}"
            if state.result is not None:
                continue
            move = offered[seed % len(offered)]
            assert lerally.apply_move(state, move) == reference.apply_move(state, move)
            seen[situation(state)] += 1
            seen["pick up" if offered == (PickUp(),) else "play"] += 1
    # With one card a hand, every lead wins the rally: nobody answers.
    cases = (
        ("leading", "ball", "attack", "pick up", "play") if config.hand_size > 1 else ("leading",)
    )
    for case in cases:
        assert seen[case] > 0, (case, seen)


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


@pytest.mark.parametrize("name", ["default", "custom-singles", "custom-three"])
def test_the_rules_keep_step_with_the_reference_in_hand_made_positions(name: str) -> None:
    """In random hand-made positions (any hand, any situation, the last card anybody's), the
    legal moves are the reference's, each once."""
    config = CONFIGS[name]
    rng = random.Random(f"positions-{name}")
    seen = Counter[str]()
    for _ in range(POSITIONS):
        state = random_position(config, rng)
        offered = legal_moves(state)
        assert len(offered) == len(set(offered)), f"a move is offered twice in {state!r}"
        assert offered == reference.legal_moves(state), state
        seen[situation(state)] += 1
        seen["pick up" if offered == (PickUp(),) else "play"] += 1
    assert min(seen.values()) > POSITIONS // 50, seen
    assert len(seen) == 7, seen


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


@pytest.mark.rule("lerally", "leading")
@pytest.mark.rule("lerally", "answering")
@pytest.mark.rule("lerally", "attack-cards-and-hot-shots")
@pytest.mark.rule("lerally", "not-on-your-own-card")
def test_the_reference_by_hand() -> None:
    """The reference itself, on hands small enough to list: leading, answering a ball, facing
    an attack, answering one's own lob, and two hands with nothing to play."""
    hand = "BL-NR BL-NR BL-NR NR-BL BW2 NW3 OF JO YO CH"
    bl_nr, nr_bl = shot(BL, NR), shot(NR, BL)
    bw2, nw3 = attack(Zone.BASELINE, 2), attack(Zone.NET, 3)
    jo, yo, ch = (special(kind) for kind in (CardKind.JUST_OUT, CardKind.YOURS, CardKind.CHALLENGE))
    offenses = tuple(Offense(section) for section in Section)
    lead = (Play(bl_nr), Lob(bl_nr, 2), Lob(bl_nr, 3), Play(nr_bl), *offenses)
    ball = (Play(nr_bl), Play(nw3), *offenses, Play(jo), Play(yo), Play(ch))
    own_lob = (Play(bl_nr), Lob(bl_nr, 2), Lob(bl_nr, 3), Play(bw2), *offenses, Play(yo))
    for state, moves in [
        (arranged(hand), lead),
        (arranged(hand, ball="NR"), ball),
        (arranged(hand, attack_card="BW2"), (Play(bw2), Play(jo), Play(yo), Play(ch))),
        (attrs.evolve(arranged(hand, ball="BL"), last=0), own_lob),
        (arranged("BW2 NW3 JO YO CH"), (PickUp(),)),
        (arranged("BL-NR NW3 OF", attack_card="BW2"), (PickUp(),)),
    ]:
        assert reference.legal_moves(state) == moves
        assert legal_moves(state) == moves


# --- a hand's moves ---------------------------------------------------------------------------


def situations() -> Iterator[tuple[bool, Section | None, Card | None]]:
    """Every situation a player can face with the cards of the card lists used here."""
    attacks = {entry.card for entry in (*CUSTOM_CARDS, *GAME.presets["default"].cards)}
    yield True, None, None
    for section in Section:
        yield False, section, None
    for card in sorted(attacks):
        if card.kind is CardKind.ATTACK:
            yield False, None, card


def test_a_hands_moves_are_the_plain_listing_for_random_hands() -> None:
    """For random sorted hands of up to 14 cards in every situation, the last card one's own
    or not, the moves looked up are the plain listing's, in its order."""
    rng = random.Random("lerally-listing")
    pool = list(deck_cards(Config(cards=CUSTOM_CARDS))) + list(deck_cards(Config()))
    every = list(situations())
    for _ in range(3000):
        hand = tuple(sorted(rng.sample(pool, rng.randint(0, 14))))
        for leading, ball, the_attack in every:
            for own_card in (False, True):
                expected = reference.options(hand, leading, ball, the_attack, own_card)
                assert _fast.options(hand, leading, ball, the_attack, own_card) == expected


# --- the deal, a new match and a card played --------------------------------------------------


@pytest.mark.parametrize("name", list(CONFIGS))
def test_new_game_is_the_plain_deal(name: str) -> None:
    """A new match equals the one laid out field by field and dealt one card at a time."""
    config = CONFIGS[name]
    for seed in range(-5, 200):
        assert new_game(config, seed=seed) == reference.new_game(config, seed=seed)


@pytest.mark.parametrize("name", list(CONFIGS))
def test_deals_and_cards_played_are_the_plain_ones_through_random_matches(name: str) -> None:
    """On every state of seeded random matches: every play or lob leaves the hand that taking
    the copies out one by one leaves, and a deal from the state's server and generator (on
    every few states) leaves the deck and the hands that dealing one card at a time leaves."""
    config = CONFIGS[name]
    seen = Counter[str]()
    for seed in range(MATCHES):
        for number, state in enumerate(random_match(config, seed)):
            if state.result is not None:
                continue
            if number % DEAL_EVERY == 0:
                d = Draft(state)
                deal(d)
                assert (d.deck, d.hands, d.rng) == reference.deal(config, state.server, state.rng)
                assert d.to_move == next_player(config, state.server) and d.leading
                seen["deal"] += 1
            player = state.to_move
            assert player is not None
            hand = state.hands[player]
            for move in legal_moves(state):
                if isinstance(move, Play | Lob):
                    count = move.count if isinstance(move, Lob) else 1
                    d = Draft(state)
                    d.take(player, move.card, count)
                    assert d.hands[player] == reference.take(hand, move.card, count)
                    seen["lob" if count > 1 else "play"] += 1
    assert seen["play"] > 0 and seen["deal"] > 0, seen
    if config.hand_size > 1:
        assert seen["lob"] > 0, seen


# --- the JSON text of a state -----------------------------------------------------------------

GENERAL_WRITE = converter.get_unstructure_hook(State)
GENERAL = GeneralWriter("lerally", GENERAL_WRITE)
WRITE = text_writer(State)


def test_the_writer_is_the_one_to_json_uses() -> None:
    """``to_json`` writes a state through the quick writer the documents module registered."""
    state = new_game(seed=2)
    assert WRITE.__qualname__.startswith("quick_state_writer")
    assert WRITE(state) == GENERAL.text(state)
    assert cardgames.to_json(state) == GENERAL.document(state)


def test_every_state_of_random_matches_is_written_as_the_encoder_writes_it() -> None:
    """Every state of random matches of every preset is written as the encoder writes the
    state hook's dict, and every field with a default comes up away from it."""
    written = 0
    seen_fields: set[str] = set()
    to_seven = False
    for config in GAME.presets.values():
        for seed in range(2):
            for state in random_match(config, seed):
                assert state._memo is not None
                assert WRITE(state) == GENERAL.text(state)
                assert cardgames.to_json(state) == GENERAL.document(state)
                form = GENERAL_WRITE(state)
                seen_fields.update(form)
                to_seven = to_seven or "to_seven" in form["score"]
                written += 1
    assert written > 1000
    for name in ("plays", "last_rally", "result", "attack", "ball", "last"):
        assert name in seen_fields, name
    assert to_seven


def test_a_loaded_state_is_written_alike() -> None:
    for state in random_match(GAME.presets["one-set-doubles"], 3):
        loaded: State = cardgames.from_json(cardgames.to_json(state), State)
        assert loaded._memo is not None
        assert WRITE(loaded) == GENERAL.text(state)


def test_an_unchecked_state_is_written_by_the_hook_and_the_encoder() -> None:
    state = next(s for s in random_match(Config(), 1) if s.plays)
    odd = attrs.evolve(state, deck=list(state.deck), plays=True)  # type: ignore[arg-type]
    assert odd._memo is None
    assert WRITE(odd) == GENERAL.text(odd)
    assert '"plays":true' in WRITE(odd)


def test_a_card_the_config_lacks_sends_the_state_to_the_encoder() -> None:
    config = Config()
    state = next(s for s in random_match(config, 2) if s.deck)
    other = attack(Zone.NET, 7)  # a well-formed card that no deck of the presets holds
    assert other not in deck_cards(config)
    odd = attrs.evolve(state, deck=(*state.deck, other))
    object.__setattr__(odd, "_memo", state._memo)  # as if vouched for, to reach the writer
    assert WRITE(odd) == GENERAL.text(odd)
