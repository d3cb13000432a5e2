"""JSON values: what a JSON field stores, and a stable digest of a request body."""
from __future__ import annotations

import hashlib
import json
from typing import Any

from django.core.serializers.json import DjangoJSONEncoder


def as_json(value: Any) -> Any:
    """A value as plain JSON data (dates, decimals and the like as strings)."""
    return json.loads(json.dumps(value, cls=DjangoJSONEncoder))


def digest(value: Any) -> str:
    """A SHA-256 of ``value`` written with sorted keys: the same data gives the same digest, whatever
    order its keys came in (an API body sent again)."""
    body = json.dumps(value, sort_keys=True, cls=DjangoJSONEncoder, default=str)
    return hashlib.sha256(body.encode()).hexdigest()
