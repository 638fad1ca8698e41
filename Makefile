# clockapp: `make run` starts the app, `make test` runs every check. Both set themselves up.
PYTHON ?= python3
VENV ?= .venv
HEADLESS ?= .venv-headless
PY := $(VENV)/bin/python
HPY := $(HEADLESS)/bin/python
ARGS ?=
# Each test runs once. The non-GUI suites run in the environment without PySide6 (they must import
# and pass there): `clockapp` without its ui package is there for the doctests of every Qt-free
# module (see tests/headless.ini). The GUI run takes what needs Qt: the windows, clockapp/ui's
# doctests and the packaged app. tests/test_doctests.py checks that every test folder is in one.
HEADLESS_TESTS := tests/poker tests/core tests/persistence tests/services tests/commands \
	tests/bench tests/browser tests/test_doctests.py tests/test_preflight.py tests/test_portable.py \
	tests/test_readme_data.py tests/i18n clockapp
GUI_TESTS := tests/ui tests/packaging clockapp/ui
# pytest-xdist: one worker per core. `make test PARALLEL=` runs in one process.
PARALLEL ?= -n auto
HEADLESS_SKIP := --ignore=clockapp/ui

.PHONY: run preflight test check lint typecheck test-gui test-headless check-fast bench package \
	package-check install-desktop clean translations

$(VENV)/.run-installed: pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -e .
	touch $@

$(VENV)/.dev-installed: pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -e '.[dev]'
	touch $(VENV)/.run-installed $@

# A second environment with everything but Qt, to prove the layers below ui do not need it.
$(HEADLESS)/.installed: pyproject.toml
	test -x $(HPY) || $(PYTHON) -m venv $(HEADLESS)
	$(HPY) -m pip install -q --upgrade pip
	$(HPY) -m pip install -q --no-deps -e .
	$(HPY) -m pip install -q sqlmodel alembic platformdirs numpy simpleeval babel \
		'psycopg[binary]' pytest pytest-xdist pytest-timeout hypothesis
	! $(HPY) -c "import PySide6" 2>/dev/null
	touch $@

# The system libraries Qt needs (Linux with a display): checked first, with the packages to install.
preflight:
	$(PYTHON) -I clockapp/preflight.py

run: preflight $(VENV)/.run-installed
	$(PY) -m clockapp $(ARGS)

test: lint typecheck test-gui test-headless

# The inner loop: lint, types and the tests not marked slow, in both environments.
check: lint typecheck check-fast

check-fast: $(VENV)/.dev-installed $(HEADLESS)/.installed
	$(HPY) -m pytest -c tests/headless.ini --rootdir=. $(PARALLEL) -q -m "not slow" \
		$(HEADLESS_SKIP) $(HEADLESS_TESTS)
	QT_QPA_PLATFORM=offscreen $(PY) -m pytest $(PARALLEL) -q -m "not slow" $(GUI_TESTS)

lint: $(VENV)/.dev-installed
	$(VENV)/bin/ruff check clockapp tests $(wildcard bench)
	$(VENV)/bin/lint-imports
	$(PY) -m tests.house_rules

typecheck: $(VENV)/.dev-installed
	$(VENV)/bin/mypy

test-gui: $(VENV)/.dev-installed
	QT_QPA_PLATFORM=offscreen $(PY) -m pytest $(PARALLEL) $(GUI_TESTS)

test-headless: $(HEADLESS)/.installed
	$(HPY) -m pytest -c tests/headless.ini --rootdir=. $(PARALLEL) $(HEADLESS_SKIP) $(HEADLESS_TESTS)

bench: $(VENV)/.dev-installed
	$(PY) -m pip install -q -r bench/requirements-poker.txt  # treys, eval7: for comparison only
	QT_QPA_PLATFORM=offscreen $(PY) bench/run.py  # every script, then the missed goals; fails on any

package: $(VENV)/.dev-installed
	$(PY) -m pip install -q pyinstaller
	$(VENV)/bin/pyinstaller --noconfirm packaging/clockapp.spec

# Build the packaged app, run its self-test (resources, a migrated database, a drawn clock, the
# Qt parts loaded later) and check the folder's size against its goal.
package-check: package
	QT_QPA_PLATFORM=offscreen CLOCKAPP_DATA_DIR=$$(mktemp -d) dist/clockapp/clockapp --self-test
	$(PY) packaging/bundle_size.py dist/clockapp

# Linux: the built app in this user's application menu, with its icon (under $XDG_DATA_HOME).
install-desktop:
	test -x dist/clockapp/clockapp || $(MAKE) package
	$(PYTHON) packaging/install_desktop.py --exec $(CURDIR)/dist/clockapp/clockapp

# The catalogs: every marked string into clockapp/locale/clockapp.pot, merged into each language's
# .po (the translators' file, committed), compiled to the .mo the app loads (committed as well, so
# an install from the source needs no build step); tests/i18n checks the .mo match their .po.
LOCALE := clockapp/locale
translations: $(VENV)/.dev-installed
	$(VENV)/bin/pybabel extract -F babel.cfg -k N_ -k pgettext:1c,2 --sort-by-file \
		--project=clockapp --no-location --omit-header -o $(LOCALE)/clockapp.pot clockapp
	$(VENV)/bin/pybabel update -D clockapp -i $(LOCALE)/clockapp.pot -d $(LOCALE) \
		--no-fuzzy-matching --ignore-obsolete
	$(VENV)/bin/pybabel compile -D clockapp -d $(LOCALE) --statistics

clean:
	rm -rf $(VENV) $(HEADLESS) build dist .pytest_cache .mypy_cache .ruff_cache
