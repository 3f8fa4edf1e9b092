"""The adapters are optional: the core never imports them, and an adapter whose extra is not
installed fails to import with a message that names the extra to install."""

from __future__ import annotations

import importlib
import subprocess
import sys
import textwrap
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

#: Each adapter, a library it needs, and the extra that brings that library.
ADAPTERS = [
    ("cardgames.interop.pettingzoo", "pettingzoo", "rl"),
    ("cardgames.interop.pettingzoo", "numpy", "rl"),
    ("cardgames.interop.gymnasium", "gymnasium", "rl"),
    ("cardgames.interop.gymnasium", "numpy", "rl"),
    ("cardgames.interop.openspiel", "pyspiel", "openspiel"),
]


@pytest.mark.parametrize(("adapter", "needed", "extra"), ADAPTERS)
def test_an_adapter_without_its_extra_names_the_extra(
    adapter: str, needed: str, extra: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With the library hidden, importing the adapter raises ImportError saying what to
    install."""
    monkeypatch.setitem(sys.modules, needed, None)
    monkeypatch.delitem(sys.modules, adapter, raising=False)
    with pytest.raises(ImportError) as raised:
        importlib.import_module(adapter)
    assert f"pip install 'cardgames[{extra}]'" in str(raised.value)
    assert adapter in str(raised.value)


def test_the_core_works_without_any_extra() -> None:
    """In a fresh interpreter where none of the extras' libraries can be imported, the
    library plays a game, imports no adapter, and the interop package itself imports."""
    script = textwrap.dedent(
        """
        import sys
        for name in ("numpy", "gymnasium", "pettingzoo", "pyspiel", "open_spiel"):
            sys.modules[name] = None
        import cardgames
        from cardgames import arena, bots
        record = arena.play(cardgames.get_game("lerally"), [bots.RandomBot()] * 2, seed=1)
        assert record.outcome is not None
        import cardgames.interop
        assert not [m for m in sys.modules if m.startswith("cardgames.interop.")]
        adapters = (("pettingzoo", "rl"), ("gymnasium", "rl"), ("openspiel", "openspiel"))
        for adapter, extra in adapters:
            try:
                __import__("cardgames.interop." + adapter)
            except ImportError as exc:
                assert f"cardgames[{extra}]" in str(exc), exc
            else:
                raise AssertionError(adapter + " imported without its extra")
        print("ok")
        """
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=120, check=False
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "ok"


def test_the_extras_are_declared_and_the_core_needs_none_of_them() -> None:
    """``pip install cardgames`` pulls attrs, cattrs and typing-extensions only; the extras
    ``rl`` and ``openspiel`` bring the adapters' libraries."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]

    def names(requirements: list[str]) -> set[str]:
        return {r.split(">")[0].split("=")[0].split("[")[0].strip() for r in requirements}

    assert names(project["dependencies"]) == {"attrs", "cattrs", "typing-extensions"}
    extras = project["optional-dependencies"]
    assert names(extras["rl"]) == {"numpy", "gymnasium", "pettingzoo"}
    assert names(extras["openspiel"]) == {"open_spiel"}
