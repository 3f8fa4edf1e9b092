# Every target that needs the library sets up .venv first, so each works alone on a fresh machine.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: demo check durations test lint typecheck pytest bench soak docs clean system-packages

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev,bench,docs,distributed,rl,openspiel,server,postgresql]'
	touch $(STAMP)

# The system's packages of the server's browser and database tests (Debian's chromium and
# postgresql), installed with apt-get when missing; it fails, saying why, when it cannot.
system-packages:
	bash .ci/system-packages

# One game of each kind: Alethi move by move, the others by their results; each record is
# written to demo-GAME.json and replayed quietly (its outcome checked), then what to try next.
demo: $(STAMP)
	@$(BIN)/cardgames list
	@echo
	@echo "== Alethi, a greedy bot (red) against a random one, move by move:"
	@$(BIN)/cardgames play alethi --bots greedy,random --seed 1 --out demo-alethi.json
	@echo
	@echo "== The other games, by their results:"
	@echo "AlakaSLAM singles:"
	@$(BIN)/cardgames play alakaslam --bots greedy,random --seed 1 --quiet --out demo-alakaslam.json
	@echo "AlakaSLAM doubles:"
	@$(BIN)/cardgames play alakaslam --preset doubles --bots greedy,random --seed 1 --quiet \
		--out demo-alakaslam-doubles.json
	@echo "Le Rally:"
	@$(BIN)/cardgames play lerally --bots greedy,random --seed 1 --quiet --out demo-lerally.json
	@echo "Alakazum! for four:"
	@$(BIN)/cardgames play alakazum --preset four --bots greedy,random --seed 1 --quiet \
		--out demo-alakazum.json
	@for record in demo-*.json; do \
		$(BIN)/cardgames replay $$record | grep -q "the replayed outcome matches" || exit 1; \
	done
	@echo
	@echo "The records are in demo-*.json, and each replays to the same result. Next:"
	@echo "  $(BIN)/cardgames play lerally                    you against a greedy bot"
	@echo "  $(BIN)/cardgames replay demo-lerally.json --step  a match move by move"
	@echo "  $(BIN)/cardgames simulate alethi --games 100      a results table"
	@echo "  $(BIN)/cardgames rules alakazum                   a game's rules on one page"
	@echo "and the README's tour for the library itself."

# The short loop while working, under 90 s on two idle cores once mypy's cache is warm: the
# same lint, type and import checks as `make test` (mypy is incremental; pyright is left to
# `make test`), then the quickest tests by their measured times (tests/durations.json, which
# `make durations` measures again) up to CHECK_BUDGET seconds of test time, every test module
# at least once.
CHECK_BUDGET ?= 60
check: $(STAMP)
	$(BIN)/ruff check src tests benchmarks
	$(BIN)/ruff format --check src tests benchmarks
	$(BIN)/mypy --strict src tests
	$(BIN)/lint-imports
	$(BIN)/pytest -n 2 -q -m "not slow" --budget $(CHECK_BUDGET)

# Every test's time, for make check's choice: a whole run that writes tests/durations.json.
durations: $(STAMP)
	$(BIN)/pytest -n auto --dist worksteal -q --record-durations tests/durations.json

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
	$(BIN)/python benchmarks/playouts.py --memory all
	$(BIN)/python benchmarks/tournament.py
	$(BIN)/python benchmarks/hostile_input.py
	$(BIN)/python benchmarks/adapters.py
	$(BIN)/python benchmarks/server_load.py

# The soak: 100,000 games of every game on all cores, every invariant checked; exits non-zero
# on a failure and prints the seeds that reproduce it. SOAK_ARGS passes options (--games N...).
soak: $(STAMP)
	$(BIN)/python tests/soak.py $(SOAK_ARGS)

# --strict turns every warning into an error. NO_MKDOCS_2_WARNING silences the theme's notice
# about its own end of life, which says nothing about these docs.
docs: $(STAMP)
	NO_MKDOCS_2_WARNING=1 $(BIN)/mkdocs build --strict --site-dir site

# What the commands leave in the checkout: the demo's records and those that `play` names itself
# when no --out is given (GAME-game.json, GAME-game-2.json...).
clean:
	rm -rf $(VENV) build dist src/*.egg-info .pytest_cache .mypy_cache .ruff_cache .import_linter_cache demo-*.json site
	rm -f *-game.json *-game-[0-9]*.json
