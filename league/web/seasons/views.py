"""A club admin's seasons and ruleset versions: list, create, close; derive and compare rulesets."""
from __future__ import annotations

from http import HTTPStatus
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.db.models import Q
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from club.models import Club
from core.once import AlreadyDone
from core.web import entry_once, refuse
from league import permissions
from league.models import Ruleset, Season
from league.seasons import services as season_services
from league.seasons.services import season_close
from league.web.seasons.forms import RulesetForm, SeasonForm
from league.web.ui.confirm import confirm_page, confirmed
from scoring import rules as R
from scoring.errors import ScoringError
from scoring.rule_docs import group_label, option_texts, value_text


def _club_for_admin(request: HttpRequest, slug: str) -> Club | HttpResponse:
    club = get_object_or_404(Club, slug=slug)
    if not permissions.can_manage_league(request.user, club):
        return refuse(request)
    return club


def _rulesets(club: Club):
    return Ruleset.objects.filter(Q(club=club) | Q(club__isnull=True)).order_by("key", "created_at")


@login_required
def season_list(request: HttpRequest, slug: str) -> HttpResponse:
    club = _club_for_admin(request, slug)
    if isinstance(club, HttpResponse):
        return club
    seasons = Season.objects.filter(club=club).select_related("ruleset")
    return render(request, "league/seasons/list.html", {"club": club, "seasons": seasons})


@login_required
def season_new(request: HttpRequest, slug: str) -> HttpResponse:
    club = _club_for_admin(request, slug)
    if isinstance(club, HttpResponse):
        return club
    form = SeasonForm(request.POST or None, club=club)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            season = season_services.season_create(
                club=club, name=data["name"], ruleset=data["ruleset"], starts_on=data["starts_on"],
                ends_on=data["ends_on"], rating_method=data["rating_method"], rating_params=data["rating_params"],
                min_games=data["min_games"], best_n=data["best_n"], by=request.user,
            )
        except ValidationError as exc:
            for message in exc.messages:
                form.add_error(None, message)
        else:
            messages.success(request, _("Season %(name)s created.") % {"name": season.name})
            return redirect("seasons:season_list", club.slug)
    status = HTTPStatus.UNPROCESSABLE_ENTITY if request.method == "POST" else HTTPStatus.OK
    return render(request, "league/seasons/new.html", {"club": club, "form": form}, status=status)


@login_required
@require_POST
def season_close_view(request: HttpRequest, slug: str, season_id: int) -> HttpResponse:
    club = _club_for_admin(request, slug)
    if isinstance(club, HttpResponse):
        return club
    season = get_object_or_404(Season, club=club, pk=season_id)
    reopen = request.POST.get("reopen") == "1"
    if not reopen and not confirmed(request):
        return confirm_page(request, back=reverse("seasons:season_list", args=[club.slug]),
                            question=_("Close the season %(name)s? It takes no new games (it can be reopened).")
                            % {"name": season.name}, button=_("Yes, close the season"))
    season_close(season=season, by=request.user, reopen=reopen)
    messages.success(request, (_("Season %(name)s reopened.") if reopen else _("Season %(name)s closed."))
                     % {"name": season.name})
    return redirect("seasons:season_list", club.slug)


def _season_use(club: Club) -> tuple[dict[str, list[str]], dict[int, list[str]]]:
    """Which presets and stored rulesets the club's open seasons use: ``({preset key: [season
    names]}, {ruleset id: [season names]})`` (a season's ruleset counts for its base preset too)."""
    by_preset: dict[str, list[str]] = {}
    by_ruleset: dict[int, list[str]] = {}
    for season in Season.objects.filter(club=club, closed_at__isnull=True).select_related("ruleset"):
        by_preset.setdefault(season.ruleset.base, []).append(season.name)
        by_ruleset.setdefault(season.ruleset_id, []).append(season.name)
    return by_preset, by_ruleset


def _presets(club: Club) -> list[dict[str, Any]]:
    """Every preset in the page's language with its dates, the ones the club's seasons use first and marked."""
    by_preset, _ = _season_use(club)
    rows = [{"key": r.key, "label": R.preset_label(r.key, get_language()), "seasons": by_preset.get(r.key, [])}
            for r in R.PRESETS.values()]
    return sorted(rows, key=lambda p: (not p["seasons"],))


@login_required
def ruleset_list(request: HttpRequest, slug: str) -> HttpResponse:
    club = _club_for_admin(request, slug)
    if isinstance(club, HttpResponse):
        return club
    _, by_ruleset = _season_use(club)
    rulesets = [{"stored": r, "base_label": R.preset_label(r.base, get_language()), "seasons": by_ruleset.get(r.pk, [])}
                for r in _rulesets(club)]
    return render(request, "league/seasons/rulesets.html", {
        "club": club, "rulesets": rulesets, "presets": _presets(club),
    })


def _start_from(club: Club, source: str) -> tuple[R.Ruleset, Ruleset | None]:
    """``preset:KEY`` or a ruleset id: the engine ruleset to start from, and the stored version if any."""
    if source.startswith("preset:"):
        return R.preset(source.removeprefix("preset:")), None
    stored = get_object_or_404(_rulesets(club), pk=int(source) if source.isdigit() else -1)
    return stored.to_scoring(), stored


@login_required
def ruleset_new(request: HttpRequest, slug: str) -> HttpResponse:
    """A new ruleset from a preset, or a new version of a stored one, every option on one page."""
    club = _club_for_admin(request, slug)
    if isinstance(club, HttpResponse):
        return club
    source = request.POST.get("from") or request.GET.get("from") or "preset:juki-agit-2026"
    try:
        start, stored = _start_from(club, source)
    except ScoringError:
        start, stored, source = R.preset("juki-agit-2026"), None, "preset:juki-agit-2026"
    name = R.preset_label(start.key, get_language()) if stored is None else start.name
    initial = {"key": start.key, "name": name, "version": ""}
    form = RulesetForm(request.POST or None, start=start, initial=initial, fixed_key=stored is not None)
    if request.method == "POST" and form.is_valid():
        changes = form.changed_options()
        if form.is_valid():
            data = form.cleaned_data
            try:
                if stored is not None:
                    created = season_services.ruleset_derive(ruleset=stored, overrides=changes, by=request.user,
                                                      name=data["name"], version=data["version"] or None, club=club,
                                                      once=entry_once(request))
                else:
                    created = season_services.ruleset_create(club=club, key=data["key"], name=data["name"],
                                                      base=start.key, overrides=changes,
                                                      version=data["version"] or "1", by=request.user,
                                                      once=entry_once(request))
            except AlreadyDone:
                messages.info(request, _("This was already saved: nothing was saved again."))
                return redirect("seasons:ruleset_list", club.slug)
            except ValidationError as exc:
                for message in exc.messages:
                    form.add_error(None, message)
            else:
                messages.success(request, _("Ruleset %(name)s v%(version)s saved.")
                                 % {"name": created.name, "version": created.version})
                return redirect(f"{_compare_url(club, created)}")
    status = HTTPStatus.UNPROCESSABLE_ENTITY if request.method == "POST" else HTTPStatus.OK
    by_preset, by_ruleset = _season_use(club)
    in_use = by_ruleset.get(stored.pk, []) if stored is not None else by_preset.get(start.key, [])
    return render(request, "league/seasons/ruleset_new.html", {
        "club": club, "form": form, "source": source, "stored": stored, "start": start,
        "start_label": R.preset_label(start.key, get_language()), "in_use": ", ".join(in_use),
    }, status=status)


def _compare_url(club: Club, ruleset: Ruleset) -> str:
    from django.urls import reverse

    base = f"preset:{ruleset.base}"
    return f"{reverse('seasons:ruleset_compare', args=[club.slug])}?a={base}&b={ruleset.pk}"


def _side(club: Club, ref: str) -> tuple[str, R.Ruleset] | None:
    try:
        engine, stored = _start_from(club, ref)
    except (ScoringError, Http404):
        return None
    label = str(stored) if stored is not None else R.preset_label(engine.key, get_language())
    return label, engine


@login_required
def ruleset_compare(request: HttpRequest, slug: str) -> HttpResponse:
    """Two ruleset versions side by side: every option where they differ, with what it means."""
    club = _club_for_admin(request, slug)
    if isinstance(club, HttpResponse):
        return club
    a, b = _side(club, request.GET.get("a", "")), _side(club, request.GET.get("b", ""))
    rows: list[dict[str, Any]] = []
    if a and b:
        left, right = a[1].to_dict(), b[1].to_dict()
        lang = get_language()
        texts = option_texts(lang)
        rows = [{"name": k, "label": texts[k].label, "doc": texts[k].help, "group": group_label(texts[k].group, lang),
                 "a": value_text(k, left[k], lang), "b": value_text(k, right[k], lang)}
                for k in left if k not in ("key", "name", "version") and left[k] != right[k]]
    return render(request, "league/seasons/ruleset_compare.html", {
        "club": club, "a": a, "b": b, "rows": rows, "rulesets": _rulesets(club),
        "presets": _presets(club),
        "a_ref": request.GET.get("a", ""), "b_ref": request.GET.get("b", ""),
    })
