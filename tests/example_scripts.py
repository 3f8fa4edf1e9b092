"""The documentation's example scripts (``docs/examples/``), loaded as modules by the tests that
run them in short versions."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "docs" / "examples"


def load_example(name: str) -> ModuleType:
    """The script ``docs/examples/<name>.py``, loaded as a module of that name, with the
    examples' folder on the import path as when the script runs (it imports its neighbours)."""
    if str(EXAMPLES) not in sys.path:
        sys.path.append(str(EXAMPLES))
    spec = importlib.util.spec_from_file_location(name, EXAMPLES / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
