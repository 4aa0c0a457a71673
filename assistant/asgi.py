"""ASGI entry point: a streamed reply does not hold a worker thread while the model thinks."""

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "assistant.settings")

application = get_asgi_application()

# Everything built at start-up (modules, settings, URL patterns, the tool schemas) is moved out of
# the collector's generations: a full collection under load then walks only what requests made.
import gc  # noqa: E402

gc.freeze()
