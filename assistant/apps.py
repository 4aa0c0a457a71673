from django.apps import AppConfig


class AssistantConfig(AppConfig):
    name = "assistant"
    verbose_name = "Assistant"

    def ready(self) -> None:
        # A broken model configuration stops start-up here, loudly; it never degrades silently.
        from assistant.providers.registry import announce, check_configuration

        check_configuration()
        announce()
