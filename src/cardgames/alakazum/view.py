"""What one player may know of a game, and states that agree with it."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from cardgames._engine import resample_checked
from cardgames.alakazum.cards import Card, Enemy, Kind
from cardgames.alakazum.config import all_cards, cards_by_name
from cardgames.alakazum.moves import Cast, Market, UseObject
from cardgames.alakazum.rules import checked, table_cards
from cardgames.alakazum.state import Phase, State, View
from cardgames.errors import InvalidPlayerError, InvalidStateError, InvalidViewError, excerpt
from cardgames.rng import Rng

__all__ = ["check_view", "resample", "view"]

_GAME = "alakazum"


def view(state: State, player: int) -> View:
    """All that ``player`` may know of ``state``: the table, their own hand, the other hands'
    sizes, the top forest cards and final enemies they have seen, and nothing else."""
    state = checked(state)
    n = state.config.players
    if type(player) is not int or not 0 <= player < n:
        raise InvalidPlayerError(f"player must be an int 0-{n - 1}, got {excerpt(player)}")
    to_move = state.to_move
    if state.phase is Phase.DOLL and to_move != player:
        to_move = None  # who holds a doll, and was asked, stays hidden
    caster = state.phase in (Phase.KEEP, Phase.PLACE) and player == state.active
    known = state.known[player]
    seen = state.seen[player]
    return View(
        player=player,
        config=state.config,
        phase=state.phase,
        to_move=to_move,
        active=state.active,
        turn=state.turn,
        forest_size=len(state.forest),
        forest_top=state.forest[len(state.forest) - seen :][::-1] if seen else (),
        market=state.market,
        hand=state.hands[player],
        hand_sizes=tuple(len(h) for h in state.hands),
        teams=state.teams,
        cemetery=state.cemetery,
        removed=state.removed,
        enemies=tuple(
            e if state.enemy_up[i] or i in known else None for i, e in enumerate(state.enemies)
        ),
        enemy_up=state.enemy_up,
        start_row=state.start_row,
        exchanges=state.exchanges,
        actions=state.actions,
        deja_vu=state.deja_vu,
        combat=state.combat,
        pending=state.pending,
        giving=state.giving,
        santa=state.santa,
        held=state.held if caster else (),
        held_size=len(state.held),
        taking=state.taking,
        spell=state.spell,
        failed=state.failed,
        roll=state.roll,
        result=state.result,
    )


_view_of = view


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
    from cardgames.alakazum.checks import view_problem

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
    decider = _hidden_doll_decider(view)
    reserved: dict[int, list[Card]] = {}
    if decider is not None:
        reserved[decider] = [_reserve(hand_cards, lambda c: c.kind is Kind.DOLL, "a voodoo doll")]
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
    seen[me] = len(view.forest_top)
    game_rng, _ = rng.split()
    return State(
        config=config,
        phase=view.phase,
        to_move=view.to_move if decider is None else decider,
        active=view.active,
        turn=view.turn,
        forest=forest,
        market=view.market,
        hands=tuple(hands),
        teams=view.teams,
        cemetery=view.cemetery,
        removed=view.removed,
        enemies=enemies,
        enemy_up=view.enemy_up,
        known=tuple(_known(view) if p == me else frozenset() for p in range(n)),
        seen=tuple(seen),
        start_row=view.start_row,
        exchanges=view.exchanges,
        rng=game_rng,
        actions=view.actions,
        deja_vu=view.deja_vu,
        combat=view.combat,
        pending=view.pending,
        giving=view.giving,
        santa=view.santa,
        held=held,
        taking=view.taking,
        spell=view.spell,
        failed=view.failed,
        roll=view.roll,
        result=view.result,
    )


def _hidden_doll_decider(view: View) -> int | None:
    """While another player decides on a voodoo doll, who it is cannot be seen: pick the
    first player after the announcer other than the viewer."""
    if view.phase is not Phase.DOLL or view.to_move is not None:
        return None
    n = view.config.players
    for step in range(1, n):
        seat = (view.active + step) % n
        if seat != view.player and view.hand_sizes[seat] > 0:
            return seat
    raise InvalidStateError("nobody but the viewer could hold the voodoo doll")


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
