"""What every admin page of records shares: read there, never added, changed or deleted there."""

from __future__ import annotations

from typing import Any, TypeVar

from django.contrib import admin
from django.db.models import Model
from django.http import HttpRequest


class ReadOnlyInline(admin.TabularInline[Any, Any]):
    extra = 0
    can_delete = False
    show_change_link = True

    def has_add_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False


_Model = TypeVar("_Model", bound=Model)


class RecordPages:
    """A record of what happened, on the admin's stylesheet: listed and read, never added or changed."""

    class Media:
        css = {"all": ("web/admin.css",)}

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False


class ReadOnlyAdmin(RecordPages, admin.ModelAdmin[_Model]):
    """A record of what happened: listed and read in the admin, never added, changed or deleted there."""

    def has_delete_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False
