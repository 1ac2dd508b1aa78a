# The two commands of the README's quick start, plus the benchmark.
#   make serve   set up .venv if needed and serve every dashboard on http://127.0.0.1:8866
#   make test    set up .venv (with test tools) and run every test: unit, property,
#                notebooks (nbval) and real-browser (Playwright + Debian's Chromium)
#   make bench   print the benchmark figures
#   make test-long  the fuzz tests with twenty times as many examples (HYPOTHESIS_PROFILE=long)

PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python
PORT ?= 8866
HOST ?= 127.0.0.1
CHROMIUM_PATH ?= /usr/bin/chromium
PIP_DISABLE_PIP_VERSION_CHECK := 1
export CHROMIUM_PATH
export PIP_DISABLE_PIP_VERSION_CHECK

.PHONY: serve test test-long bench lint chromium clean

$(PY):
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q -U pip

$(VENV)/.serve-installed: pyproject.toml | $(PY)
	$(PY) -m pip install -q -e .
	touch $@

$(VENV)/.test-installed: pyproject.toml | $(PY)
	$(PY) -m pip install -q -e ".[test]"
	touch $@ $(VENV)/.serve-installed

serve: $(VENV)/.serve-installed
	$(VENV)/bin/hordes-kit serve --port $(PORT) --host $(HOST)

# Debian's Chromium for the browser tests (never `playwright install`: it cannot download).
chromium:
	@if [ ! -x "$(CHROMIUM_PATH)" ]; then \
	  echo "Installing Debian's chromium for the browser tests"; \
	  SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq chromium >/dev/null; \
	fi

test: $(VENV)/.test-installed chromium
	timeout 2400 $(PY) -m pytest -q --nbval-lax --nbval-current-env --nbval-cell-timeout=300 --screenshot=only-on-failure --output=test-results

test-long: $(VENV)/.test-installed
	HYPOTHESIS_PROFILE=long $(PY) -m pytest -q tests/test_fuzz.py

bench: $(VENV)/.serve-installed
	@if command -v taskset >/dev/null; then taskset -c 0 $(PY) benchmarks/run.py; else $(PY) benchmarks/run.py; fi

lint: $(VENV)/.test-installed
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/ruff check .

clean:
	rm -rf $(VENV) dist build *.egg-info
