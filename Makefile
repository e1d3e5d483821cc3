# Domeng: `make app` opens the tutorial in Voilà, `make test` runs the whole suite.
# Both set up .venv first (once; again whenever pyproject.toml changes).
# `make site` builds _site/, the notebooks as a static site whose Python runs in the browser.

PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

IP        ?= 127.0.0.1
PORT      ?= 8866
PLAY_PORT ?= 8867

SITE ?= _site

# `domeng app` / `domeng play` (domeng/web/serve.py) hold Voilà's flags: loopback unless IP is
# given, Voilà's lab template without CDN links, preheated kernels, idle kernels culled.

# nbval checks the notebooks that exist; .py files in tests/ and domeng/ are collected as usual.
NOTEBOOKS := $(wildcard notebooks)
# bench_pyodide and bench_layout_steps run in the site that bench_site builds, so they come after it
AFTER_SITE := benchmarks/bench_pyodide.py benchmarks/bench_layout_steps.py
BENCHMARKS := $(filter-out $(AFTER_SITE),$(wildcard benchmarks/*.py)) \
	$(wildcard $(AFTER_SITE))

.PHONY: venv lock node app play site check test docs docs-build notebooks catalogues bench browsers clean distclean

venv: $(STAMP)

# Every dependency comes from the lock, requirements/dev.txt (exact versions with their hashes,
# written by `make lock`), so a release elsewhere cannot change what the tests run on; domeng
# itself is then installed editable on top. NEWEST=1 installs the newest releases instead
# (the scheduled CI job, .github/workflows/newest.yml, says what they would break).
LOCK := requirements/dev.txt
$(STAMP): pyproject.toml $(LOCK)
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --upgrade pip
ifdef NEWEST
	$(BIN)/python -m pip install --upgrade -e ".[dev]"
else
	$(BIN)/python -m pip install --require-hashes -r $(LOCK)
	$(BIN)/python -m pip install --no-deps -e ".[dev]"
endif
	touch $@

# The lock written again from pyproject.toml's ranges: the newest versions that satisfy them
# today, for Python 3.11 on Linux x86_64 (the machines the project runs on). Read the diff.
lock: venv
	$(BIN)/uv pip compile pyproject.toml --extra dev --extra hub --python-version 3.11 \
		--python-platform x86_64-manylinux_2_28 --generate-hashes --quiet \
		--custom-compile-command "make lock" -o $(LOCK)

app: venv
	$(BIN)/domeng app --port=$(PORT) --ip=$(IP)

play: venv
	$(BIN)/domeng play --port=$(PLAY_PORT) --ip=$(IP)

# The static site: whatever notebooks are in notebooks/ now, Pyodide and pinned wheels from
# the registries (kept in site/.cache, so a second build is quick and needs no network).
# Serve it with any static file server: python3 -m http.server --directory $(SITE)
# domeng/web/site/build.py makes its own venv for the build tools; it runs in the project's venv
# because each page's first screen (first_screen.py) runs the notebook's cells with domeng and
# its widgets to draw the tables a learner sees before Python has started in the browser.
site: venv
	$(BIN)/python domeng/web/site/build.py --out $(SITE)

# The tests' npm tools, pinned in package.json and package-lock.json (npm ci installs exactly
# those, into node_modules/): axe-core, the accessibility engine the browser tests run in
# each page (tests/browser/test_accessibility.py), and configurable-http-proxy, JupyterHub's
# proxy (tests/browser/test_jupyterhub.py). Needs Node.js 20 or newer and npm.
NODE_STAMP := node_modules/.package-lock.json
node: $(NODE_STAMP)

$(NODE_STAMP): package.json package-lock.json
	@command -v npm >/dev/null || { echo "npm is not installed: apt-get install -y nodejs npm"; exit 1; }
	npm ci --no-audit --no-fund
	touch $@

# The check to run while you work, in about three minutes: ruff, and every test that needs no
# browser, no notebook run and no copy of the tree (the markers `browser` and `slow`), the
# README's example included.
check: venv
	$(BIN)/ruff check .
	$(BIN)/python -m pytest tests domeng README.md -m "not browser and not slow" -q

# The whole suite. The browser tests open the site that `make site` just built
# (tests/browser/test_site.py); the documentation is built too, so a broken link fails.
test: venv site node docs-build
	$(BIN)/ruff check .
	DOMENG_SITE=$(SITE) $(BIN)/python -m pytest tests domeng README.md $(NOTEBOOKS) --nbval

# The translations (domeng/i18n.py): gather every marked message of the package into
# domeng/locale/domeng.pot, add the new ones to each language's .po (untranslated, for a
# translator to fill in; tests/test_i18n.py fails until they are), and compile the .mo files
# the package reads. `pip install` compiles them too (setup.py).
# A new message arrives empty, never with a guess from a look-alike message; a message whose
# English changed keeps its translation, marked fuzzy with the old English above it
# (#| msgid), and no leftover of that line survives a later run: tools/update_catalogues.py
# (pybabel update did both wrong; tests/test_catalogues.py). gettext does not use a fuzzy
# translation, so tests/test_i18n.py asks to review it. A message no code uses any more
# stays at the end as obsolete (#~), never lost (one never translated has nothing to lose and
# goes). A catalogue none of whose messages changed is not written, header and date included.
# Last, the loading words of every language go into `domeng app`'s Voilà template.
LOCALE := domeng/locale
catalogues: venv
	$(BIN)/pybabel -q extract -F babel.cfg --no-location --sort-output --omit-header \
		--add-comments=TRANSLATORS: -o $(LOCALE)/domeng.pot .
	$(BIN)/python tools/update_catalogues.py $(LOCALE)/domeng.pot $(LOCALE)
	$(BIN)/pybabel compile -d $(LOCALE) -D domeng --statistics
	$(BIN)/python -m domeng.web.loading --write

# The documentation site (mkdocs.yml, MkDocs Material), built offline into $(SITE)/docs; first
# the tables of docs/rules*.md, docs/format.md and docs/guides/contributor.md are written again
# from domeng.Rules (domeng/rules.py declares each with its rule and meaning; domeng/ruledocs.py
# writes them). --strict: a broken link or API reference fails the build.
# (No recursive make here: a sub-make would not inherit the recipe tests' `-o` for the venv.)
MKDOCS := NO_MKDOCS_2_WARNING=1 $(BIN)/mkdocs build --strict --quiet --site-dir $(SITE)/docs
docs: venv
	$(BIN)/python -m domeng.ruledocs --write
	$(MKDOCS)

docs-build: venv
	$(MKDOCS)

# The English sentences of the golden games (tests/test_golden.py), after a sentence was
# reworded on purpose: writes tests/golden/*.sentences.txt, and nothing if the games
# themselves changed (then review them and use --write all). Read `git diff tests/golden/`.
golden: venv
	$(BIN)/python tests/test_golden.py --write

# Re-run the notebooks and store their outputs (what nbval then checks). Widget state is
# not stored: the views are made live by the kernel, so the files stay small and stable.
notebooks: venv
	cd notebooks && ../$(BIN)/jupyter nbconvert --to notebook --execute --inplace \
		--ExecutePreprocessor.store_widget_state=False *.ipynb

# `make bench` takes about four minutes: every benchmark once, the browser ones with few
# visitors and no burst. `make bench LONG=1` runs the larger engine runs, the 20,000-round
# tournament whose claims are checked, and the browser benchmarks as the RESULTS files
# report them (three visitors per page, both Voilà modes, ten pages at once): about half
# an hour.
bench: venv
	@test -n "$(BENCHMARKS)" || { echo "no benchmarks/*.py yet"; exit 1; }
	@missed=""; for f in $(BENCHMARKS); do echo "== $$f"; \
		case $$f in \
		*/bench_engine.py|*/bench_players.py) args="$(if $(LONG),--long)";; \
		*/bench_site.py) args="$(if $(LONG),,--loads 1 --skip-voila)";; \
		*/bench_voila.py) args="$(if $(LONG),,--loads 3 --spacing 4 --concurrent 0 --modes preheat)";; \
		*) args="";; esac; \
		$(BIN)/python $$f $$args || missed="$$missed $$(basename $$f)"; done; \
	if [ -n "$$missed" ]; then echo "== a target missed or a run failed in:$$missed"; exit 1; fi

# Debian's chromium for the browser tests (never `playwright install`). Needs root.
browsers:
	@if [ -x /usr/bin/chromium ]; then echo "/usr/bin/chromium is installed"; \
	elif [ "$$(id -u)" != 0 ]; then echo "run as root: apt-get update && apt-get install -y chromium"; exit 1; \
	else apt-get update && apt-get install -y chromium; fi

clean:
	rm -rf artifacts build dist *.egg-info .pytest_cache .ruff_cache .hypothesis $(SITE)
	find . -path ./$(VENV) -prune -o \( -name __pycache__ -o -name .ipynb_checkpoints \) -type d -print \
		| xargs rm -rf

distclean: clean
	rm -rf $(VENV) site/.cache node_modules
