#!/usr/bin/env bash
# Print the performance figures (they are measurements, not pass/fail tests).
set -euo pipefail
cd "$(dirname "$0")/.."
export PYTHONDONTWRITEBYTECODE=1
.venv/bin/python scripts/benchmarks/symbols.py
.venv/bin/python scripts/benchmarks/phrases.py
.venv/bin/python scripts/benchmarks/range_query.py
# The turn benchmark on the embedded default (SQLite), and on DATABASE_URL's server when one is set.
env -u DATABASE_URL .venv/bin/python scripts/benchmarks/turns.py --turns 20
if [ -n "${DATABASE_URL:-}" ]; then
  .venv/bin/python scripts/benchmarks/turns.py --turns 20
fi
.venv/bin/python scripts/benchmarks/offline_provider.py
# The static prefix and the prompt tokens per call of the offline eval, before and after the lean tool list.
env -u DATABASE_URL .venv/bin/python scripts/benchmarks/prompt_tokens.py
env -u DATABASE_URL .venv/bin/python scripts/benchmarks/recurrence_expansion.py
if [ -n "${DATABASE_URL:-}" ] && [ -n "${REDIS_URL:-}" ]; then
  .venv/bin/python scripts/benchmarks/reminder_lag.py
fi
# Turn cost as a thread and a calendar grow (10 to 20,000 messages, 10 to 100,000 events).
env -u DATABASE_URL .venv/bin/python scripts/benchmarks/growth.py
if [ -n "${DATABASE_URL:-}" ]; then
  .venv/bin/python scripts/benchmarks/growth.py
fi
