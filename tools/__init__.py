"""The tool contract: closed schemas, the registry, handlers over `scheduling`, receipts."""
