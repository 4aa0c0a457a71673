"""Choosing and checking the model provider. Placeholder until the turn pipeline lands."""


def check_configuration() -> None:
    return None
