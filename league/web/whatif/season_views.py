"""A season's settings page (``whatif:season_edit``): its fields, rating parameters and ruleset options in
the page's language. It lives with the what-if lab because, once the season has games, a ruleset change is first shown
as a what-if of the standings (``league.whatif.selectors.compare``) — seasons stand below whatif and do not
import it (tests/test_import_graph.py)."""
from __future__ import annotations

import hashlib
import json
import re
from http import HTTPStatus
from typing import Any
from urllib.parse import urlencode

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from club.models import Club
from club.web import throttle
from core.once import AlreadyDone
from core.web import entry_once
from league.models import Ruleset, Season
from league.seasons import services as season_services
from league.web.seasons.forms import RulesetOptionsForm, SeasonForm
from league.web.seasons.views import _club_for_admin
from league.whatif import previews
from league.whatif.selectors import ProposalError, check_proposal, comparison_context
from scoring.rule_docs import option_texts, value_text


def _preview_key(changes: dict[str, Any]) -> str:
    """What the preview showed, so that a confirmation applies exactly that (changed meanwhile: preview again)."""
    return hashlib.sha256(json.dumps(changes, sort_keys=True, ensure_ascii=False).encode()).hexdigest()[:16]


def _changes_rows(ruleset: Ruleset, changes: dict[str, Any]) -> list[dict[str, str]]:
    lang = get_language()
    texts, now = option_texts(lang), ruleset.to_scoring().to_dict()
    return [{"label": texts[k].label, "now": value_text(k, now.get(k), lang), "new": value_text(k, v, lang)}
            for k, v in changes.items()]


def _proposal_message(ready: dict[str, Any]) -> str:
    """The worker's refusal in the page's language (a preview kept before it said every language: its English)."""
    return ready.get("errors", {}).get((get_language() or "ko").lower(), ready["error"])


def _preview_context(club: Club, season: Season, key: str, ready: dict[str, Any] | None,
                     previewed: str) -> dict[str, Any]:
    """The preview's part of the page: the comparison when it is ready, with ``previewed`` (what the confirmation
    sends back: the changes it shows), else where the page asks again ("계산 중")."""
    if ready is None:
        digest = key.rsplit(":", 1)[1]
        url = reverse("whatif:season_preview", args=[club.slug, season.pk, digest])
        return {"pending": True, "poll_url": f"{url}?{urlencode({'previewed': previewed})}",
                "poll_seconds": previews.POLL_SECONDS}
    if "error" in ready:
        return {"error": _proposal_message(ready)}
    return {**comparison_context(ready), "previewed": previewed}


@login_required
@require_GET
def season_preview(request: HttpRequest, slug: str, season_id: int, digest: str) -> HttpResponse:
    """The preview the settings page is waiting for: its part of the page when it is ready (200), "계산 중"
    (202) while it is computed. The page asks every few seconds; nothing is computed here."""
    club = _club_for_admin(request, slug)
    if isinstance(club, HttpResponse):
        return club
    season = get_object_or_404(Season, club=club, pk=season_id)
    if not re.fullmatch(r"[0-9a-f]{32}", digest):
        raise Http404
    key = f"season-preview:{season.pk}:{digest}"
    ready = previews.preview_ready(key)
    previewed = request.GET.get("previewed", "")
    if not re.fullmatch(r"[0-9a-f]{16}", previewed):  # what the page was given (``_preview_key``), echoed back
        raise Http404
    ctx = {"club": club, "season": season, **_preview_context(club, season, key, ready, previewed)}
    response = render(request, "league/seasons/_preview_result.html", ctx,
                      status=HTTPStatus.ACCEPTED if ready is None else HTTPStatus.OK)
    response["Cache-Control"] = "no-store"
    return response


@login_required
def season_edit(request: HttpRequest, slug: str, season_id: int) -> HttpResponse:
    """A season's settings and the options of its ruleset, in the page's language.

    Before the season's first game the ruleset changes in place; after it a change is a new version
    (games keep theirs), shown first as a what-if of the standings, then confirmed with one more tap."""
    club = _club_for_admin(request, slug)
    if isinstance(club, HttpResponse):
        return club
    season = get_object_or_404(Season.objects.select_related("ruleset"), club=club, pk=season_id)
    played = season.games.exists()
    data = request.POST if request.method == "POST" else None
    form = SeasonForm(data, club=club, instance=season)
    form.fields["ruleset"].disabled = played  # after the first game: only a new version of its own ruleset
    rules = RulesetOptionsForm(data, start=season.ruleset.to_scoring(), prefix="rule")
    ctx: dict[str, Any] = {"club": club, "season": season, "form": form, "rules": rules, "played": played,
                           "in_place": season_services.ruleset_editable_in_place(season)}
    if request.method == "POST" and form.is_valid() and rules.is_valid():
        changes = rules.changed_options()
        if rules.is_valid():
            ctx.update(_season_edit_post(request, club, season, form, changes, played))
            if "done" in ctx:
                return ctx["done"]
    status = HTTPStatus.UNPROCESSABLE_ENTITY if request.method == "POST" and "preview" not in ctx else HTTPStatus.OK
    return render(request, "league/seasons/edit.html", ctx, status=status)


def _season_edit_post(request: HttpRequest, club: Club, season: Season, form: SeasonForm,
                      changes: dict[str, Any], played: bool) -> dict[str, Any]:
    data = form.cleaned_data
    if changes and data["ruleset"] != season.ruleset:
        form.add_error("ruleset", _("Choose another ruleset or change its options, not both at once."))
        return {}
    if changes and played and request.POST.get("previewed") != _preview_key(changes):
        if throttle.blocked(request, throttle.PREVIEWS):  # each preview recomputes the season's standings
            form.add_error(None, throttle.render_message())
            return {}
        throttle.hit(request, throttle.PREVIEWS)
        stored = Season.objects.select_related("club", "ruleset").get(pk=season.pk)  # the form set ``season``'s
        try:  # fields already (unsaved): today's side is the season as stored
            check_proposal(previews.season_proposal(stored, changes))  # a refused option says so at once
        except ProposalError as exc:
            form.add_error(None, exc.localized(get_language()))
            return {}
        # the standings under the new version are computed once per version of their inputs, in the worker (or
        # after the response), never in this request: "계산 중" until they are ready (issue 35 item 1)
        key, ready = previews.request_preview(stored, changes)
        ctx = {"preview": True, "changes": _changes_rows(season.ruleset, changes),
               **_preview_context(club, stored, key, ready, _preview_key(changes))}
        if "error" in ctx:
            form.add_error(None, ctx["error"])
            return {}
        return ctx
    try:
        fields = {k: data[k] for k in season_services.SEASON_FIELDS if k in data}
        if played:
            fields.pop("ruleset", None)
        season_services.season_update(season=season, by=request.user, **fields)
        season_services.season_ruleset_change(season=season, overrides=changes, by=request.user,
                                              once=entry_once(request))
    except AlreadyDone:
        messages.info(request, _("This was already saved: nothing was saved again."))
    except ValidationError as exc:
        for message in exc.messages:
            form.add_error(None, message)
        return {}
    else:
        season.refresh_from_db()
        if changes and played:
            messages.success(request, _("Season %(name)s now plays under %(ruleset)s; games already played keep "
                                        "their version.") % {"name": season.name, "ruleset": season.ruleset})
        else:
            messages.success(request, _("Season %(name)s saved.") % {"name": season.name})
    return {"done": redirect("seasons:season_list", club.slug)}
