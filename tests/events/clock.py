"""Time passing at a timed round, for tests: the round was seated earlier, and so the games seated at it
(which carry their own time limit, ``league.Game.time_ends_at``) are up earlier too."""
from __future__ import annotations

import datetime

from django.db.models import F

from league.models import Game


def seated_earlier(rnd, by: datetime.timedelta) -> None:
    """``rnd`` (a club night's or a tournament's round) was seated ``by`` earlier than it was."""
    type(rnd).objects.filter(pk=rnd.pk).update(seated_at=F("seated_at") - by)
    games = [t.game_id for t in rnd.tables.all()]
    Game.objects.filter(pk__in=games, time_ends_at__isnull=False).update(time_ends_at=F("time_ends_at") - by)
