"""The documentation's example scripts (``docs/examples/``), loaded as modules by the tests that
run them in short versions."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "docs" / "examples"


def load_example(name: str) -> ModuleType:
    """The script ``docs/examples/<name>.py``, loaded as a module of that name."""
    spec = importlib.util.spec_from_file_location(name, EXAMPLES / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
