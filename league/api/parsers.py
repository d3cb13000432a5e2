"""The API's JSON parser: DRF's, refusing what would otherwise be a 500 later.

JSON nested 100,000 deep makes ``json.loads`` raise RecursionError (DRF catches only
ValueError); a NUL character or a lone surrogate in any string cannot be stored by
PostgreSQL. Both answer 400 with a message, before any view or service runs.
"""
from __future__ import annotations

from rest_framework.exceptions import ParseError
from rest_framework.parsers import JSONParser

from core.validation import BadInput, check_value


class SafeJSONParser(JSONParser):
    def parse(self, stream, media_type=None, parser_context=None):
        try:
            data = super().parse(stream, media_type=media_type, parser_context=parser_context)
        except RecursionError:
            raise ParseError("JSON parse error - the document is nested too deeply.") from None
        try:
            check_value(data)
        except BadInput as exc:
            raise ParseError(f"JSON: a value {exc.message}.") from None
        return data
