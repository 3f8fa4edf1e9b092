"""The documentation's ```python blocks, as tests/test_docs.py runs them and
tests/test_docs_typing.py type-checks them: every block of the README and the docs pages, a
block inside a list item taken out of its indentation."""

from __future__ import annotations

import re
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
_BLOCK = re.compile(r"```python\n(.*?)```", re.S)


def python_blocks(page: Path) -> list[str]:
    """The code of each ```python block of ``page``, in order."""
    return [textwrap.dedent(code) for code in _BLOCK.findall(page.read_text(encoding="utf-8"))]
