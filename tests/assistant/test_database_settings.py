"""The connection policy per engine: a bounded pool on PostgreSQL, WAL and a busy timeout on SQLite."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from assistant.settings import DATABASE_POOL_MAX, database_settings


def test_postgresql_gets_a_bounded_pool_and_no_persistent_connections() -> None:
    database = database_settings("postgres://app@db.internal:5432/app")
    assert database["OPTIONS"]["pool"]["max_size"] == DATABASE_POOL_MAX
    assert database["OPTIONS"]["pool"]["min_size"] <= DATABASE_POOL_MAX
    assert database["CONN_MAX_AGE"] == 0


def test_postgresql_pool_checks_a_connection_before_lending_it() -> None:
    # Django gives the pool psycopg's ConnectionPool.check_connection for this setting; the
    # integration suite terminates the pooled backends and sees every request served.
    assert database_settings("postgres://app@db.internal:5432/app")["CONN_HEALTH_CHECKS"] is True


def test_sqlite_runs_in_wal_mode_with_a_busy_timeout(tmp_path: Path) -> None:
    database = database_settings(f"sqlite:///{tmp_path / 'db.sqlite3'}")
    options = database["OPTIONS"]
    assert options["timeout"] >= 5 and options["transaction_mode"] == "IMMEDIATE"
    connection = sqlite3.connect(database["NAME"])
    connection.executescript(options["init_command"])
    assert connection.execute("pragma journal_mode").fetchone()[0] == "wal"
    connection.close()
