"""Admin review: what the assistant did, turn by turn, and the state it left behind.

Django's autodiscovery imports this package; each module registers its own pages.
"""

from assistant.admin import conversations, review_queue, schedule, traces

__all__ = ["conversations", "review_queue", "schedule", "traces"]
