"""One vocabulary for refusal codes (issue #10): the league's writes name theirs from
``league.error_codes.LeagueErrorCode``, never as a bare string."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

from league.error_codes import LeagueErrorCode
from league.errors import HandConflict, HandRefused, SeatedElsewhere

ROOT = Path(__file__).resolve().parents[2]
WRITERS = ["league/errors.py", "core/once.py", "core/validation.py", "league/games/records.py",
           "league/games/services.py", "league/referee/services.py", "league/seasons/services.py"]


@pytest.mark.parametrize("module", WRITERS)
def test_a_refusal_names_its_code_from_the_enum(module):
    tree = ast.parse((ROOT / module).read_text(encoding="utf-8"))
    bare = [node.lineno for node in ast.walk(tree)
            if isinstance(node, ast.keyword) and node.arg == "code" and isinstance(node.value, ast.Constant)]
    assert bare == [], f"{module}: code given as a string at lines {bare}"


@pytest.mark.parametrize(("error", "code"), [
    pytest.param(HandRefused("no"), "invalid", id="a refused hand is invalid by default"),
    pytest.param(HandRefused("no", code=LeagueErrorCode.POSITION), "position", id="a refused hand names its code"),
    pytest.param(HandConflict("taken", hand=0, existing=None), "conflict", id="a taken position is a conflict"),
    pytest.param(SeatedElsewhere([("가", "A", 1)]), "seated_elsewhere", id="a player seated at another table"),
])
def test_the_codes_are_the_strings_clients_already_read(error, code):
    assert error.code == code
    # the enum member itself, not a bare string that happens to be equal to it
    assert type(error.code) is LeagueErrorCode and error.code is LeagueErrorCode(code)
