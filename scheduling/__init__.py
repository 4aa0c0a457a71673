"""The calendar domain, free of any model: events, command stubs, date symbols, conflicts, free slots."""
