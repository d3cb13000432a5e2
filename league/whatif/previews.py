"""The season settings page's preview of a ruleset change (issue 35 item 1's leftover): the season's standings
under the new version beside today's (:func:`league.whatif.selectors.compare`), built once per version of its
inputs, never inside the request that asks for it.

A request asks (:func:`request_preview`): the comparison kept for its key comes back at once; otherwise the
first to ask queues its build (a cache lock: one build per key at a time) and the page shows "계산 중" and asks
again (:func:`preview_ready`). The build runs in the worker (``league.season_preview_build``), or, on the
embedded default (no broker: tasks eager) or with the broker away, after the response has been sent. The key
holds every input: the season's stored ruleset version and rating settings, the change asked for, and the
version of its results (the standings snapshot and its finished games) — a new result is a new key, and
nothing is ever cleared (``core.memo``'s story).
"""
from __future__ import annotations

import hashlib
import json
import logging
from collections.abc import Mapping
from typing import Any

from django.conf import settings
from django.db.models import Count, Max

from core import memo
from core.queueing import after_response
from league.models import Game, Season
from league.whatif.selectors import Proposal, ProposalError, compare
from scoring.messages import LANGUAGES

logger = logging.getLogger(__name__)

FORMAT = "1"
"""Bump when the comparison's shape changes: every kept preview is then another key."""
BUILD_LOCK_SECONDS = 300
"""How long a build holds its lock (a worker that died frees it then)."""
POLL_SECONDS = 2
"""How often the page asks again while the preview is being computed."""


def season_proposal(season: Season, changes: Mapping[str, Any]) -> Proposal:
    """The season's stored ruleset with ``changes`` over it (the options the form changed)."""
    return Proposal(ruleset={"base": season.ruleset.base, "overrides": {**(season.ruleset.overrides or {}),
                                                                       **changes}})


def _results_version(season: Season) -> list[Any]:
    """What the standings are computed from, as of now: the snapshot (a result entered, edited or deleted is a
    new computation) and the finished games (their count and the last finish: the snapshot may lag a moment)."""
    from league.standings.selectors import season_snapshot

    snapshot = season_snapshot(season=season)
    games = (Game.objects.filter(season=season, status=Game.Status.FINISHED).order_by()
             .aggregate(n=Count("id"), last=Max("finished_at"), top=Max("id")))
    return [snapshot.computed_at.isoformat() if snapshot and snapshot.computed_at else None,
            snapshot.games_count if snapshot else None, games["n"], games["top"],
            games["last"].isoformat() if games["last"] else None]


def preview_key(season: Season, changes: Mapping[str, Any]) -> str:
    """The kept preview's key: a pure function of everything the comparison is built from."""
    ruleset = season.ruleset
    parts = [FORMAT, season.pk, ruleset.pk, ruleset.base, ruleset.overrides, dict(changes), season.rating_method,
             season.rating_params, season.min_games, season.best_n, _results_version(season)]
    raw = json.dumps(parts, sort_keys=True, ensure_ascii=False, default=str)
    return f"season-preview:{season.pk}:{hashlib.sha256(raw.encode()).hexdigest()[:32]}"


def preview_ready(key: str) -> dict[str, Any] | None:
    """The comparison kept under ``key`` (``Comparison.to_json()``, or for a proposal the engine refused
    ``{"error", "errors"}``: the refusal in English, and in each language by its code), or None while it is being
    computed."""
    value = memo.recall(key)
    return value if isinstance(value, dict) else None


def preview_build(*, season_id: int, changes: Mapping[str, Any], key: str) -> dict[str, Any] | None:
    """Compute and keep the preview (the worker's task; after the response on the embedded default)."""
    try:
        ready = preview_ready(key)
        if ready is not None:
            return ready
        season = Season.objects.select_related("club", "ruleset").filter(pk=season_id).first()
        if season is None:
            return None
        try:
            value: dict[str, Any] = compare(season, season_proposal(season, changes)).to_json()
        except ProposalError as exc:
            value = {"error": exc.message, "errors": {lang: exc.localized(lang) for lang in LANGUAGES}}
        memo.keep(key, value)
        return value
    finally:
        memo.release(_lock_key(key))


def _lock_key(key: str) -> str:
    return f"{key}:building"


def request_preview(season: Season, changes: Mapping[str, Any]) -> tuple[str, dict[str, Any] | None]:
    """The preview's key, and the comparison if it is ready; otherwise its build is queued once (others asking
    meanwhile find the lock taken) and None says "being computed"."""
    key = preview_key(season, changes)
    ready = preview_ready(key)
    if ready is not None or not memo.claim(_lock_key(key), timeout=BUILD_LOCK_SECONDS):
        return key, ready
    changes = dict(changes)

    def build_here() -> None:
        preview_build(season_id=season.pk, changes=changes, key=key)

    if settings.CELERY_TASK_ALWAYS_EAGER:
        after_response(key, build_here)  # no worker: after the page has been sent, not inside the request
        return key, None
    from league.whatif.tasks import season_preview_build

    try:
        season_preview_build.delay(season.pk, changes, key)
    except Exception:  # the broker is away: build after the response rather than never
        logger.warning("season preview %s: the broker is unreachable, building it after the response", key,
                       exc_info=True)
        after_response(key, build_here)
    return key, None
