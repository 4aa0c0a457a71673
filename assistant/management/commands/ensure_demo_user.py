"""Create the demo person (and an admin) once, and print how to sign in."""

import secrets
from pathlib import Path
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand

from scheduling.selectors import profile_get

DEMO_USERNAME = "demo"


class Command(BaseCommand):
    help = "Create the demo user (a staff member who can also open the admin) and print its password."

    def handle(self, *args: Any, **options: Any) -> None:
        password_file = Path(settings.VAR_DIR) / "demo-password.txt"
        user_model = get_user_model()
        user = user_model.objects.filter(username=DEMO_USERNAME).first()
        if user is None or not password_file.exists():
            password = secrets.token_urlsafe(12)
            if user is None:
                user = user_model.objects.create_user(username=DEMO_USERNAME, password=password)
            else:
                user.set_password(password)
            user.is_staff = True
            user.is_superuser = True
            user.save()
            password_file.parent.mkdir(parents=True, exist_ok=True)
            password_file.write_text(password + "\n")
            password_file.chmod(0o600)
        profile_get(user=user)
        password = password_file.read_text().strip()
        self.stdout.write(self.style.SUCCESS(f"==> sign in as '{DEMO_USERNAME}' with password '{password}'"))
