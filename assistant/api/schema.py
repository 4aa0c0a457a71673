"""The parts of the OpenAPI schema that drf-spectacular cannot see for itself.

The streamed message endpoint is a plain async Django view (DRF views are synchronous), so
the schema hook adds it by hand: its request is the JSON endpoint's, its 200 response is a
`text/event-stream` of `status`, `reply`, `error` and `done` events.
"""

from __future__ import annotations

from typing import Any

STREAM_PATH = "/api/threads/{thread_id}/messages/stream/"
SSE_DESCRIPTION = (
    "Server-Sent Events, in this order: `status` (data: {stage: received | thinking | tool}), then "
    "`reply` (data: the turn, as the JSON endpoint's 201 body) or `error` (data: {detail, retry}), "
    "then `done` (data: {})."
)


def error_response(description: str) -> dict[str, Any]:
    return {
        "description": description,
        "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}},
    }


def document_stream_endpoint(result: dict[str, Any], generator: Any, request: Any, public: bool) -> dict[str, Any]:
    """drf-spectacular postprocessing hook: add the SSE endpoint to the schema."""
    result.setdefault("paths", {})[STREAM_PATH] = {
        "post": {
            "operationId": "threads_messages_stream_create",
            "summary": "Post a message; the reply comes as Server-Sent Events",
            "tags": ["threads"],
            "parameters": [
                {"in": "path", "name": "thread_id", "required": True, "schema": {"type": "integer"}},
            ],
            "requestBody": {
                "required": True,
                "content": {"application/json": {"schema": {"$ref": "#/components/schemas/PostMessage"}}},
            },
            "security": [{"cookieAuth": []}, {"tokenAuth": []}],
            "responses": {
                "200": {
                    "description": SSE_DESCRIPTION,
                    "content": {"text/event-stream": {"schema": {"type": "string"}}},
                },
                "400": error_response("The body is not JSON, or the text is empty, not text or too long."),
                "401": error_response("No valid session or token."),
                "403": error_response("A session request without its CSRF token."),
                "404": error_response("No such thread among the person's own."),
                "405": error_response("Only POST is allowed."),
                "413": error_response("The body is larger than the server accepts."),
                "429": error_response("Too many messages in a short time; `Retry-After` says when to try again."),
                "503": error_response("A service did not answer; `Retry-After` says when to try again."),
            },
        }
    }
    return result
