# Two entry points for a fresh machine: `make run` and `make test`.
# Any Python 3.11 or newer is used (scripts/find-python picks it; PYTHON=... names one).
PYTHON ?=
VENV := .venv
BIN := $(VENV)/bin
# Installed: what running needs (with the PostgreSQL driver) / that and the test tools.
RUN_STAMP := $(VENV)/.installed-run
STAMP := $(VENV)/.installed

.PHONY: run test install lint typecheck bench readme-images clean find-python

run: $(RUN_STAMP)
	$(BIN)/python -m bot

test: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy
	$(BIN)/python -m pytest -q

# For a service (docs/deploy.md): what running needs, compiled ahead of time
# (a service may not write next to the code).
install: $(RUN_STAMP)
	$(BIN)/python -m compileall -q engine db renders bot cogs

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy

bench: $(STAMP)
	$(BIN)/python -m benchmarks

# The README's pictures in docs/img, drawn from the code (tests/test_readme_images.py
# fails when they are stale).
readme-images: $(RUN_STAMP)
	$(BIN)/python -m renders.readme docs/img

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
