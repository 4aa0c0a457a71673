"""Intent as state: a versioned, digested record of what the person wants now."""
