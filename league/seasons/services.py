"""Writes of the league's settings: rulesets (create, derive, update) and seasons (create, update, close).

Every function is keyword-only, atomic and leaves an AuditEntry; a change of a season's
rating settings queues its standings recompute.
"""
from __future__ import annotations

import datetime
from typing import Any

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _

from club.models import Club
from core.audit import audit, snapshot
from core.models import AuditEntry
from core.once import Once, claim_key, mark_claimed
from core.validation import storable
from league.error_codes import LeagueErrorCode as Code
from league.models import Ruleset, Season
from league.permissions import Action, can, require
from league.signals import season_closed, season_results_changed
from scoring.errors import ScoringError


def validate_rating_params(
    *, rating_method: str, rating_params: Any, best_n: int | None = None, min_games: int = 0
) -> None:
    """The one check of a season's rating settings (services, API, admin and restore use it):
    every parameter known, a finite number in range (``scoring.ratings``)."""
    from scoring import ratings as R

    if not isinstance(rating_params, dict):
        raise ValidationError({"rating_params": ["The rating parameters are an object of name: value."]})
    storable(rating_params, "rating_params")
    try:
        key = R.method_key(rating_method)
        raw = dict(rating_params)
        if key == R.TOTAL:
            raw = {**raw, "best_n": best_n, "min_games": min_games}
        R.params_from_dict(key, raw)
    except R.RatingParamsError as exc:
        raise ValidationError({"rating_params": [f"Rating parameters: {exc}."]}, code=Code.RATING_PARAMS) from None


@transaction.atomic
def ruleset_create(
    *, club: Club | None, key: str, name: str, base: str, overrides: dict[str, Any] | None = None,
    version: str = "1", by=None, once: Once | None = None,
) -> Ruleset:
    """A ruleset (a club's, or a preset with ``club=None``). ``once``: the form's entry token, so that
    Back + resubmit of a derived version (whose number is the next free one) stores one version."""
    if club is not None:
        require(by, Action.MANAGE_LEAGUE, club=club)
    claim = claim_key(once, scope="ruleset_create", by=by)
    ruleset = Ruleset(club=club, key=key, name=name, base=base, overrides=dict(overrides or {}), version=str(version))
    try:
        ruleset.to_scoring()
    except ScoringError as exc:
        raise ValidationError(exc.message, code=Code.RULESET) from exc
    ruleset.full_clean()
    ruleset.save()
    if club is not None:
        audit(club=club, by=by, action=AuditEntry.Action.CREATE, object_type="ruleset",
               object_id=ruleset.pk, after=snapshot(ruleset))
    mark_claimed(claim, ruleset, "ruleset")
    return ruleset


def _next_version(ruleset: Ruleset, club: Club | None = None) -> str:
    """The next free version of ``ruleset``'s key, among its own club's (or the shared ones') and ``club``'s
    (a club's version of a shared preset must not take a number the club already has)."""
    owners = Q(club=ruleset.club) if club is None else Q(club=ruleset.club) | Q(club=club)
    versions = Ruleset.objects.filter(owners, key=ruleset.key).values_list("version", flat=True)
    numeric = [int(v) for v in versions if str(v).isdigit()]
    if str(ruleset.version).isdigit():
        return str(max(numeric) + 1)
    n = 2
    while f"{ruleset.version}.{n}" in set(versions):
        n += 1
    return f"{ruleset.version}.{n}"


@transaction.atomic
def ruleset_derive(
    *, ruleset: Ruleset, overrides: dict[str, Any], by=None, name: str | None = None,
    version: str | None = None, club: Club | None = None, once: Once | None = None,
) -> Ruleset:
    """A new version of ``ruleset`` with more overrides (the old version stays for its games)."""
    return ruleset_create(
        club=club if club is not None else ruleset.club,
        key=ruleset.key,
        name=name or ruleset.name,
        base=ruleset.base,
        overrides={**(ruleset.overrides or {}), **overrides},
        version=version or _next_version(ruleset, club),
        by=by,
        once=once,
    )


@transaction.atomic
def ruleset_update(
    *, ruleset: Ruleset, overrides: dict[str, Any], by=None, name: str | None = None, replace: bool = False
) -> Ruleset:
    """Change a ruleset: in place while no game uses it, as a new version once it is frozen.

    ``replace``: ``overrides`` are the ruleset's whole overrides (the admin's form), not more of them."""
    ruleset = Ruleset.objects.select_for_update().get(pk=ruleset.pk)
    if ruleset.frozen:
        return ruleset_derive(ruleset=ruleset, overrides=overrides, by=by, name=name)
    if ruleset.club is not None:
        require(by, Action.MANAGE_LEAGUE, club=ruleset.club)
    elif by is not None and not getattr(by, "is_superuser", False):
        raise PermissionDenied("Only a superuser may change a ruleset shared by every club.")
    before = snapshot(ruleset)
    ruleset.overrides = dict(overrides) if replace else {**(ruleset.overrides or {}), **overrides}
    if name:
        ruleset.name = name
    try:
        ruleset.to_scoring()
    except ScoringError as exc:
        raise ValidationError(exc.message, code=Code.RULESET) from exc
    ruleset.save()
    if ruleset.club is not None:
        audit(club=ruleset.club, by=by, action=AuditEntry.Action.EDIT, object_type="ruleset",
               object_id=ruleset.pk, before=before, after=snapshot(ruleset))
    return ruleset


@transaction.atomic
def season_create(
    *, club: Club, name: str, ruleset: Ruleset, starts_on: datetime.date | None = None,
    ends_on: datetime.date | None = None, rating_method: str = Season.RatingMethod.TOTAL,
    rating_params: dict[str, Any] | None = None, min_games: int = 0, best_n: int | None = None, by=None,
) -> Season:
    require(by, Action.MANAGE_LEAGUE, club=club)
    if ruleset.club_id not in (None, club.pk):
        raise ValidationError("That ruleset belongs to another club.", code=Code.RULESET)
    storable(name, "name")
    validate_rating_params(rating_method=rating_method, rating_params=dict(rating_params or {}),
                           best_n=best_n, min_games=min_games)
    season = Season(
        club=club, name=name, ruleset=ruleset, starts_on=starts_on or timezone.localdate(), ends_on=ends_on,
        rating_method=rating_method, rating_params=dict(rating_params or {}), min_games=min_games, best_n=best_n,
    )
    season.full_clean()
    season.save()
    audit(club=club, by=by, action=AuditEntry.Action.CREATE, object_type="season",
           object_id=season.pk, after=snapshot(season))
    return season


SEASON_FIELDS = ("name", "ruleset", "starts_on", "ends_on", "rating_method", "rating_params", "min_games", "best_n")
_STANDINGS_FIELDS = {"rating_method", "rating_params", "min_games", "best_n"}


@transaction.atomic
def season_update(*, season: Season, by=None, reason: str = "", **changes: Any) -> Season:
    """Change a season's settings (the admin's form uses this): checked like ``season_create``,
    audited, and the standings recomputed when the rating settings change."""
    unknown = set(changes) - set(SEASON_FIELDS)
    if unknown:
        raise ValidationError(f"These season fields cannot change here: {', '.join(sorted(unknown))}.")
    season = Season.objects.select_for_update().select_related("club", "ruleset").get(pk=season.pk)
    require(by, Action.MANAGE_LEAGUE, club=season.club)
    storable(reason, "reason")
    before = snapshot(season)
    changed = {k for k, v in changes.items() if getattr(season, k) != v}
    if not changed:
        return season
    if "ruleset" in changed:
        ruleset = changes["ruleset"]
        if ruleset.club_id not in (None, season.club_id):
            raise ValidationError({"ruleset": ["That ruleset belongs to another club."]}, code=Code.RULESET)
        if season.games.exists():
            raise ValidationError({"ruleset": ["The season has games: its ruleset cannot change."]}, code=Code.RULESET)
    for key in changed:
        setattr(season, key, changes[key])
    storable(season.name, "name")
    if season.rating_params is None:
        season.rating_params = {}
    validate_rating_params(rating_method=season.rating_method, rating_params=season.rating_params,
                           best_n=season.best_n, min_games=season.min_games)
    season.full_clean()
    season.save()
    audit(club=season.club, by=by, action=AuditEntry.Action.EDIT, object_type="season", object_id=season.pk,
           before=before, after=snapshot(season), reason=reason)
    if changed & _STANDINGS_FIELDS:
        season_results_changed.send(sender=Season, season_id=season.pk)
    return season


def ruleset_editable_in_place(season: Season) -> bool:
    """Whether a change of ``season``'s ruleset options may rewrite its ruleset: before the season's first
    game, when the ruleset is the club's own, no game was played under it and no other season uses it."""
    ruleset = season.ruleset
    return (ruleset.club_id == season.club_id and not ruleset.frozen and not season.games.exists()
            and not ruleset.seasons.exclude(pk=season.pk).exists())


@transaction.atomic
def season_ruleset_change(
    *, season: Season, overrides: dict[str, Any], by=None, reason: str = "", once: Once | None = None,
) -> Season:
    """Change the options of the ruleset ``season`` plays under (``overrides``: the options that change).

    Before the season's first game the season's own ruleset is changed in place
    (:func:`ruleset_editable_in_place`); otherwise a new version is made and the season uses it from its
    next game, while every game already played keeps the version it was played under (a game that never
    recorded one refuses the change). ``once``: the form's entry token (a second
    submission makes no second version)."""
    season = Season.objects.select_for_update().select_related("club", "ruleset").get(pk=season.pk)
    require(by, Action.MANAGE_LEAGUE, club=season.club)
    storable(reason, "reason")
    if not overrides:
        return season
    old = season.ruleset
    if ruleset_editable_in_place(season):
        ruleset_update(ruleset=old, overrides=overrides, by=by)
        return season
    if season.games.filter(ruleset__isnull=True).exists():  # every game_start records it; an old import may not
        raise ValidationError(_("Some games of this season do not record the ruleset version they were played "
                                "under: the ruleset cannot change without changing them."), code=Code.RULESET)
    new = ruleset_derive(ruleset=old, overrides=overrides, by=by, club=season.club, once=once)
    before = snapshot(season)
    season.ruleset = new
    season.save(update_fields=["ruleset"])
    audit(club=season.club, by=by, action=AuditEntry.Action.EDIT, object_type="season", object_id=season.pk,
          before=before, after=snapshot(season), reason=reason)
    season_results_changed.send(sender=Season, season_id=season.pk)
    return season


@transaction.atomic
def season_close(*, season: Season, by=None, reason: str = "", reopen: bool = False) -> Season:
    """Close a season (no new games; its standings stay) or, with ``reopen``, open it again."""
    season = Season.objects.select_for_update().select_related("club").get(pk=season.pk)
    if by is not None and not can(by, Action.MANAGE_LEAGUE, club=season.club):
        raise PermissionDenied(_("Only the club's admins may close a season."))
    if (season.closed_at is None) == reopen:
        return season  # already as asked: closing twice is harmless
    before = snapshot(season)
    season.closed_at = None if reopen else timezone.now()
    if not reopen and season.ends_on is None:
        season.ends_on = max(timezone.localdate(), season.starts_on)
    season.save(update_fields=["closed_at", "ends_on"])
    audit(club=season.club, by=by, action=AuditEntry.Action.EDIT, object_type="season", object_id=season.pk,
          before=before, after=snapshot(season), reason=reason)
    if not reopen:
        season_closed.send(sender=Season, season=season)  # inside the transaction (notify's outbox)
    return season
