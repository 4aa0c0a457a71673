"""Calendar import: upload an .ics file; ``mode=preview`` says what would change, ``mode=import``
writes it (idempotent by UID, so a repeated upload changes nothing)."""

from __future__ import annotations

from django.conf import settings
from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.parsers import FormParser, MultiPartParser
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from scheduling.errors import ValidationFailed
from scheduling.ics_import import calendar_import, calendar_preview


class CalendarImport(APIView):
    parser_classes = [MultiPartParser, FormParser]

    @extend_schema(request={"multipart/form-data": dict}, responses={200: dict, 400: dict})
    def post(self, request: Request) -> Response:
        upload = request.FILES.get("file")
        mode = request.POST.get("mode", "preview")
        if upload is None or mode not in ("preview", "import"):
            return Response({"detail": "send an .ics file as 'file' and mode preview or import"}, status=400)
        if upload.size is None or upload.size > settings.MAX_IMPORT_BYTES:
            return Response({"detail": f"a file is at most {settings.MAX_IMPORT_BYTES} bytes"}, status=400)
        data = upload.read()
        action = calendar_preview if mode == "preview" else calendar_import
        try:
            report = action(owner=request.user, data=data)  # type: ignore[arg-type]
        except ValidationFailed as error:
            return Response({"detail": error.message}, status=status.HTTP_400_BAD_REQUEST)
        return Response({"mode": mode, **report.as_dict()})
