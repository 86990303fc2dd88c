# Every target does its own set-up: a virtual environment in .venv, and Chromium for browser tests.
PYTHON ?= python3.11
VENV   := .venv
BIN    := $(VENV)/bin
PORT   ?= 8866

.PHONY: serve test lint chromium axe clean

$(BIN)/activate: pyproject.toml binder/requirements.txt
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	# the versions Binder pins, which the workaround guards were checked against
	$(BIN)/pip install --quiet -e '.[jupyter,test,lab]' -c binder/requirements.txt
	touch $(BIN)/activate

## serve: the tutor's gallery in Voilà on http://127.0.0.1:$(PORT)/
serve: $(BIN)/activate
	$(BIN)/python -m foodplay_widgets.serving.serve --port $(PORT)

## chromium: Debian's Chromium for the browser tests (never `playwright install`), and a
## CJK font so that Korean and Chinese pages render (and are screenshot) as text, not boxes
chromium:
	@{ test -x /usr/bin/chromium && test -d /usr/share/fonts/opentype/noto; } || { \
	  if [ "$$(id -u)" = 0 ]; then apt-get update -qq && \
	    apt-get install -y -qq chromium fonts-noto-cjk; \
	  else sudo apt-get update -qq && sudo apt-get install -y -qq chromium fonts-noto-cjk; fi; }

## axe: axe-core from npm for the accessibility checks (pinned in tests/browser/package-lock.json)
AXE := tests/browser/node_modules/axe-core/axe.min.js
axe: $(AXE)
$(AXE): tests/browser/package-lock.json
	npm ci --prefix tests/browser --no-audit --no-fund
	touch $(AXE)

## test: lint, engine, widget, notebook and browser tests (Jupyter caches kept out of $$HOME).
## All but the browser tests run on every core (pytest-xdist, a file to a worker: a notebook's
## cells share one kernel); the browser tests (all the rest) run in one process, so that they
## share one Voilà server.
test: $(BIN)/activate chromium $(AXE)
	$(BIN)/ruff check foodplay widgets tests scripts
	tmp=$$(mktemp -d) && \
	export JUPYTER_CONFIG_DIR=$$tmp/config JUPYTER_DATA_DIR=$$tmp/data \
	JUPYTER_RUNTIME_DIR=$$tmp/runtime MPLCONFIGDIR=$$tmp/mpl IPYTHONDIR=$$tmp/ipython && \
	$(BIN)/python -m pytest -n auto --dist loadfile $(PARALLEL) notebooks --nbval-lax && \
	$(BIN)/python -m pytest tests $(PARALLEL:%=--ignore=%) --durations=25

PARALLEL := tests/engine tests/widgets tests/test_layers.py tests/test_docs.py

clean:
	rm -rf $(VENV)
