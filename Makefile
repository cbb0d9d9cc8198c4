# make play   install what is missing, build the site into dist/ and serve it on 127.0.0.1
#             (PORT=8080 picks the port, default 8000; a busy port is said before the build)
# make test   install what is missing, then lint, type-check and every test suite; fails if any fails
# make test-long  the rest of every check, nightly: what make test runs short or leaves out
#             (CASSINO_TESTS_LONG=1): the engine's sweeps at full size, all of tests/engine in
#             Pyodide, the browser tests' permutations (tests/engine/sizes.py,
#             tests/e2e/conftest.py permuted)
# make bench  figures: engine speed in CPython and in Pyodide (Cassino, California Jack), bench/*.py
# make clean  remove what builds and tests leave behind (not node_modules nor the wheel cache)
#
# The parts of `make test` can run alone: lint, typecheck, test-engine, test-pyodide, test-e2e,
# test-webkit.
# PYTHON=/path/to/python picks the interpreter (default: scripts/python).
# E2E_BROWSERS="chromium firefox" picks the browsers of test-e2e (also: webkit, Playwright's own);
# E2E_JOBS=3 how many tests run at once (pytest-xdist; 0: one process); ENGINE_JOBS=2 the same
# for tests/engine.
# CASSINO_REQUIRE_WEBKIT=0 lets test-webkit skip where WebKitGTK cannot run (macOS...).

SHELL := /bin/bash
.SHELLFLAGS := -euo pipefail -c
.NOTPARALLEL:
.DEFAULT_GOAL := help

# Expanded when a recipe runs, so after `setup` (which may have made ./.venv).
PY = $(shell scripts/python)

# Folders and files that ruff checks (bench/ and build.py once they exist).
LINT_PATHS := $(wildcard cassino_core build.py bench tests scripts/*.py)

# WebKitGTK has no headless mode: without a display, run it (and the bench) on a virtual one.
XVFB = $(shell [ -z "$${DISPLAY:-}" ] && command -v xvfb-run >/dev/null && echo xvfb-run -a || true)
E2E_BROWSERS ?= chromium firefox
# Browser tests run in this many pytest-xdist workers, which share one build of the site
# (tests/browser_env.py built_site; CASSINO_DIST=folder uses one built already); 0 runs them in
# one process. Three on two cores: a browser test leaves its core idle a fifth of the time
# (the page's worker, the browser and the test waiting on one another), which a third test
# fills. Measured on a quiet 2-core machine (2026-12-07, the whole of tests/e2e, Chromium and
# Firefox): 2 workers 769 s, 3 workers 688 s (CPU idle 63 s of 1,376); four were slower than
# three on a part of it (87 s against 80-85 s, 2 workers 96-97 s).
E2E_JOBS ?= 3
# The engine's tests run in this many pytest-xdist workers too (0: one process).
ENGINE_JOBS ?= 2
CASSINO_REQUIRE_WEBKIT ?= 1
# The port of `make play` (0: any free port).
PORT ?= 8000

.PHONY: help play test test-long bench clean setup setup-tools lint typecheck test-engine \
	test-pyodide test-e2e test-webkit

help:
	@sed -n 's/^# \(make .*\)/\1/p' Makefile

play: setup-tools
	$(PY) build.py --serve --port $(PORT)

# `make test` runs the parts below through scripts/test-all: test-pyodide beside lint, typecheck
# and the site's build (into .cache/test-site, one build for both browser suites through
# CASSINO_DIST; each of test-e2e and test-webkit run alone builds its own,
# tests/browser_env.py built_site), then test-engine (beside the end of test-pyodide), test-e2e
# and test-webkit; the browsers install meanwhile (where missing: a fresh machine), in the
# background; every part runs even after a failure, and it prints each part's time and the
# failures at the end.
test: setup-tools
	MAKE="$(MAKE)" PYTHON="$(PY)" bash scripts/test-all

# Skipped when a caller already ran it (scripts/test-all sets CASSINO_SETUP_DONE=1). The parts
# that start no browser need only setup-tools: everything but the browsers, which are most of a
# fresh machine's setup (scripts/setup).
setup:
	@[[ -n "$${CASSINO_SETUP_DONE:-}" ]] || bash scripts/setup
setup-tools:
	@[[ -n "$${CASSINO_SETUP_DONE:-}" ]] || bash scripts/setup --no-browsers

# ruff over the Python; ESLint (eslint.config.js) and tsc's JSDoc type check (jsconfig.json, and
# jsconfig.sw.json for the service worker) over
# web/**/*.js, both pinned in package-lock.json (scripts/setup's npm ci installs them).
lint: setup-tools
	$(PY) -m ruff check $(LINT_PATHS)
	node_modules/.bin/eslint web eslint.config.js
	node_modules/.bin/tsc --project jsconfig.json
	node_modules/.bin/tsc --project jsconfig.sw.json

typecheck: setup-tools
	$(PY) -m mypy --strict cassino_core
	$(PY) -m mypy build.py

# The slowest sweeps and property tests run at a short size here; test-long runs them in full.
test-engine: setup-tools
	$(PY) -m pytest tests/engine -n $(ENGINE_JOBS)

# The part of tests/engine that can differ between CPython and Pyodide (Python 3.14 under Node:
# tests/pyodide/run_in_pyodide.mjs PYODIDE_SUBSET), plus the CPython/Pyodide deal check.
# CASSINO_PYODIDE_PYTEST_ARGS adds pytest arguments for the run inside Pyodide;
# CASSINO_PYODIDE_ALL=1 runs all of tests/engine there.
test-pyodide: setup-tools
	CASSINO_REQUIRE_PYODIDE=1 $(PY) -m pytest tests/pyodide

# The built site in Chromium (every test; of a permuted one its first case, test-long runs the
# others) and Firefox (the tests marked every_browser: among them
# a whole short match of every game), with pytest-playwright: Debian's
# /usr/bin/chromium-headless-shell and /usr/bin/firefox-esr when installed. The 30 slowest tests
# are listed at the end, then the run's time and engine boots by file and browser
# (tests/e2e/conftest.py; issue 17: where the run's time goes).
test-e2e: setup
	$(PY) -m pytest tests/e2e -n $(E2E_JOBS) --durations=30 $(foreach browser,$(E2E_BROWSERS),--browser $(browser))

# Full size: every sized engine test at its long count (tests/engine/sizes.py), then all of
# tests/engine inside Pyodide, then the browser tests' permutations that make test leaves out
# (the later languages and window sizes of a check: tests/e2e/conftest.py permuted; the
# test target runs each check's first case).
test-long: setup
	CASSINO_TESTS_LONG=1 $(PY) -m pytest tests/engine
	CASSINO_TESTS_LONG=1 CASSINO_PYODIDE_ALL=1 CASSINO_REQUIRE_PYODIDE=1 $(PY) -m pytest tests/pyodide
	CASSINO_TESTS_LONG=1 $(PY) -m pytest tests/e2e -m permutation -n $(E2E_JOBS) \
	  $(foreach browser,$(E2E_BROWSERS),--browser $(browser))

# The built site in WebKit: Debian's WebKitGTK through Selenium, on a virtual display (a whole
# short match of every game, the page during the computer's move, a reload).
test-webkit: setup
	CASSINO_REQUIRE_WEBKIT=$(CASSINO_REQUIRE_WEBKIT) $(XVFB) $(PY) -m pytest tests/webkit

# The engine's figures in CPython, then the same inside Pyodide (Node), the same for California
# Jack, then bench/*.py (page_load.py: engine ready in Chromium, Firefox and WebKit;
# expert_in_page.py: the computer's and the hint's time a move in Chromium; crowded.py: every page
# request on crowded tables, worst table and time, beside the old figures of issue 17;
# core_versions.py: the playout core's figures beside those of its first commit here, 0c449e3,
# in alternating runs; tune_policy.py: a short tuning of the intermediate's weights by self-play).
bench: setup
	$(PY) -m cassino_core.bench
	PYTHON=$(PY) node tests/pyodide/run_in_pyodide.mjs --module cassino_core.bench
	$(PY) -m cassino_core.calijack.bench
	PYTHON=$(PY) node tests/pyodide/run_in_pyodide.mjs --module cassino_core.calijack.bench
	for script in bench/*.py; do echo "== $$script"; $(XVFB) $(PY) "$$script"; done

clean:
	rm -rf dist build .cache/pyodide-test .cache/test-site .pytest_cache .mypy_cache .ruff_cache .hypothesis \
		test-results *.egg-info
	find . -name __pycache__ -type d -not -path './node_modules/*' -prune -exec rm -rf {} +
