# Set-up is part of every target: a fresh clone needs only `make run` or `make test`.
# Besides Python 3.11 or newer the machine needs make, Python's venv module (Debian and
# Ubuntu: the python3-venv package) and access to PyPI.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
RUN_STAMP := $(VENV)/.installed-run
DEV_STAMP := $(VENV)/.installed-dev
SEED ?= 2026
# `make demo GAME=clans`: one game only (default: every game).
GAME ?=
# pytest worker processes for `make test` (0: all tests in one process).
TEST_WORKERS ?= 2
NEW_ENOUGH := import sys; sys.exit(sys.version_info < (3, 11))

# `make stress`: these test files or node ids (empty: the whole suite), this many runs.
FILES ?=
RUNS ?= 10

.PHONY: run test stress browser lint bench bench-ai demo clean

# A venv made with an older Python, or whose Python is gone (upgraded or removed by the
# system) or has lost pip, is made again rather than trusted.
ifneq ($(wildcard $(VENV)),)
ifneq ($(shell $(PY) -c '$(NEW_ENOUGH); import pip' >/dev/null 2>&1 && echo ok),ok)
$(info $(VENV) has no working Python 3.11 or newer: making it again)
$(shell rm -rf $(VENV))
endif
endif

$(PY):
	@$(PYTHON) -c '$(NEW_ENOUGH)' 2>/dev/null || { \
	  echo "Python 3.11 or newer is needed; $(PYTHON) is" \
	       "$$(command -v $(PYTHON) >/dev/null && $(PYTHON) --version 2>&1 || echo missing)." \
	       "Try, for example: make PYTHON=python3.12"; \
	  exit 1; }
	@$(PYTHON) -m venv $(VENV) || { rm -rf $(VENV); \
	  echo "Cannot create $(VENV): install Python's venv module" \
	       "(Debian and Ubuntu: sudo apt install python3-venv)"; exit 1; }
	$(PY) -m pip install --quiet --upgrade pip

# What running the bot needs, and on top of it the tools of `make test`.
$(RUN_STAMP): pyproject.toml | $(PY)
	$(PY) -m pip install --quiet -e .
	touch $@

$(DEV_STAMP): pyproject.toml $(RUN_STAMP)
	$(PY) -m pip install --quiet -e '.[dev]'
	touch $@

run: $(RUN_STAMP)
	$(PY) -m bot

test: $(DEV_STAMP) browser
	$(PY) -m ruff check .
	$(PY) -m pytest -n $(TEST_WORKERS)

# The chosen tests RUNS times in random orders while busy processes load every core; says
# which tests failed and how often.
stress: $(DEV_STAMP) browser
	$(PY) -m tests.stress --runs $(RUNS) --workers $(TEST_WORKERS) $(FILES)

# The browser tests drive Debian's chromium package, never a browser Playwright would
# download: installed here where it is missing and apt-get can (as root); elsewhere those
# tests are skipped, saying why.
browser:
	@command -v chromium >/dev/null 2>&1 || command -v chromium-browser >/dev/null 2>&1 || \
	  { [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1 && \
	    echo "installing chromium for the browser tests" && \
	    DEBIAN_FRONTEND=noninteractive apt-get update -qq >/dev/null && \
	    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; } || \
	  echo "no chromium: the browser tests are skipped (sudo apt-get install chromium)"

lint: $(DEV_STAMP)
	$(PY) -m ruff check .

bench: $(DEV_STAMP)
	$(PY) -m bench

# The strong computer player's strength and thinking time: many minutes on both cores,
# so not part of `make bench` or CI. Writes bench/ai-results.json.
bench-ai: $(DEV_STAMP)
	$(PY) -m bench.ai_bench

demo: $(RUN_STAMP)
	$(PY) -m bot demo --out demo-output --seed $(SEED)$(if $(GAME), --game $(GAME))

clean:
	rm -rf $(VENV) demo-output build *.egg-info
