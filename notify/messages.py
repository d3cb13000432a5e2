"""What each change says, Korean first (English under the heading), and how each service gets it:
Discord markdown (``**bold**``), Telegram HTML (``<b>``, escaped)."""
from __future__ import annotations

import html
from dataclasses import dataclass

from django.utils import translation

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
        lines.append(f"제한 시간 {rnd.minutes}분")
    return Message(EventKind.ROUND_SEATED, f"round_seated:{rnd.pk}",
                   f"{night} · {rnd.number}라운드 배정 (Round {rnd.number} seated)", tuple(lines))


def game_ended(game: Game) -> Message:
    seats = sorted(game.seat_set.select_related("member"), key=lambda s: (game.final_ranks or [0] * 4)[s.seat])
    lines = tuple(f"{game.final_ranks[s.seat]}위 {s.member.display_name} {game.final_scores[s.seat]:,}점 "
                  f"({_points(game.final_points[s.seat])})" for s in seats)
    label = game.table_label or f"#{game.pk}"
    return Message(EventKind.GAME_ENDED, f"game_ended:{game.pk}", f"대국 종료 (Game ended) · {label}", lines)


def night_ended(night: ClubNight) -> Message:
    rows = night_selectors.tonight_results(night)
    lines = tuple(f"{i}. {r['name']} {_points(r['points'])} ({r['games']}대국)" for i, r in enumerate(rows[:12], 1))
    return Message(EventKind.NIGHT_ENDED, f"night_ended:{night.pk}",
                   f"{night} 종료 (Night ended) · 오늘의 결과", lines or ("완료된 대국이 없습니다.",))


def penalty_given(penalty: Penalty) -> Message:
    with translation.override("ko"):
        kind = penalty.get_type_display()
    parts = [f"{penalty.member.display_name}: {kind}"]
    if penalty.points is not None:
        parts.append(f"{_points(penalty.points)}")
    if penalty.game_id:
        parts.append(penalty.game.table_label or f"#{penalty.game_id}")
    lines = [" · ".join(str(p) for p in parts)]
    if penalty.reason:
        lines.append(f"사유: {penalty.reason}")
    return Message(EventKind.PENALTY_GIVEN, f"penalty_given:{penalty.pk}", "벌칙 (Penalty given)", tuple(lines))


def _table_lines(tables) -> list[str]:
    lines = []
    for table in tables.select_related("game").prefetch_related("game__seat_set__member").order_by("id"):
        seats = sorted(table.game.seat_set.all(), key=lambda s: s.seat)
        names = " · ".join(f"{seat_wind(s.seat, 0, table.game.seats)} {s.member.display_name}" for s in seats)
        lines.append(f"{table.label}번 테이블: {names}")
    return lines


def tournament_round_seated(rnd) -> Message:
    return Message(EventKind.TOURNAMENT_ROUND_SEATED, f"tournament_round_seated:{rnd.pk}",
                   f"{rnd.tournament.name} · {rnd.number}라운드 배정 (Round {rnd.number} seated)",
                   tuple(_table_lines(rnd.tables)))


def tournament_cut(tournament) -> Message:
    from club.models import Member

    names = dict(Member.objects.filter(pk__in=tournament.finalists or []).values_list("pk", "display_name"))
    lines = tuple(f"{i}. {names.get(pk, pk)}" for i, pk in enumerate(tournament.finalists or [], 1))
    return Message(EventKind.TOURNAMENT_CUT, f"tournament_cut:{tournament.pk}",
                   f"{tournament.name} · 컷 통과 {len(lines)}명 (Cut: who goes through)", lines)


def tournament_results(tournament) -> Message:
    from events.tournaments import standings

    rows = standings.standings(tournament)
    lines = tuple(f"{r['place']}위 {r['name']} {_points(r['points'])}" for r in rows[:16])
    return Message(EventKind.TOURNAMENT_RESULTS, f"tournament_results:{tournament.pk}",
                   f"{tournament.name} · 최종 결과 (Final results)", lines)


def tournament_round_results(rnd) -> Message:
    """A tournament round's tables once its last one has finished, then the standings after it."""
    from events.tournaments import standings

    lines = []
    for table in rnd.tables.select_related("game").prefetch_related("game__seat_set__member").order_by("id"):
        game = table.game
        if game.status != Game.Status.FINISHED or not game.final_ranks:
            continue
        seats = sorted(game.seat_set.all(), key=lambda s: game.final_ranks[s.seat])
        lines.append(f"{table.label}번 테이블: " + " · ".join(
            f"{game.final_ranks[s.seat]}위 {s.member.display_name} {_points(game.final_points[s.seat])}"
            for s in seats))
    rows = standings.standings(rnd.tournament, up_to_round=rnd.number)
    if rows:
        lines.append(f"{rnd.number}라운드 후 순위:")
        lines.extend(f"{r['place']}위 {r['name']} {_points(r['points'])}" for r in rows[:8])
    return Message(EventKind.TOURNAMENT_ROUND_RESULTS, f"tournament_round_results:{rnd.pk}",
                   f"{rnd.tournament.name} · {rnd.number}라운드 결과 (Round {rnd.number} results)", tuple(lines))


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
    """A value as a player reads it: a count, a rate in %, an average placement; not a hand's basic points."""
    value, key = award.get("value"), award.get("key")
    if value is None or key == "biggest_hand":
        return ""
    if key in ("lowest_deal_in_rate", "highest_riichi_win_rate"):
        return f" ({float(value) * 100:.1f}%)"
    if key == "best_average_rank":
        return f" ({float(value):.2f})"
    return f" ({value})"


def _award_lines(awards) -> list[str]:
    from league.standings.awards import BY_KEY

    lines = []
    with translation.override("ko"):
        for award in awards:
            rule = BY_KEY.get(award.get("key"))
            if rule is None or not award.get("winners"):
                continue
            names = ", ".join(w["name"] for w in award["winners"])
            tie = " (공동)" if award.get("tie") else ""
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
                   f"{season.name} 시즌 종료 · 시즌 어워드 (Season awards)", tuple(lines))


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
                   f"{night} · 오늘의 어워드 (Tonight's awards)", tuple(lines))


def test_message(channel, *, key: str, by) -> Message:
    from club.selectors import member_for

    member = member_for(user=by, club=channel.club) if by is not None else None  # the admin's name in the club
    who = member.display_name if member is not None else "관리자"
    return Message(EventKind.TEST, key, "테스트 메시지 (Test message)",
                   (f"{channel.club.name}의 알림이 이 채팅으로 옵니다. (보낸 사람: {who})",))


# --- a member's own messages (MemberTelegram) ---------------------------------------------------------
def my_link(link) -> Message:
    stamp = int(link.linked_at.timestamp()) if link.linked_at else 0
    return Message(EventKind.MY_LINK, f"my_link:{link.pk}:{stamp}", "텔레그램 연결 완료 (Linked)",
                   (f"{link.member.display_name}님, 이제 내 자리·심판 호출·대국 결과를 여기로 보냅니다.",
                    "그만 받으려면 \"내 정보\"에서 연결을 해제하세요."))


def my_seats(table, heading: str) -> dict[int, Message]:
    """Member id -> that member's seat at ``table`` (their wind as at East 1 and their opponents)."""
    game = table.game
    seats = sorted(game.seat_set.select_related("member"), key=lambda s: s.seat)
    out = {}
    for mine in seats:
        others = " · ".join(f"{seat_wind(s.seat, 0, game.seats)} {s.member.display_name}"
                            for s in seats if s.pk != mine.pk)
        out[mine.member_id] = Message(EventKind.MY_SEAT, f"my_seat:{game.pk}", f"{heading} · 내 자리 (My seat)", (
            f"{table.label}번 테이블, {seat_wind(mine.seat, 0, game.seats)}",
            f"상대: {others}"))
    return out


def my_result(game: Game) -> dict[int, Message]:
    if not game.final_ranks:
        return {}
    label = game.table_label or f"#{game.pk}"
    return {s.member_id: Message(EventKind.MY_RESULT, f"my_result:{game.pk}", f"대국 종료 · {label} (My result)", (
        f"{game.final_ranks[s.seat]}위 · {game.final_scores[s.seat]:,}점 ({_points(game.final_points[s.seat])})",))
        for s in game.seat_set.all()}


def my_call(call, *, acknowledged: bool) -> Message:
    game = call.game
    label = game.table_label or f"#{game.pk}"
    with translation.override("ko"):
        reason = call.get_reason_display()
    if acknowledged:
        who = ""
        if call.acknowledged_by_id:
            from club.models import Member

            who = (Member.objects.filter(user_id=call.acknowledged_by_id, club_id=game.club_id)
                   .values_list("display_name", flat=True).first() or call.acknowledged_by.get_username())
        return Message(EventKind.MY_CALL, f"my_call:{call.pk}:ack", f"{label} · 심판이 오고 있습니다 (Referee coming)",
                       (f"{reason}{' · ' + who if who else ''}",))
    return Message(EventKind.MY_CALL, f"my_call:{call.pk}", f"{label} · 심판을 불렀습니다 (Referee called)", (reason,))


def render(message: Message, kind: str) -> str:
    """The text a service receives (Discord: at most 2,000 characters; Telegram: 4,096)."""
    if kind == ChannelKind.DISCORD:
        text = "\n".join([f"**{message.title}**", *message.lines])
        return text[:2000]
    text = "\n".join([f"<b>{html.escape(message.title)}</b>", *(html.escape(line) for line in message.lines)])
    return text[:4096]
