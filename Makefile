# nap_teach: two entry points, both safe to run again (they only install what
# is missing or out of date).
#
#   make app    create .venv, install the app, serve it at http://127.0.0.1:8866/
#   make test   create .venv, install the test tools and Chromium, run all tests
#
# Installs are recorded by stamp files in .venv whose names carry a hash of the
# requirement files, so editing a requirement file reinstalls and nothing else does.

SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := help

ROOT := $(patsubst %/,%,$(dir $(abspath $(lastword $(MAKEFILE_LIST)))))
PYTHON ?= python3
VENV := $(ROOT)/.venv
BIN := $(VENV)/bin
HOST ?= 127.0.0.1
PORT ?= 8866
# The browser tests' Chromium: Debian's headless shell, the headless browser Playwright itself uses by default
# (the same Blink as the desktop browser, without the desktop browser's processes): a page load costs it about half
# the CPU of /usr/bin/chromium here (benchmarks/README.md, "Test suite time"). The benchmarks keep the desktop
# browser a learner opens. make test CHROMIUM=/usr/bin/chromium CHROMIUM_PACKAGE=chromium runs the tests in that one.
CHROMIUM ?= /usr/bin/chromium-headless-shell
CHROMIUM_PACKAGE ?= chromium-headless-shell
PYTEST_ARGS ?=
VOILA_ARGS ?=
# Class mode: make app CLASS=30 preheats every page for a class of 30 learners
# (see the README); MAX_KERNELS caps the live kernels (default: sized by the launcher).
CLASS ?= 0
MAX_KERNELS ?=
# Live classes are kept in DATA_DIR (default: the user's data directory, see the README).
DATA_DIR ?=

REQ_FILES := requirements.txt constraints.txt pyproject.toml
DEMO_REQ_FILES := $(REQ_FILES) requirements-demo.txt
TEST_REQ_FILES := $(DEMO_REQ_FILES) requirements-test.txt
hash_of = $(shell cd $(ROOT) && cat $(1) | sha256sum | cut -c1-16)
APP_STAMP := $(VENV)/.nap-installed-app-$(call hash_of,$(REQ_FILES))
TEST_STAMP := $(VENV)/.nap-installed-test-$(call hash_of,$(TEST_REQ_FILES))
DEMO_STAMP := $(VENV)/.nap-installed-demo-$(call hash_of,$(DEMO_REQ_FILES))
# The engine and the solver's search compiled by mypyc (setup.py) are built by the editable install; an
# edit to their sources builds them again (otherwise the compiled modules, which Python prefers, would run
# the old code).
ENGINE_SOURCES := $(ROOT)/setup.py $(wildcard $(ROOT)/nap_teach/engine/*.py) $(wildcard $(ROOT)/nap_teach/ai/solver/*.py)
ENGINE_STAMP := $(VENV)/.nap-engine-built

.PHONY: help app test demo install install-test system-packages run-tests \
  clean-venv i18n docs

help:
	@echo "make app   - install (first time) and serve the app at http://$(HOST):$(PORT)/"
	@echo "             (make app CLASS=30: ready for a class of 30; HOST=0.0.0.0: on the room's network)"
	@echo "make test  - install (first time) and run the whole test suite"
	@echo "make demo  - build the static demo site into site/ (Voici: Python in the browser, no server)"
	@echo "make docs  - regenerate the rules reference docs/rules.md and docs/rules.es.md"

$(BIN)/python:
	$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else "nap_teach needs Python >= 3.11; run make PYTHON=python3.11 ...")'
	$(PYTHON) -m venv $(VENV)

# The installs are made by uv, pinned here and installed into the venv by its own pip: the pinned wheels
# take about 7 s with uv and 36 s with pip (an empty cache, benchmarks/README.md, "Test suite time").
# The pinned requirements and the project itself (its engine compiled by mypyc: about 30 s of one core)
# are installed side by side; the requirement files pin every dependency of the project and of its serve
# extra, so the project's own install needs none of them (--no-deps). Either failing fails the step.
# The project is built again on every install (--reinstall-package, --refresh-package): uv would otherwise
# keep a cached build of an edited engine.
UV_VERSION := 0.13.10
UV := $(BIN)/uv
UV_STAMP := $(VENV)/.nap-uv-$(UV_VERSION)
uv_pip = $(UV) pip install --quiet --python $(BIN)/python
uv_project = $(uv_pip) --no-deps --reinstall-package nap_teach --refresh-package nap_teach -e .
install_with_project = cd $(ROOT) && { $(uv_pip) -r $(1) & \
  deps=$$!; $(uv_project) && project=0 || project=$$?; \
  wait $$deps && test $$project = 0; }

$(UV_STAMP): | $(BIN)/python
	$(BIN)/python -m pip install --disable-pip-version-check -q uv==$(UV_VERSION)
	rm -f $(VENV)/.nap-uv-*
	touch $@

$(APP_STAMP): | $(UV_STAMP)
	$(call install_with_project,requirements.txt)
	rm -f $(VENV)/.nap-installed-app-*
	touch $@ $(ENGINE_STAMP)

$(TEST_STAMP): | $(UV_STAMP)
	$(call install_with_project,requirements-test.txt)
	rm -f $(VENV)/.nap-installed-test-* $(VENV)/.nap-installed-app-* $(VENV)/.nap-installed-demo-*
	touch $@ $(APP_STAMP) $(DEMO_STAMP) $(ENGINE_STAMP)

$(DEMO_STAMP): | $(UV_STAMP)
	$(call install_with_project,requirements-demo.txt)
	rm -f $(VENV)/.nap-installed-demo-* $(VENV)/.nap-installed-app-*
	touch $@ $(APP_STAMP) $(ENGINE_STAMP)

$(ENGINE_STAMP): $(ENGINE_SOURCES) | $(APP_STAMP)
	cd $(ROOT) && $(uv_project)
	touch $@

install: $(APP_STAMP) $(ENGINE_STAMP)

install-test: $(TEST_STAMP) $(ENGINE_STAMP)

# Debian's packages for the tests, whichever this machine lacks, installed by one apt-get run:
#   chromium-headless-shell  the browser tests (Playwright cannot download its own browser here);
#   postgresql               the class store's tests (tests/test_classroom.py starts a private cluster of its own
#                            in a temporary folder, on a local socket only, and stops it; the cluster Debian's
#                            package starts when it is installed is stopped again, the tests do not use it);
#   npm                      the static demo's offline test build (demo/build.py --local-pyodide packs the npm
#                            package pyodide; tests/browser/test_static_site.py serves that build).
# make test runs this beside the venv's pip install (both wait mostly on downloads).
POSTGRES_BIN = $(firstword $(wildcard /usr/lib/postgresql/*/bin/initdb))
MISSING_PACKAGES = $(strip $(if $(wildcard $(CHROMIUM)),,$(CHROMIUM_PACKAGE)) $(if $(POSTGRES_BIN),,postgresql) \
  $(if $(shell command -v npm),,npm))
system-packages:
	@missing="$(MISSING_PACKAGES)"; if [ -z "$$missing" ]; then exit 0; fi; \
	if ! command -v apt-get >/dev/null; then \
	  echo "error: missing: $$missing, and there is no apt-get. Install them (Chromium, npm from Node.js, PostgreSQL's" \
	    "server programs initdb and pg_ctl under /usr/lib/postgresql/<version>/bin), then run make test again" \
	    "(a Chromium elsewhere: make test CHROMIUM=/path/to/chromium)" >&2; exit 1; \
	fi; \
	if [ "$$(id -u)" = 0 ]; then sudo=; \
	elif command -v sudo >/dev/null; then sudo=sudo; \
	else echo "error: installing $$missing needs root: run 'apt-get install $$missing' as root, or make test as root" >&2; exit 1; fi; \
	echo "Installing Debian's $$missing (for the tests)..."; \
	$$sudo apt-get update -qq; \
	DEBIAN_FRONTEND=noninteractive $$sudo apt-get install -y -qq --no-install-recommends $$missing >/dev/null; \
	case " $$missing " in *" postgresql "*) $$sudo service postgresql stop >/dev/null 2>&1 || true;; esac; \
	test -x "$(CHROMIUM)" || { echo "error: apt-get installed $(CHROMIUM_PACKAGE) but $(CHROMIUM) is missing" >&2; exit 1; }; \
	command -v npm >/dev/null || { echo "error: apt-get installed npm but it is not on PATH" >&2; exit 1; }; \
	ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || { echo "error: apt-get installed postgresql but initdb is missing" >&2; exit 1; }

# Serves notebooks/ with Voila through the app's launcher (nap_teach/app/server.py),
# which reads the committed voila.json; "/" redirects to the landing notebook
# notebooks/index.ipynb. Extra Voila options: make app VOILA_ARGS="--debug".
# make app CLASS=30: class mode; make app HOST=0.0.0.0: the room's network (README).
app: $(APP_STAMP) $(ENGINE_STAMP)
	cd $(ROOT) && exec $(BIN)/python -m nap_teach serve --host $(HOST) --port $(PORT) --class-size $(CLASS) \
	  $(if $(MAX_KERNELS),--max-kernels $(MAX_KERNELS)) $(if $(DATA_DIR),--data-dir $(DATA_DIR)) -- $(VOILA_ARGS)

# The static demo site (README, "Static demo"): every page rendered by Voici into site/, running on Pyodide
# in the visitor's browser, the package installed there from its own wheel (demo/build.py). Pyodide comes
# from its public host; make demo LOCAL_PYODIDE=1 puts a copy in the site instead (what the offline
# browser test serves: tests/browser/test_static_site.py). Needs npm for that copy. Preview the site with
# python3 -m http.server -d site, then open http://127.0.0.1:8000/voici/render/index.html
LOCAL_PYODIDE ?=
demo: $(DEMO_STAMP) $(ENGINE_STAMP)
	cd $(ROOT) && $(BIN)/python demo/build.py --output site $(if $(LOCAL_PYODIDE),--local-pyodide)

# Unit tests, every notebook (nbval) and the browser tests, with pytest
# (configured in pytest.ini).
# Two passes: everything but the load tests on TEST_WORKERS workers (pytest-xdist,
# a file per worker at a time: a notebook's cells share one kernel),
# then the load tests (marked `alone`) by themselves, so that nothing else runs
# beside a test that opens a class's worth of pages. A pass that selects no
# test (e.g. PYTEST_ARGS="-k lesson") is not a failure (pytest's exit code 5).
# --no-loadscope-reorder: files are handed out in the collected order, the long browser files first
# (tests/conftest.py), not sorted by their number of tests (which put the browser files, each a few
# long tests, last: one worker finished the run alone on them).
# Bytecode caches are written even where PYTHONDONTWRITEBYTECODE is set (__pycache__ is ignored by git):
# without them every pytest process rewrites and compiles each test module again (about 6 s of CPU each)
# and every kernel the browser tests start compiles the app again.
TEST_WORKERS ?= 2
# The venv's install and Debian's packages are made side by side (both wait mostly on downloads), then the
# tests run.
test:
	@$(MAKE) --no-print-directory system-packages & system=$$!; \
	if $(MAKE) --no-print-directory install-test; then venv=0; else venv=$$?; fi; \
	if wait $$system; then packages=0; else packages=$$?; fi; \
	[ $$venv -eq 0 ] && [ $$packages -eq 0 ]
	@$(MAKE) --no-print-directory run-tests

run-tests: $(TEST_STAMP) $(ENGINE_STAMP) system-packages
	cd $(ROOT) && export NAP_CHROMIUM=$(CHROMIUM) && unset PYTHONDONTWRITEBYTECODE && \
	  { $(BIN)/python -m pytest -n $(TEST_WORKERS) --dist loadfile --no-loadscope-reorder -m "not alone" $(PYTEST_ARGS) || [ $$? -eq 5 ]; } && \
	  { $(BIN)/python -m pytest -m alone $(PYTEST_ARGS) || [ $$? -eq 5 ]; }

clean-venv:
	rm -rf $(VENV)

# Languages: extract every gettext string into the template, merge it into each
# catalogue (new strings arrive untranslated; tests/test_i18n.py fails until
# they are translated) and compile the catalogues the app loads.
LOCALE := nap_teach/locale
i18n: $(APP_STAMP)
	cd $(ROOT) && $(BIN)/pybabel extract -F babel.cfg -k N_ -k Np_:1,2 -k pgettext:1c,2 --no-location --sort-output \
	  --project nap_teach --version 0.1 -o $(LOCALE)/nap_teach.pot nap_teach
	cd $(ROOT) && $(BIN)/pybabel update -i $(LOCALE)/nap_teach.pot -d $(LOCALE) -D nap_teach \
	  --no-fuzzy-matching --ignore-obsolete
	cd $(ROOT) && $(BIN)/pybabel compile -d $(LOCALE) -D nap_teach --statistics

# The rules reference (docs/rules.md, docs/rules.es.md), generated from the
# rulebook nap_teach/words/rulebook.py; tests/test_rulebook.py fails when it is stale.
docs: $(APP_STAMP) $(ENGINE_STAMP)
	cd $(ROOT) && $(BIN)/python -m nap_teach rulebook --lang en > docs/rules.md.tmp && mv docs/rules.md.tmp docs/rules.md
	cd $(ROOT) && $(BIN)/python -m nap_teach rulebook --lang es > docs/rules.es.md.tmp && mv docs/rules.es.md.tmp docs/rules.es.md
