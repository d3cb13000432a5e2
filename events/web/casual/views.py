"""The club's casual games: the list (kept and shown, counting for nothing) and starting one."""
from __future__ import annotations

from http import HTTPStatus

from django import forms
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied, ValidationError
from django.db.models import Q
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext_lazy

from club.models import Club, Member
from core.once import AlreadyDone, Once
from events.casual import services
from league import permissions as league_permissions
from league.models import Game, Ruleset


class CasualForm(forms.Form):
    ruleset = forms.ModelChoiceField(queryset=Ruleset.objects.none(), label=gettext_lazy("Ruleset"))
    random_seats = forms.BooleanField(required=False, label=gettext_lazy("Draw the seats"))

    def __init__(self, *args, club, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["ruleset"].queryset = Ruleset.objects.filter(Q(club=club) | Q(club__isnull=True)).order_by("name")
        self.fields["ruleset"].label_from_instance = lambda r: f"{r.name} v{r.version}"
        members = [("", "—")] + [(m.pk, m.display_name) for m in Member.objects.filter(club=club, active=True)
                                 .order_by("display_name")]
        for i, wind in enumerate((gettext_lazy("East"), gettext_lazy("South"), gettext_lazy("West"),
                                  gettext_lazy("North"))):
            self.fields[f"seat{i}"] = forms.TypedChoiceField(choices=members, coerce=int, required=i < 3,
                                                             empty_value=None, label=wind)

    def members(self) -> list[int]:
        return [self.cleaned_data[f"seat{i}"] for i in range(4) if self.cleaned_data.get(f"seat{i}")]


def casual_list(request, slug: str):
    club = get_object_or_404(Club, slug=slug)
    if not league_permissions.can_view_club(request.user, club):
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        raise PermissionDenied
    can_start = league_permissions.can_start_game(request.user, club)
    form = CasualForm(request.POST or None, club=club) if can_start else None
    status = HTTPStatus.OK
    if request.method == "POST":
        if not can_start:
            raise PermissionDenied
        if form.is_valid():
            ids = form.members()
            by_id = {m.pk: m for m in Member.objects.filter(club=club, pk__in=ids)}
            try:
                game = services.casual_game_start(club=club, ruleset=form.cleaned_data["ruleset"],
                                                  members=[by_id[i] for i in ids if i in by_id], by=request.user,
                                                  random_seats=form.cleaned_data["random_seats"],
                                                  once=Once.form(request.user, request.POST.get("entry_token")))
            except AlreadyDone as done:  # Back + resubmit: the game the first submission started
                if done.result is not None:
                    return redirect("league:game_table", done.result.pk)
                return redirect("events:casual_list", club.slug)
            except ValidationError as exc:
                form.add_error(None, " ".join(exc.messages))
            else:
                return redirect("league:game_table", game.pk)
        status = HTTPStatus.UNPROCESSABLE_ENTITY
    games = (Game.objects.filter(season__casual__club=club).select_related("season__casual__ruleset")
             .prefetch_related("seat_set__member").order_by("-started_at", "-id")[:50])
    rows = []
    for g in games:
        seats = sorted(g.seat_set.all(), key=lambda s: s.seat)
        rows.append({"game": g, "players": [{"name": s.member.display_name,
                                             "score": g.final_scores[s.seat] if g.final_scores else None,
                                             "rank": g.final_ranks[s.seat] if g.final_ranks else None}
                                            for s in seats]})
    return render(request, "events/casual/list.html", {"club": club, "rows": rows, "form": form,
                                                       "can_start": can_start}, status=status)
