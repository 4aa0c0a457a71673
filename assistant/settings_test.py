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
