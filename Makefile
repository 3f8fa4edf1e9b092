# Every target that needs the library sets up .venv first, so each works alone on a fresh machine.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: demo check test lint typecheck pytest bench soak docs clean system-packages

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev,bench,docs,distributed,rl,openspiel,server,postgresql]'
	touch $(STAMP)

# The system's packages of the server's browser and database tests (Debian's chromium and
# postgresql), installed with apt-get when missing; it fails, saying why, when it cannot.
system-packages:
	bash .ci/system-packages

demo: $(STAMP)
	$(BIN)/cardgames list
	$(BIN)/cardgames play alethi --bots random,greedy --seed 1 --out demo-alethi.json
	$(BIN)/cardgames replay demo-alethi.json
	$(BIN)/cardgames play alakaslam --bots greedy,random --seed 1 --out demo-alakaslam.json
	$(BIN)/cardgames play alakaslam --preset doubles --bots greedy,random --seed 1 --quiet \
		--out demo-alakaslam-doubles.json
	$(BIN)/cardgames replay demo-alakaslam.json
	$(BIN)/cardgames play lerally --bots greedy,random --seed 1 --quiet --out demo-lerally.json
	$(BIN)/cardgames replay demo-lerally.json
	$(BIN)/cardgames play alakazum --preset four --bots greedy,random --seed 1 --quiet \
		--out demo-alakazum.json
	$(BIN)/cardgames replay demo-alakazum.json

# The short loop while working, about a minute on two idle cores once mypy's cache is warm:
# the same lint, type and import checks as `make test` (mypy is incremental), then every test
# not marked slow (tests/conftest.py lists them) with a slice of the conformance suite in place
# of the whole (tests/test_conformance_slice.py).
check: $(STAMP)
	$(BIN)/ruff check src tests benchmarks
	$(BIN)/ruff format --check src tests benchmarks
	$(BIN)/mypy --strict src tests
	$(BIN)/lint-imports
	$(BIN)/pytest -n auto --dist worksteal -rs -m "not slow"

# Everything, before a commit and in CI. Work stealing keeps both cores busy to the end: the
# long tests do not wait in one worker's queue while the other has finished.
test: $(STAMP) system-packages
	$(BIN)/ruff check src tests benchmarks
	$(BIN)/ruff format --check src tests benchmarks
	$(BIN)/mypy --strict src tests
	$(BIN)/pyright
	$(BIN)/lint-imports
	$(BIN)/pytest -n auto --dist worksteal -rs

bench: $(STAMP)
	$(BIN)/python benchmarks/playouts.py
	$(BIN)/python benchmarks/tournament.py
	$(BIN)/python benchmarks/hostile_input.py
	$(BIN)/python benchmarks/server_load.py

# The soak: 100,000 games of every game on all cores, every invariant checked; exits non-zero
# on a failure and prints the seeds that reproduce it. SOAK_ARGS passes options (--games N...).
soak: $(STAMP)
	$(BIN)/python tests/soak.py $(SOAK_ARGS)

# --strict turns every warning into an error. NO_MKDOCS_2_WARNING silences the theme's notice
# about its own end of life, which says nothing about these docs.
docs: $(STAMP)
	NO_MKDOCS_2_WARNING=1 $(BIN)/mkdocs build --strict --site-dir site

clean:
	rm -rf $(VENV) build dist src/*.egg-info .pytest_cache .mypy_cache .ruff_cache .import_linter_cache demo-*.json site
