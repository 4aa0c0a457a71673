from django.apps import AppConfig


class AssistantConfig(AppConfig):
    name = "assistant"
    verbose_name = "Assistant"

    def ready(self) -> None:
        # A broken model configuration stops start-up here, loudly; it never degrades silently.
        from assistant.providers.registry import announce, check_configuration
        from assistant.web import log_masking

        check_configuration()
        announce()
        # The calendar feed's token never reaches a log line.
        log_masking.install()
