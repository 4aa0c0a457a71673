"""A local HTTP server that speaks the OpenAI chat-completions wire format.

The command line: the server on a port, answered by the offline stand-in as the profile's server would.
"""

from __future__ import annotations

import argparse
from http.server import ThreadingHTTPServer

from assistant.providers.local_server.brains import OfflineBrain
from assistant.providers.local_server.emulation import PROFILES
from assistant.providers.local_server.handler import make_handler


def main() -> None:
    parser = argparse.ArgumentParser(
        prog="python -m assistant.providers.local_server", description=__doc__.splitlines()[0]
    )
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8765)
    parser.add_argument("--brain", choices=["offline"], default="offline")
    parser.add_argument("--profile", choices=PROFILES, default="openai", help="which server's behaviour to play")
    parser.add_argument(
        "--window", type=int, default=None, help="its context window in tokens (default: the profile's)"
    )
    args = parser.parse_args()
    import os

    import django

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "assistant.settings")
    os.environ.setdefault("DEBUG", "1")
    django.setup()
    server = ThreadingHTTPServer((args.host, args.port), make_handler(OfflineBrain(), args.profile, args.window))
    print(
        f"OpenAI-compatible server on http://{args.host}:{args.port}/v1 (brain: {args.brain}, profile: {args.profile})",
        flush=True,
    )
    server.serve_forever()


if __name__ == "__main__":
    main()
