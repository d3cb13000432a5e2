"""Error mapping: refusals of the rules and the services are 400s with messages, never 500s.

Every error body carries a ``code`` (saleor's habit): a domain's refusal its own enum member
(``LeagueErrorCode``, ``ClubErrorCode``, ``NightErrorCode``...), the rules' refusal ``invalid``,
everything the transport refuses an :class:`league.api.error_codes.ApiErrorCode`.
"""
from __future__ import annotations

import enum

from django.core.exceptions import ObjectDoesNotExist
from django.core.exceptions import PermissionDenied as DjangoPermissionDenied
from django.core.exceptions import ValidationError as DjangoValidationError
from django.db import IntegrityError
from django.http import Http404
from rest_framework import status
from rest_framework.exceptions import APIException
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler

from core.error_codes import FloorErrorCode
from league.api.error_codes import ApiErrorCode
from league.error_codes import LeagueErrorCode as Code
from league.games.errors import HandConflict
from scoring.errors import ScoringError


def api_exception_handler(exc, context):
    """DRF's handler plus: scoring errors, Django validation errors and service errors become 400
    (conflicts 409); a database integrity error (a lost race on a unique key) becomes 409. Every
    error body names its ``code`` (:func:`error_code`)."""
    response = _error_response(exc, context)
    if response is not None and response.status_code >= 400:
        if not isinstance(response.data, dict):  # DRF's ValidationError("...") is a bare list
            response.data = {"non_field_errors": response.data}
        response.data.setdefault("code", error_code(exc).value)
    return response


def _enum_code(code) -> enum.Enum | None:
    """``code`` as a member of an error-code enum: a domain's own, or one of the API's; else None."""
    if isinstance(code, enum.Enum):
        return code
    if isinstance(code, str) and code in ApiErrorCode._value2member_map_:
        return ApiErrorCode(code)
    return None


def error_code(exc) -> enum.Enum:
    """The ``code`` an error body carries: the refusal's own where it names one from a domain's enum
    (services refuse with their domain's enum member, never a bare string: ``error_codes.py``)."""
    if isinstance(exc, ScoringError):
        return Code.INVALID
    if isinstance(exc, DjangoValidationError):
        return _enum_code(getattr(exc, "code", None)) or ApiErrorCode.INVALID
    if isinstance(exc, DjangoPermissionDenied):
        return ApiErrorCode.PERMISSION_DENIED
    if isinstance(exc, ObjectDoesNotExist | Http404):
        return ApiErrorCode.NOT_FOUND
    if isinstance(exc, IntegrityError):
        return ApiErrorCode.CONFLICT
    if isinstance(exc, APIException):
        codes = exc.get_codes()
        return ((_enum_code(codes) if isinstance(codes, str) else None) or _enum_code(exc.default_code)
                or ApiErrorCode.ERROR)
    return ApiErrorCode.ERROR


def _error_response(exc, context):
    if isinstance(exc, ScoringError):
        body = exc.to_json()
        body["detail"] = exc.message
        return Response(body, status=status.HTTP_400_BAD_REQUEST)
    code_ = getattr(exc, "code", None) if isinstance(exc, DjangoValidationError) else None
    if code_ == FloorErrorCode.KEY_REUSED:
        return Response({"detail": exc.message}, status=status.HTTP_422_UNPROCESSABLE_ENTITY)
    if code_ == Code.GONE:
        return Response({"detail": exc.message}, status=status.HTTP_404_NOT_FOUND)
    if code_ in (Code.REFEREE_ONLY, Code.CLOSED) and hasattr(exc, "to_json"):
        # a penalty's hand, or a finished game, for a player: not a bad request, a missing right
        body = exc.to_json()
        body["detail"] = exc.message
        return Response(body, status=status.HTTP_403_FORBIDDEN)
    if isinstance(exc, DjangoValidationError) and hasattr(exc, "to_json"):
        # league.games.errors.HandRefused / HandConflict: the contract's error plus a detail line
        body = exc.to_json()
        body["detail"] = exc.message
        code = status.HTTP_409_CONFLICT if isinstance(exc, HandConflict) else status.HTTP_400_BAD_REQUEST
        if code == status.HTTP_409_CONFLICT and getattr(exc, "existing", None) is not None:
            body["existing"] = {"id": exc.existing.pk, "position": exc.existing.position, "event": exc.existing.event}
        return Response(body, status=code)
    if isinstance(exc, DjangoValidationError):
        if hasattr(exc, "error_dict"):
            body = {k: [str(m) for e in v for m in e.messages] for k, v in exc.error_dict.items()}
        else:
            body = {"non_field_errors": [str(m) for m in exc.messages]}
        return Response(body, status=status.HTTP_400_BAD_REQUEST)
    if isinstance(exc, DjangoPermissionDenied):
        return Response({"detail": str(exc) or "Not allowed."}, status=status.HTTP_403_FORBIDDEN)
    if isinstance(exc, ObjectDoesNotExist):
        return Response({"detail": str(exc) or "Not found."}, status=status.HTTP_404_NOT_FOUND)
    if isinstance(exc, IntegrityError):
        return Response({"detail": "This conflicts with data already stored."}, status=status.HTTP_409_CONFLICT)
    return drf_exception_handler(exc, context)


class ScoringErrorsAs400:
    # Views using api_exception_handler (without touching the project settings). A comment, not a
    # docstring: drf-spectacular would show a docstring as every view's description.

    def get_exception_handler(self):
        return api_exception_handler
