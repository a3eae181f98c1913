# Entry points for a fresh machine: `make run`, `make test` (before each commit)
# and `make test-all` (everything: what CI runs). `make test ARGS="-x -k name"`
# passes options to pytest. Any Python 3.11 or newer is used (scripts/find-python
# picks it; PYTHON=... names one).
PYTHON ?=
ARGS ?=
VENV := .venv
BIN := $(VENV)/bin
# pytest-xdist: one worker per core (ARGS="-n 0" runs in one process).
PYTEST := $(BIN)/python -m pytest -n auto
# Each test process, and each bot process the tests start, would otherwise
# compile the code and rewrite the tests' asserts anew (~5 s of CPU each):
# __pycache__ is ignored by git.
unexport PYTHONDONTWRITEBYTECODE
# Installed: what running needs (with the PostgreSQL driver) / that and the test tools.
RUN_STAMP := $(VENV)/.installed-run
STAMP := $(VENV)/.installed

.PHONY: run test test-all install lint typecheck bench readme-images clean find-python

run: $(RUN_STAMP)
	$(BIN)/python -m bot

# Lint, types and the quick tests (not marked slow: tests/conftest.py), which
# include the PostgreSQL store tests and one short end-to-end game; ~1 minute.
test: lint typecheck
	$(PYTEST) -q -m "not slow" $(ARGS)

# Everything, with the CI Hypothesis profile (more examples, randomised, the
# seed in the header): what .ci/run runs.
test-all: lint typecheck
	HYPOTHESIS_PROFILE=ci $(PYTEST) -q $(ARGS)

# For a service (docs/deploy.md): what running needs, compiled ahead of time
# (a service may not write next to the code).
install: $(RUN_STAMP)
	$(BIN)/python -m compileall -q engine db renders bot cogs

# Style, and dead code (vulture; what is used only by name, e.g. discord.py's
# callbacks, is listed in vulture_whitelist.py).
lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/vulture

typecheck: $(STAMP)
	$(BIN)/mypy

bench: $(STAMP)
	$(BIN)/python -m benchmarks

# The README's pictures in docs/img, drawn from the code (tests/test_readme_images.py
# fails when they are stale).
readme-images: $(STAMP)
	$(BIN)/python -m tests.renders.samples docs/img

# The interpreter .venv would be made with.
find-python:
	@PYTHON="$(PYTHON)" scripts/find-python

$(BIN)/python:
	@py=$$(PYTHON="$(PYTHON)" scripts/find-python) || exit 1; \
	echo "creating $(VENV) with $$py"; \
	"$$py" -m venv $(VENV)

$(RUN_STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e ".[postgres]"
	touch $@

$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e ".[postgres,dev]"
	touch $@ $(RUN_STAMP)

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache demo-output
