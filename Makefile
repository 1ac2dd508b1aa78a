# The README's two commands, and the tools around them (`make help` lists them):
#   make serve   set up .venv if needed and serve every dashboard on http://127.0.0.1:8866
#   make test    set up .venv with the test tools and run every test (unit, property,
#                notebooks, real browser): under 6 minutes on two cores
#   make test-long  the same tests at full size (sweeps, statistics, 20x the fuzz examples)
#   make bench   the benchmark figures, printed (engines, `make load`, `make bench-browser`)
# Measurements behind the choices below: benchmarks/README.md.

# Debian's own Python builds the venv when it is 3.11+ (profile-guided: the kit runs a
# quarter faster on it); `make PYTHON=python3.12 ...` picks another.
SYSTEM_PYTHON := /usr/bin/python3
ifeq ($(origin PYTHON),undefined)
PYTHON := $(shell $(SYSTEM_PYTHON) -c 'import sys, ensurepip, venv; sys.exit(sys.version_info < (3, 11))' >/dev/null 2>&1 && echo $(SYSTEM_PYTHON) || echo python3)
endif
VENV ?= .venv
PY := $(VENV)/bin/python
PORT ?= 8866
HOST ?= 127.0.0.1
# Browser tests drive Debian's headless Chromium (cheaper on CPU); `make bench-browser`
# times the whole browser, as a player sees pages.
CHROMIUM_PATH ?= /usr/bin/chromium-headless-shell
CHROMIUM_BROWSER ?= /usr/bin/chromium
PIP_DISABLE_PIP_VERSION_CHECK := 1
export CHROMIUM_PATH
export PIP_DISABLE_PIP_VERSION_CHECK
# keep compiled bytecode: otherwise every worker, kernel and server compiles the kit again
unexport PYTHONDONTWRITEBYTECODE

# Three workers for two cores, whole files per worker (a notebook's cells share a kernel),
# longest files first (tests/longest_first.py, by measured time); the lazy-IRI plugin
# spares each worker 1.5 s.
PYTEST := $(PY) -m pytest -q -p tests.lazy_iri_plugin -n 3 --dist loadfile --no-loadscope-reorder \
	--nbval-lax --nbval-current-env \
	--nbval-cell-timeout=300 --screenshot=only-on-failure --output=test-results --durations=25

.PHONY: help serve test test-long bytecode bench load bench-browser screenshots frontend numba-cache lint \
	chromium chromium-browser clean

help:
	@sed -n '2,6p' Makefile | sed 's/^# \{0,1\}//'

# The venv, with uv in it (by the system's pip where it has one, else the venv's own pip):
# uv installs the packages twice as fast as pip.
$(PY):
	@if $(PYTHON) -m pip --version >/dev/null 2>&1 && $(PYTHON) -m venv --without-pip $(VENV) \
	  && $(PYTHON) -m pip --python $(PY) install -q --no-compile uv; then \
	  echo "$(VENV): uv installed by $(PYTHON)'s pip"; \
	else \
	  rm -rf $(VENV) && $(PYTHON) -m venv $(VENV) \
	  && { $(PY) -m pip install -q uv || echo "uv not installed: pip will install the packages"; }; \
	fi

# $(1) what to install, $(2) --compile-bytecode or nothing; pip where uv fails
define install
$(VENV)/bin/uv pip install -q --python $(PY) $(2) $(1) \
	|| { [ -x $(VENV)/bin/pip ] && pip="$(PY) -m pip" || pip="$(PYTHON) -m pip --python $(PY)"; \
	     $$pip install -q $(if $(2),,--no-compile) $(1); }
endef

$(VENV)/.serve-installed: pyproject.toml | $(PY)
	$(call install,-e .,--compile-bytecode)
	touch $@

$(VENV)/.test-installed: pyproject.toml | $(PY)
	$(call install,-e ".[test]",)
	touch $@ $(VENV)/.serve-installed

serve: $(VENV)/.serve-installed
	$(VENV)/bin/hordes-kit serve --port $(PORT) --host $(HOST)

# Debian's Chromium, never `playwright install` (it cannot download): $(1) program, $(2) package
define apt_chromium
	@if [ ! -x "$(1)" ]; then \
	  echo "Installing Debian's $(2)"; \
	  SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq $(2) >/dev/null; \
	fi
endef

# the browser tests' headless Chromium
chromium:
	$(call apt_chromium,$(CHROMIUM_PATH),chromium-headless-shell)

# the whole browser, for `make bench-browser`
chromium-browser:
	$(call apt_chromium,$(CHROMIUM_BROWSER),chromium)

# the kit's bytecode, compiled once before the workers, kernels and servers all start
bytecode: $(VENV)/.test-installed
	$(PY) -m compileall -q hordes_kit

test: $(VENV)/.test-installed chromium bytecode
	timeout 1500 $(PYTEST)

test-long: $(VENV)/.test-installed chromium bytecode
	HORDES_KIT_LONG=1 HYPOTHESIS_PROFILE=long timeout 3600 $(PYTEST)

bench: $(VENV)/.test-installed
	@if command -v taskset >/dev/null; then taskset -c 0 $(PY) benchmarks/run.py; else $(PY) benchmarks/run.py; fi
	@$(MAKE) --no-print-directory load bench-browser

# a playgroup's load on a local server: page times, memory, the cull; then floods (50 pages at
# once on 6 kernels, 1,000 half-open connections) and 5 tables of 2 seats in headless Chromium
# (benchmarks/load.py, load_floods.py, load_tables.py); some only: make load ONLY=tables
load: $(VENV)/.test-installed chromium
	timeout 1800 $(PY) benchmarks/load.py $(if $(ONLY),--only $(ONLY))

# each dashboard in Chromium: seconds to a control drawn and answering; then the friends
# scenario (FRIENDS browser contexts open each page of a path at once: the index, a
# walkthrough, the five play pages; FRIENDS=0 skips it); then every game's clicks, server side.
# some pages only: make bench-browser PAGES="skytear_odds fantahzee_play" REPEAT=3 FRIENDS=0
bench-browser: $(VENV)/.test-installed chromium-browser
	CHROMIUM_PATH=$(CHROMIUM_BROWSER) timeout 2400 $(PY) benchmarks/browser.py $(if $(PAGES),--pages $(PAGES)) $(if $(REPEAT),--repeat $(REPEAT)) $(if $(FRIENDS),--friends $(FRIENDS)) $(if $(ALONE),--alone)
	timeout 600 $(PY) benchmarks/clicks.py

# the README's pictures, from the served pages in headless Chromium (docs/img/)
screenshots: $(VENV)/.test-installed chromium
	timeout 1200 $(PY) scripts/screenshots.py $(if $(GAMES),--games $(GAMES))

# rebuild the pages' lean front end (hordes_kit/serve/static/, committed: serving needs no
# node) from frontend/ with node and npm, after changing its sources (test_lean_frontend
# says when)
frontend:
	cd frontend && npm ci --no-audit --no-fund && node build.mjs

# rebuild the fast simulators' shipped numba caches (hordes_kit/prebuilt/) after changing
# one (test_fastcache says when)
numba-cache: $(VENV)/.serve-installed
	$(PY) -m hordes_kit.core.fastcache

lint: $(VENV)/.test-installed
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/ruff check .

clean:
	rm -rf $(VENV) dist build *.egg-info
