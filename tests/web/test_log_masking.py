"""The calendar feed's token never appears in a log line: uvicorn's access log, Django's request
and server logs, whatever formats them."""

from __future__ import annotations

import io
import logging
from collections.abc import Iterator

import pytest
from django.contrib.auth.models import AbstractBaseUser
from django.test import Client
from uvicorn.logging import AccessFormatter

from scheduling.selectors import profile_get
from scheduling.services import profile_rotate_feed_token

TOKEN = "s3cretFeedToken_abcdefghijklmnop"


def captured(logger_name: str, formatter: logging.Formatter | None = None) -> tuple[logging.Logger, io.StringIO, logging.Handler]:
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    handler.setFormatter(formatter or logging.Formatter("%(message)s"))
    logger = logging.getLogger(logger_name)
    logger.addHandler(handler)
    return logger, stream, handler


@pytest.fixture
def uvicorn_access() -> Iterator[tuple[logging.Logger, io.StringIO]]:
    # uvicorn's own access format: it unpacks the record's five arguments.
    formatter = AccessFormatter('%(client_addr)s - "%(request_line)s" %(status_code)s', use_colors=False)
    logger, stream, handler = captured("uvicorn.access", formatter)
    level = logger.level
    logger.setLevel(logging.INFO)
    yield logger, stream
    logger.removeHandler(handler)
    logger.setLevel(level)


def test_uvicorns_access_line_masks_the_feed_token(uvicorn_access: tuple[logging.Logger, io.StringIO]) -> None:
    logger, stream = uvicorn_access
    # As uvicorn's protocol logs a request.
    logger.info('%s - "%s %s HTTP/%s" %d', "10.0.0.7:51234", "GET", f"/calendar/{TOKEN}.ics?x=1", "1.1", 200)
    line = stream.getvalue()
    assert TOKEN not in line
    assert line.strip() == '10.0.0.7:51234 - "GET /calendar/….ics?x=1 HTTP/1.1" 200 OK'


def test_other_paths_are_logged_as_they_are(uvicorn_access: tuple[logging.Logger, io.StringIO]) -> None:
    logger, stream = uvicorn_access
    logger.info('%s - "%s %s HTTP/%s" %d', "10.0.0.7:51234", "GET", "/calendar/import/?a=b", "1.1", 200)
    assert '"GET /calendar/import/?a=b HTTP/1.1" 200' in stream.getvalue()


def test_runservers_line_masks_the_feed_token() -> None:
    logger, stream, handler = captured("django.server")
    try:
        logger.warning('"%s" %s %s', f"GET /calendar/{TOKEN}.ics HTTP/1.1", "404", "179")
    finally:
        logger.removeHandler(handler)
    assert TOKEN not in stream.getvalue()
    assert "GET /calendar/….ics HTTP/1.1" in stream.getvalue()


@pytest.mark.django_db
def test_a_wrong_token_s_404_is_logged_without_it(client: Client, caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.WARNING, logger="django.request"):
        assert client.get(f"/calendar/{TOKEN}.ics").status_code == 404
    lines = [record.getMessage() for record in caplog.records if record.name == "django.request"]
    assert lines == ["Not Found: /calendar/….ics"]


@pytest.mark.django_db
def test_a_real_token_s_failure_is_logged_without_it(
    client: Client, person: AbstractBaseUser, caplog: pytest.LogCaptureFixture
) -> None:
    profile_rotate_feed_token(user=person)
    token = profile_get(user=person).feed_token
    with caplog.at_level(logging.WARNING, logger="django.request"):
        assert client.post(f"/calendar/{token}.ics").status_code == 405
    text = "\n".join(record.getMessage() for record in caplog.records)
    assert token not in text
    assert "/calendar/….ics" in text
