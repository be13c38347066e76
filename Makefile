# The two commands of the README's quick start. Each creates .venv when it is missing.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: play test lint bench

$(BIN)/euchre: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e .
	touch $(BIN)/euchre

$(VENV)/.test-deps: pyproject.toml $(BIN)/euchre
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(VENV)/.test-deps

play: $(BIN)/euchre
	$(BIN)/euchre play $(ARGS)

test: $(VENV)/.test-deps
	$(BIN)/python -m pytest -n 2 -q
	$(BIN)/ruff check src tests bench
	$(BIN)/mypy

bench: $(VENV)/.test-deps
	$(BIN)/python bench/bench_engine.py
