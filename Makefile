# Shortcuts for tasks.py (which needs only Python 3.11+).
.PHONY: play test bench
play:
	python3 tasks.py play $(ARGS)
test:
	python3 tasks.py test
bench:
	python3 tasks.py test -q --co >/dev/null && .venv/bin/python bench/bench_engine.py
