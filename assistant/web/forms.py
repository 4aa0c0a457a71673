"""The settings page's forms: labels and messages in the person's language."""

from __future__ import annotations

import datetime
from typing import Any

from django import forms
from django.contrib.auth.forms import AuthenticationForm
from django.core.exceptions import ValidationError

from assistant.web.i18n import language_of, strings_for
from assistant.web.zones import time_zone_groups, zone_search_text
from scheduling.models import Language, validate_time_zone
from scheduling.reminders import MAX_MINUTES_BEFORE
from tools.handlers.reminders import DEFAULT_MINUTES_BEFORE

FEED_ACTIONS = ("enable", "rotate", "revoke")


class ZoneSelect(forms.Select):
    """The zone list; each option carries every name CLDR has for it, for the page's search."""

    def create_option(self, name: str, value: Any, *args: Any, **kwargs: Any) -> dict[str, Any]:
        option = super().create_option(name, value, *args, **kwargs)
        if value:
            option["attrs"]["data-search"] = zone_search_text(str(value))
        return option


class TimeInput(forms.TimeInput):
    input_type = "time"

    def __init__(self) -> None:
        super().__init__(format="%H:%M")


class ProfileForm(forms.Form):
    time_zone = forms.ChoiceField(widget=ZoneSelect)
    language = forms.ChoiceField(choices=Language.choices)
    work_start = forms.TimeField(widget=TimeInput())
    work_end = forms.TimeField(widget=TimeInput())
    # Empty means "no default of my own": a reminder asked for without an offset uses the usual one.
    default_reminder_minutes = forms.IntegerField(required=False, min_value=0, max_value=MAX_MINUTES_BEFORE)

    def __init__(self, *args: Any, language: str = "en", **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.ui = strings_for(language)
        self.fields["time_zone"].choices = time_zone_groups(language)  # type: ignore[attr-defined]
        labels = {"time_zone": "time_zone", "language": "language", "work_start": "work_start", "work_end": "work_end"}
        for name, key in labels.items():
            field = self.fields[name]
            field.label = self.ui[key]
            field.error_messages.update(
                {
                    "required": self.ui["error_required"],
                    "invalid": self.ui["error_invalid_time"],
                    "invalid_choice": self.ui["error_choice"],
                }
            )
        self.fields["time_zone"].error_messages["invalid_choice"] = self.ui["error_time_zone"]
        self.fields["work_start"].widget.attrs["aria-describedby"] = "work-hours-help"
        self.fields["work_end"].widget.attrs["aria-describedby"] = "work-hours-help"
        reminder = self.fields["default_reminder_minutes"]
        reminder.label = self.ui["default_reminder"]
        reminder.error_messages.update(
            dict.fromkeys(("invalid", "min_value", "max_value"), self.ui["error_default_reminder"])
        )
        reminder.widget.attrs.update({"aria-describedby": "default-reminder-help", "inputmode": "numeric", "step": "1"})
        self.default_reminder_help = self.ui["default_reminder_help"].replace("{minutes}", str(DEFAULT_MINUTES_BEFORE))

    def clean_time_zone(self) -> str:
        value: str = self.cleaned_data["time_zone"]
        try:
            validate_time_zone(value)
        except ValidationError:
            raise ValidationError(self.ui["error_time_zone"], code="time_zone") from None
        return value

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        start: datetime.time | None = cleaned.get("work_start")
        end: datetime.time | None = cleaned.get("work_end")
        if start is not None and end is not None and end <= start:
            self.add_error("work_end", ValidationError(self.ui["error_work_hours"], code="work_hours_order"))
        return cleaned


class FeedForm(forms.Form):
    action = forms.ChoiceField(choices=[(action, action) for action in FEED_ACTIONS])


class LoginForm(AuthenticationForm):
    """Django's sign-in form, speaking the visitor's language."""

    def __init__(self, request: Any = None, *args: Any, **kwargs: Any) -> None:
        super().__init__(request, *args, **kwargs)
        ui = strings_for(language_of(request) if request is not None else "en")
        self.fields["username"].label = ui["username"]
        self.fields["password"].label = ui["password"]
        self.error_messages = {
            **self.error_messages,
            "invalid_login": ui["login_error"],
            "inactive": ui["login_inactive"],
        }
        for field in self.fields.values():
            field.error_messages["required"] = ui["error_required"]
