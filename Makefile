# The two commands of the README, and a few for day-to-day work.
.PHONY: run test setup lint bench bench-load bench-faults compat-llamacpp eval

run:  ## set up everything and start the product on the embedded defaults
	./scripts/run.sh

test:  ## set up everything and run every test (unit, integration when services are set, browser, eval)
	./scripts/test.sh

setup:
	./scripts/setup.sh

lint:
	./scripts/setup.sh && .venv/bin/ruff check . && .venv/bin/mypy .

bench:
	./scripts/setup.sh && ./scripts/bench.sh

bench-load:  ## one process under load: SSE, JSON and a sync WSGI baseline against a fake 1 s model (127.0.0.1 only)
	./scripts/setup.sh && .venv/bin/python scripts/benchmarks/load.py

bench-faults:  ## turns and reminders through a Redis restart, a worker kill and a model outage (127.0.0.1 only; own redis-server and PostgreSQL database bench_faults)
	./scripts/setup.sh && .venv/bin/python scripts/benchmarks/faults.py

compat-llamacpp:  ## not in CI: the product against a real llama-cpp-python server and Gemma 3 270M (builds ~25 min once)
	./scripts/setup.sh && ./scripts/compat_llamacpp.sh

eval:
	./scripts/setup.sh && .venv/bin/python manage.py eval offline
