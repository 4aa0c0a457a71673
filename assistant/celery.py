"""The Celery app: configured from Django settings (namespace CELERY), tasks autodiscovered."""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "assistant.settings")

app = Celery("assistant")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
