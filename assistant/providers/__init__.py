"""Model providers: openai (any compatible endpoint), offline (the stand-in), scripted (tests)."""
