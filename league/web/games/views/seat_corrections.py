"""The referee's seat corrections of one game (``league.referee.seat_corrections``): swap two players'
seats, or replace a member with another; the reason is required. Referees and club admins only."""
from __future__ import annotations

from http import HTTPStatus

from django import forms
from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.cache import never_cache

from club.models import Member
from core.once import AlreadyDone
from core.web import entry_once, refusable
from league.games.errors import refusal_message
from league.models import Game
from league.referee import seat_corrections
from league.referee.seat_corrections import Correction, SeatCorrectionRefused
from league.web.ui.views import load_game


class SwapForm(forms.Form):
    first = forms.TypedChoiceField(coerce=int, label=gettext_lazy("Player"))
    second = forms.TypedChoiceField(coerce=int, label=gettext_lazy("Swaps seats with"))
    reason = forms.CharField(max_length=200, label=gettext_lazy("Reason"))

    def __init__(self, *args, seated: list[tuple[int, str]], **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["first"].choices = self.fields["second"].choices = seated


class ReplaceForm(forms.Form):
    leaving = forms.TypedChoiceField(coerce=int, label=gettext_lazy("Player entered by mistake"))
    joining = forms.TypedChoiceField(coerce=int, label=gettext_lazy("Member who really played"))
    reason = forms.CharField(max_length=200, label=gettext_lazy("Reason"))

    def __init__(self, *args, seated: list[tuple[int, str]], others: list[tuple[int, str]], **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["leaving"].choices = seated
        self.fields["joining"].choices = others


def _seated(game: Game) -> list[tuple[int, str]]:
    return [(s.member_id, s.member.display_name) for s in game.seat_set.select_related("member").order_by("seat")]


@never_cache
@refusable
def game_seats(request: HttpRequest, pk: int) -> HttpResponse:
    """GET: the game's seats and the two corrections; POST ``action`` = swap | replace."""
    game = load_game(request, pk, check=seat_corrections.can_correct_seats)
    seated = _seated(game)
    others = list(Member.objects.filter(club=game.club, active=True).exclude(pk__in=[m for m, _ in seated])
                  .order_by("display_name").values_list("pk", "display_name"))
    action = request.POST.get("action") if request.method == "POST" else None
    swap = SwapForm(request.POST if action == Correction.SWAP else None, seated=seated, prefix="swap")
    replace = ReplaceForm(request.POST if action == Correction.REPLACE else None, seated=seated, others=others,
                          prefix="replace")
    status = HTTPStatus.OK
    if request.method == "POST":
        form = swap if action == Correction.SWAP else replace if action == Correction.REPLACE else None
        if form is None:
            return redirect("league:game_seats", game.pk)
        if form.is_valid():
            data = form.cleaned_data
            try:
                if action == Correction.SWAP:
                    first, second = (Member.objects.get(pk=data["first"]), Member.objects.get(pk=data["second"]))
                    seat_corrections.seats_swap(game=game, first=first, second=second, by=request.user,
                                                reason=data["reason"], once=entry_once(request))
                    messages.success(request, _("%(a)s and %(b)s changed seats. The game was replayed and the "
                                                "standings follow.") % {"a": first.display_name,
                                                                        "b": second.display_name})
                else:
                    leaving, joining = Member.objects.get(pk=data["leaving"]), Member.objects.get(pk=data["joining"])
                    seat_corrections.seat_replace(game=game, leaving=leaving, joining=joining, by=request.user,
                                                  reason=data["reason"], once=entry_once(request))
                    messages.success(request, _("%(new)s takes %(old)s's seat. The game was replayed and the "
                                                "standings follow.") % {"new": joining.display_name,
                                                                        "old": leaving.display_name})
            except AlreadyDone:  # the same form again (a double tap, Back): done once, not undone
                messages.info(request, _("This correction was already saved; nothing was changed again."))
                return redirect("league:game_seats", game.pk)
            except ValidationError as exc:
                form.add_error(None, " ".join(exc.messages) if isinstance(exc, SeatCorrectionRefused)
                               else refusal_message(exc, game))
            else:
                return redirect("league:game_seats", game.pk)
        status = HTTPStatus.UNPROCESSABLE_ENTITY
    return render(request, "league/games/seats.html", {
        "game": game, "seated": seated, "swap": swap, "replace": replace,
        "finished": game.status == Game.Status.FINISHED, "cancelled": game.status == Game.Status.CANCELLED,
    }, status=status)
