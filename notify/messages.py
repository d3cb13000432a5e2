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
    lines = tuple(f"{i}. {r['name']} {_points(r['points'])} ({r['games']}국)" for i, r in enumerate(rows[:12], 1))
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


def render(message: Message, kind: str) -> str:
    """The text a service receives (Discord: at most 2,000 characters; Telegram: 4,096)."""
    if kind == ChannelKind.DISCORD:
        text = "\n".join([f"**{message.title}**", *message.lines])
        return text[:2000]
    text = "\n".join([f"<b>{html.escape(message.title)}</b>", *(html.escape(line) for line in message.lines)])
    return text[:4096]
