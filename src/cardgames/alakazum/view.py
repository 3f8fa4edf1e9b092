"""What one player may know of a game: the view, its check, and states that agree with it."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from cardgames._engine import check_observer, field_reader, resample_checked, slot_filler
from cardgames.alakazum import shapes
from cardgames.alakazum.cards import Card, Culture, Enemy, is_enemy
from cardgames.alakazum.checks import checked
from cardgames.alakazum.config import Config, all_cards, cards_by_name
from cardgames.alakazum.moves import (
    MOVE_TYPES,
    Cast,
    GiveCard,
    Keep,
    Market,
    Move,
    Place,
    Spell,
    UseObject,
    well_formed,
)
from cardgames.alakazum.spells import DEJA_VU_ACTIONS, FOREST_MAGIC_CARDS, MISERABLE_WITCH_CARDS
from cardgames.alakazum.state import Combat, Phase, State, View, table_cards
from cardgames.alakazum.traps import SANTA_MAX_PASSES
from cardgames.alakazum.turn import ACTIONS
from cardgames.errors import (
    InvalidStateError,
    InvalidViewError,
    kind_of,
)
from cardgames.game import SPECTATOR, Outcome
from cardgames.rng import Rng

__all__ = ["check_view", "resample", "told_move", "view", "view_problem"]

_GAME = "alakazum"

# What the view shows as the state has it, and what a resampled state takes back from the view:
# the fields both have, but those a player may see only in part.
_HIDDEN_IN_PART = ("enemies", "held", "last_move")
_open = field_reader(State, View, leave=_HIDDEN_IN_PART)
_from_view = field_reader(View, State, leave=_HIDDEN_IN_PART)
# A view is made at every decision of a search's playouts: its slots are set straight (see
# slot_filler), a little cheaper than View's __init__.
_fill_view = slot_filler(View)


def view(state: State, player: int) -> View:
    """All that ``player`` may know of ``state``: the table, their own hand, the other hands'
    sizes, the top forest cards and final enemies they have seen, and nothing else. A
    spectator (``SPECTATOR``) sees the table and every hand's size, no hand and no card that a
    player saw alone."""
    state = checked(state)
    check_observer(player, state.config.players)
    caster = state.phase in (Phase.KEEP, Phase.PLACE) and player == state.active
    spectator = player == SPECTATOR
    known = frozenset() if spectator else state.known[player]
    seen = 0 if spectator else state.seen[player]
    return _fill_view(
        **_open(state),
        player=player,
        last_move=told_move(state, player),
        forest_size=len(state.forest),
        forest_top=state.forest[len(state.forest) - seen :][::-1] if seen else (),
        hand=() if spectator else state.hands[player],
        hand_sizes=tuple(len(h) for h in state.hands),
        enemies=tuple(
            e if state.enemy_up[i] or i in known else None for i, e in enumerate(state.enemies)
        ),
        held=state.held if caster else (),
        held_size=len(state.held),
    )


_view_of = view


def told_move(state: State, player: int | None) -> Move | None:
    """The move that led to ``state`` as ``player`` (``None``: everybody) may know it: every
    move is made in the open but the choices of a Magic of the forest, which only their player
    sees, and a card given away, which its giver and receiver see (``None`` for the others)."""
    move = state.last_move
    if player is None or player == state.last_mover:
        return move
    kind = type(move)
    if kind is Keep or kind is Place or (kind is GiveCard and move.player != player):  # type: ignore[union-attr]
        return None
    return move


def check_view(view: View) -> View:
    """``view`` if it is a view that some playable state gives its player; raises
    ``InvalidViewError`` saying what is wrong if not.

    Every field is checked for its type and range, then the cards the view hides are dealt
    (as :func:`resample` does) and the state so made is checked in full, which holds the cards
    shown, with the counts of those hidden, to the config's card lists; the view must be what
    that state shows its player.
    """
    _dealt(view, 0)
    return view


def resample(view: View, *, seed: int) -> State:
    """A full state that ``view`` could have come from: the cards its player cannot see (other
    hands, the forest deck below what they know, cards held by another's Magic of the forest)
    and the final enemies they have not seen, dealt at random from ``seed``.

    Raises ``InvalidViewError`` for a view that :func:`check_view` refuses.
    """
    return _dealt(view, seed)


def _dealt(view: View, seed: int) -> State:
    """The checked state of ``resample``; ``InvalidViewError`` for a view no state has."""
    problem = view_problem(view)
    if problem is not None:
        raise InvalidViewError(f"not a well-formed alakazum view: {problem}")
    try:
        return resample_checked(
            _GAME, view, seed, view_type=View, deal=_deal_unseen, check=checked, view_of=_view_of
        )
    except InvalidViewError:
        raise
    except InvalidStateError as exc:
        raise InvalidViewError(str(exc)) from None


def _deal_unseen(view: View, seed: int) -> State:
    """The state of ``resample``, before it is checked."""
    config = view.config
    n = config.players
    me = view.player
    visible = [*table_cards(view), *view.hand, *view.forest_top, *view.held]
    # Counted by name (cards with one name are one card; the state's check makes sure).
    unseen = Counter(card.name for card in all_cards(config))
    unseen.subtract(Counter(card.name for card in visible))
    if any(count < 0 for count in unseen.values()):
        raise InvalidStateError("the view shows cards that are not in its config's card lists")
    by_name = cards_by_name(config)
    rng = Rng.from_seed(seed)
    pool, rng = rng.shuffled([by_name[name] for name in sorted(unseen.elements())])
    hidden = list(pool)
    hand_cards = [c for c in hidden if c.kind.is_hand]
    other_cards = [c for c in hidden if not c.kind.is_hand]
    reserved: dict[int, list[Card]] = {}
    if view.active != me:
        # The cards an announced action shows (the market card, the object, the hats) are
        # known to be in its player's hand.
        shown = reserved.setdefault(view.active, [])
        for name in _shown_cards(view.pending):
            shown.append(_reserve(hand_cards, _named(name), repr(name)))
    hands: list[tuple[Card, ...]] = []
    for p, size in enumerate(view.hand_sizes):
        if p == me:
            hands.append(view.hand)
            continue
        hand = reserved.get(p, [])
        if len(hand) > size:
            raise InvalidStateError(f"player {p}'s hand is too small for the cards it shows")
        take = size - len(hand)
        hand = [*hand, *hand_cards[:take]]
        del hand_cards[:take]
        hands.append(tuple(sorted(hand, key=lambda c: c.name)))
    held: tuple[Card, ...] = view.held
    rest = hand_cards + other_cards
    rest_pool, rng = rng.shuffled(rest)
    rest = list(rest_pool)
    if view.held_size and not view.held:
        held = tuple(rest[: view.held_size])
        del rest[: view.held_size]
    if len(rest) + len(view.forest_top) != view.forest_size:
        raise InvalidStateError("the view's card counts do not add up to its config's lists")
    forest = (*rest, *view.forest_top[::-1])
    enemies = _deal_enemies(view, rng)
    seen = [0] * n
    if me != SPECTATOR:
        seen[me] = len(view.forest_top)
    game_rng, _ = rng.split()
    return State(
        **_from_view(view),
        last_move=view.last_move,
        forest=forest,
        hands=tuple(hands),
        enemies=enemies,
        known=tuple(_known(view) if p == me else frozenset() for p in range(n)),
        seen=tuple(seen),
        rng=game_rng,
        held=held,
    )


def _reserve(pool: list[Card], wanted: Callable[[Card], bool], what: str) -> Card:
    """Take a card the view says a hidden hand holds out of the unseen cards."""
    for i, card in enumerate(pool):
        if wanted(card):
            return pool.pop(i)
    raise InvalidStateError(f"the view needs {what} in a hidden hand, and none is unseen")


def _named(name: str) -> Callable[[Card], bool]:
    return lambda card: card.name == name


def _shown_cards(pending: object) -> tuple[str, ...]:
    if isinstance(pending, Market | UseObject):
        return (pending.card,)
    if isinstance(pending, Cast):
        return pending.hats
    return ()


def _known(view: View) -> frozenset[int]:
    """The face-down final enemies the viewer has looked at."""
    return frozenset(
        i for i, e in enumerate(view.enemies) if e is not None and not view.enemy_up[i]
    )


def _deal_enemies(view: View, rng: Rng) -> tuple[Enemy, ...]:
    shown = [e for e in view.enemies if e is not None]
    missing = Counter(view.config.final_enemies)
    missing.subtract(Counter(shown))
    if any(count < 0 for count in missing.values()) or len(view.enemies) != len(
        view.config.final_enemies
    ):
        raise InvalidStateError("the view's final enemies are not those of its config")
    order, _ = rng.shuffled(sorted(missing.elements()))
    dealt = iter(order)
    return tuple(e if e is not None else next(dealt) for e in view.enemies)


#: The fields of a view that hold a value of one type, or ``None``.
_OPTIONAL_FIELDS = (
    ("spell", Spell, "a Spell"),
    ("failed", Culture, "a Culture"),
    ("result", Outcome, "an Outcome"),
)


def view_problem(view: object) -> str | None:
    """What makes ``view`` malformed, or ``None``: every field's type, the sizes of its card
    lists within the config's, and its player, counters and enemies within what the rules
    reach.

    A view that passes can be dealt into a full state in time linear in its size; the cards
    themselves, and whether some playable state has the view, are settled by dealing one and
    checking it in full (:func:`cardgames.alakazum.view.check_view`).
    """
    if type(view) is not View:
        hint = (
            " (a state is not a view; view(state, player) makes one)" if type(view) is State else ""
        )
        return f"expected a View of alakazum, got {kind_of(view)}{hint}"
    problem = shapes.config_problem(view.config)
    if problem is not None:
        return problem
    config = view.config
    n = config.players
    total = len(all_cards(config))
    if not (shapes.is_player(view.player, n) or view.player == SPECTATOR):
        return f"player must be a player 0-{n - 1} or SPECTATOR"
    if type(view.phase) is not Phase:
        return "phase must be a Phase"
    if view.to_move is not None and not shapes.is_player(view.to_move, n):
        return f"to_move must be a player 0-{n - 1} or None"
    if not shapes.is_player(view.active, n):
        return f"active must be a player 0-{n - 1}"
    for name, high in (
        ("turn", config.turn_limit),
        ("forest_size", total),
        ("actions", ACTIONS + DEJA_VU_ACTIONS),
        ("giving", total),
        ("santa", SANTA_MAX_PASSES),
        ("held_size", FOREST_MAGIC_CARDS),
        ("taking", MISERABLE_WITCH_CARDS),
    ):
        if not shapes.is_int(getattr(view, name), 0, high):
            return f"{name} must be an int 0-{high}"
    for name in ("forest_top", "market", "hand", "cemetery", "removed", "start_row", "held"):
        cards = getattr(view, name)
        if type(cards) is not tuple or len(cards) > total:
            return f"{name} must be a tuple of at most {total} cards"
    sizes = view.hand_sizes
    if not shapes.counts_ok(sizes, n) or any(size > total for size in sizes):
        return f"hand_sizes must hold {n} counts of at most {total} cards"
    if view.player == SPECTATOR:
        if view.hand or view.forest_top or view.held:
            return "a spectator's view shows no hand and no card seen by a player alone"
    elif view.hand_sizes[view.player] != len(view.hand):
        return "hand_sizes must count the viewer's own hand"
    if type(view.teams) is not tuple or len(view.teams) != n:
        return f"teams must be a tuple of {n} teams"
    for team in view.teams:
        if type(team) is not tuple or len(team) > total:
            return "every team must be a tuple of Member"
    k = len(config.final_enemies)
    enemies = view.enemies
    if (
        type(enemies) is not tuple
        or len(enemies) != k
        or not all(e is None or is_enemy(e) for e in enemies)
    ):
        return f"enemies must hold the {k} final enemies, None for those not seen"
    if not shapes.flags_ok(view.enemy_up, k):
        return f"enemy_up must hold {k} flags"
    if not shapes.counts_ok(view.exchanges, n):
        return f"exchanges must hold {n} non-negative ints"
    if type(view.deja_vu) is not bool:
        return "deja_vu must be true or false"
    for name, kind, what in _OPTIONAL_FIELDS:
        value = getattr(view, name)
        if value is not None and type(value) is not kind:
            return f"{name} must be {what} or None"
    roll = view.roll
    if roll is not None and (type(roll) is not int or roll not in shapes.DIE_FACES):
        return "roll must be a die roll 1-6 or None"
    if view.pending is not None and not (
        isinstance(view.pending, MOVE_TYPES) and well_formed(view.pending)
    ):
        return "pending must be a well-formed move or None"
    problem = shapes.last_move_problem(view.last_mover, view.last_move, n)
    if problem is not None:
        return problem
    # (The combats in it are checked in full with the state dealt from the view.)
    if type(view.fought) is not tuple or len(view.fought) > total:
        return f"fought must be a tuple of at most {total} combats"
    return _view_combat_problem(view.combat, config)


def _view_combat_problem(combat: object, config: Config) -> str | None:
    """The parts of a view's combat that dealing a state reads; the rest is checked with the
    state."""
    if combat is None:
        return None
    if type(combat) is not Combat:
        return "combat must be a Combat or None"
    if not shapes.card_ok(combat.opponent, shapes.config_card_ids(config)):
        return "a combat's opponent is a character"
    if type(combat.potions) is not tuple or not all(
        shapes.potion_ok(entry, config) for entry in combat.potions
    ):
        return "a combat's potions are (side 0 or 1, potion card, points) triples"
    return None
