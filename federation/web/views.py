"""A federation's pages (the entry layer): the public ranking (CSV/XLSX too), the tournaments it keeps with
their EMA workbook and portal CSV, a club tournament's files for those who may see its results, and the admins'
import of a tournament held elsewhere. Every page reads the federation's own tables only: what clubs shared."""
from __future__ import annotations

import csv
import datetime
import io

from django import forms
from django.core.exceptions import ValidationError
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from club.selectors import member_for
from core.spreadsheet import fit_columns, safe_row
from core.web import refuse
from events.tournaments.models import Tournament
from federation import files, selectors, services
from federation.models import Federation, FederationSeason, FederationTournament
from scoring.mers import tournament_weight

FILE_KINDS = ("ema.xlsx", "portal.csv")


def _federation(slug: str) -> Federation:
    return get_object_or_404(Federation, slug=slug)


def _season(request, federation: Federation) -> FederationSeason | None:
    wanted = request.GET.get("season", "")
    if wanted.isdigit():
        return get_object_or_404(FederationSeason, federation=federation, pk=int(wanted))
    return selectors.current_season(federation=federation)


def _page_number(request) -> int:
    value = request.GET.get("page", "1")
    return min(int(value), 10 ** 6) if value.isdigit() and int(value) > 0 else 1


def federation_list(request):
    return render(request, "federation/list.html", {"federations": selectors.federations()})


def ranking(request, slug: str):
    federation = _federation(slug)
    season = _season(request, federation)
    page = _page_number(request)
    lines = selectors.ranking_page(season=season, page=page) if season else []
    count = selectors.ranking_count(season=season) if season else 0
    pages = max(1, -(-count // selectors.PAGE_SIZE))
    return render(request, "federation/ranking.html", {
        "federation": federation, "season": season, "seasons": selectors.seasons(federation=federation),
        "lines": lines, "count": count, "page": page, "pages": pages,
        "previous": page - 1 if page > 1 else None, "next": page + 1 if page < pages else None,
        "clubs": selectors.member_clubs(federation=federation), "managed": _managed_clubs(request.user),
        "is_admin": services.is_admin(user=request.user, federation=federation)})


def _managed_clubs(user) -> set[int]:
    """The clubs whose admin ``user`` is (they choose what their club shares)."""
    from club.models import ClubRole

    if not getattr(user, "is_authenticated", False):
        return set()
    return set(ClubRole.objects.filter(member__user=user, member__active=True, role=ClubRole.Role.ADMIN)
               .values_list("club_id", flat=True))


def _ranking_table(season: FederationSeason) -> tuple[list[str], list[list]]:
    mers = season.is_mers
    head = [_("Rank"), _("Name"), _("Ranking")] + ([_("Tournaments"), _("Part A"), _("Part B")] if mers
                                                   else [_("Games")])
    body = []
    for line in selectors.ranking_all(season=season):
        extra = ([line.detail.get("tournaments"), line.detail.get("part_a"), line.detail.get("part_b")] if mers
                 else [line.detail.get("games")])
        body.append([line.rank, line.name, line.value, *extra])
    return head, body


def _filename(federation: Federation, season: FederationSeason, ext: str) -> str:
    return f"{federation.slug}-{slugify(season.name, allow_unicode=False) or season.pk}-ranking.{ext}"


def ranking_csv(request, slug: str):
    federation = _federation(slug)
    season = _season(request, federation)
    if season is None:
        raise Http404
    head, body = _ranking_table(season)
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(safe_row(head))
    writer.writerows(safe_row(r) for r in body)
    response = HttpResponse("\ufeff" + out.getvalue(), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{_filename(federation, season, "csv")}"'
    return response


def ranking_xlsx(request, slug: str):
    from openpyxl import Workbook

    federation = _federation(slug)
    season = _season(request, federation)
    if season is None:
        raise Http404
    head, body = _ranking_table(season)
    book = Workbook()
    sheet = book.active
    sheet.title = _("Ranking")[:31]
    sheet.append(safe_row(head))
    for row in body:
        sheet.append(safe_row(row))
    fit_columns(sheet)
    out = io.BytesIO()
    book.save(out)
    response = HttpResponse(out.getvalue(), content_type=XLSX)
    response["Content-Disposition"] = f'attachment; filename="{_filename(federation, season, "xlsx")}"'
    return response


XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"


def person(request, slug: str, person_id: int):
    federation = _federation(slug)
    results = selectors.person_results(federation=federation, person_id=person_id)
    if not results:
        raise Http404
    return render(request, "federation/person.html", {"federation": federation, "results": results,
                                                      "name": f"{results[0].last_name} {results[0].first_name}"})


def tournaments(request, slug: str):
    federation = _federation(slug)
    return render(request, "federation/tournaments.html", {
        "federation": federation, "tournaments": selectors.tournaments(federation=federation)})


def tournament(request, slug: str, pk: int):
    federation = _federation(slug)
    record = get_object_or_404(FederationTournament, federation=federation, pk=pk)
    return render(request, "federation/tournament.html", {
        "federation": federation, "record": record, "weight": selectors.tournament_weight_of(record),
        "results": selectors.tournament_results(record=record)})


def _file_response(imported: files.ImportedTournament, kind: str, name: str) -> HttpResponse:
    if kind not in FILE_KINDS:
        raise Http404
    if kind == "ema.xlsx":
        response = HttpResponse(files.ema_workbook(imported), content_type=XLSX)
    else:
        response = HttpResponse(files.portal_csv(imported), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{name}-{kind}"'
    return response


def tournament_file(request, slug: str, pk: int, kind: str):
    federation = _federation(slug)
    record = get_object_or_404(FederationTournament, federation=federation, pk=pk)
    return _file_response(selectors.tournament_file(record=record), kind, f"tournament-{record.pk}")


def club_tournament_file(request, pk: int, kind: str):
    """A club tournament's results as the EMA workbook or the portal CSV: for whoever may see its results."""
    tournament = get_object_or_404(Tournament.objects.select_related("club", "ruleset"), pk=pk)
    if not tournament.public_results and member_for(user=request.user, club=tournament.club) is None \
            and not getattr(request.user, "is_superuser", False):
        return refuse(request, hide=True)
    lines = services.club_tournament_lines(tournament, country=request.GET.get("country", "")[:40] or "Korea")
    ends_on = tournament.ends_on or tournament.starts_on
    imported = files.ImportedTournament(
        title=tournament.name, starts_on=tournament.starts_on, ends_on=ends_on, rules=tournament.ruleset.name,
        country=lines[0][1].country if lines else "", lines=tuple(line for _m, line in lines),
        mers_weight=tournament_weight(days=(ends_on - tournament.starts_on).days + 1, players=max(len(lines), 1),
                                      countries=max(len({line.country for _m, line in lines}), 1)))
    return _file_response(imported, kind, f"tournament-{tournament.pk}")


class ImportForm(forms.Form):
    FORMATS = [("ema", gettext_lazy("EMA results workbook (.xlsx)")),
               ("portal", gettext_lazy("mahjong-portal CSV"))]
    format = forms.ChoiceField(label=gettext_lazy("Format"), choices=FORMATS)
    file = forms.FileField(label=gettext_lazy("File"))
    title = forms.CharField(label=gettext_lazy("Title (portal CSV)"), max_length=200, required=False)
    starts_on = forms.DateField(label=gettext_lazy("Starts on (portal CSV)"), required=False)
    ends_on = forms.DateField(label=gettext_lazy("Ends on (portal CSV)"), required=False)
    countries = forms.IntegerField(label=gettext_lazy("Countries"), min_value=1, max_value=100, required=False)
    qualification = forms.BooleanField(label=gettext_lazy("Players had to qualify"), required=False)

    MAX_BYTES = 5 * 1024 * 1024

    def clean(self):
        data = super().clean()
        upload = data.get("file")
        if upload is not None and upload.size > self.MAX_BYTES:
            raise ValidationError(_("The file is larger than 5 MB."))
        if data.get("format") == "portal" and not (data.get("title") and data.get("starts_on")):
            raise ValidationError(_("A portal CSV needs the tournament's title and dates."))
        return data

    def imported(self) -> files.ImportedTournament:
        data = self.cleaned_data
        raw = data["file"].read()
        if data["format"] == "ema":
            return files.read_ema_workbook(raw)
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise files.BadResultsFile([_("The CSV must be saved as UTF-8.")]) from exc
        starts_on: datetime.date = data["starts_on"]
        return files.read_portal_csv(text, title=data["title"], starts_on=starts_on,
                                     ends_on=data.get("ends_on") or starts_on)


def import_tournament(request, slug: str):
    federation = _federation(slug)
    if not services.is_admin(user=request.user, federation=federation):
        return refuse(request)
    form = ImportForm(request.POST or None, request.FILES or None)
    report = record = None
    problems: list[str] = []
    if request.method == "POST" and form.is_valid():
        try:
            imported = form.imported()
            record, report = services.external_tournament_import(
                federation=federation, imported=imported, source=form.cleaned_data["format"], by=request.user,
                countries=form.cleaned_data.get("countries"), qualification=form.cleaned_data["qualification"])
        except files.BadResultsFile as bad:
            problems = bad.problems
        except services.FederationRefused as refused:
            problems = list(refused.messages)
    return render(request, "federation/import.html", {"federation": federation, "form": form, "report": report,
                                                      "record": record, "problems": problems})


# --- running the federation ---------------------------------------------------------------------------
class ClubJoinForm(forms.Form):
    club = forms.SlugField(label=gettext_lazy("Club address (slug)"), max_length=60)


class SeasonForm(forms.Form):
    name = forms.CharField(label=gettext_lazy("Name"), max_length=120)
    starts_on = forms.DateField(label=gettext_lazy("Starts on"))
    ends_on = forms.DateField(label=gettext_lazy("Ends on"), required=False)
    method = forms.ChoiceField(label=gettext_lazy("Ranking method"), choices=FederationSeason.Method.choices)


class ShareForm(forms.Form):
    share_tournaments = forms.BooleanField(label=gettext_lazy("Share our tournaments' results"), required=False)
    share_seasons = forms.BooleanField(label=gettext_lazy("Share our seasons' results"), required=False)


def manage(request, slug: str):
    """The federation's admins: add a club, open a season, compute a season again."""
    from club.models import Club

    federation = _federation(slug)
    if not services.is_admin(user=request.user, federation=federation):
        return refuse(request)
    join_form = ClubJoinForm(request.POST if request.POST.get("action") == "join" else None, prefix="join")
    season_form = SeasonForm(request.POST if request.POST.get("action") == "season" else None, prefix="season")
    done = ""
    try:
        if join_form.is_bound and join_form.is_valid():
            club = Club.objects.filter(slug=join_form.cleaned_data["club"]).first()
            if club is None:
                join_form.add_error("club", _("No club has that address."))
            else:
                services.club_join(federation=federation, club=club, by=request.user)
                done = _("%(club)s joined the federation; it shares nothing until its admins choose.") % {
                    "club": club.name}
        if season_form.is_bound and season_form.is_valid():
            data = season_form.cleaned_data
            season = services.season_create(federation=federation, name=data["name"], starts_on=data["starts_on"],
                                            ends_on=data.get("ends_on"), method=data["method"], by=request.user)
            done = _("The season “%(name)s” is open and computed.") % {"name": season.name}
        if request.POST.get("action") == "recompute" and request.POST.get("season", "").isdigit():
            season = get_object_or_404(FederationSeason, federation=federation, pk=int(request.POST["season"]))
            services.ranking_recompute(season=season)
            done = _("The season “%(name)s” was computed again.") % {"name": season.name}
    except services.FederationRefused as refused:
        (join_form if request.POST.get("action") == "join" else season_form).add_error(None, refused.messages[0])
    return render(request, "federation/manage.html", {
        "federation": federation, "join_form": join_form, "season_form": season_form, "done": done,
        "clubs": selectors.member_clubs(federation=federation), "seasons": selectors.seasons(federation=federation)})


def share(request, slug: str, club_slug: str):
    """A club's admins choose what their club shares with the federation."""
    from club.selectors import may_manage

    federation = _federation(slug)
    membership = federation.memberships.filter(club__slug=club_slug).select_related("club").first()
    if membership is None:
        raise Http404
    if not may_manage(user=request.user, club=membership.club):
        return refuse(request, hide=True)
    form = ShareForm(request.POST or None, initial={"share_tournaments": membership.share_tournaments,
                                                    "share_seasons": membership.share_seasons})
    saved = False
    if request.method == "POST" and form.is_valid():
        membership = services.club_share_set(membership=membership, by=request.user, **form.cleaned_data)
        saved = True
    return render(request, "federation/share.html", {"federation": federation, "membership": membership,
                                                     "form": form, "saved": saved})
