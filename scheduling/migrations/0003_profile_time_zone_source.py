from typing import Any

from django.db import migrations, models


def existing_zones_were_chosen(apps: Any, schema_editor: Any) -> None:
    # A zone other than the default was set by someone; a profile still on UTC may never have
    # been looked at, so its first page view may take the browser's zone.
    Profile = apps.get_model("scheduling", "Profile")
    Profile.objects.exclude(time_zone="UTC").update(time_zone_source="person")


class Migration(migrations.Migration):
    dependencies = [
        ("scheduling", "0002_calendar"),
    ]

    operations = [
        migrations.AddField(
            model_name="profile",
            name="time_zone_source",
            field=models.CharField(
                choices=[
                    ("default", "the site's default"),
                    ("browser", "taken from the browser on the first visit"),
                    ("person", "chosen by the person"),
                ],
                default="default",
                max_length=8,
            ),
        ),
        migrations.RunPython(existing_zones_were_chosen, migrations.RunPython.noop),
    ]
