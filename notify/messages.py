"""What each change says, in the language active when it is built (issue 38: a club's channel gets the
club's language, a member's own message the member's; ``notify.receivers`` chooses), and how each service
gets it: Discord markdown (``**bold**``), Telegram HTML (``<b>``, escaped). The Korean headings keep the
English beside them (the club's habit); the other languages say it once."""
from __future__ import annotations

import html
from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from events.nights import selectors as night_selectors
from events.nights.models import ClubNight, NightRound
from league.games.words import seat_wind
from league.models import Game, Penalty
from notify.models import ChannelKind, EventKind


@dataclass(frozen=True)
class Message:
    event: str
    key: str
    title: str
    lines: tuple[str, ...]


def _points(value) -> str:
    return f"{float(value):+.1f}"


def round_seated(rnd: NightRound) -> Message:
    night = rnd.night
    lines = _table_lines(rnd.tables)
    if rnd.minutes:
        lines.append(pgettext("notification", "Time limit %(m)s minutes") % {"m": rnd.minutes})
    return Message(EventKind.ROUND_SEATED, f"round_seated:{rnd.pk}", _round_seated_title(night, rnd.number),
                   tuple(lines))


def _round_seated_title(event, number: int) -> str:
    return pgettext("notification", "%(event)s · round %(n)s seated") % {"event": event, "n": number}


def _ranked(rank, name: str, points) -> str:
    return pgettext("notification", "#%(rank)s %(name)s %(points)s") % {
        "rank": rank, "name": name, "points": _points(points)}


def game_ended(game: Game) -> Message:
    seats = sorted(game.seat_set.select_related("member"), key=lambda s: (game.final_ranks or [0] * 4)[s.seat])
    lines = tuple(pgettext("notification", "#%(rank)s %(name)s %(score)s points (%(points)s)") % {
        "rank": game.final_ranks[s.seat], "name": s.member.display_name, "score": f"{game.final_scores[s.seat]:,}",
        "points": _points(game.final_points[s.seat])} for s in seats)
    label = game.table_label or f"#{game.pk}"
    return Message(EventKind.GAME_ENDED, f"game_ended:{game.pk}",
                   pgettext("notification", "Game ended · %(label)s") % {"label": label}, lines)


def night_ended(night: ClubNight) -> Message:
    rows = night_selectors.tonight_results(night)
    lines = tuple(pgettext("notification", "%(i)s. %(name)s %(points)s (%(games)s games)") % {
        "i": i, "name": r["name"], "points": _points(r["points"]), "games": r["games"]}
        for i, r in enumerate(rows[:12], 1))
    return Message(EventKind.NIGHT_ENDED, f"night_ended:{night.pk}",
                   pgettext("notification", "%(night)s ended · tonight's results") % {"night": night},
                   lines or (pgettext("notification", "No game was finished."),))


def penalty_given(penalty: Penalty) -> Message:
    kind = penalty.get_type_display()
    parts = [f"{penalty.member.display_name}: {kind}"]
    if penalty.points is not None:
        parts.append(f"{_points(penalty.points)}")
    if penalty.game_id:
        parts.append(penalty.game.table_label or f"#{penalty.game_id}")
    lines = [" · ".join(str(p) for p in parts)]
    if penalty.reason:
        lines.append(pgettext("notification", "Reason: %(reason)s") % {"reason": penalty.reason})
    return Message(EventKind.PENALTY_GIVEN, f"penalty_given:{penalty.pk}", pgettext("notification", "Penalty"),
                   tuple(lines))


def _table_lines(tables) -> list[str]:
    lines = []
    for table in tables.select_related("game").prefetch_related("game__seat_set__member").order_by("id"):
        seats = sorted(table.game.seat_set.all(), key=lambda s: s.seat)
        names = " · ".join(f"{seat_wind(s.seat, 0, table.game.seats)} {s.member.display_name}" for s in seats)
        lines.append(_table_line(table.label, names))
    return lines


def _table_line(label, names: str) -> str:
    return pgettext("notification", "Table %(table)s: %(names)s") % {"table": label, "names": names}


def tournament_round_seated(rnd) -> Message:
    return Message(EventKind.TOURNAMENT_ROUND_SEATED, f"tournament_round_seated:{rnd.pk}",
                   _round_seated_title(rnd.tournament.name, rnd.number), tuple(_table_lines(rnd.tables)))


def tournament_cut(tournament) -> Message:
    from club.models import Member

    names = dict(Member.objects.filter(pk__in=tournament.finalists or []).values_list("pk", "display_name"))
    lines = tuple(f"{i}. {names.get(pk, pk)}" for i, pk in enumerate(tournament.finalists or [], 1))
    return Message(EventKind.TOURNAMENT_CUT, f"tournament_cut:{tournament.pk}",
                   pgettext("notification", "%(event)s · the cut: %(n)s go through") % {
                       "event": tournament.name, "n": len(lines)}, lines)


def tournament_results(tournament) -> Message:
    from events.tournaments import standings

    rows = standings.standings(tournament)
    lines = tuple(_ranked(r["place"], r["name"], r["points"]) for r in rows[:16])
    return Message(EventKind.TOURNAMENT_RESULTS, f"tournament_results:{tournament.pk}",
                   pgettext("notification", "%(event)s · final results") % {"event": tournament.name}, lines)


def tournament_round_results(rnd) -> Message:
    """A tournament round's tables once its last one has finished, then the standings after it."""
    from events.tournaments import standings

    lines = []
    for table in rnd.tables.select_related("game").prefetch_related("game__seat_set__member").order_by("id"):
        game = table.game
        if game.status != Game.Status.FINISHED or not game.final_ranks:
            continue
        seats = sorted(game.seat_set.all(), key=lambda s: game.final_ranks[s.seat])
        lines.append(_table_line(table.label, " · ".join(
            _ranked(game.final_ranks[s.seat], s.member.display_name, game.final_points[s.seat]) for s in seats)))
    rows = standings.standings(rnd.tournament, up_to_round=rnd.number)
    if rows:
        lines.append(pgettext("notification", "Standings after round %(n)s:") % {"n": rnd.number})
        lines.extend(_ranked(r["place"], r["name"], r["points"]) for r in rows[:8])
    return Message(EventKind.TOURNAMENT_ROUND_RESULTS, f"tournament_round_results:{rnd.pk}",
                   pgettext("notification", "%(event)s · round %(n)s results") % {
                       "event": rnd.tournament.name, "n": rnd.number}, tuple(lines))


def team_lineups(match_day) -> Message:
    """A team league match day's line-ups, now that they closed (shown to all)."""
    from events.teams.models import Slot

    lines = []
    slots = (Slot.objects.filter(fixture__match_day=match_day).select_related("fixture", "team", "member")
             .order_by("fixture__order", "fixture__table", "seat"))
    current = None
    for slot in slots:
        key = (slot.fixture.order, slot.fixture.table)
        if key != current:
            current = key
            lines.append(f"{slot.fixture.table}번 탁 ({slot.fixture.order}경기):")
        who = "기권" if slot.forfeit else (slot.member.display_name if slot.member else "-")
        lines.append(f"  {seat_wind(slot.seat, 0, 4)} {slot.team.name}: {who}")
    league = match_day.stage.league
    return Message(EventKind.TEAM_LINEUPS, f"team_lineups:{match_day.pk}",
                   f"{league.name} · {match_day.stage.name} {match_day.number}일차 출전 명단 (Line-ups)", tuple(lines))


def team_match_day_results(match_day) -> Message:
    """A team league match day's games, then the stage's team table after it."""
    from events.teams import standings

    stage = match_day.stage
    lines = []
    for fixture in match_day.fixtures.select_related("game").order_by("order", "table"):
        game = fixture.game
        if game is None or game.status != Game.Status.FINISHED or not game.final_ranks:
            continue
        slots = sorted(fixture.slots.select_related("team", "member"), key=lambda s: game.final_ranks[s.seat])
        lines.append(f"{fixture.table}번 탁: " + " · ".join(
            f"{game.final_ranks[s.seat]}위 {s.team.name}({s.member.display_name}) {_points(game.final_points[s.seat])}"
            for s in slots))
    lines.append(f"{stage.name} 팀 순위:")
    lines.extend(f"{r.place}위 {r.team.name} {_points(r.total)}" for r in standings.stage_table(stage))
    return Message(EventKind.TEAM_MATCH_DAY_RESULTS, f"team_match_day_results:{match_day.pk}",
                   f"{stage.league.name} · {stage.name} {match_day.number}일차 결과 (Match day results)", tuple(lines))


def _award_value(award: dict) -> str:
    """A value as a player reads it (``league.standings.awards.award_value_words``): "(3)", "(12.5%)", "(만관)"."""
    from league.standings.awards import award_value_words

    words = award_value_words(award)
    return f" ({words})" if words else ""


def _award_lines(awards) -> list[str]:
    from league.standings.awards import BY_KEY

    lines = []
    for award in awards:
        rule = BY_KEY.get(award.get("key"))
        if rule is None or not award.get("winners"):
            continue
        names = ", ".join(w["name"] for w in award["winners"])
        tie = f" ({_('tie')})" if award.get("tie") else ""
        lines.append(f"{rule.title}: {names}{tie}{_award_value(award)}")
    return lines


def season_awards(season) -> Message | None:
    """The season's stored awards (``StandingsSnapshot.awards``, made with the standings); None if none."""
    from league.standings.selectors import awards_snapshot

    snapshot = awards_snapshot(season=season)
    lines = _award_lines(snapshot.awards if snapshot else ())
    if not lines:
        return None
    return Message(EventKind.SEASON_AWARDS, f"season_awards:{season.pk}",
                   pgettext("notification", "Season %(season)s closed · season awards") % {"season": season.name},
                   tuple(lines))


def night_awards(night: ClubNight) -> Message | None:
    """Tonight's awards (``events.nights.awards``); None when nobody won one (no finished game)."""
    from events.nights.awards import night_awards as awards_of

    sets = awards_of(night)
    lines = []
    for award_set in sets:
        if len(sets) > 1:
            lines.append(f"[{award_set.season.name}]")
        lines.extend(_award_lines(award_set.awards))
    if not lines:
        return None
    return Message(EventKind.NIGHT_AWARDS, f"night_awards:{night.pk}",
                   pgettext("notification", "%(night)s · tonight's awards") % {"night": night}, tuple(lines))


def test_message(channel, *, key: str, by) -> Message:
    from club.selectors import member_for

    member = member_for(user=by, club=channel.club) if by is not None else None  # the admin's name in the club
    who = member.display_name if member is not None else pgettext("notification", "an admin")
    return Message(EventKind.TEST, key, pgettext("notification", "Test message"), (
        pgettext("notification", "%(club)s's notifications come to this chat. (Sent by %(who)s)") % {
            "club": channel.club.name, "who": who},))


# --- a member's own messages (MemberTelegram) ---------------------------------------------------------
def my_link(link) -> Message:
    stamp = int(link.linked_at.timestamp()) if link.linked_at else 0
    return Message(EventKind.MY_LINK, f"my_link:{link.pk}:{stamp}", pgettext("notification", "Telegram linked"), (
        pgettext("notification", "%(name)s, your seat, referee calls and game results come here from now on.")
        % {"name": link.member.display_name},
        pgettext("notification", "To stop them, unlink on \"My page\".")))


def my_seats(table, heading: str) -> dict[int, Message]:
    """Member id -> that member's seat at ``table`` (their wind as at East 1 and their opponents)."""
    game = table.game
    seats = sorted(game.seat_set.select_related("member"), key=lambda s: s.seat)
    out = {}
    for mine in seats:
        others = " · ".join(f"{seat_wind(s.seat, 0, game.seats)} {s.member.display_name}"
                            for s in seats if s.pk != mine.pk)
        out[mine.member_id] = Message(
            EventKind.MY_SEAT, f"my_seat:{game.pk}",
            pgettext("notification", "%(heading)s · my seat") % {"heading": heading}, (
                pgettext("notification", "Table %(table)s, %(wind)s") % {
                    "table": table.label, "wind": seat_wind(mine.seat, 0, game.seats)},
                pgettext("notification", "Opponents: %(names)s") % {"names": others}))
    return out


def round_heading(event, number: int) -> str:
    """The heading of a member's seat message: the night's or the tournament's name and the round."""
    return pgettext("notification", "%(event)s · round %(n)s") % {"event": event, "n": number}


def my_result(game: Game) -> dict[int, Message]:
    if not game.final_ranks:
        return {}
    label = game.table_label or f"#{game.pk}"
    return {s.member_id: Message(
        EventKind.MY_RESULT, f"my_result:{game.pk}",
        pgettext("notification", "My result · %(label)s") % {"label": label}, (
            pgettext("notification", "#%(rank)s · %(score)s points (%(points)s)") % {
                "rank": game.final_ranks[s.seat], "score": f"{game.final_scores[s.seat]:,}",
                "points": _points(game.final_points[s.seat])},))
        for s in game.seat_set.all()}


def my_call(call, *, acknowledged: bool) -> Message:
    game = call.game
    label = game.table_label or f"#{game.pk}"
    reason = call.get_reason_display()
    if acknowledged:
        who = ""
        if call.acknowledged_by_id:
            from club.models import Member

            who = (Member.objects.filter(user_id=call.acknowledged_by_id, club_id=game.club_id)
                   .values_list("display_name", flat=True).first() or call.acknowledged_by.get_username())
        return Message(EventKind.MY_CALL, f"my_call:{call.pk}:ack",
                       pgettext("notification", "%(label)s · a referee is coming") % {"label": label},
                       (f"{reason}{' · ' + who if who else ''}",))
    return Message(EventKind.MY_CALL, f"my_call:{call.pk}",
                   pgettext("notification", "%(label)s · referee called") % {"label": label}, (str(reason),))


def render(message: Message, kind: str) -> str:
    """The text a service receives (Discord: at most 2,000 characters; Telegram: 4,096)."""
    if kind == ChannelKind.DISCORD:
        text = "\n".join([f"**{message.title}**", *message.lines])
        return text[:2000]
    text = "\n".join([f"<b>{html.escape(message.title)}</b>", *(html.escape(line) for line in message.lines)])
    return text[:4096]
