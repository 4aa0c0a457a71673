#!/usr/bin/env bash
# Set up and run every test:
#   1. lint and types (ruff, mypy)
#   2. the unit suite on the embedded defaults (SQLite, eager Celery, local-memory cache)
#   3. the integration suite on PostgreSQL + Redis + a real Celery worker, when DATABASE_URL and
#      REDIS_URL name them; with REQUIRE_SERVICES=1 (as CI sets) missing services FAIL the run
#   4. the browser tests: the real product under uvicorn, driven in Debian's Chromium
#   5. the offline eval (every case, through the HTTP API, with the scripted model)
#   6. benchmarks, which print their figures
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup.sh
./scripts/install_browser.sh

export PYTHONDONTWRITEBYTECODE=1
PYTEST=(.venv/bin/python -m pytest -p no:cacheprovider)
EMBEDDED=(env -u DATABASE_URL -u REDIS_URL)

echo "==> lint and types"
.venv/bin/ruff check .
.venv/bin/mypy .

echo "==> unit suite (SQLite, eager Celery)"
"${EMBEDDED[@]}" "${PYTEST[@]}" -m "not integration and not browser" -q -n 2 --dist loadfile --durations=5 "$@"

echo "==> integration suite (PostgreSQL, Redis, Celery worker)"
if [ -n "${DATABASE_URL:-}" ] || [ -n "${REDIS_URL:-}" ] || [ "${REQUIRE_SERVICES:-0}" = "1" ]; then
  "${PYTEST[@]}" -m integration -q "$@"
else
  echo "    DATABASE_URL and REDIS_URL are not set: the integration suite is skipped here."
  echo "    (CI sets them and REQUIRE_SERVICES=1; see .ci/run.)"
fi

echo "==> browser tests (uvicorn + Chromium; screenshots in artifacts/browser/)"
"${EMBEDDED[@]}" "${PYTEST[@]}" -m browser -q --durations=0 "$@"

echo "==> offline eval (every case through the HTTP API, scripted model)"
# The README's command as written: its own settings and database (var/eval.sqlite3), migrated on use.
rm -f var/eval.sqlite3
.venv/bin/python manage.py eval offline --json artifacts/eval-offline.json --html artifacts/eval-offline.html

echo "==> benchmarks"
./scripts/bench.sh
