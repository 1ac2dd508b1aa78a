# The two commands of the README's quick start, plus the benchmark.
#   make serve   set up .venv if needed and serve every dashboard on http://127.0.0.1:8866
#   make test    set up .venv (with test tools) and run every test: unit, property,
#                notebooks (nbval) and real-browser (Playwright + Debian's Chromium)
#   make bench   print the benchmark figures (engines, then the server: `make load` and
#                `make bench-browser`)
#   make test-long  the same tests at scale (statistical tests and sweeps at full size, the
#                fuzz tests with twenty times as many examples, new ones each run): about 20
#                minutes on two cores; .ci/run runs it after `make test`

# The Python that builds .venv: the system's own (/usr/bin/python3) when it is 3.11 or newer
# and makes venvs, else the first python3 on PATH; `make PYTHON=python3.12 ...` picks another.
# A distribution's Python is built with profile-guided optimisation, a plain source build
# (pyenv's, say) is not: the kit's Python code runs a quarter to a third faster on Debian's
# (a random Fantahzee game checked state by state: 11.3-12.5 s of CPU, 8.8-9.2 s on it).
SYSTEM_PYTHON := /usr/bin/python3
ifeq ($(origin PYTHON),undefined)
PYTHON := $(shell $(SYSTEM_PYTHON) -c 'import sys, ensurepip, venv; sys.exit(sys.version_info < (3, 11))' >/dev/null 2>&1 && echo $(SYSTEM_PYTHON) || echo python3)
endif
VENV ?= .venv
PY := $(VENV)/bin/python
PORT ?= 8866
HOST ?= 127.0.0.1
# The browser tests drive Debian's headless build of Chromium (the package
# chromium-headless-shell, built from the same source and version as its chromium;
# Playwright's own headless default): 72 browser tests took 116-118 core-s of its CPU,
# against 133-141 in the whole browser, and a warm page load 0.95-1.35 against 1.45-1.8.
# `make bench-browser` times the pages in the whole browser, as a player sees them.
CHROMIUM_PATH ?= /usr/bin/chromium-headless-shell
CHROMIUM_BROWSER ?= /usr/bin/chromium
PIP_DISABLE_PIP_VERSION_CHECK := 1
export CHROMIUM_PATH
export PIP_DISABLE_PIP_VERSION_CHECK
# Python may keep its compiled bytecode (a machine that sets PYTHONDONTWRITEBYTECODE makes
# every test worker, Voila kernel and server compile the kit and rewrite the tests' asserts
# again: 4 s of CPU a worker's collection alone)
unexport PYTHONDONTWRITEBYTECODE

# pytest on three workers for two cores (the run keeps both cores busy; with -n 2 a worker
# waiting for a simulator's compile or a server's cull leaves one idle: 387 s against 351 s
# measured cold); a file's tests stay on one
# worker (a notebook's cells share a kernel), the longest files first (tests/conftest.py)
# -p tests.lazy_iri_plugin first: jsonschema's IRI parsers (1.4-1.8 s of CPU as nbval imports
# nbformat) are built only if a test checks an IRI, in the main process and each worker
PYTEST := $(PY) -m pytest -q -p tests.lazy_iri_plugin -n 3 --dist loadfile --no-loadscope-reorder \
	--nbval-lax --nbval-current-env \
	--nbval-cell-timeout=300 --screenshot=only-on-failure --output=test-results --durations=25

.PHONY: serve test test-long bytecode bench load bench-browser numba-cache lint chromium chromium-browser clean

# The packages are installed by uv, which pip first puts in the venv (below): the same
# versions pip picks (the two venvs' `pip freeze` are equal but for uv), in half the time
# on a fresh machine (no cache: pip 35.9 s, uv 2.3 s + 14.6 s to compile). Where uv cannot
# be had or fails, pip installs them as before. `make serve` compiles every package's bytecode as it
# installs (a player's first page is not kept waiting); `make test` does not: of the 7,900
# modules the tests import 3,000, compiled as they are first imported (set-up 12-14 s
# instead of 22-24 s, the tests' own time alike).
# uv gets into the venv by the system's pip where it has one (a venv without pip of its own,
# then uv: 2.9 s on this machine), else by the venv's own pip (7.8 s: ensurepip compiles
# all of pip first, which nothing here uses again). The whole set-up of `make test` on a
# fresh clone: 5.9 s, against 12 s.
$(PY):
	@if $(PYTHON) -m pip --version >/dev/null 2>&1 && $(PYTHON) -m venv --without-pip $(VENV) \
	  && $(PYTHON) -m pip --python $(PY) install -q --no-compile uv; then \
	  echo "$(VENV): uv installed by $(PYTHON)'s pip"; \
	else \
	  rm -rf $(VENV) && $(PYTHON) -m venv $(VENV) \
	  && { $(PY) -m pip install -q uv || echo "uv not installed: pip will install the packages"; }; \
	fi

# $(1) what to install, $(2) --compile-bytecode or nothing; where uv fails, pip: the venv's
# own, or the one that installed uv
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

# Debian's Chromium (never `playwright install`: it cannot download): $(1) the program,
# $(2) its package
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

# The kit's bytecode, written once before a test run: on a fresh clone the three workers,
# the four simulator compiles and the first servers all start at once and would each
# compile the whole package from source (about 2 s of CPU apiece; compileall takes 0.7 s)
bytecode: $(VENV)/.test-installed
	$(PY) -m compileall -q hordes_kit

test: $(VENV)/.test-installed chromium bytecode
	timeout 1500 $(PYTEST)

test-long: $(VENV)/.test-installed chromium bytecode
	HORDES_KIT_LONG=1 HYPOTHESIS_PROFILE=long timeout 3600 $(PYTEST)

bench: $(VENV)/.test-installed
	@if command -v taskset >/dev/null; then taskset -c 0 $(PY) benchmarks/run.py; else $(PY) benchmarks/run.py; fi
	@$(MAKE) --no-print-directory load bench-browser

# 10 dashboard pages at once against a local server: render times, memory, the cull.
load: $(VENV)/.test-installed
	timeout 1200 $(PY) benchmarks/load.py

# Each dashboard in Chromium: seconds from navigation to a control drawn and answering.
# Only some pages, each opened warm three times: make bench-browser PAGES="skytear_odds fantahzee_play" REPEAT=3
bench-browser: $(VENV)/.test-installed chromium-browser
	CHROMIUM_PATH=$(CHROMIUM_BROWSER) timeout 1200 $(PY) benchmarks/browser.py $(if $(PAGES),--pages $(PAGES)) $(if $(REPEAT),--repeat $(REPEAT))

# The fast simulators' shipped builds (hordes_kit/prebuilt/<game>.tar.xz): numba's cache of
# each, compiled from nothing for any x86-64 CPU. Run it after changing a fast simulator
# (test_fastcache says when): a machine whose checkout matches them skips the compile.
numba-cache: $(VENV)/.serve-installed
	$(PY) -m hordes_kit.core.fastcache

lint: $(VENV)/.test-installed
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/ruff check .

clean:
	rm -rf $(VENV) dist build *.egg-info
