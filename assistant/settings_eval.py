"""Settings for `manage.py eval`: the base settings with safe defaults, on a database of its own.

An eval needs no secret and must never touch the product's data, so it runs with debug off, an
eval-only key (unless SECRET_KEY is set) and its own SQLite file, migrated by the command when
needed. EVAL_DATABASE_URL points it at another database (a PostgreSQL one, say).
"""

import os

os.environ.setdefault("SECRET_KEY", "eval-only-key-for-a-local-database-never-served")
# The product's DATABASE_URL is not the eval's: cases run in rolled-back transactions, but a
# stored run and a migration are real writes.
os.environ.pop("DATABASE_URL", None)

from assistant.settings import *  # noqa: F403
from assistant.settings import EVAL_DATABASE_URL, database_settings

# The same database the product reads eval runs from (its "evals" alias); here it is the default.
DATABASES = {"default": database_settings(EVAL_DATABASE_URL)}
# Slow work after a turn runs inside the turn, so a case's checks see it and nothing outlives the case.
POST_TURN_TASKS = "inline"
