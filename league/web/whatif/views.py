"""The what-if lab for club admins: the proposal form, then the run's page (progress, then the
standings side by side with today's, rank changes and the games the proposal refuses)."""
from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render

from club.web import throttle
from league.models import Season
from league.permissions import can_manage_league, outsider
from league.web.whatif.forms import ProposalForm
from league.whatif import services
from league.whatif.models import WhatIfRun
from league.whatif.selectors import comparison_context


def _season(request: HttpRequest, season_id: int) -> Season:
    season = get_object_or_404(Season.objects.select_related("club", "ruleset"), pk=season_id)
    if not can_manage_league(request.user, season.club):
        if outsider(request.user, season.club):
            raise Http404  # another club's season: like one that does not exist
        raise PermissionDenied
    return season


@login_required
def lab(request: HttpRequest, season_id: int) -> HttpResponse:
    season = _season(request, season_id)
    form = ProposalForm(request.POST if request.method == "POST" else None, season=season,
                        base=request.GET.get("ruleset", ""))
    if request.method == "POST" and form.is_valid() and throttle.blocked(request, throttle.PREVIEWS):
        form.add_error(None, throttle.render_message())  # each run recomputes the season's standings
    elif request.method == "POST" and form.is_valid():
        throttle.hit(request, throttle.PREVIEWS)
        run = services.run_create(season=season, proposal=form.cleaned_data["proposal"], by=request.user)
        return redirect("whatif:run", run.pk)
    runs = WhatIfRun.objects.filter(season=season)[:10]
    status = 422 if request.method == "POST" and not form.reloaded else 200  # another ruleset's options: not an error
    return render(request, "league/whatif/lab.html", {"season": season, "form": form, "runs": runs}, status=status)


@login_required
def run_detail(request: HttpRequest, run_id: int) -> HttpResponse:
    run = get_object_or_404(WhatIfRun.objects.select_related("season__club", "season__ruleset"), pk=run_id)
    _season(request, run.season_id)
    return render(request, "league/whatif/run.html", {
        "run": run, "season": run.season, **comparison_context(run.result or {}),
        "finished": run.status in (WhatIfRun.Status.DONE, WhatIfRun.Status.FAILED),
    })
