#!/usr/bin/env python
"""Django's command-line entry point for the schedule assistant."""

import os
import sys


def main() -> None:
    # The eval runs on settings and a database of its own, so it needs no hidden environment.
    default = "assistant.settings_eval" if sys.argv[1:2] == ["eval"] else "assistant.settings"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", default)
    from django.core.management import execute_from_command_line

    execute_from_command_line(sys.argv)


if __name__ == "__main__":
    main()
