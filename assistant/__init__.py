"""The Django project and the conversational agent."""

from assistant.celery import app as celery_app

__all__ = ["celery_app"]
