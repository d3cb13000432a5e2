"""A pasted member list, read line by line (issue 25.4): one name a line, optional roles after it.

``김민준`` · ``이서연, 심판`` · ``박지훈<TAB>탁 진행자`` · ``최유나 / 관리자, 진행자``: the name is
what comes before the first comma, tab, slash or middle dot; each word after it names a role, in
Korean, English or Chinese. Blank lines are skipped. Each line says its own problem (an unknown role, the
same name twice in the paste, a name too long); names already in the club are checked by the
service that adds them.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from django.utils.translation import gettext as _

from club.models import ClubRole, Member

ROLE_WORDS = {
    "admin": ClubRole.Role.ADMIN, "관리자": ClubRole.Role.ADMIN, "클럽 관리자": ClubRole.Role.ADMIN,
    "운영자": ClubRole.Role.ADMIN,
    "referee": ClubRole.Role.REFEREE, "심판": ClubRole.Role.REFEREE,
    "host": ClubRole.Role.HOST, "table host": ClubRole.Role.HOST, "진행자": ClubRole.Role.HOST,
    "탁 진행자": ClubRole.Role.HOST, "호스트": ClubRole.Role.HOST,
    # the Japanese page's example line (locale/ja): 山田花子, 審判 / 佐藤健, 卓進行係
    "クラブ管理者": ClubRole.Role.ADMIN, "管理者": ClubRole.Role.ADMIN, "審判": ClubRole.Role.REFEREE,
    "卓進行係": ClubRole.Role.HOST, "進行係": ClubRole.Role.HOST,
}
# The role words of the Chinese pages (their example line: 王伟, 裁判 / 李娜, 桌长), both scripts.
ROLE_WORDS |= {
    "管理员": ClubRole.Role.ADMIN, "管理員": ClubRole.Role.ADMIN, "俱乐部管理员": ClubRole.Role.ADMIN,
    "俱樂部管理員": ClubRole.Role.ADMIN, "裁判": ClubRole.Role.REFEREE,
    "桌长": ClubRole.Role.HOST, "桌長": ClubRole.Role.HOST,
}
SEPARATORS = re.compile(r"[,\t/·，、]")
MAX_LINES = 200


@dataclass(frozen=True)
class BulkLine:
    number: int
    """The line's number in the paste (1 = first)."""
    name: str
    roles: tuple[str, ...]
    """Role values (``ClubRole.Role``), sorted."""
    error: str = ""

    @property
    def role_labels(self) -> list[str]:
        return [str(ClubRole.Role(r).label) for r in self.roles]


def _max_name() -> int:
    return Member._meta.get_field("display_name").max_length or 60


def parse_member_lines(text: str) -> list[BulkLine]:
    out: list[BulkLine] = []
    seen: set[str] = set()
    for number, raw in enumerate((text or "").splitlines()[: MAX_LINES * 2], start=1):
        if not raw.strip():
            continue
        name, *rest = SEPARATORS.split(raw)
        name = " ".join(name.split())
        roles: set[str] = set()
        unknown: list[str] = []
        for word in rest:
            word = " ".join(word.split())
            if not word:
                continue
            role = ROLE_WORDS.get(word.lower())
            if role is None:
                unknown.append(word)
            else:
                roles.add(role.value)
        error = ""
        if not name:
            error = _("No name before the role.")
        elif len(name) > _max_name():
            error = _("A name has at most %(n)s characters.") % {"n": _max_name()}
        elif unknown:
            error = _("Unknown role: %(words)s (club admin, referee or table host).") % {"words": ", ".join(unknown)}
        elif name in seen:
            error = _("This name is in the list twice.")
        seen.add(name)
        out.append(BulkLine(number=number, name=name, roles=tuple(sorted(roles)), error=error))
        if len(out) >= MAX_LINES:
            break
    return out


__all__ = ["MAX_LINES", "ROLE_WORDS", "BulkLine", "parse_member_lines"]
