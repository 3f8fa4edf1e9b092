"""Set-up and the start of every point: characters, the deal and the mulligans, the call
for the first serve, the server, Simon's copy and the serving corner.

See "Set-up" and "The serve" on the AlakaSLAM rules page. The serve itself is a hit
(:mod:`~cardgames.alakaslam.hitting`).
"""

from __future__ import annotations

from cardgames import _kept
from cardgames.alakaslam.cards import CardKind, Character, Colour
from cardgames.alakaslam.config import DOUBLES_PLAYERS, Config, side_of, team
from cardgames.alakaslam.court import Cell, court_for
from cardgames.alakaslam.draft import Draft
from cardgames.alakaslam.moves import (
    Call,
    Choose,
    Copy,
    Corner,
    Keep,
    Move,
    Mulligan,
    PickServer,
)
from cardgames.alakaslam.state import Phase, State

__all__ = [
    "FIXED_MOVES",
    "apply_call",
    "apply_choose",
    "apply_copy",
    "apply_corner",
    "apply_keep",
    "apply_mulligan",
    "apply_pick_server",
    "begin",
    "call_moves",
    "choose_moves",
    "copy_moves",
    "corner_moves",
    "mulligan_moves",
    "open_server_pick",
    "pick_server_moves",
]

# Enum members read on the move path, as module names: on Python 3.11 reading a member
# through its class costs about as much as a function call.
_MULLIGAN, _CALL, _COPY = Phase.MULLIGAN, Phase.CALL, Phase.COPY
_CHOOSE, _PICK_SERVER = Phase.CHOOSE, Phase.PICK_SERVER
_CORNER, _SERVE = Phase.CORNER, Phase.SERVE
_SIMON, _HIT, _BLUE = Character.SIMON, CardKind.HIT, Colour.BLUE
#: Every character, in their order.
_CHARACTERS = tuple(Character)

_MULLIGAN_OR_KEEP = (Mulligan(), Keep())
_CALLS = (Call(Colour.BLUE), Call(Colour.RED))
_CORNERS = (Corner(Colour.BLUE), Corner(Colour.RED))
#: The phases whose moves are always the same, whatever the rest of the state, and those moves.
FIXED_MOVES: dict[Phase, tuple[Move, ...]] = {
    Phase.MULLIGAN: _MULLIGAN_OR_KEEP,
    Phase.CALL: _CALLS,
    Phase.CORNER: _CORNERS,
}


# --- the order of set-up, and of the start of a point --------------------------------------


def begin(d: Draft) -> None:
    """The match begins: the characters the config names, or the choice of characters in
    seat order, or characters dealt at random; then the deal."""
    n = d.config.players
    if d.config.characters is not None:
        d.characters = d.config.characters
    elif d.config.choose_characters:
        d.phase = _CHOOSE
        d.to_move, d.queue = 0, tuple(range(1, n))
        return
    else:
        cast, d.rng = d.rng.shuffled(_CHARACTERS)
        d.characters = cast[:n]
    deal(d)


def deal(d: Draft) -> None:
    """Shuffle, deal the opening hands and open the mulligans (seat order)."""
    d.deck, d.rng = d.rng.shuffled(d.deck)
    for player in range(d.config.players):
        d.draw(player, d.config.hand_size)
    _open_mulligans(d, tuple(range(d.config.players)))


def _open_mulligans(d: Draft, order: tuple[int, ...]) -> None:
    """Players with cards decide on a mulligan in ``order``."""
    d.phase = _MULLIGAN
    d.queue = tuple(p for p in order if d.hands[p])
    if not d.next_in_queue():
        _after_mulligans(d)


def _after_mulligans(d: Draft) -> None:
    """Before the first point, player 1 calls a colour for the serve; later, Simon's copy."""
    if d.server is None:
        d.phase, d.to_move, d.queue = _CALL, 1, ()
    else:
        _open_copy(d)


def _open_copy(d: Draft) -> None:
    """Simon picks a character to copy for this point (automatically if there is one choice)."""
    if _SIMON in d.characters:
        options = _copyable(d.characters)
        if len(options) == 1:
            d.copied = options[0]
        elif options:
            d.phase, d.to_move, d.queue = _COPY, d.characters.index(_SIMON), ()
            return
    _open_corner(d)


def _open_corner(d: Draft) -> None:
    """The server picks the back corner to serve from."""
    assert d.server is not None
    d.phase, d.to_move, d.queue = _CORNER, d.server, ()


def open_server_pick(d: Draft, side: int) -> None:
    """The side to serve names its server (doubles); in singles its only player serves."""
    if d.config.players == DOUBLES_PLAYERS:
        d.phase, d.to_move, d.queue = _PICK_SERVER, side, ()
        return
    _serve_by(d, side)


def _serve_by(d: Draft, server: int) -> None:
    """``server`` serves this point. After the first point, mulligans come first: the server,
    their partner, then the receivers."""
    first_point = d.server is None
    d.server = server
    if first_point:
        _open_copy(d)
    else:
        side = side_of(server)
        others = [p for p in d.team(side) if p != server]
        order = (server, *others, *d.team(1 - side))
        _open_mulligans(d, order)


# --- the moves applied --------------------------------------------------------------------


def apply_choose(d: Draft, move: Choose) -> None:
    """The player takes this character; when everybody has one, the cards are dealt."""
    d.characters = (*d.characters, move.character)
    if not d.next_in_queue():
        deal(d)


def apply_mulligan(d: Draft, move: Mulligan) -> None:
    """The hand goes to the discard pile and one card fewer is drawn."""
    player = d.to_move
    assert player is not None
    hand = d.hands[player]
    d.to_discard(hand)
    d.set_hand(player, ())
    d.draw(player, len(hand) - 1)
    if not d.hands[player] and not d.next_in_queue():
        _after_mulligans(d)


def apply_keep(d: Draft, move: Keep) -> None:
    """The player keeps the hand; the next player decides."""
    if not d.next_in_queue():
        _after_mulligans(d)


def apply_call(d: Draft, move: Call) -> None:
    """Reveal cards off the deck until a Hit card shows; a right call serves first."""
    caller = d.to_move
    assert caller is not None
    while True:
        if not d.deck:
            d.deck, d.rng = d.rng.shuffled(d.discard)
            d.discard = ()
        card = d.deck[-1]
        d.deck = d.deck[:-1]
        d.to_discard((card,))
        if card.kind is _HIT:
            break
    side = side_of(caller) if card.colour is move.colour else 1 - side_of(caller)
    open_server_pick(d, side)


def apply_pick_server(d: Draft, move: PickServer) -> None:
    """This player of the side serves."""
    _serve_by(d, move.player)


def apply_copy(d: Draft, move: Copy) -> None:
    """Simon has this character's ability until the point ends."""
    d.copied = move.character
    _open_corner(d)


def apply_corner(d: Draft, move: Corner) -> None:
    """Place everybody: the server in the chosen back corner, the partner (doubles) one row
    forward and two columns across, and the receivers as the point reflection of the servers."""
    server = d.server
    assert server is not None
    d.positions, spot = _placement(d.config, server, move.side)
    d.ball, d.serving = spot, True
    d.binds = (0,) * d.config.players
    d.phase, d.to_move, d.queue = _SERVE, server, ()
    d.new_turn()


@_kept.lru(256, owner=__name__)
def _placement(config: Config, server: int, corner: Colour) -> tuple[tuple[Cell, ...], Cell]:
    """Where everybody starts a point served by ``server`` from ``corner`` (see
    :func:`apply_corner`), and the server's cell: worked out once per config, server and
    corner, as cells are values."""
    court = court_for(config.columns)
    side = side_of(server)
    blue, red = court.back_corners(side)
    spot = blue if corner is _BLUE else red
    n = config.players
    positions = [spot] * n
    # The receiver facing the server is the next seat; in doubles the seat after the partner
    # mirrors the partner.
    positions[(server + 1) % n] = court.mirror(spot)
    if config.doubles:
        partner = court.partner_spot(spot, side)
        positions[(server + 2) % n] = partner
        positions[(server + 3) % n] = court.mirror(partner)
    return tuple(positions), spot


# --- the moves open -----------------------------------------------------------------------


def choose_moves(state: State, player: int) -> tuple[Move, ...]:
    """Every character nobody has chosen yet."""
    return tuple(Choose(c) for c in _CHARACTERS if c not in state.characters)


def mulligan_moves(state: State, player: int) -> tuple[Move, ...]:
    """Mulligan or keep."""
    return _MULLIGAN_OR_KEEP


def call_moves(state: State, player: int) -> tuple[Move, ...]:
    """Call blue or red."""
    return _CALLS


def pick_server_moves(state: State, player: int) -> tuple[Move, ...]:
    """Either player of the side to serve."""
    return tuple(PickServer(p) for p in team(state.config.players, side_of(player)))


def copy_moves(state: State, player: int) -> tuple[Move, ...]:
    """Every other character in play, for Simon to copy."""
    return tuple(Copy(c) for c in _copyable(state.characters))


def _copyable(characters: tuple[Character, ...]) -> tuple[Character, ...]:
    return tuple(c for c in _CHARACTERS if c in characters and c is not _SIMON)


def corner_moves(state: State, player: int) -> tuple[Move, ...]:
    """Either back corner of the server's half."""
    return _CORNERS
