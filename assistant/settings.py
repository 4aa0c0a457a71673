"""Settings, read from the environment in one place.

The embedded defaults (a SQLite file, eager Celery, local-memory cache, the offline model
provider) let one person run the product with no server; production sets DATABASE_URL,
REDIS_URL and the model's variables. See README.md, "Configuration".
"""

import datetime
import os
import warnings
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

import dj_database_url
import django_stubs_ext
from django.core.exceptions import ImproperlyConfigured

# Lets admin and queryset classes be written with type parameters (ModelAdmin[Event]).
django_stubs_ext.monkeypatch()

BASE_DIR = Path(__file__).resolve().parent.parent


def env_str(name: str, default: str = "") -> str:
    return os.environ.get(name, default).strip()


def env_bool(name: str, default: bool = False) -> bool:
    value = os.environ.get(name)
    if value is None or not value.strip():
        return default
    if value.strip().lower() in {"1", "true", "yes", "on"}:
        return True
    if value.strip().lower() in {"0", "false", "no", "off"}:
        return False
    raise ImproperlyConfigured(f"{name} must be a boolean (1/0, true/false), not {value!r}")


def env_int(name: str, default: int) -> int:
    value = os.environ.get(name, "").strip()
    if not value:
        return default
    try:
        return int(value)
    except ValueError as error:
        raise ImproperlyConfigured(f"{name} must be an integer, not {value!r}") from error


def env_list(name: str, default: list[str]) -> list[str]:
    value = os.environ.get(name)
    if value is None:
        return default
    return [item.strip() for item in value.split(",") if item.strip()]


DEBUG = env_bool("DEBUG", default=False)

SECRET_KEY = env_str("SECRET_KEY")
if not SECRET_KEY:
    if not DEBUG:
        raise ImproperlyConfigured("SECRET_KEY must be set when DEBUG is off")
    SECRET_KEY = "development-only-insecure-key-do-not-use-in-production"  # noqa: S105

ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", ["localhost", "127.0.0.1", "[::1]"] if DEBUG else [])
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", [])

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "rest_framework",
    "rest_framework.authtoken",
    "drf_spectacular",
    "axes",
    "scheduling",
    "tools",
    "assistant.apps.AssistantConfig",
    "evals",
]

# Django's middleware as Django ships it, except that under ASGI the methods that do no I/O run
# on the event loop instead of in a thread per method (assistant/web/middleware.py).
MIDDLEWARE = [
    "assistant.web.middleware.SecurityMiddleware",
    "assistant.web.middleware.StaticFilesMiddleware",  # WhiteNoise, sync and async
    "assistant.web.middleware.SessionMiddleware",
    "assistant.web.middleware.LocaleMiddleware",
    "assistant.web.middleware.CommonMiddleware",
    "assistant.web.middleware.CsrfViewMiddleware",
    "assistant.web.middleware.AuthenticationMiddleware",
    "assistant.web.middleware.MessageMiddleware",
    "assistant.web.middleware.XFrameOptionsMiddleware",
    "assistant.web.middleware.ContentSecurityPolicyMiddleware",
    # Last, as django-axes asks: it turns a sign-in refused for too many failures into the
    # lockout page (assistant/web/lockout.py). It runs sync or async, as the stack does.
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "assistant.urls"
ASGI_APPLICATION = "assistant.asgi.application"
WSGI_APPLICATION = "assistant.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "assistant.web.context.product",
            ],
        },
    },
]

VAR_DIR = Path(env_str("VAR_DIR", str(BASE_DIR / "var")))
# PostgreSQL: Django's psycopg pool bounds the connections one process opens, whatever the load
# (connections are borrowed per request and per thread, and given back). 0 turns it off.
DATABASE_POOL_MIN = env_int("DATABASE_POOL_MIN", 2)
DATABASE_POOL_MAX = env_int("DATABASE_POOL_MAX", 10)
DATABASE_POOL_TIMEOUT_SECONDS = env_int("DATABASE_POOL_TIMEOUT_SECONDS", 10)
# The async endpoints' database work runs in this many worker threads per process (at most one
# connection each), however many people wait for the model; keep it at or under the pool's max.
DATABASE_THREADS = max(1, env_int("DATABASE_THREADS", 8))
# SQLite: how long a writer waits for another writer's lock before it fails.
SQLITE_BUSY_TIMEOUT_SECONDS = env_int("SQLITE_BUSY_TIMEOUT_SECONDS", 20)


def database_settings(url: str) -> dict[str, Any]:
    """One database entry from a URL, with the connection policy of its engine."""
    pooled = url.startswith(("postgres://", "postgresql://", "pgsql://")) and DATABASE_POOL_MAX > 0
    # A pooled connection is returned to the pool after each request; CONN_MAX_AGE must be 0 then.
    database: dict[str, Any] = dict(
        dj_database_url.parse(url, conn_max_age=0 if pooled else env_int("DATABASE_CONN_MAX_AGE", 0))
    )
    options = database.setdefault("OPTIONS", {})
    if pooled:
        options["pool"] = {
            "min_size": min(DATABASE_POOL_MIN, DATABASE_POOL_MAX),
            "max_size": DATABASE_POOL_MAX,
            "timeout": DATABASE_POOL_TIMEOUT_SECONDS,
        }
        # A pooled connection is checked (one round trip) before it is lent: one the server
        # closed while it sat in the pool (a PostgreSQL restart, an idle timeout, a terminated
        # backend) is replaced instead of failing the request that borrowed it. Django hands
        # the pool psycopg's ConnectionPool.check_connection for this setting.
        database["CONN_HEALTH_CHECKS"] = True
    if database["ENGINE"] == "django.db.backends.sqlite3":
        # WAL lets readers run beside the one writer; IMMEDIATE takes the write lock when a
        # transaction starts, so two writers queue on the busy timeout instead of one failing
        # at once with "database is locked" when it upgrades a read lock.
        options["timeout"] = SQLITE_BUSY_TIMEOUT_SECONDS
        options["transaction_mode"] = "IMMEDIATE"
        options["init_command"] = "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;"
    return database


DATABASES = {"default": database_settings(env_str("DATABASE_URL") or f"sqlite:///{VAR_DIR / 'db.sqlite3'}")}
# The eval's own database (settings_eval's default): an eval runs its cases there, in a process of
# its own, and its runs and results are kept there; the product reads them through this alias
# (evals.database), so an eval never takes the product database's write lock.
EVAL_DATABASE_URL = env_str("EVAL_DATABASE_URL") or f"sqlite:///{VAR_DIR / 'eval.sqlite3'}"
DATABASES["evals"] = database_settings(EVAL_DATABASE_URL)
DATABASE_ROUTERS = ["evals.database.EvalRouter"]
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

REDIS_URL = env_str("REDIS_URL")
if REDIS_URL:
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": REDIS_URL,
            # A Redis that is down or hangs answers within a second or two, not a minute.
            "OPTIONS": {"socket_connect_timeout": 1, "socket_timeout": 2},
        }
    }
    CELERY_BROKER_URL = REDIS_URL
    CELERY_TASK_ALWAYS_EAGER = False
else:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
    CELERY_BROKER_URL = "memory://"
    CELERY_TASK_ALWAYS_EAGER = True
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_RESULT_BACKEND = None
CELERY_TASK_IGNORE_RESULT = True
# A task is acknowledged when it has run, not when a worker took it: a worker that dies mid-task
# leaves it on the broker. A worker process killed under the task (OOM, SIGKILL) rejects it back
# onto the queue at once instead of acking it as failed. The tasks are idempotent (a reminder's
# delivery row is locked and checked; summaries are recomputed), so running one twice is safe.
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
# Redis gives an unacknowledged task to another worker after this long. Well under the reminder
# grace period (REMINDER_GRACE_MINUTES, an hour), so a task whose worker vanished runs again
# in time; longer than any task runs (seconds), so a running task is not handed out twice. No
# task here uses an ETA or countdown, which this timeout would also cut short. The reminder
# claim's own lease (REMINDER_LEASE_SECONDS) is the net under it: a task the broker lost for
# good (a Redis restart without persistence) is queued again by the sweep.
CELERY_BROKER_TRANSPORT_OPTIONS = {"visibility_timeout": env_int("CELERY_VISIBILITY_TIMEOUT_SECONDS", 300)}
CELERY_TIMEZONE = "UTC"
CELERY_BEAT_SCHEDULE = {
    "expire-stale-commands": {
        "task": "scheduling.tasks.expire_stale_commands",
        "schedule": env_int("COMMAND_EXPIRY_SWEEP_SECONDS", 60),
    },
}

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
# Sign-in throttling (django-axes), for the sign-in page and the admin's alike: after
# LOGIN_FAILURE_LIMIT failures for one username, or from one address, that username or address
# is refused for LOGIN_COOLOFF_MINUTES (a failure meanwhile starts the wait again); a success
# clears the account's count. `manage.py axes_reset_username NAME` (or `axes_reset`) unlocks.
# Behind a proxy the address is the client's only when the server is told to trust the proxy's
# X-Forwarded-For (uvicorn --proxy-headers --forwarded-allow-ips).
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
AXES_ENABLED = env_bool("LOGIN_THROTTLING", default=True)
AXES_FAILURE_LIMIT = max(1, env_int("LOGIN_FAILURE_LIMIT", 5))
AXES_COOLOFF_TIME = datetime.timedelta(minutes=max(1, env_int("LOGIN_COOLOFF_MINUTES", 15)))
AXES_LOCKOUT_PARAMETERS = ["username", "ip_address"]
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_CALLABLE = "assistant.web.lockout.locked_out"
AXES_HTTP_RESPONSE_CODE = 429
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "chat"
LOGOUT_REDIRECT_URL = "login"

LANGUAGE_CODE = "en"
LANGUAGES = [("en", "English"), ("zh-hans", "简体中文")]
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

DEFAULT_USER_TIME_ZONE = env_str("DEFAULT_TIME_ZONE", "UTC")
try:
    ZoneInfo(DEFAULT_USER_TIME_ZONE)
except (ZoneInfoNotFoundError, ValueError) as error:
    raise ImproperlyConfigured(f"DEFAULT_TIME_ZONE is not a known zone: {DEFAULT_USER_TIME_ZONE!r}") from error

STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
STATICFILES_DIRS = [BASE_DIR / "assistant" / "web" / "static"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedStaticFilesStorage"},
}
WHITENOISE_USE_FINDERS = True
# Served from the finders until `collectstatic` fills STATIC_ROOT; no warning for that.
warnings.filterwarnings("ignore", message="No directory at", module="whitenoise.base")

SESSION_COOKIE_HTTPONLY = True
SESSION_COOKIE_SAMESITE = "Lax"
CSRF_COOKIE_SAMESITE = "Lax"
SECURE_CONTENT_TYPE_NOSNIFF = True
X_FRAME_OPTIONS = "DENY"
# Behind a proxy that ends TLS (and sets X-Forwarded-Proto, overwriting any the client sent):
# requests it marks https are secure, plain http is redirected to https, browsers are told to
# use https only (HSTS) and cookies go over https only. The health endpoint answers plain http
# too, so a load balancer can probe the process directly.
BEHIND_TLS_PROXY = env_bool("BEHIND_TLS_PROXY")
SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https") if BEHIND_TLS_PROXY else None
SECURE_SSL_REDIRECT = BEHIND_TLS_PROXY
SECURE_REDIRECT_EXEMPT = [r"^api/health/$"]
SECURE_HSTS_SECONDS = env_int("HSTS_SECONDS", 365 * 24 * 3600) if BEHIND_TLS_PROXY else 0
# Only when every subdomain serves https: a browser that saw it refuses plain http on all of them.
SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("HSTS_INCLUDE_SUBDOMAINS", default=False)
SESSION_COOKIE_SECURE = BEHIND_TLS_PROXY
CSRF_COOKIE_SECURE = BEHIND_TLS_PROXY

REST_FRAMEWORK = {
    # Token first: a request with neither gets 401 with `WWW-Authenticate: Token` (as documented,
    # and as the SSE endpoint answers), not the 403 a session-first order gives.
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "rest_framework.authentication.TokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticated"],
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    # The API speaks JSON (the page too): form encodings cannot say null and are not documented.
    # The depth of a JSON body is checked before it is parsed (MAX_JSON_DEPTH): a 400, not a
    # RecursionError.
    "DEFAULT_PARSER_CLASSES": ["assistant.api.parsers.BoundedJSONParser"],
    "EXCEPTION_HANDLER": "assistant.api.errors.exception_handler",
    "DEFAULT_PAGINATION_CLASS": "assistant.api.pagination.BoundedLimitOffsetPagination",
    "PAGE_SIZE": 50,
}
SPECTACULAR_SETTINGS = {
    "TITLE": "Schedule assistant API",
    "DESCRIPTION": "Threads, messages (JSON or a streamed SSE reply), events, confirmations, health.",
    "VERSION": "1",
    "SERVE_INCLUDE_SCHEMA": False,
    # The SSE endpoint is a plain async view, outside DRF: a hook documents it.
    "POSTPROCESSING_HOOKS": [
        "drf_spectacular.hooks.postprocess_schema_enums",
        "assistant.api.schema.document_stream_endpoint",
    ],
}

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": env_str("LOG_LEVEL", "INFO")},
    # Sign-in throttling logs every successful sign-in's reset at INFO; lockouts are warnings.
    "loggers": {"axes": {"level": "WARNING"}},
}

# --- The assistant -------------------------------------------------------------------------
# Which model understands the messages: "openai" (any OpenAI-compatible endpoint) or
# "offline" (the deterministic stand-in). Unset: "openai" when OPENAI_API_KEY is set,
# otherwise "offline". A broken "openai" configuration stops start-up; it never falls back.
MODEL_PROVIDER = env_str("MODEL_PROVIDER") or ("openai" if env_str("OPENAI_API_KEY") else "offline")
OPENAI_API_KEY = env_str("OPENAI_API_KEY")
OPENAI_BASE_URL = env_str("OPENAI_BASE_URL", "https://api.openai.com/v1")
OPENAI_MODEL = env_str("OPENAI_MODEL", "gpt-4.1-mini")
OPENAI_TIMEOUT_SECONDS = float(env_str("OPENAI_TIMEOUT_SECONDS", "30"))
OPENAI_MAX_RETRIES = env_int("OPENAI_MAX_RETRIES", 2)
# What the model server supports (streamed tool calls, usage, null content, ...): "auto" asks
# the server once; or name it: openai, vllm, ollama, llamacpp, generic (the cautious one).
MODEL_SERVER = env_str("MODEL_SERVER", "auto").lower()
# Bounds on what the model writes: a weak model that runs on past its turn stops here.
MODEL_MAX_TOKENS = env_int("MODEL_MAX_TOKENS", 1024)
MODEL_STOP = env_list("MODEL_STOP", ["<|im_start|>", "<|eot_id|>", "<end_of_turn>", "<|im_end|>"])
# The model server's context window in tokens; 0: read it from the server (vLLM, Ollama,
# llama.cpp's server say it), else unknown. Requests are shaped to it, and one that cannot fit
# is not sent (assistant/providers/window.py).
MODEL_CONTEXT_TOKENS = env_int("MODEL_CONTEXT_TOKENS", 0)
# The model client's connection pool (kept alive, shared by every turn of the process).
MODEL_MAX_CONNECTIONS = env_int("MODEL_MAX_CONNECTIONS", 100)

SESSION_GAP_MINUTES = env_int("SESSION_GAP_MINUTES", 120)
CONFIRMATION_TTL_MINUTES = env_int("CONFIRMATION_TTL_MINUTES", 30)
COMMAND_TTL_MINUTES = env_int("COMMAND_TTL_MINUTES", 120)
MAX_MESSAGE_CHARS = env_int("MAX_MESSAGE_CHARS", 2000)
# How deep a JSON request body may nest (objects and arrays); deeper is a 400 before parsing.
MAX_JSON_DEPTH = env_int("MAX_JSON_DEPTH", 32)
MAX_TOOL_HOPS = env_int("MAX_TOOL_HOPS", 3)
# OPENAI_TIMEOUT_SECONDS bounds each model call from request to the stream's last byte,
# retries included. Longer than the slowest possible turn (every model call on its deadline),
# so a second message never runs beside a slow first one.
THREAD_LOCK_SECONDS = env_int(
    "THREAD_LOCK_SECONDS", int(OPENAI_TIMEOUT_SECONDS * (MAX_TOOL_HOPS + 2)) + 60
)
# The Redis lock is a short lease, renewed while the turn runs (up to THREAD_LOCK_SECONDS in
# all): a web process that dies frees its threads within this many seconds.
THREAD_LOCK_LEASE_SECONDS = env_int("THREAD_LOCK_LEASE_SECONDS", 10)


# Per-person limits on requests that run a turn (message, stream, button, cancel), counted in
# the shared cache: "N/period" with period s, min, hour or day; "off" turns one off.
def env_rate(name: str, default: str) -> str | None:
    value = env_str(name, default)
    if value.lower() in {"off", "none", "0"}:
        return None
    count, _, period = value.partition("/")
    if not count.isdigit() or int(count) < 1 or period[:1] not in {"s", "m", "h", "d"}:
        raise ImproperlyConfigured(f"{name} must look like 20/min or 500/day (or off), not {value!r}")
    return value


MESSAGE_RATE_BURST = env_rate("MESSAGE_RATE_BURST", "20/min")
MESSAGE_RATE_SUSTAINED = env_rate("MESSAGE_RATE_SUSTAINED", "1000/day")

# Where the slow work after a turn runs: "celery" (default when a broker is set), "thread"
# (default in embedded mode: in-process, after the reply), "inline" (tests) or "none".
POST_TURN_TASKS = env_str("POST_TURN_TASKS")

# The calendar: how far ahead recurring series are expanded, and how reminders are delivered.
RECURRENCE_HORIZON_DAYS = env_int("RECURRENCE_HORIZON_DAYS", 730)
REMINDER_SWEEP_SECONDS = env_int("REMINDER_SWEEP_SECONDS", 30)
# A reminder found later than this after its time (the service was down) is dropped, not sent late.
REMINDER_GRACE_MINUTES = env_int("REMINDER_GRACE_MINUTES", 60)
# A claimed reminder not sent within this is queued again by the next sweep (the task was lost
# or its worker died): a lost reminder is late by at most this plus a sweep, never dropped.
REMINDER_LEASE_SECONDS = env_int("REMINDER_LEASE_SECONDS", 120)
REMINDER_FROM_EMAIL = env_str("REMINDER_FROM_EMAIL", "reminders@schedule-assistant.local")
EMAIL_BACKEND = env_str("EMAIL_BACKEND", "django.core.mail.backends.console.EmailBackend")
CELERY_BEAT_SCHEDULE["send-due-reminders"] = {
    "task": "scheduling.tasks.dispatch_due_reminders",
    "schedule": REMINDER_SWEEP_SECONDS,
}
MAX_IMPORT_BYTES = env_int("MAX_IMPORT_BYTES", 2 * 1024 * 1024)
# Per-person caps: imported events kept (series count once), and threads.
MAX_IMPORTED_EVENTS_PER_PERSON = env_int("MAX_IMPORTED_EVENTS_PER_PERSON", 10000)
MAX_THREADS_PER_PERSON = env_int("MAX_THREADS_PER_PERSON", 500)
EMAIL_FILE_PATH = env_str("EMAIL_FILE_PATH", str(VAR_DIR / "mail"))
