"""Offline and live evaluation of the assistant, driven from outside like a client."""
