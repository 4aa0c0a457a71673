"""Settings for `manage.py eval`: the base settings with safe defaults, on a database of its own.

An eval needs no secret and must never touch the product's data, so it runs with debug off, an
eval-only key (unless SECRET_KEY is set) and its own SQLite file, migrated by the command when
needed. EVAL_DATABASE_URL points it at another database (a PostgreSQL one, say).
"""

import os

os.environ.setdefault("SECRET_KEY", "eval-only-key-for-a-local-database-never-served")
# The product's DATABASE_URL is not the eval's: cases run in rolled-back transactions, but a
# stored run and a migration are real writes.
_eval_database = os.environ.get("EVAL_DATABASE_URL", "").strip()
os.environ.pop("DATABASE_URL", None)

from assistant.settings import *  # noqa: E402, F403
from assistant.settings import VAR_DIR, database_settings  # noqa: E402

DATABASES = {"default": database_settings(_eval_database or f"sqlite:///{VAR_DIR / 'eval.sqlite3'}")}
# Slow work after a turn runs inside the turn, so a case's checks see it and nothing outlives the case.
POST_TURN_TASKS = "inline"
