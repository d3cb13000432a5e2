"""Standings pages: the season table, its CSV/XLSX export, a player's season page.

Thin views: the snapshot is read through ``league.standings.selectors``; when a season
has none yet it is computed once, synchronously, by ``league.standings.services.standings_refresh``.
"""

from __future__ import annotations

from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.urls import NoReverseMatch, reverse
from django.utils.safestring import mark_safe
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django_tables2 import RequestConfig

from club.models import Member
from club.web.current import current_member
from club.web.elsewhere import games_elsewhere
from core.memo import page_key, remembered
from core.web import refuse
from league.models import Season
from league.permissions import can_manage_league, can_view_club, can_view_standings, outsider
from league.standings import selectors as sel
from league.standings.services import standings_refresh
from league.web.standings.tables import EXPORT_FORMATS, StandingsTable, export_bytes, rating_header
from league.web.ui import charts as charts
from scoring.hand.names import yaku_name


def _season_for(request: HttpRequest, season_id: int) -> Season | HttpResponse:
    season = get_object_or_404(Season.objects.select_related("club"), pk=season_id)
    if not can_view_standings(request.user, season.club):
        # another club's season: 404, like one that does not exist
        return refuse(request, hide=outsider(request.user, season.club))
    return season


def _snapshot(season: Season, *, with_history: bool = False):
    snapshot = sel.season_snapshot(season=season, with_history=with_history)
    if snapshot is None:
        standings_refresh(season_id=season.pk)
        snapshot = sel.season_snapshot(season=season, with_history=with_history)
    return snapshot


def game_url(game_id: int) -> str | None:
    """The table screens' game page (None until their URLs exist)."""
    try:
        return reverse("league:game_detail", args=[game_id])
    except NoReverseMatch:
        return None


def season_standings(request: HttpRequest, season_id: int) -> HttpResponse:
    season = _season_for(request, season_id)
    if isinstance(season, HttpResponse):
        return season
    snapshot = _snapshot(season)

    def tables_html() -> tuple[str, str, bool]:
        standings = sel.standings_rows(snapshot=snapshot)
        rating = rating_header(season.rating_method, season.best_n)
        ranked = StandingsTable(standings.ranked, season_id=season.pk, rating=rating, prefix="r-")
        unranked = StandingsTable(standings.unranked, season_id=season.pk, rating=rating, prefix="u-")
        RequestConfig(request, paginate=False).configure(ranked)
        RequestConfig(request, paginate=False).configure(unranked)
        return (str(ranked.to_html(request, caption=_("Ranked players"))),
                str(unranked.to_html(request, caption=_("Unranked: below the minimum games or visitors")
                                     if any(r.get("visitor") for r in standings.unranked)
                                     else _("Below the minimum games"))), bool(standings.unranked))

    # The tables are the page's work (300 players × 21 columns); the sort links carry the query string.
    key = page_key("standings", snapshot, season.pk, season.rating_method, season.best_n, season.min_games,
                       sorted(request.GET.lists()))
    ranked_html, unranked_html, has_unranked = remembered(key, tables_html)
    return render(
        request,
        "league/standings/season.html",
        {
            "season": season,
            "club": season.club,
            "snapshot": snapshot,
            "ranked_table": mark_safe(ranked_html),  # django-tables2's escaped output
            "unranked_table": mark_safe(unranked_html),
            "has_unranked": has_unranked,
            "method_label": Season.RatingMethod(season.rating_method).label,
            "export_formats": list(EXPORT_FORMATS),
            "can_whatif": can_manage_league(request.user, season.club),
            "can_files": can_view_club(request.user, season.club),
        },
    )


def standings_export(request: HttpRequest, season_id: int, fmt: str) -> HttpResponse:
    if fmt not in EXPORT_FORMATS:
        raise Http404
    season = _season_for(request, season_id)
    if isinstance(season, HttpResponse):
        return season
    snapshot = _snapshot(season)
    body = remembered(page_key(f"export-{fmt}", snapshot, season.pk, season.name, season.rating_method,
                                   season.best_n, season.min_games),
                      lambda: export_bytes(sel.standings_rows(snapshot=snapshot).rows, fmt, title=season.name))
    response = HttpResponse(body, content_type=EXPORT_FORMATS[fmt])
    response["Content-Disposition"] = f'attachment; filename="standings-season-{season.pk}.{fmt}"'
    return response


def value_words(label: str) -> str:
    """A value of the distribution (``game_stats.value_label``) in the page's language."""
    from league.games.words import limit_words

    if label.startswith("yakuman"):
        return limit_words("yakuman", int(label.rsplit("x", 1)[1]) if " x" in label else 1)
    if "-" not in label:
        return limit_words(label)
    han, _sep, fu = label.partition("-")
    return _("%(han)s han %(fu)s fu") % {"han": han, "fu": fu}


GAMES_PER_PAGE = 50
"""Games a player page lists at once (newest first); older ones are on the next pages."""


def player_season(request: HttpRequest, season_id: int, member_id: int) -> HttpResponse:
    season = _season_for(request, season_id)
    if isinstance(season, HttpResponse):
        return season
    member = get_object_or_404(Member, pk=member_id, club=season.club)
    snapshot = _snapshot(season)  # without every player's rating history: rating_history reads this member's
    row = sel.player_row(snapshot=snapshot, member_id=member.pk)
    games = sel.player_games(season=season, member=member)
    history = sel.rating_history(snapshot=snapshot, member_id=member.pk)
    method_label = Season.RatingMethod(season.rating_method).label
    labels = [str(i) for i in range(1, len(games) + 1)]
    rating_svg = charts.line_chart_svg(
        [charts.Series(str(method_label), [v for _g, v in history])],
        title=_("%(name)s: rating over the season") % {"name": member.display_name},
        desc=(
            _("%(method)s after each of %(n)s games; now %(value)s.")
            % {"method": method_label, "n": len(history), "value": history[-1][1]}
            if history else _("No games yet.")
        ),
        x_labels=[str(i) for i in range(1, len(history) + 1)],
    )
    points_svg = charts.line_chart_svg(
        [charts.Series(_("Points"), [g.cumulative for g in games])],
        title=_("%(name)s: points over the season") % {"name": member.display_name},
        desc=(
            _("Running total of game points after each of %(n)s games; now %(value)s.")
            % {"n": len(games), "value": games[-1].cumulative}
            if games else _("No games yet.")
        ),
        x_labels=labels,
        baseline=0,
    )
    counts = [row["first"], row["second"], row["third"], row["fourth"]] if row else [0, 0, 0, 0]
    highlights = sel.player_highlights(games=games)
    # The list shows a page of games, newest first (the charts above keep the whole season).
    games_page = Paginator(games[::-1], GAMES_PER_PAGE).get_page(request.GET.get("page"))
    ruleset = None
    items = []
    for h in highlights:
        yaku = []
        if h.hand and not h.yaku:  # a full hand the snapshot holds no replayed yaku for (its game did not replay)
            if ruleset is None:
                ruleset = season.ruleset.to_scoring()
            yaku = sel.hand_yaku(h.hand, ruleset, tsumo=h.kind == "tsumo")
        items.append({"h": h, "yaku": yaku, "url": game_url(h.game_id)})
    from league.standings.figures import value_distribution, yaku_frequency

    raw_row = sel.member_row(snapshot=snapshot, member_id=member.pk)
    figure_rows = sel.figure_rows(
        row=raw_row, all_time_rows=sel.member_season_rows(club_id=season.club_id, member_id=member.pk,
                                                          season_id=season.pk, row=raw_row),
        club_rows=sel.club_rows(snapshot=snapshot))
    others = Member.objects.filter(club=season.club).exclude(pk=member.pk).order_by("display_name")
    return render(
        request,
        "league/standings/player.html",
        {
            "season": season,
            "club": season.club,
            "member": member,
            "row": row,
            "figure_rows": figure_rows,
            "values": [(value_words(label), n) for label, n in value_distribution((raw_row or {}).get("values") or {})],
            "yaku": [(yaku_name(name, get_language()), n)
                     for name, n in yaku_frequency((raw_row or {}).get("full_hands") or ())],
            "opponents": list(others.values_list("pk", "display_name")),
            "too_few": _("Too few to mean much"),
            "snapshot": snapshot,
            "method_label": method_label,
            # Rated by plain total points, the rating card would repeat "Total points": it is
            # left out (with best-N it is the best-N sum, shown under that name).
            "show_rating": bool(rating_header(season.rating_method, season.best_n)),
            "rating_label": (
                rating_header(season.rating_method, season.best_n)
                if season.rating_method == Season.RatingMethod.TOTAL
                else _("Rating (%(method)s)") % {"method": method_label}
            ),
            "games": [{"g": g, "url": game_url(g.game_id)} for g in games_page.object_list],
            "games_page": games_page,
            "rating_svg": mark_safe(rating_svg),  # built by league.charts, text escaped there
            "points_svg": mark_safe(points_svg),
            "ranks_svg": mark_safe(charts.rank_bars_svg(counts)),
            "highlights": items,
            "penalties": sel.player_penalties(season=season, member=member),
            # Why a penalty was given is the club's business: public standings show the penalty only.
            "show_reasons": can_view_club(request.user, season.club),
            # issue 36: the same person's games at other clubs (as this viewer may see them), and a claim
            "elsewhere": games_elsewhere(viewer=request.user, member=member),
            "can_claim": _may_claim(request, member),
        },
    )


def _may_claim(request: HttpRequest, member: Member) -> bool:
    """"이 기록은 저입니다" is offered on another club's record without a login (not the viewer's own)."""
    if not request.user.is_authenticated or member.user_id is not None or member.merged_into_id is not None:
        return False
    mine = current_member(request)
    return mine is not None and mine.club_id != member.club_id and mine.person_id != member.person_id


def h2h_pick(request: HttpRequest, season_id: int, member_id: int) -> HttpResponse:
    """The player page's "against" form: to the head-to-head page of the two."""
    from django.shortcuts import redirect

    other = request.GET.get("other", "")
    if not other.isdigit():
        raise Http404
    return redirect("standings:h2h", season_id=season_id, a=member_id, b=int(other))


def head_to_head(request: HttpRequest, season_id: int, a: int, b: int) -> HttpResponse:
    """상대 전적: two members' games together in every season of the club."""
    season = _season_for(request, season_id)
    if isinstance(season, HttpResponse):
        return season
    if a == b or max(a, b) >= 2**63:  # an id past 64 bits is no member's
        raise Http404
    members = {m.pk: m for m in Member.objects.filter(club=season.club, pk__in=[a, b])}
    if len(members) != 2:
        raise Http404
    h2h = sel.head_to_head(club_id=season.club_id, a=a, b=b, season_id=season.pk)
    return render(request, "league/standings/h2h.html", {
        "season": season, "club": season.club, "a": members[a], "b": members[b], "h2h": h2h,
        "games": [{**r, "url": game_url(r["game_id"])} for r in h2h.rows[:GAMES_PER_PAGE]],
    })


EVIDENCE_SHOWN = 5
"""Hands and games an award's winner shows as evidence (the page's slice)."""


def _hand_names_of(evidence) -> dict[tuple[int, int], str]:
    """(game, position) -> the hand as the table names it ("남 4국"): a chombo or a penalty before it is not a hand,
    so a hand is never counted by its position (issue 42 item 9: "9번째 국" for the eighth hand)."""
    from league.games.selectors import hand_names_of

    wanted: dict[int, set[int]] = {}
    for e in evidence:
        if e.get("position") is not None:
            wanted.setdefault(e["game"], set()).add(e["position"])
    return hand_names_of(wanted)


def awards(request: HttpRequest, season_id: int) -> HttpResponse:
    """시즌 어워드: the awards stored with the standings, each with its rule and its evidence."""
    season = _season_for(request, season_id)
    if isinstance(season, HttpResponse):
        return season
    snapshot = sel.awards_snapshot(season=season)
    if snapshot is None:
        standings_refresh(season_id=season.pk)
        snapshot = sel.awards_snapshot(season=season)
    items = []
    hands = _hand_names_of(e for award in sel.season_awards(snapshot=snapshot) for w in award["winners"]
                           for e in w["evidence"][:EVIDENCE_SHOWN])
    for award in sel.season_awards(snapshot=snapshot):
        winners = []
        for w in award["winners"]:
            evidence = [{**e, "url": (game_url(e["game"]) or "")
                         + (f"#hand-{e['position']}" if e.get("position") is not None and game_url(e["game"]) else ""),
                         "hand": hands.get((e["game"], e.get("position")), "")}
                        for e in w["evidence"]]
            winners.append({**w, "evidence": evidence,
                            "url": reverse("standings:player", args=[season.pk, w["member_id"]])})
        items.append({**award, "winners": winners})
    return render(request, "league/standings/awards.html", {
        "season": season, "club": season.club, "snapshot": snapshot, "awards": items,
        "min_games": max(1, season.min_games),
    })
