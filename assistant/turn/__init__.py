"""One turn, in the order of its stages: load -> gates -> model -> tools -> exit -> record."""
