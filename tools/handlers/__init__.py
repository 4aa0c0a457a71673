"""Tool handlers: each takes the request's ToolContext and validated arguments."""
