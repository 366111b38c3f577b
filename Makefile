# rules-lab: two commands do all set-up on a fresh machine.
#   make lab   - create .venv if missing, install the project editable (its hot modules compiled
#                with mypyc: lab/native.py), start JupyterLab on notebooks/
#   make test  - the same set-up, then the whole suite (unit, property, notebooks, browser)
# Other targets: make bench, make notebooks, make golden, make lint, make app (a one-seat playtest table),
#   make mutants GAME=memcel (mutation testing of one game's rule modules; report in mutants/GAME/).
#   make lock (requirements.lock to the newest versions pyproject.toml allows).

PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
UV     := $(VENV)/bin/uv
STAMP  := $(VENV)/.installed
ROOT_FLAG := $(shell [ "$$(id -u)" = "0" ] && echo --allow-root)
PYTEST_WORKERS ?= 2
# the modules compiled with mypyc at install (lab/native.py): a change to one rebuilds
NATIVE_SOURCES := $(shell grep -o '^ *"lab/[^"]*\.py",' lab/native.py | tr -d '", ')
# the exact versions installed (a study's proposals depend on optuna's version: requirements.lock),
# byte-compiled once at install: where PYTHONDONTWRITEBYTECODE is set (it is on this project's
# machines) every process would otherwise compile scipy, pandas, networkx... from source (whole
# seconds in each: a notebook kernel, a CLI call, a spawned worker)
LOCK   := requirements.lock

.PHONY: lab test test-slow setup browser lint bench notebooks golden clean app mutants lock

$(STAMP): pyproject.toml $(LOCK) setup.py lab/native.py $(NATIVE_SOURCES)
	@test -x $(PY) || $(PYTHON) -m venv $(VENV)
	@test -x $(UV) || { $(PY) -m pip --version >/dev/null 2>&1 || $(PY) -m ensurepip >/dev/null; \
	  $(PY) -m pip install -q --disable-pip-version-check uv; }
	$(UV) pip install -q --compile-bytecode --python $(PY) -c $(LOCK) -e '.[test]'
	@$(PY) -m compileall -q -j 0 lab widgets playtable >/dev/null
	@touch $(STAMP)

setup: $(STAMP)

lab: $(STAMP)
	$(VENV)/bin/jupyter lab --notebook-dir=notebooks $(ROOT_FLAG)

# Browser tests drive Debian's Chromium (never a downloaded browser build).
browser:
	@command -v chromium >/dev/null 2>&1 || { \
	  echo "installing Debian's chromium for the browser tests"; \
	  SUDO=$$([ "$$(id -u)" = "0" ] || echo sudo); \
	  $$SUDO apt-get update -qq && $$SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; }

# make test leaves out the tests marked slow (long statistical runs: the coverage suite of the
# printed intervals, agents that must beat others significantly; and the further games of the
# generic checks, whose first games make test plays); make test-slow runs them. CI runs both.
test: $(STAMP) browser
	$(PY) -m pytest -q -n $(PYTEST_WORKERS) --dist loadfile -p no:cacheprovider -m "not slow" \
	  --durations=25 --nbval --nbval-sanitize-with tests/nbval_sanitize.cfg tests notebooks

test-slow: $(STAMP)
	$(PY) -m pytest -q -n $(PYTEST_WORKERS) --dist loadfile -p no:cacheprovider -m slow --durations=25 tests

lint: $(STAMP)
	$(VENV)/bin/ruff check lab widgets playtable tests benchmarks

bench: $(STAMP) browser
	$(UV) pip install -q --compile-bytecode --python $(PY) -c $(LOCK) -e '.[test,bench]'
	$(PY) -m benchmarks.run
	$(PY) tests/browser/bench_click_latency.py   # click-to-redraw in Chromium -> benchmarks/click_latency.json

# the playtest app: one person against agents at a table of the playtest server (make app GAME=memcel SET="players=3");
# several people: .venv/bin/rules-lab serve GAME --seats human,human,... (README "Playtest together")
GAME ?= memcel
app: $(STAMP)
	$(VENV)/bin/rules-lab app $(GAME) $(foreach kv,$(SET),--set $(kv)) --open

# mutation testing of one game (not part of make test: minutes per game); ONLY='glob' re-runs a subset
mutants: $(STAMP)
	$(UV) pip install -q --compile-bytecode --python $(PY) -c $(LOCK) -e '.[test,mutants]'
	$(PY) -m tests.tools.mutants $(GAME) $(if $(ONLY),--only '$(ONLY)')

notebooks: $(STAMP)
	$(PY) -m tests.tools.run_notebooks

golden: $(STAMP)
	$(PY) -m tests.tools.make_golden

# the newest versions pyproject.toml allows, written to requirements.lock (its comment lines kept);
# then make test shows what they change: re-run the notebooks and golden records, commit the lot
lock: $(STAMP)
	{ sed -n '/^#/!q;p' $(LOCK); $(UV) pip compile pyproject.toml --extra test --python $(PY) \
	  --no-header --annotation-style line --upgrade -q; } > $(LOCK).tmp && mv $(LOCK).tmp $(LOCK)

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache
