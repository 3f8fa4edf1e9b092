"""What a player of Alakazum! sees, as a flat tuple of numbers for learning agents.

Everything comes from the view: the viewer's hand, the table, the sizes of hidden piles, the
final enemies the viewer has seen. Seats are counted from the viewer (0 is the viewer, 1 the
next seat; a spectator's view is laid out from seat 0), cards by the identities of
:mod:`cardgames.alakazum.agents.numbering`. The layout, slice by slice, is in
``docs/rules/alakazum.md``.
"""

from __future__ import annotations

from collections.abc import Iterable, MutableSequence
from typing import cast

from cardgames import _kept
from cardgames.alakazum.agents.from_view import check_form
from cardgames.alakazum.agents.numbering import Identities, identities
from cardgames.alakazum.cards import CULTURES, Card
from cardgames.alakazum.config import Config, check_config
from cardgames.alakazum.moves import MOVE_TYPES, SPELL_COSTS
from cardgames.alakazum.spells import DEJA_VU_ACTIONS, FOREST_MAGIC_CARDS, MISERABLE_WITCH_CARDS
from cardgames.alakazum.state import Combat, Phase, State, View
from cardgames.alakazum.traps import SANTA_MAX_PASSES
from cardgames.alakazum.turn import ACTIONS
from cardgames.alakazum.view import view as view_of
from cardgames.errors import InvalidViewError
from cardgames.game import ObservationBuffer

__all__ = [
    "COUNT_SCALE",
    "POINT_SCALE",
    "observation",
    "observation_shape",
    "observe",
    "observe_into",
]

#: Hand sizes, exchanges, gifts and passes are divided by this: numbers of a real game stay
#: within [0, 1] (they may pass 1 in a hand-made one).
COUNT_SCALE = 10.0
#: Combat points and final enemies' points are divided by this, for the same reason.
POINT_SCALE = 20.0
_DIE = 6.0
_PHASES = tuple(Phase)
_SPELLS = tuple(SPELL_COSTS)
#: The numbers of the header that are not one-hot: see :func:`_header`.
_SCALARS = 10


def _sizes(ids: Identities) -> tuple[tuple[str, int], ...]:
    """Each slice of the observation of a config with these identities, and its length."""
    p, c, h, n = ids.players, len(ids.characters), len(ids.hand), len(ids.names)
    return (
        ("phase", len(_PHASES)),
        ("deciding", 2),
        ("active", p),
        ("to move", p),
        ("counters", _SCALARS),
        ("spell", len(_SPELLS)),
        ("failed", len(CULTURES)),
        ("hand sizes", p),
        ("exchanges", p),
        ("hand", h),
        ("market", h),
        ("forest top", n),
        ("held", n),
        ("cemetery", c),
        ("start row", c),
        ("removed", n),
        ("teams", p * c * 4),
        ("enemies", ids.enemies * 4),
        ("combat", 2 * c + 2 * p + 14),
        ("pending", len(MOVE_TYPES)),
    )


#: The length of an observation of a config with these identities (made once per config).
def _length_of(ids: Identities) -> int:
    return sum(size for _, size in _sizes(ids))


_length: _kept.ByIdentity[Identities, int] = _kept.by_identity(_length_of, owner=__name__)


def observation_shape(config: Config | None = None) -> tuple[int, ...]:
    """The length of an observation of a game of ``config``, as a one-element tuple."""
    config = Config() if config is None else config
    check_config(config)
    return (_length(identities(config)),)


def observation(view: View) -> tuple[float, ...]:
    """What the view's player sees, as numbers (layout in ``docs/rules/alakazum.md``).

    ``InvalidViewError`` for a view that is not well-formed or holds a card its config does
    not have.
    """
    view = check_form(view)
    try:
        return tuple(_observed(view))
    except (KeyError, IndexError, TypeError, AttributeError, ValueError):
        raise InvalidViewError("not an alakazum view of its config's cards") from None


def observe(state: State, player: int) -> list[float]:
    """``observation(view(state, player))``, from the view made here of ``state``, which
    ``view`` checks: the view's own form is not checked again."""
    return _observed(view_of(state, player))


def observe_into(state: State, player: int, out: ObservationBuffer) -> None:
    """``observe(state, player)`` written into ``out``, as long as the observation and all
    zeros: only the numbers that are not zero are written."""
    _fill(cast("MutableSequence[float]", out), view_of(state, player))


def _observed(view: View) -> list[float]:
    """The numbers of a well-formed view."""
    ids = identities(view.config)
    out = [0.0] * _length(ids)
    _fill(out, view, ids)
    return out


def _fill(out: MutableSequence[float], view: View, ids: Identities | None = None) -> None:
    """Write the numbers of a well-formed view that are not zero into ``out``, all zeros."""
    if ids is None:
        ids = identities(view.config)
    at = _put(out, 0, _header(view, ids))
    at = _cards(out, at, view, ids)
    at = _teams(out, at, view, ids)
    at = _put(out, at, _enemies(view, ids))
    at = _put(out, at, _combat(view.combat, view, ids))
    _put(out, at, [float(type(view.pending) is kind) for kind in MOVE_TYPES])


def _put(out: MutableSequence[float], at: int, values: list[float]) -> int:
    """Write the numbers of ``values`` that are not zero at ``at`` on; where the next slice
    starts."""
    for i, value in enumerate(values):
        if value:
            out[at + i] = value
    return at + len(values)


def _me(view: View) -> int:
    """The seat the view is laid out from: its player's, seat 0 for a spectator's."""
    return max(view.player, 0)


def _seat(view: View, player: int | None) -> list[float]:
    """One-hot over the seats counted from the viewer; all zero for ``None``."""
    n = view.config.players
    out = [0.0] * n
    if player is not None:
        out[(player - _me(view)) % n] = 1.0
    return out


def _by_seat(view: View, values: tuple[int, ...]) -> list[float]:
    """A number per seat, from the viewer's on, over ``COUNT_SCALE``."""
    n = view.config.players
    return [values[(_me(view) + r) % n] / COUNT_SCALE for r in range(n)]


def _header(view: View, ids: Identities) -> list[float]:
    total = float(ids.total)
    over = view.result is not None
    out = [float(view.phase is phase) for phase in _PHASES]
    out += [float(view.to_move == view.player), float(view.to_move is None and not over)]
    out += _seat(view, view.active)
    out += _seat(view, view.to_move)
    out += [
        view.turn / view.config.turn_limit,
        view.actions / (ACTIONS + DEJA_VU_ACTIONS),
        float(view.deja_vu),
        view.giving / COUNT_SCALE,
        view.santa / SANTA_MAX_PASSES,
        view.taking / MISERABLE_WITCH_CARDS,
        view.held_size / FOREST_MAGIC_CARDS,
        (view.roll or 0) / _DIE,
        view.forest_size / total,
        len(view.market) / total,
    ]
    out += [float(view.spell is spell) for spell in _SPELLS]
    out += [float(view.failed is culture) for culture in CULTURES]
    out += _by_seat(view, view.hand_sizes)
    out += _by_seat(view, view.exchanges)
    return out


def _counts(
    out: MutableSequence[float], at: int, cards: Iterable[Card], index: dict[str, int], size: int
) -> int:
    """How many cards of each identity ``cards`` holds, counted into ``out`` from ``at``; where
    the next slice starts."""
    for card in cards:
        out[at + index[card.name]] += 1.0
    return at + size


def _cards(out: MutableSequence[float], at: int, view: View, ids: Identities) -> int:
    hand, names, characters = ids.lookup["hand"], ids.lookup["names"], ids.lookup["characters"]
    h, n, c = len(ids.hand), len(ids.names), len(ids.characters)
    at = _counts(out, at, view.hand, hand, h)
    at = _counts(out, at, view.market, hand, h)
    at = _counts(out, at, view.forest_top, names, n)
    at = _counts(out, at, view.held, names, n)
    at = _counts(out, at, view.cemetery, characters, c)
    at = _counts(out, at, view.start_row, characters, c)
    return _counts(out, at, view.removed, names, n)


def _teams(out: MutableSequence[float], at: int, view: View, ids: Identities) -> int:
    """Per seat from the viewer's, per character: in the team, its level (A 0, B 0.5, C 1),
    a broom under it, a cape under it; written into ``out`` from ``at``."""
    characters = ids.lookup["characters"]
    c, n = len(ids.characters), view.config.players
    for seat, team in enumerate(view.teams):
        base = (seat - _me(view)) % n * c
        for member in team:
            spot = at + (base + characters[member.card.name]) * 4
            _put(
                out,
                spot,
                [
                    1.0,
                    int(member.level) / 2,
                    float(member.broom is not None),
                    float(member.cape is not None),
                ],
            )
    return at + n * c * 4


def _enemies(view: View, ids: Identities) -> list[float]:
    """Per place in the row: face up, seen by the viewer, its points (if seen), invincible."""
    out: list[float] = []
    players = view.config.players
    for enemy, up in zip(view.enemies, view.enemy_up, strict=True):
        if enemy is None:
            out += [float(up), 0.0, 0.0, 0.0]
        else:
            value = enemy.value(players) or 0
            out += [float(up), 1.0, value / POINT_SCALE, float(enemy.invincible)]
    return out


def _combat(combat: Combat | None, view: View, ids: Identities) -> list[float]:
    """A combat under way: present; the attacker's seat; against the forest or the defender's
    seat; the fighter and the opponent (one-hot over characters); each side's support and
    points; the side to act, the passes; who rolls to hypnotise, the roll and its bonus; the
    potions each side played."""
    c, n = len(ids.characters), view.config.players
    size = 2 * c + 2 * n + 14
    if combat is None:
        return [0.0] * size
    characters = ids.lookup["characters"]
    fighter, opponent = [0.0] * c, [0.0] * c
    if combat.fighter is not None:
        fighter[characters[combat.fighter]] = 1.0
    opponent[characters[combat.opponent.name]] = 1.0
    played = [0.0, 0.0]
    for side, _, _ in combat.potions:
        played[side] += 1 / COUNT_SCALE
    return [
        1.0,
        *_seat(view, combat.attacker),
        float(combat.defender is None),
        *_seat(view, combat.defender),
        *fighter,
        *opponent,
        *(float(s is not None) for s in combat.supports),
        *(p / POINT_SCALE for p in combat.points),
        float(combat.to_act),
        combat.passes / COUNT_SCALE,
        float(combat.roller is not None),
        float(combat.roller or 0),
        combat.roll / _DIE,
        combat.bonus / _DIE,
        *played,
    ]
