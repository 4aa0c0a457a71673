"""`eval live --provider openai` and start-up stop at once on a public endpoint with no real key."""

from __future__ import annotations

from typing import Any

import pytest
from django.core.exceptions import ImproperlyConfigured
from django.core.management import CommandError, call_command

from assistant.providers.registry import configuration_problem, key_problem, openai_provider
from evals.models import EvalRun

PUBLIC = "https://api.openai.com/v1"
REAL_LOOKING = "sk-proj-" + "a1B2c3D4e5" * 5


@pytest.mark.parametrize("key", ["", "unused", "sk-...", "sk-test", "your key here", None])
def test_a_public_endpoint_needs_a_real_key(key: str | None) -> None:
    assert "OPENAI_API_KEY" in (key_problem(PUBLIC, key) or "")
    assert key_problem("https://example.openai.azure.com/openai/v1", key)
    with pytest.raises(ImproperlyConfigured):
        openai_provider(base_url=PUBLIC, api_key=key)


def test_a_local_server_takes_any_placeholder_and_a_real_key_passes() -> None:
    assert key_problem("http://127.0.0.1:11434/v1", "unused") is None
    assert key_problem("http://127.0.0.1:8765/v1", "") is None
    assert key_problem(PUBLIC, REAL_LOOKING) is None


def test_start_up_and_the_health_page_name_the_placeholder(settings: Any, client: Any) -> None:
    settings.MODEL_PROVIDER = "openai"
    settings.OPENAI_API_KEY = "unused"
    settings.OPENAI_BASE_URL = PUBLIC
    assert "placeholder" in (configuration_problem() or "")
    health = client.get("/api/health/")
    assert health.status_code == 503 and "OPENAI_API_KEY" in health.json()["checks"]["model_config"]


@pytest.mark.django_db
def test_eval_live_stops_before_the_first_case(settings: Any) -> None:
    settings.OPENAI_API_KEY = ""
    settings.OPENAI_BASE_URL = PUBLIC
    with pytest.raises(CommandError, match="OPENAI_API_KEY is empty"):
        call_command("eval", "live", "--provider", "openai", "--cases", "evals/cases/smoke.yaml", verbosity=0)
    assert not EvalRun.objects.exists()
