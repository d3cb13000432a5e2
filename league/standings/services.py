"""Season standings: the refresh service that reads a season and stores its StandingsSnapshot.

``standings_refresh(season_id=...)`` is the one writer (called by the Celery task
``league.standings.tasks.season_recompute`` after a game finishes, is edited or cancelled,
and once synchronously by a page when no snapshot exists yet); ``season_changed`` queues it.
Pages read the snapshot only, so they stay readable while a recompute runs.

The work is a handful of queries whatever the season's size — finished games, their seats,
all their hand records in one query, penalties, members — then pure Python
(``league.standings.stats``): only games with a full-hand win are replayed, and a query is
added only when one of those games was played under another ruleset than the season's.
"""
from __future__ import annotations

import logging
from collections import defaultdict

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from club.models import Member
from league.models import Game, GameSeat, HandRecord, Penalty, Season, StandingsSnapshot
from league.middleware import after_response
from league.queueing import on_commit, send
from league.standings.stats import SeasonData, compute_standings, full_hand_wins, games_with_full_hands
from league.standings.tasks import season_recompute as season_recompute_task
from scoring import ratings as R

logger = logging.getLogger(__name__)


def load_season_data(season: Season) -> SeasonData:
    finished = Game.objects.filter(season=season, status=Game.Status.FINISHED)
    rows = finished.values_list(
        "id", "finished_at", "started_at", "final_points", "final_ranks", "final_scores", "ruleset_id"
    )
    seat_rows = GameSeat.objects.filter(game__in=finished).values_list("game_id", "seat", "member_id")
    seats: dict[int, dict[int, int]] = defaultdict(dict)
    for game_id, seat, member_id in seat_rows:
        seats[game_id][seat] = member_id
    games: list[R.GameResult] = []
    scores: dict[int, list[int] | None] = {}
    rulesets: dict[int, int | None] = {}
    for game_id, finished_at, started_at, points, ranks, final_scores, ruleset_id in rows:
        order = seats.get(game_id, {})
        if not points or not ranks or len(order) != len(points):
            logger.warning("standings: finished game %s has no usable result cache; skipped", game_id)
            continue
        games.append(
            R.GameResult(
                game_id=game_id,
                players=tuple(order[s] for s in sorted(order)),
                points=tuple(R.to_decimal(p) for p in points),
                ranks=tuple(ranks),
                finished_at=finished_at or started_at,
            )
        )
        scores[game_id] = final_scores
        rulesets[game_id] = ruleset_id
    events: dict[int, list[dict]] = defaultdict(list)
    hand_rows = (
        HandRecord.objects.filter(game__in=finished).order_by("game_id", "position").values_list("game_id", "event")
    )
    for game_id, event in hand_rows.iterator(chunk_size=5000):
        events[game_id].append(event)
    penalties = list(
        Penalty.objects.filter(season=season, cancelled_at__isnull=True).values_list("member_id", "type", "points")
    )
    member_ids = {m for g in games for m in g.players} | {p[0] for p in penalties}
    names = dict(Member.objects.filter(id__in=member_ids).values_list("id", "display_name"))
    return SeasonData(season, games, scores, dict(events), penalties, names, rulesets)


def _ruleset_specs(season: Season, data: SeasonData, games: list[R.GameResult]) -> dict[int, dict]:
    """The contract ruleset of each game (one query, only when some have another than the season's)."""
    from league.models import Ruleset

    own = {data.rulesets.get(g.game_id) for g in games} - {None, season.ruleset_id}
    specs = {r.pk: r.spec() for r in Ruleset.objects.filter(pk__in=own)} if own else {}
    specs[season.ruleset_id] = season.ruleset.spec()
    return {g.game_id: specs.get(data.rulesets.get(g.game_id) or season.ruleset_id) for g in games}


def standings_refresh(*, season_id: int) -> StandingsSnapshot | None:
    """Recompute the season's standings and store them (the one writer of StandingsSnapshot)."""
    season = Season.objects.select_related("ruleset").filter(pk=season_id).first()
    if season is None:
        logger.warning("standings_refresh: season %s is gone", season_id)
        return None
    data = load_season_data(season)
    rows, ratings_doc = compute_standings(data)
    full_hands = full_hand_wins(data, _ruleset_specs(season, data, games_with_full_hands(data)))
    for row in rows:
        if row["member_id"] in full_hands:
            row["full_hands"] = full_hands[row["member_id"]]
            # hand_stats counts the yakuman it can read off the events (entered as yakuman or
            # 13+ han); a full hand's value is known only from its replay.
            row["yakuman"] += sum(1 for win in row["full_hands"] if win.get("yakuman"))
    snapshot, _ = StandingsSnapshot.objects.update_or_create(  # atomic by itself
        season=season,
        defaults={"computed_at": timezone.now(), "rows": rows, "ratings": ratings_doc, "games_count": len(data.games)},
    )
    return snapshot


def season_changed(season_id: int) -> None:
    """Mark the season's standings changed (in this transaction) and recompute them on commit.

    A broker that is down is logged, never the request's error; ``league.requeue_stale`` finds
    the season again by ``standings_changed_at``."""
    Season.objects.filter(pk=season_id).update(standings_changed_at=timezone.now())
    what = "the standings recompute of season"
    if settings.CELERY_TASK_ALWAYS_EAGER and getattr(settings, "LEAGUE_RECOMPUTE_AFTER_RESPONSE", False):
        # No broker (the embedded default): not inside the host's request, but after its response.
        transaction.on_commit(lambda: after_response(("season_recompute", season_id),
                                                     lambda: send(season_recompute_task, season_id, what)))
        return
    on_commit(season_recompute_task, season_id, what)


__all__ = ["load_season_data", "season_changed", "standings_refresh"]
