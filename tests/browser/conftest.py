"""Browser tests: the real product in its own process, driven by Debian's Chromium.

The server is what a person would run: uvicorn serving the ASGI app on a temporary SQLite file,
with the offline stand-in model. Nothing is shared with the test process except HTTP, so what
passes here is what the page really does. Screenshots of every step are kept under
artifacts/browser/<test>/ (git-ignored) for a person to look at after a run.
"""

from __future__ import annotations

import datetime
import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest
from playwright.sync_api import Browser, ConsoleMessage, Locator, Page, Playwright, expect, sync_playwright

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "artifacts" / "browser"
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
]
PASSWORD = "correct horse battery staple"
PERSON_ZONE = "Asia/Shanghai"
# The browser's own clock zone differs from the person's on purpose: the agenda must follow the
# profile, not the machine.
BROWSER_ZONE = "America/Los_Angeles"
# One person per test, so the tests do not see each other's threads and events.
PEOPLE = {
    "erin": "en",
    "alice": "en",
    "bob": "en",
    "carol": "en",
    "dave": "en",
    "frank": "en",
    "gina": "en",
    "hank": "en",
    "ivan": "en",
    "judy": "en",
    "kate": "en",
    "liam": "en",
    "mona": "en",
    "nora": "en",
    "olga": "en",
    "pete": "en",
    "quinn": "en",
    "rosa": "en",
    "sam": "en",
    "tess": "en",
    "uma": "en",
    "vera": "en",
    "wes": "en",
    "xena": "en",
    "yuri": "en",
    "zoe": "en",
    "amy": "en",
    "ben": "zh",
    "cleo": "en",
    "dan": "en",
}
# A staff account for the admin pages (a superuser: it sees every review page).
ADMIN = "root"
SERVER_START_SECONDS = 60
DEFAULT_TIMEOUT_MS = 15_000

_timings: list[tuple[str, float]] = []


@dataclass
class Server:
    url: str
    process: subprocess.Popen[bytes]
    log: Path
    env: dict[str, str] = field(default_factory=dict)
    people: dict[str, str] = field(default_factory=dict)

    def manage(self, *arguments: str) -> str:
        """Run a management command against the server's database (to set up admin data); its output."""
        return _manage(self.env, *arguments)

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=10)


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _server_env(workdir: Path) -> dict[str, str]:
    env = {
        key: value
        for key, value in os.environ.items()
        if key not in {"DATABASE_URL", "REDIS_URL", "OPENAI_API_KEY", "OPENAI_BASE_URL", "DJANGO_SETTINGS_MODULE"}
    }
    env.update(
        {
            "DATABASE_URL": f"sqlite:///{workdir / 'db.sqlite3'}",
            "VAR_DIR": str(workdir),
            "DEBUG": "1",
            "MODEL_PROVIDER": "offline",
            "SECRET_KEY": "browser-test-secret-key-not-for-production",
            "DJANGO_SETTINGS_MODULE": "assistant.settings",
            "POST_TURN_TASKS": "inline",
            "PYTHONUNBUFFERED": "1",
        }
    )
    return env


def _manage(env: dict[str, str], *arguments: str) -> str:
    result = subprocess.run(
        [sys.executable, "manage.py", *arguments], cwd=ROOT, env=env, capture_output=True, text=True, timeout=180
    )
    if result.returncode != 0:
        pytest.fail(f"manage.py {arguments[0]} failed:\n{result.stdout}\n{result.stderr}")
    return result.stdout


def _create_people(env: dict[str, str]) -> None:
    code = (
        "from django.contrib.auth import get_user_model\n"
        "from scheduling.models import Profile\n"
        f"for name, language in {PEOPLE!r}.items():\n"
        "    user = get_user_model().objects.create_user(username=name, password=" + repr(PASSWORD) + ")\n"
        "    Profile.objects.create(user=user, time_zone="
        + repr(PERSON_ZONE)
        + ', time_zone_source="person", language=language)\n'
        f"get_user_model().objects.create_superuser(username={ADMIN!r}, password={PASSWORD!r})\n"
    )
    _manage(env, "shell", "-c", code)


def _wait_healthy(server: Server) -> None:
    deadline = time.monotonic() + SERVER_START_SECONDS
    while time.monotonic() < deadline:
        if server.process.poll() is not None:
            pytest.fail(f"the server exited with {server.process.returncode}:\n{server.log.read_text()}")
        try:
            with urllib.request.urlopen(f"{server.url}/api/health/", timeout=2) as response:
                if response.status == 200:
                    return
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            pass
        time.sleep(0.25)
    server.stop()
    pytest.fail(f"the server did not become healthy in {SERVER_START_SECONDS}s:\n{server.log.read_text()}")


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    workdir = tmp_path_factory.mktemp("product")
    env = _server_env(workdir)
    _manage(env, "migrate", "--noinput")
    _manage(env, "migrate", "--noinput", "--database", "evals")  # eval runs live in the eval's own database
    _create_people(env)
    port = _free_port()
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    log = ARTIFACTS / "server.log"
    with log.open("wb") as output:
        process = subprocess.Popen(
            [sys.executable, "-m", "uvicorn", "assistant.asgi:application", "--host", "127.0.0.1", "--port", str(port)],
            cwd=ROOT,
            env=env,
            stdout=output,
            stderr=subprocess.STDOUT,
        )
    running = Server(url=f"http://127.0.0.1:{port}", process=process, log=log, env=env, people=dict(PEOPLE))
    try:
        _wait_healthy(running)
        yield running
    finally:
        running.stop()


@pytest.fixture(scope="session")
def playwright_instance() -> Iterator[Playwright]:
    with sync_playwright() as playwright:
        yield playwright


@pytest.fixture(scope="session")
def browser(playwright_instance: Playwright) -> Iterator[Browser]:
    if not Path(CHROMIUM).exists():
        pytest.fail(
            f"{CHROMIUM} is missing: the browser tests drive Debian's Chromium. "
            "Install it with scripts/install_browser.sh (apt-get install chromium); "
            "Playwright's own browser download is not used."
        )
    launched = playwright_instance.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
    yield launched
    launched.close()


class Steps:
    """Numbered screenshots of one test: artifacts/browser/<test>/<nn>-<step>.png."""

    def __init__(self, page: Page, folder: Path) -> None:
        self.page = page
        self.folder = folder
        self.count = 0

    def shot(self, step: str, *, full_page: bool = False) -> Path:
        self.count += 1
        path = self.folder / f"{self.count:02d}-{step}.png"
        self.page.screenshot(path=str(path), full_page=full_page)
        return path


@dataclass
class Session:
    page: Page
    steps: Steps
    server: Server
    problems: list[str]

    def url(self, path: str) -> str:
        return f"{self.server.url}{path}"


@pytest.fixture
def session(request: pytest.FixtureRequest, browser: Browser, server: Server) -> Iterator[Session]:
    name = request.node.name
    folder = ARTIFACTS / name
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    context = browser.new_context(
        viewport={"width": 1366, "height": 860}, locale="en-US", timezone_id=BROWSER_ZONE, base_url=server.url
    )
    context.set_default_timeout(DEFAULT_TIMEOUT_MS)
    page = context.new_page()
    problems: list[str] = []

    def on_console(message: ConsoleMessage) -> None:
        if "Content Security Policy" in message.text or "Content-Security-Policy" in message.text:
            problems.append(f"CSP violation: {message.text}")

    page.on("console", on_console)
    page.on("pageerror", lambda error: problems.append(f"uncaught error in the page: {error}"))
    began = time.perf_counter()
    try:
        yield Session(page=page, steps=Steps(page, folder), server=server, problems=problems)
    finally:
        elapsed = time.perf_counter() - began
        _timings.append((request.node.nodeid, elapsed))
        context.close()
    assert problems == [], "\n".join(problems)


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    if not _timings:
        return
    terminalreporter.write_sep("-", "browser test timings")
    for nodeid, seconds in _timings:
        terminalreporter.write_line(f"{seconds:6.2f}s  {nodeid}")
    terminalreporter.write_line(f"screenshots: {ARTIFACTS.relative_to(ROOT)}/<test>/")


# ---- story helpers


def sign_in(session: Session, username: str, password: str = PASSWORD) -> None:
    page = session.page
    page.goto("/login/")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password").fill(password)
    page.get_by_role("button", name="Sign in").click()
    page.wait_for_url(session.url("/"))
    expect(page.get_by_test_id("composer-input")).to_be_visible()
    # The script has started once the agenda has drawn its days.
    expect(page.get_by_test_id("agenda-day").first).to_be_visible()


def send(session: Session, text: str) -> None:
    """Type a message, press Enter, and wait for the assistant's answer to appear."""
    page = session.page
    replies = page.get_by_test_id("assistant-message")
    before = replies.count()
    box = page.get_by_test_id("composer-input")
    box.fill(text)
    box.press("Enter")
    expect(replies).to_have_count(before + 1)


def local_today() -> datetime.date:
    return datetime.datetime.now(ZoneInfo(PERSON_ZONE)).date()


def agenda_day(session: Session, day: datetime.date) -> Locator:
    """The agenda's section for a day, paging the week view until it is shown."""
    page = session.page
    section = page.locator(f'[data-testid="agenda-day"][data-date="{day.isoformat()}"]')
    for _ in range(8):
        expect(page.get_by_test_id("agenda-body")).to_have_attribute("aria-busy", "false")
        if section.count():
            return section
        first = page.get_by_test_id("agenda-day").first.get_attribute("data-date") or ""
        page.get_by_test_id("agenda-prev" if day.isoformat() < first else "agenda-next").click()
    raise AssertionError(f"the agenda never showed {day}")


def sign_in_admin(session: Session) -> None:
    """Sign in to the admin as the staff account (after any person's session is dropped)."""
    page = session.page
    page.context.clear_cookies()
    page.goto("/admin/login/?next=/admin/")
    page.locator("#id_username").fill(ADMIN)
    page.locator("#id_password").fill(PASSWORD)
    page.locator("input[type=submit]").click()
    page.wait_for_url(session.url("/admin/"))


def no_clipped_columns(session: Session, selector: str = "#result_list") -> None:
    """At the test's width the table fits its box: no sideways scrolling, no cell content that
    spills past its cell (which the next column or the box's edge would cut off)."""
    page = session.page
    found = page.evaluate(
        """(selector) => {
          const table = document.querySelector(selector);
          if (!table) { return null; }
          const box = table.parentElement;
          const spilled = [];
          for (const cell of table.querySelectorAll("th, td")) {
            const right = cell.getBoundingClientRect().right;
            for (const child of cell.querySelectorAll("*")) {
              if (child.getBoundingClientRect().right > right + 1) {
                spilled.push(cell.className + ": " + cell.innerText.slice(0, 40));
                break;
              }
            }
          }
          return { tableWidth: table.scrollWidth, boxWidth: box.clientWidth, spilled,
                   pageOverflow: document.documentElement.scrollWidth - document.documentElement.clientWidth };
        }""",
        selector,
    )
    assert found is not None, f"{selector} is missing"
    assert found["tableWidth"] <= found["boxWidth"] and found["pageOverflow"] <= 0, found
    assert found["spilled"] == [], found
