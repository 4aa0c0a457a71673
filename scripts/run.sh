#!/usr/bin/env bash
# Set up and start the product on the embedded defaults: SQLite, eager Celery, and the offline
# model stand-in unless OPENAI_API_KEY (or MODEL_PROVIDER) says otherwise.
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup.sh

export DEBUG=${DEBUG:-1}
HOST=${HOST:-127.0.0.1}
PORT=${PORT:-8000}

.venv/bin/python manage.py migrate --noinput
.venv/bin/python manage.py ensure_demo_user
# No Redis means no Celery beat: the web process sweeps due reminders itself (scheduling/ticker.py).
if [ -z "${REDIS_URL:-}" ]; then export REMINDER_TICKER=${REMINDER_TICKER:-1}; fi
echo "==> open http://$HOST:$PORT/  (admin: http://$HOST:$PORT/admin/)"
exec .venv/bin/uvicorn assistant.asgi:application --host "$HOST" --port "$PORT" --log-level info
