"""What every viewset shares: the base class (authentication, error mapping), the permission
check (403 for a member without the right, 404 for another club's data) and once-only writes
(``Idempotency-Key``).

Permissions follow ``league.permissions`` (the screens' matrix): a view checks the action
for the object's club before calling the service, and the service checks again."""
from __future__ import annotations

from django.db import transaction
from rest_framework import status, viewsets
from rest_framework.authentication import SessionAuthentication, TokenAuthentication
from rest_framework.exceptions import NotFound, PermissionDenied
from rest_framework.permissions import IsAuthenticatedOrReadOnly
from rest_framework.response import Response

from core.once import AlreadyDone, Once, once_remember
from league import permissions
from league.error_codes import LeagueErrorCode as Code
from league.games.errors import undone_message
from league.permissions import Action

from .errors import ScoringErrorsAs400


def _plain(data):
    """The request body as plain JSON (a form body as lists), for the idempotency fingerprint."""
    if hasattr(data, "getlist"):
        return {k: data.getlist(k) for k in sorted(data.keys())}
    return data


def idempotent(request, write, serialize) -> Response:
    """Run ``write(once)`` (→ ``(obj, created)``) honouring the ``Idempotency-Key`` header.

    The first request answers 201 (or 200 when the object was already there) and its answer
    is kept with the key; the same key and body again answers 200 with that first answer,
    writing nothing (``Idempotent-Replayed: true``) — or 409 ``undone`` when the hand it made
    was undone or deleted since; the same key with another body is 422.
    """
    once = Once.api(request.user, request.headers.get("Idempotency-Key"),
                             {"method": request.method, "path": request.path, "body": _plain(request.data)})
    try:
        with transaction.atomic():
            obj, created = write(once)
            body = serialize(obj)
            once_remember(once=once, response=body)
    except AlreadyDone as done:
        if done.undone:  # the first answer's hand is gone (another phone undid it): say so, write nothing
            return Response({"detail": undone_message(), "code": Code.UNDONE.value},
                            status=status.HTTP_409_CONFLICT)
        body = done.record.response
        if body is None:
            obj = done.result
            body = serialize(obj) if obj is not None else {"detail": "Already done."}
        return Response(body, status=status.HTTP_200_OK, headers={"Idempotent-Replayed": "true"})
    return Response(body, status=status.HTTP_201_CREATED if created else status.HTTP_200_OK)


def require(user, action: Action, *, club, game=None) -> None:
    """403 for a member without the right; 404 for another club's data (its ids are not probed)."""
    if not permissions.can(user, action, club=club, game=game):
        if getattr(user, "is_authenticated", False) and not permissions.can(user, Action.VIEW_CLUB, club=club):
            raise NotFound()
        raise PermissionDenied(f"You may not {action.value.replace('_', ' ')} here.")


class BaseViewSet(ScoringErrorsAs400, viewsets.GenericViewSet):
    # Token first: a script without (or with a bad) token gets 401 and a WWW-Authenticate header.
    authentication_classes = [TokenAuthentication, SessionAuthentication]
    permission_classes = [IsAuthenticatedOrReadOnly]
