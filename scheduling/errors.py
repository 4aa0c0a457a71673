"""The scheduling layer's one exception root (mapped to clear HTTP errors at the API edge)."""

from typing import Any


class ApplicationError(Exception):
    def __init__(self, message: str, extra: dict[str, Any] | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.extra = extra or {}


class NotFound(ApplicationError):
    """The row does not exist, or belongs to someone else: the two are never told apart."""


class ValidationFailed(ApplicationError):
    pass
