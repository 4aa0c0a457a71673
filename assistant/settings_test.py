"""Test settings: the base settings with a fixed key and a fast password hasher."""

import os

os.environ.setdefault("SECRET_KEY", "test-only-secret-key")

from assistant.settings import *  # noqa: F403

PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}
POST_TURN_TASKS = "inline"
# Time is frozen in most tests, so no count would ever expire; the throttle tests turn them on.
MESSAGE_RATE_BURST = None
MESSAGE_RATE_SUSTAINED = None
# One database in the unit tests; the eval alias and its process are exercised by the browser tests.
DATABASES.pop("evals", None)
# The test client's login() authenticates without a request, which django-axes refuses; the
# sign-in throttling tests turn it on.
AXES_ENABLED = False
