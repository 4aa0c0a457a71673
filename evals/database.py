"""The eval's own database: eval runs, their results and the cases' worlds live there.

The product's settings carry it as the "evals" alias; under the eval's settings it is the default
database and the alias is absent, so the router then leaves every model where it is.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.management import call_command
from django.db import connections
from django.db.migrations.executor import MigrationExecutor
from django.db.models import Model

EVAL_ALIAS = "evals"


def eval_database() -> str:
    return EVAL_ALIAS if EVAL_ALIAS in settings.DATABASES else "default"


def migrate_when_needed(alias: str, *, verbosity: int = 0) -> None:
    """The eval's own database is created and migrated on first use (and after a new migration)."""
    connection = connections[alias]
    if connection.vendor == "sqlite" and str(connection.settings_dict["NAME"]) != ":memory:":
        Path(str(connection.settings_dict["NAME"])).parent.mkdir(parents=True, exist_ok=True)
    executor = MigrationExecutor(connection)
    if executor.migration_plan(executor.loader.graph.leaf_nodes()):
        call_command("migrate", database=alias, interactive=False, verbosity=0 if verbosity < 2 else verbosity)


class EvalRouter:
    def db_for_read(self, model: type[Model], **hints: Any) -> str | None:
        return eval_database() if model._meta.app_label == "evals" else None

    def db_for_write(self, model: type[Model], **hints: Any) -> str | None:
        return eval_database() if model._meta.app_label == "evals" else None

    def allow_relation(self, first: Model, second: Model, **hints: Any) -> bool | None:
        return None

    def allow_migrate(self, db: str, app_label: str, **hints: Any) -> bool | None:
        # The eval database is a whole product database (the cases run the product's code on it),
        # so every app migrates everywhere; the product database's evals tables stay unused.
        return None
