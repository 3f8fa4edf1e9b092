"""Plain SVG drawing shared by the games' pictures: a :class:`Canvas` to draw shapes, text and
cards on, the escaping every text from a state goes through, and the check of the player names
a picture may be given.

Everything is built as text in pure Python, with no dependency: a picture is a short, valid
XML document with a ``viewBox`` and a ``<title>``, the same text for the same table every time.
Each card drawn is a ``<g class="card">`` (a face-down one ``<g class="card back">``), so a
reader (or a test) can count the cards of a picture.

States and views show their picture in notebooks through ``_repr_svg_``: a game's state module
cannot import its picture module (the picture reads the state), so each picture module
registers its drawing here with :func:`register_picture`, and :func:`repr_svg` finds it by the
class of the table. The state and view classes take their ``_repr_svg_`` from :class:`Pictured`.
"""

from __future__ import annotations

import math
import unicodedata
from collections.abc import Callable, Sequence
from typing import Any, Final
from xml.sax.saxutils import escape, quoteattr

from cardgames.errors import InvalidPlayerError, InvalidStateError, excerpt

__all__ = [
    "BACK",
    "INK",
    "MAX_NAME",
    "MUTED",
    "NAME_SHOWN",
    "PAPER",
    "ROW_CARDS",
    "Canvas",
    "Pictured",
    "card_row",
    "check_names",
    "clean",
    "register_picture",
    "repr_svg",
    "text_width",
    "wrap",
]

#: The colour of the page.
PAPER: Final = "#fbf8f1"
#: The ink of text and lines.
INK: Final = "#222222"
#: The ink of secondary text: labels, counts, keys.
MUTED: Final = "#6b6b6b"
#: The colour of a card's back.
BACK: Final = "#3d5a80"
#: The longest player name a picture takes (a record's names are no longer).
MAX_NAME: Final = 100
#: The most characters of a player's name a picture draws: a longer name is cut, with an
#: ellipsis, so that what a picture writes after a name (whose turn it is, who serves) and the
#: rest of its line still fit.
NAME_SHOWN: Final = 32
#: The most cards :func:`card_row` draws in one row.
ROW_CARDS = 40
#: The font every text of a picture is set in.
FONT: Final = "DejaVu Sans, Verdana, Arial, sans-serif"
#: The width of one character as a share of the font size, set plain and bold: a little more
#: than the fonts of :data:`FONT` take on average, so that a text measured with it fits.
WIDTH_FACTOR: Final = 0.6
BOLD_FACTOR: Final = 0.66
#: The smallest font size a text is shrunk to so that it fits its room.
MIN_SIZE: Final = 6.5
#: The room between a card's edge and its text, and between two cards of a row.
CARD_PAD: Final = 3
CARD_GAP: Final = 6

#: Unicode categories that are not text: control and format characters, lone surrogates,
#: unassigned and private code points. XML cannot carry some of them, and none reads well.
_NOT_TEXT = frozenset({"Cc", "Cf", "Cs", "Co", "Cn"})


def clean(text: str, limit: int = 40) -> str:
    """``text`` as a picture shows it: every character that is not printable text replaced
    with ``?``, cut to ``limit`` characters with an ellipsis. Escaping comes later, when the
    text is drawn."""
    short = text if len(text) <= limit else text[: limit - 1] + "\u2026"
    return "".join("?" if unicodedata.category(c) in _NOT_TEXT else c for c in short)


def wrap(text: str, width: int, lines: int = 2) -> list[str]:
    """``text`` broken between words into at most ``lines`` lines of about ``width``
    characters (a longer word, or what does not fit, is cut when drawn)."""
    out: list[str] = []
    for word in text.split()[: width * lines]:
        if out and len(out[-1]) + 1 + len(word) <= width:
            out[-1] += " " + word
        elif len(out) < lines:
            out.append(word)
        else:
            out[-1] += " " + word
    return out or [""]


def text_width(content: str, size: float, *, bold: bool = False) -> float:
    """About how wide ``content`` is drawn at font ``size``, in pixels."""
    return len(content) * size * (BOLD_FACTOR if bold else WIDTH_FACTOR)


def _fitted(content: str, size: float, room: float, bold: bool) -> tuple[float, int]:
    """The font size (at most ``size``, at least :data:`MIN_SIZE`) at which ``content`` fits
    ``room`` pixels, and how many of its characters fit there at that size."""
    factor = BOLD_FACTOR if bold else WIDTH_FACTOR
    if content:  # a tenth of a pixel down, as the picture writes sizes, so that it still fits
        size = max(MIN_SIZE, min(size, math.floor(room / (len(content) * factor) * 10) / 10))
    return size, max(3, int(room / (size * factor) + 1e-9))


def _number(value: float) -> str:
    """A coordinate as few characters write it: ``12`` or ``12.5``."""
    rounded = round(value, 1)
    return str(int(rounded)) if rounded == int(rounded) else f"{rounded:.1f}"


def _attributes(pairs: dict[str, object]) -> str:
    """``name="value"`` pairs, each value quoted for XML; ``None`` leaves a pair out."""
    parts = []
    for name, value in pairs.items():
        if value is None:
            continue
        text = _number(value) if isinstance(value, (int, float)) else str(value)
        parts.append(f"{name.replace('_', '-')}={quoteattr(text)}")
    return " ".join(parts)


class Canvas:
    """A picture being drawn: shapes are added in order (later ones on top), then
    :meth:`finish` writes the document. ``width`` and ``height`` are in pixels; ``title`` is the
    document's ``<title>`` (what a screen reader says and a browser shows on hover)."""

    def __init__(self, width: float, height: float, title: str) -> None:
        self.width = width
        self.height = height
        self._title = title
        self._parts: list[str] = []

    def rect(
        self,
        x: float,
        y: float,
        width: float,
        height: float,
        *,
        fill: str,
        stroke: str | None = None,
        stroke_width: float = 1,
        rx: float = 0,
        dash: str | None = None,
    ) -> None:
        """A rectangle, its top left corner at (``x``, ``y``); ``rx`` rounds its corners and
        ``dash`` (e.g. ``"4 3"``) draws its outline dashed."""
        attributes = _attributes(
            {
                "x": x,
                "y": y,
                "width": width,
                "height": height,
                "rx": rx or None,
                "fill": fill,
                "stroke": stroke,
                "stroke_width": stroke_width if stroke else None,
                "stroke_dasharray": dash,
            }
        )
        self._parts.append(f"<rect {attributes}/>")

    def line(
        self,
        x1: float,
        y1: float,
        x2: float,
        y2: float,
        *,
        stroke: str = INK,
        width: float = 1,
        dash: str | None = None,
    ) -> None:
        """A straight line from (``x1``, ``y1``) to (``x2``, ``y2``)."""
        attributes = _attributes(
            {
                "x1": x1,
                "y1": y1,
                "x2": x2,
                "y2": y2,
                "stroke": stroke,
                "stroke_width": width,
                "stroke_dasharray": dash,
            }
        )
        self._parts.append(f"<line {attributes}/>")

    def circle(
        self, cx: float, cy: float, r: float, *, fill: str, stroke: str | None = None
    ) -> None:
        """A disc of radius ``r`` centred on (``cx``, ``cy``)."""
        attributes = _attributes(
            {"cx": cx, "cy": cy, "r": r, "fill": fill, "stroke": stroke, "stroke_width": None}
        )
        self._parts.append(f"<circle {attributes}/>")

    def text(
        self,
        x: float,
        y: float,
        content: str,
        *,
        size: float = 14,
        fill: str = INK,
        anchor: str = "start",
        bold: bool = False,
        limit: int = 60,
        room: float | None = None,
    ) -> None:
        """``content`` with its baseline at ``y``; ``anchor`` is ``start``, ``middle`` or
        ``end`` (where ``x`` is on the text). The text is cleaned (:func:`clean`, at most
        ``limit`` characters) and escaped, so anything from a state may be passed. With a
        ``room`` (in pixels) a text too long for it is set smaller, down to
        :data:`MIN_SIZE`, and only then cut."""
        if room is not None:
            size, fits = _fitted(clean(content, limit), size, room, bold)
            limit = min(limit, fits)
        attributes = _attributes(
            {
                "x": x,
                "y": y,
                "font_size": size,
                "fill": fill,
                "text_anchor": None if anchor == "start" else anchor,
                "font_weight": "bold" if bold else None,
            }
        )
        self._parts.append(f"<text {attributes}>{escape(clean(content, limit))}</text>")

    def card(
        self,
        x: float,
        y: float,
        width: float,
        height: float,
        *,
        fill: str = "#ffffff",
        stroke: str = INK,
        lines: Sequence[str] = (),
        ink: str = INK,
        face_down: bool = False,
        back: str = BACK,
        size: float = 11,
    ) -> None:
        """A card with rounded corners, its top left corner at (``x``, ``y``): face up with up
        to a few ``lines`` of text centred on it, or face down (its ``back``, no text). Lines
        too long or too many for the card are set smaller than ``size`` until they fit."""
        kind = "card back" if face_down else "card"
        self._parts.append(f"<g class={quoteattr(kind)}>")
        radius = min(width, height) / 8
        if face_down:
            self.rect(x, y, width, height, fill=back, stroke=INK, rx=radius)
            inset = min(width, height) / 6
            self.rect(
                x + inset,
                y + inset,
                width - 2 * inset,
                height - 2 * inset,
                fill="none",
                stroke="#98c1d9",
                rx=radius / 2,
            )
        else:
            self.rect(x, y, width, height, fill=fill, stroke=stroke, rx=radius)
            room = width - 2 * CARD_PAD
            # every line's height and the gaps between them within the card (the lines are
            # centred on their baselines, so the last one's descent is what reaches furthest)
            size = min(size, (height - 2 * CARD_PAD) / (1.25 * max(0, len(lines) - 1) + 1.15))
            size = math.floor(size * 10) / 10
            for index, content in enumerate(lines):
                size = min(size, _fitted(clean(content), size, room, index == 0)[0])
            step = size * 1.25
            top = y + height / 2 - step * (len(lines) - 1) / 2 + size * 0.35
            for index, content in enumerate(lines):
                self.text(
                    x + width / 2,
                    top + index * step,
                    content,
                    size=size,
                    fill=ink,
                    anchor="middle",
                    bold=index == 0,
                    limit=_fitted("", size, room, index == 0)[1],
                )
        self._parts.append("</g>")

    def finish(self) -> str:
        """The SVG document: its size, ``viewBox``, title, a page-coloured background and every
        shape drawn, in order."""
        size = _attributes(
            {
                "width": self.width,
                "height": self.height,
                "viewBox": f"0 0 {_number(self.width)} {_number(self.height)}",
                "font_family": FONT,
            }
        )
        head = f'<svg xmlns="http://www.w3.org/2000/svg" {size}>'
        title = f"<title>{escape(clean(self._title, 120))}</title>"
        background = f"<rect {_attributes({'width': '100%', 'height': '100%', 'fill': PAPER})}/>"
        return "\n".join([head, title, background, *self._parts, "</svg>"]) + "\n"


def check_names(names: object, seats: Sequence[str]) -> tuple[str, ...]:
    """The name each player goes by in a picture, as the picture draws it: ``seats`` (the
    rules' names of the seats) when ``names`` is ``None``, else ``names``, which must be a
    tuple or list of one text per seat, each at most :data:`MAX_NAME` characters;
    ``InvalidPlayerError`` otherwise. Each name comes back cleaned and cut to
    :data:`NAME_SHOWN` characters (:func:`clean`)."""
    if names is None:
        return tuple(clean(seat, NAME_SHOWN) for seat in seats)
    if type(names) not in (tuple, list):
        raise InvalidPlayerError(f"names must be a tuple of texts, not {excerpt(names)}")
    assert isinstance(names, (tuple, list))
    if len(names) != len(seats):
        raise InvalidPlayerError(f"names: one name per seat ({len(seats)}), not {len(names)}")
    for index, name in enumerate(names):
        if type(name) is not str:
            raise InvalidPlayerError(f"names[{index}] is not a text")
        if len(name) > MAX_NAME:
            raise InvalidPlayerError(f"names[{index}] is longer than {MAX_NAME} characters")
    return tuple(clean(name, NAME_SHOWN) for name in names)


#: Each game's drawing by the classes it draws (its state and its view).
_PICTURES: dict[type, Callable[[Any], str]] = {}


def register_picture(draw: Callable[[Any], str], *classes: type) -> None:
    """Make ``draw`` the picture of every table of ``classes`` (for :func:`repr_svg`)."""
    for cls in classes:
        _PICTURES[cls] = draw


def repr_svg(table: object) -> str:
    """The picture of ``table`` by the drawing registered for its class: what a state's or a
    view's ``_repr_svg_`` returns. ``InvalidStateError`` for a class without a picture."""
    draw = _PICTURES.get(type(table))
    if draw is None:
        raise InvalidStateError(f"no picture for a {type(table).__name__}")
    return draw(table)


class Pictured:
    """The base of a game's state and view classes: a notebook shows one as its picture, the
    drawing :func:`register_picture` gave its class. It adds no slot and no field."""

    __slots__ = ()

    def _repr_svg_(self) -> str:
        """The table as an SVG picture, for notebooks and other rich displays."""
        return repr_svg(self)


def card_row(
    canvas: Canvas,
    x: float,
    y: float,
    room: float,
    faces: Sequence[tuple[Sequence[str], str, str]],
    *,
    backs: int = 0,
    width: float = 40,
    height: float = 56,
    size: float = 11,
) -> float:
    """A row of cards from (``x``, ``y``) within ``room`` pixels: first ``faces`` face up (each
    its lines of text, its fill and its ink), then ``backs`` face down; the bottom of the row.
    Cards that do not fit side by side go on to further rows, one under the other; past
    :data:`ROW_CARDS` cards the rest are counted in a ``+N`` after the last card instead of
    drawn, so a picture stays small whatever a hand holds."""
    shown_faces = faces[:ROW_CARDS]
    shown_backs = max(0, min(backs, ROW_CARDS - len(shown_faces)))
    count = len(shown_faces) + shown_backs
    if not count:
        return y
    rest = len(faces) + backs - count
    across = max(1, int((room - (50 if rest else 0) + CARD_GAP) // (width + CARD_GAP)))

    def corner(index: int) -> tuple[float, float]:
        row, column = divmod(index, across)
        return x + column * (width + CARD_GAP), y + row * (height + CARD_GAP)

    for index, (lines, fill, ink) in enumerate(shown_faces):
        left, top = corner(index)
        canvas.card(left, top, width, height, lines=lines, fill=fill, ink=ink, size=size)
    for index in range(len(shown_faces), count):
        canvas.card(*corner(index), width, height, face_down=True)
    left, top = corner(count - 1)
    if rest:
        canvas.text(left + width + 8, top + height / 2 + 5, f"+{rest}", size=13, fill=MUTED)
    return top + height
