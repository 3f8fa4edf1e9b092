"""Where the texts and shapes of a picture lie, estimated from the SVG alone, and what is wrong
with their layout: a text over another text, a text covered by a shape drawn after it, a text
running out of its card or off the page.

A text's box is estimated from its font size and its number of characters (a width factor per
character, wider for bold text), from a little above the capitals to a little under the
baseline; rectangles and circles are their own boxes. The estimate is rough on purpose, and a
little generous: a picture that passes it leaves room around its words in any common font.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET

import attrs

__all__ = ["Box", "Text", "layout_faults", "text_boxes"]

SVG = "{http://www.w3.org/2000/svg}"
#: The width of one character, as a share of the font size (DejaVu Sans, the pictures' first
#: font, is about 0.55 on average for lower case and wider for capitals and digits).
WIDTH_FACTOR = 0.6
BOLD_FACTOR = 0.66
#: The height of a text's box above its baseline and under it, as shares of the font size.
ASCENT = 0.76
DESCENT = 0.22
#: Pixels two boxes may share before they count as overlapping (strokes, rounding).
SLACK = 0.6


@attrs.frozen
class Box:
    """A rectangle of the page: its left, top, right and bottom."""

    left: float
    top: float
    right: float
    bottom: float

    def overlaps(self, other: Box) -> bool:
        """Whether the two boxes share more than :data:`SLACK` pixels each way."""
        return (
            min(self.right, other.right) - max(self.left, other.left) > SLACK
            and min(self.bottom, other.bottom) - max(self.top, other.top) > SLACK
        )

    def inside(self, other: Box) -> bool:
        """Whether this box lies within ``other`` (up to :data:`SLACK`)."""
        return (
            self.left >= other.left - SLACK
            and self.top >= other.top - SLACK
            and self.right <= other.right + SLACK
            and self.bottom <= other.bottom + SLACK
        )


@attrs.frozen
class Text:
    """A text of the picture, its box, and the card it is written on (``None``: the page)."""

    content: str
    box: Box
    card: Box | None
    order: int


def _number(element: ET.Element, name: str) -> float:
    return float(element.get(name, "0"))


def _text_box(element: ET.Element) -> Box:
    content = element.text or ""
    size = _number(element, "font-size") or 16
    factor = BOLD_FACTOR if element.get("font-weight") == "bold" else WIDTH_FACTOR
    width = len(content) * size * factor
    x, y = _number(element, "x"), _number(element, "y")
    anchor = element.get("text-anchor", "start")
    left = x - width / 2 if anchor == "middle" else x - width if anchor == "end" else x
    return Box(left, y - ASCENT * size, left + width, y + DESCENT * size)


def _shape_box(element: ET.Element) -> Box | None:
    if element.tag == f"{SVG}rect":
        if element.get("width", "").endswith("%"):
            return None  # the page's background
        x, y = _number(element, "x"), _number(element, "y")
        return Box(x, y, x + _number(element, "width"), y + _number(element, "height"))
    if element.tag == f"{SVG}circle":
        cx, cy, r = _number(element, "cx"), _number(element, "cy"), _number(element, "r")
        return Box(cx - r, cy - r, cx + r, cy + r)
    return None


@attrs.frozen
class _Shape:
    box: Box
    order: int
    covers: bool  # filled: it hides what is under it
    card: bool  # the outline of a card


def _walk(root: ET.Element) -> tuple[list[Text], list[_Shape]]:
    texts: list[Text] = []
    shapes: list[_Shape] = []
    order = 0

    def visit(element: ET.Element, card: Box | None) -> None:
        nonlocal order
        for child in element:
            order += 1
            if child.tag == f"{SVG}g" and child.get("class", "").startswith("card"):
                first = next(iter(child), None)
                outline = None if first is None else _shape_box(first)
                if outline is not None:
                    shapes.append(_Shape(outline, order, True, True))
                visit(child, outline)
                continue
            if child.tag == f"{SVG}text":
                texts.append(Text(child.text or "", _text_box(child), card, order))
                continue
            box = _shape_box(child)
            if box is not None and card is None:
                shapes.append(_Shape(box, order, child.get("fill", "none") != "none", False))
            visit(child, card)

    visit(root, None)
    return texts, shapes


def text_boxes(picture: str) -> list[Text]:
    """Every text of ``picture`` with its estimated box, in the order drawn."""
    return _walk(ET.fromstring(picture))[0]


def layout_faults(picture: str) -> list[str]:
    """What is wrong with the layout of ``picture``: one line per fault, none when every text
    stands clear of the others, is not covered by a shape drawn after it, and lies within its
    card, whole (a text of the page: within the page, and off every card)."""
    root = ET.fromstring(picture)
    page = Box(0, 0, _number(root, "width"), _number(root, "height"))
    texts, shapes = _walk(root)
    faults: list[str] = []
    for text in texts:
        if text.card is not None and not text.box.inside(text.card):
            faults.append(f"{text.content!r} runs out of its card")
        if text.card is not None and text.content.endswith("\u2026"):
            faults.append(f"{text.content!r} is cut short on its card")
        if not text.box.inside(page):
            faults.append(f"{text.content!r} runs off the page")
        for shape in shapes:
            if shape.box == text.card or not shape.box.overlaps(text.box):
                continue
            if shape.card and text.card is None:
                faults.append(f"{text.content!r} lies across a card")
            elif shape.covers and shape.order > text.order:
                faults.append(f"{text.content!r} is covered by a shape drawn after it")
    for index, text in enumerate(texts):
        for other in texts[index + 1 :]:
            if text.box.overlaps(other.box):
                faults.append(f"{text.content!r} overlaps {other.content!r}")
    return faults
