"""Reads for tournaments: the club's list, entrants by status, rounds with their tables."""
from __future__ import annotations

from django.db.models import Count, Max, Q

from club.models import Member
from events.rounds import busy_member_ids
from events.tables import event_tables, table_state
from events.tournaments.models import Entrant, Tournament, TournamentRound, TournamentTable
from league.models import Game


def tournaments_for_club(club) -> list[Tournament]:
    return list(Tournament.objects.filter(club=club).select_related("ruleset")
                .annotate(n_players=Count("entrants", filter=Q(entrants__status=Entrant.Status.APPROVED)))
                .order_by("-starts_on", "-id"))


def entrants(tournament: Tournament) -> list[Entrant]:
    return list(tournament.entrants.select_related("member").order_by("registered_at", "id"))


def rounds(tournament: Tournament) -> list[TournamentRound]:
    """Rounds with their tables (games, seats); each round gets ``sitting_out_names`` and ``finished``."""
    out = list(tournament.round_set.prefetch_related("tables__game__seat_set__member").order_by("number"))
    ids = {i for r in out for i in (r.sitting_out or [])}
    names = dict(Member.objects.filter(pk__in=ids).values_list("pk", "display_name"))
    for r in out:
        r.sitting_out_names = [names.get(i, "?") for i in (r.sitting_out or [])]
        r.finished = all(t.game.status != Game.Status.IN_PROGRESS for t in r.tables.all())
        for t in r.tables.all():
            t.seats_sorted = sorted(t.game.seat_set.all(), key=lambda s: s.seat)
            t.results = [{"name": s.member.display_name,
                          "score": t.game.final_scores[s.seat] if t.game.final_scores else None,
                          "points": t.game.final_points[s.seat] if t.game.final_points else None,
                          "rank": t.game.final_ranks[s.seat] if t.game.final_ranks else None}
                         for s in t.seats_sorted]
    return out


def next_round_number(tournament: Tournament) -> int:
    return (tournament.round_set.aggregate(n=Max("number"))["n"] or 0) + 1


def table_for_game(game: Game) -> TournamentTable | None:
    """The tournament's table of ``game`` (asked with the club night's: ``events.tables.event_tables``)."""
    return event_tables(game)[1]


def members_not_entered(tournament: Tournament) -> list[Member]:
    taken = tournament.entrants.exclude(status__in=[Entrant.Status.WITHDRAWN, Entrant.Status.REJECTED]).values_list(
        "member_id", flat=True)
    return list(Member.objects.filter(club=tournament.club, active=True).exclude(pk__in=taken)
                .order_by("display_name"))


def reserves(tournament: Tournament) -> list[Member]:
    """Who may take a withdrawing player's seat: active members who are not players of the tournament
    and not at an unfinished game."""
    playing = tournament.entrants.filter(status=Entrant.Status.APPROVED).values_list("member_id", flat=True)
    busy = busy_member_ids(tournament.club)
    return [m for m in Member.objects.filter(club=tournament.club, active=True).exclude(pk__in=playing)
            .order_by("display_name") if m.pk not in busy]


# --- the board ------------------------------------------------------------------------------
def board_tables(tournament: Tournament) -> list[dict]:
    """The latest round's tables (state from each game's replay: ``events.tables.table_state``)."""
    last = tournament.round_set.order_by("-number").first()
    if last is None:
        return []
    tables = (TournamentTable.objects.filter(round=last)
              .select_related("round", "game__season", "game__ruleset", "game__club")
              .prefetch_related("game__seat_set__member").order_by("id"))
    out = []
    for t in tables:
        state = table_state(t)
        game = t.game
        if t.entry == TournamentTable.Entry.SCORES and game.final_scores:  # no hands to replay: the entered result
            for p in state["players"]:
                seat = p["seat"]
                p.update(score=game.final_scores[seat], points=game.final_points[seat],
                         rank=game.final_ranks[seat], dealer=False)
        out.append(state)
    return out


def board_version(tournament: Tournament) -> str:
    """A cheap fingerprint of what the tournament board shows (the ETag of its live fragment)."""
    import hashlib

    from django.db.models import Sum

    from league.models import GameSeat, HandRecord, Penalty

    games = Game.objects.filter(tournament_table__round__tournament=tournament)
    hands = HandRecord.objects.filter(game__in=games).aggregate(n=Count("id"), at=Max("updated_at"))
    state = games.aggregate(n=Count("id"), fin=Count("id", filter=Q(status=Game.Status.FINISHED)),
                            can=Count("id", filter=Q(status=Game.Status.CANCELLED)), at=Max("finished_at"))
    seats = GameSeat.objects.filter(game__in=games).aggregate(s=Sum("member_id"))
    extra = TournamentTable.objects.filter(round__tournament=tournament).aggregate(e=Sum("extra_minutes"))
    pens = Penalty.objects.filter(season=tournament.season_id).aggregate(n=Count("id"), c=Count("cancelled_at"))
    people = tournament.entrants.aggregate(n=Count("id"), w=Count("withdrawn_at"))
    parts = [tournament.status, tournament.finalists, hands, state, seats, extra, pens, people,
             tournament.round_set.count()]
    return hashlib.sha1(repr(parts).encode()).hexdigest()[:20]
