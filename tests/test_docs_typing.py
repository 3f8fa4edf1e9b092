"""The documentation's examples pass a user's ``mypy --strict --warn-unreachable``.

People copy the README's and the docs' examples into their own typed programs, so every
```python block must type-check as written, the way a user's ``mypy --strict`` sees it with
``cardgames`` installed: no ``list[object]`` of bots, no attribute of an optional left
unchecked. One mypy run checks them all, each block as a module of its own.
"""

from __future__ import annotations

import re
from pathlib import Path

from mypy import api

from doc_blocks import PAGES, ROOT, python_blocks

# The same pages and blocks as tests/test_docs.py runs (tests/doc_blocks.py).


def _module_name(page: Path, index: int) -> str:
    stem = re.sub(r"\W", "_", str(page.relative_to(ROOT)).removesuffix(".md"))
    return f"example_{stem}_{index}"


def test_every_python_block_passes_mypy_strict_and_warn_unreachable(tmp_path: Path) -> None:
    sources: dict[str, str] = {}
    for page in PAGES:
        for i, code in enumerate(python_blocks(page)):
            name = _module_name(page, i)
            (tmp_path / f"{name}.py").write_text(code, encoding="utf-8")
            sources[name] = f"{page.relative_to(ROOT)} (block {i + 1})"
    assert sources, "no ```python block found"
    files = sorted(str(path) for path in tmp_path.glob("*.py"))
    # The project's own cache (``make test`` runs mypy on src first) keeps this run short.
    out, err, status = api.run(
        [
            "--strict",
            "--warn-unreachable",
            "--cache-dir",
            str(ROOT / ".mypy_cache"),
            "--no-error-summary",
            *files,
        ]
    )
    named = out
    for name, where in sources.items():
        named = named.replace(f"{tmp_path}/{name}.py", where).replace(f"{name}.py", where)
    assert status == 0, named + err
