"""Federation writes (keyword-only, typed, atomic, logged): federations, their clubs and what each shares,
seasons, the tournaments' results the federation keeps, imports of tournaments held elsewhere, and the stored
ranking — updated for just the persons a changed tournament touches (MERS) or the players of a game just
finished (the rating methods' fold), recomputed whole when something older changed."""
from __future__ import annotations

import datetime
from collections import defaultdict
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from decimal import Decimal
from itertools import groupby
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _

from club.models import Club, Person
from club.selectors import may_manage
from core.jsonvalues import as_json
from events.tournaments.models import Tournament
from events.tournaments.standings import standings as tournament_standings
from events.tournaments.standings import table_results
from federation.error_codes import FederationErrorCode as Code
from federation.files import ImportedTournament, ResultLine
from federation.models import (
    Federation,
    FederationClub,
    FederationLog,
    FederationResult,
    FederationSeason,
    FederationTournament,
    RankingRow,
)
from league.models import Game
from scoring import ratings
from scoring.mers import MersResult, base_rank, mers_ranking, tournament_weight


class FederationRefused(ValidationError):
    """A federation write refused; ``code`` is a :class:`FederationErrorCode`."""


def _refuse(message: str, code: Code) -> FederationRefused:
    return FederationRefused(message, code=code)


def _log(*, federation: Federation, by, action: str, obj, before: Any = None, after: Any = None) -> None:
    FederationLog.objects.create(
        federation=federation, actor=by if getattr(by, "is_authenticated", False) else None, action=action,
        object_type=type(obj).__name__.lower(), object_id=str(obj.pk),
        before=as_json(before) if before is not None else None, after=as_json(after) if after is not None else None)


def is_admin(*, user, federation: Federation) -> bool:
    if user is None or not getattr(user, "is_authenticated", False):
        return False
    return user.is_superuser or federation.admins.filter(pk=user.pk).exists()


def _require_admin(by, federation: Federation) -> None:
    if not is_admin(user=by, federation=federation):
        raise _refuse(_("Only the federation's admins may do that."), Code.NOT_ADMIN)


# --- federations, clubs, seasons ------------------------------------------------------------------
@transaction.atomic
def federation_create(*, name: str, slug: str, by, country: str = "Korea") -> Federation:
    if Federation.objects.filter(slug=slug).exists():
        raise _refuse(_("Another federation already uses that address."), Code.SLUG_TAKEN)
    federation = Federation.objects.create(name=name.strip(), slug=slug, country=country.strip())
    if getattr(by, "is_authenticated", False):
        federation.admins.add(by)
    _log(federation=federation, by=by, action="create", obj=federation, after={"name": federation.name})
    return federation


@transaction.atomic
def club_join(*, federation: Federation, club: Club, by, share_tournaments: bool = False,
              share_seasons: bool = False) -> FederationClub:
    """A federation admin adds a club; it shares nothing until its admins say so (or as given here)."""
    _require_admin(by, federation)
    if FederationClub.objects.filter(federation=federation, club=club).exists():
        raise _refuse(_("The club already belongs to the federation."), Code.ALREADY_MEMBER)
    membership = FederationClub.objects.create(federation=federation, club=club,
                                               share_tournaments=share_tournaments, share_seasons=share_seasons)
    _log(federation=federation, by=by, action="club_join", obj=membership,
         after={"club": club.pk, "share_tournaments": share_tournaments, "share_seasons": share_seasons})
    _shared_changed(membership)
    return membership


@transaction.atomic
def club_share_set(*, membership: FederationClub, share_tournaments: bool, share_seasons: bool,
                   by) -> FederationClub:
    """The club's admins (or the federation's) choose what the club shares; the rankings follow."""
    if not (may_manage(user=by, club=membership.club) or is_admin(user=by, federation=membership.federation)):
        raise _refuse(_("Only the club's admins may change what it shares."), Code.NOT_ADMIN)
    membership = FederationClub.objects.select_for_update().get(pk=membership.pk)
    before = {"share_tournaments": membership.share_tournaments, "share_seasons": membership.share_seasons}
    membership.share_tournaments, membership.share_seasons = share_tournaments, share_seasons
    membership.save(update_fields=["share_tournaments", "share_seasons"])
    _log(federation=membership.federation, by=by, action="club_share", obj=membership, before=before,
         after={"share_tournaments": share_tournaments, "share_seasons": share_seasons})
    _shared_changed(membership)
    return membership


@transaction.atomic
def club_leave(*, membership: FederationClub, by) -> None:
    if not (may_manage(user=by, club=membership.club) or is_admin(user=by, federation=membership.federation)):
        raise _refuse(_("Only the club's admins may change what it shares."), Code.NOT_ADMIN)
    _log(federation=membership.federation, by=by, action="club_leave", obj=membership,
         before={"club": membership.club_id})
    membership.share_tournaments = membership.share_seasons = False
    _shared_changed(membership)
    membership.delete()


@transaction.atomic
def season_create(*, federation: Federation, name: str, starts_on: datetime.date,
                  ends_on: datetime.date | None, method: str, by) -> FederationSeason:
    _require_admin(by, federation)
    if method not in FederationSeason.Method.values:
        raise _refuse(_("Unknown ranking method."), Code.UNKNOWN_METHOD)
    if ends_on is not None and ends_on < starts_on:
        raise _refuse(_("The season cannot end before it starts."), Code.BAD_DATES)
    if FederationSeason.objects.filter(federation=federation, name=name.strip()).exists():
        raise _refuse(_("This federation already has a season named “%(name)s”.") % {"name": name.strip()},
                      Code.SEASON_NAME_TAKEN)
    season = FederationSeason.objects.create(federation=federation, name=name.strip(), starts_on=starts_on,
                                             ends_on=ends_on, method=method)
    _log(federation=federation, by=by, action="season_create", obj=season,
         after={"name": season.name, "method": method, "starts_on": starts_on, "ends_on": ends_on})
    ranking_recompute(season=season)
    return season


# --- what the clubs share -----------------------------------------------------------------------
def _shared_changed(membership: FederationClub) -> None:
    """A club's sharing changed: its tournaments' records follow, every season of the federation recomputes."""
    federation = membership.federation
    finished = Tournament.objects.filter(club=membership.club, status=Tournament.Status.FINISHED)
    if membership.share_tournaments:
        for tournament in finished:
            _record(federation, tournament)
    else:
        FederationTournament.objects.filter(federation=federation, club=membership.club,
                                            source=FederationTournament.Source.CLUB).delete()
    for season in federation.seasons.all():
        ranking_recompute(season=season)


def sharing(*, club_id: int, tournaments: bool = False, seasons: bool = False) -> list[FederationClub]:
    q = FederationClub.objects.filter(club_id=club_id).select_related("federation")
    if tournaments:
        q = q.filter(share_tournaments=True)
    if seasons:
        q = q.filter(share_seasons=True)
    return list(q)


def split_latin(person: Person, fallback: str) -> tuple[str, str]:
    """(first name, last name) as the EMA lists them: "KIM Minsu" → ("Minsu", "KIM"); no Latin name: the
    shared display name as the first name."""
    latin = (person.latin_name or "").strip()
    if not latin:
        return fallback, ""
    last, _sep, first = latin.partition(" ")
    return first.strip(), last.strip()


def club_tournament_lines(tournament: Tournament, *, country: str) -> list[tuple[int, ResultLine]]:
    """A club tournament's final standings as (member id, result line): table points are its standings'
    points, the score the sum of the player's final scores, the names the persons' Latin names (else the
    display name), the country the person's (else ``country``, the federation's)."""
    rows = tournament_standings(tournament)
    scores: dict[int, Decimal] = defaultdict(Decimal)
    for table in table_results(tournament):
        game = table.game
        if game.status == Game.Status.FINISHED and game.final_scores:
            for seat in game.seat_set.all():
                scores[seat.member_id] += Decimal(game.final_scores[seat.seat])
    persons = _persons_of([r["member_id"] for r in rows])
    lines = []
    for row in rows:
        person = persons[row["member_id"]]
        first, last = split_latin(person, row["name"])
        lines.append((row["member_id"], ResultLine(
            place=row["place"], first_name=first, last_name=last, ema_id=person.ema_id,
            table_points=Decimal(row["points"]).quantize(Decimal("0.1")),
            score=scores[row["member_id"]].quantize(Decimal("0.1")), country=person.country or country,
            games=row["games"])))
    return lines


def _persons_of(member_ids: Iterable[int]) -> dict[int, Person]:
    from club.models import Member

    return {m.pk: m.person for m in Member.objects.filter(pk__in=list(member_ids)).select_related("person")}


def _record(federation: Federation, tournament: Tournament) -> tuple[FederationTournament, set[int]]:
    """Store (again) a shared club tournament's results in the federation; returns the record and the persons
    whose results changed (before and after). Its countries (a part of the MERS weight) are its players'."""
    lines = club_tournament_lines(tournament, country=federation.country)
    record, _created = FederationTournament.objects.update_or_create(
        federation=federation, tournament=tournament,
        defaults={"club": tournament.club, "source": FederationTournament.Source.CLUB, "title": tournament.name,
                  "starts_on": tournament.starts_on, "ends_on": tournament.ends_on or tournament.starts_on,
                  "days": ((tournament.ends_on or tournament.starts_on) - tournament.starts_on).days + 1,
                  "rules": tournament.ruleset.name, "country": federation.country,
                  "countries": max(len({line.country for _m, line in lines}), 1)})
    persons = _persons_of([m for m, _line in lines])
    touched = set(record.results.values_list("person_id", flat=True))
    record.results.all().delete()
    seen: set[int] = set()  # one line per person: the best place (two records of one person, merged by a claim)
    results = []
    for m, line in lines:
        if persons[m].pk not in seen:
            seen.add(persons[m].pk)
            results.append(FederationResult(
                tournament=record, person=persons[m], place=line.place, first_name=line.first_name,
                last_name=line.last_name, ema_id=line.ema_id, table_points=line.table_points, score=line.score,
                country=line.country, games=line.games))
    FederationResult.objects.bulk_create(results)
    record.players = len(lines)
    record.save(update_fields=["players"])
    return record, touched | {p.pk for p in persons.values()}


def tournament_results_changed(*, tournament: Tournament) -> None:
    """A club's tournament finished (or its results changed after): each federation the club shares its
    tournaments with stores the results again, and its MERS seasons update the persons concerned."""
    with transaction.atomic():
        for membership in sharing(club_id=tournament.club_id, tournaments=True):
            if tournament.status != Tournament.Status.FINISHED:
                records = FederationTournament.objects.filter(federation=membership.federation,
                                                              tournament=tournament)
                touched = set(FederationResult.objects.filter(tournament__in=records)
                              .values_list("person_id", flat=True))
                records.delete()
                ended = tournament.ends_on or tournament.starts_on
            else:
                record, touched = _record(membership.federation, tournament)
                ended = record.ends_on
            for season in _seasons_covering(membership.federation, ended):
                if season.is_mers:
                    ranking_update_persons(season=season, person_ids=touched)
                else:
                    _mark_changed(season)


def _seasons_covering(federation: Federation, day: datetime.date) -> list[FederationSeason]:
    return list(federation.seasons.filter(Q(starts_on__lte=day), Q(ends_on__isnull=True) | Q(ends_on__gte=day)))


def _mark_changed(season: FederationSeason) -> None:
    FederationSeason.objects.filter(pk=season.pk).update(changed_at=timezone.now())


# --- imports --------------------------------------------------------------------------------------
@dataclass
class MatchReport:
    """How each imported line found its person: by EMA id, by Latin name or alias, or as a new person."""

    by_ema_id: list[str] = field(default_factory=list)
    by_name: list[str] = field(default_factory=list)
    new: list[str] = field(default_factory=list)

    def as_dict(self) -> dict[str, list[str]]:
        return {"by_ema_id": self.by_ema_id, "by_name": self.by_name, "new": self.new}


def _norm(name: str) -> str:
    return " ".join(name.replace(",", " ").split()).casefold()


def _match(line: ResultLine, report: MatchReport, by_ema: dict[str, Person], by_name) -> Person:
    """The line's person: by EMA id, else by Latin name or alias (``by_name()``: the index, built when first
    needed), else a new person (with the line's name and EMA id)."""
    shown = f"{line.last_name} {line.first_name}".strip()
    if line.ema_id and line.ema_id in by_ema:
        report.by_ema_id.append(shown)
        return by_ema[line.ema_id]
    index = by_name()
    for key in (_norm(f"{line.last_name} {line.first_name}"), _norm(f"{line.first_name} {line.last_name}")):
        if key and key in index:
            report.by_name.append(shown)
            person = index[key]
            if line.ema_id and not person.ema_id:
                person.ema_id = line.ema_id
                person.save(update_fields=["ema_id"])
            return person
    person = Person.objects.create(latin_name=shown[:80], ema_id=line.ema_id, country=line.country[:40])
    index[_norm(shown)] = person
    report.new.append(shown)
    return person


def _name_index() -> dict[str, Person]:
    """Every person's Latin name and aliases, normalised (a federation matches names across its clubs)."""
    index: dict[str, Person] = {}
    for person in Person.objects.exclude(latin_name="", aliases=[]).only("pk", "latin_name", "aliases", "ema_id"):
        for name in [person.latin_name, *(person.aliases or [])]:
            if isinstance(name, str) and name.strip():
                index.setdefault(_norm(name), person)
    return index


@transaction.atomic
def external_tournament_import(*, federation: Federation, imported: ImportedTournament, source: str,
                               by, countries: int | None = None,
                               qualification: bool = False) -> tuple[FederationTournament, MatchReport]:
    """A tournament held elsewhere, with its results: each line matched to a person by EMA id, else by Latin
    name or an alias, else a new person; the federation's MERS seasons update those persons."""
    _require_admin(by, federation)
    Federation.objects.select_for_update().get(pk=federation.pk)  # two uploads of one file at once: one after the other
    if FederationTournament.objects.filter(federation=federation, tournament__isnull=True, title=imported.title,
                                           starts_on=imported.starts_on).exists():
        raise _refuse(_("“%(title)s” of %(day)s is already imported: a tournament counts once.")
                      % {"title": imported.title, "day": imported.starts_on}, Code.ALREADY_IMPORTED)
    report = MatchReport()
    record = FederationTournament.objects.create(
        federation=federation, source=source, title=imported.title, starts_on=imported.starts_on,
        ends_on=imported.ends_on, days=imported.days, players=len(imported.lines),
        countries=countries or imported.countries, qualification=qualification, rules=imported.rules,
        country=imported.country)
    ids = [line.ema_id for line in imported.lines if line.ema_id]
    by_ema = {p.ema_id: p for p in Person.objects.filter(ema_id__in=ids)} if ids else {}
    built: list[dict[str, Person]] = []

    def by_name() -> dict[str, Person]:
        if not built:
            built.append(_name_index())
        return built[0]

    seen: set[int] = set()
    results = []
    for line in imported.lines:
        person = _match(line, report, by_ema, by_name)
        if person.pk in seen:
            name = f"{line.last_name} {line.first_name}"
            raise _refuse(_("Two lines are the same person: %(name)s.") % {"name": name}, Code.BAD_FILE)
        seen.add(person.pk)
        results.append(FederationResult(tournament=record, person=person, place=line.place,
                                        first_name=line.first_name, last_name=line.last_name, ema_id=line.ema_id,
                                        table_points=line.table_points, score=line.score, country=line.country,
                                        games=line.games))
    FederationResult.objects.bulk_create(results)
    _log(federation=federation, by=by, action="import", obj=record,
         after={"title": record.title, "source": source, "players": record.players, "matched": report.as_dict()})
    for season in _seasons_covering(federation, record.ends_on):
        if season.is_mers:
            ranking_update_persons(season=season, person_ids=seen)
    return record, report


# --- the ranking ----------------------------------------------------------------------------------
def _reckoning_day(season: FederationSeason) -> datetime.date:
    today = timezone.localdate()
    return min(today, season.ends_on) if season.ends_on else today


def _season_results(season: FederationSeason, person_ids: Iterable[int] | None = None):
    q = FederationResult.objects.filter(tournament__federation=season.federation,
                                        tournament__ends_on__gte=season.starts_on)
    if season.ends_on:
        q = q.filter(tournament__ends_on__lte=season.ends_on)
    if person_ids is not None:
        q = q.filter(person_id__in=list(person_ids))
    return q.values_list("person_id", "place", "first_name", "last_name", "tournament_id", "tournament__players",
                         "tournament__days", "tournament__countries", "tournament__qualification",
                         "tournament__ends_on").order_by("tournament__ends_on", "tournament_id")


def _mers_rows(season: FederationSeason, person_ids: Iterable[int] | None = None, *,
               on: datetime.date | None = None) -> dict[int, RankingRow]:
    on = on or _reckoning_day(season)
    by_person: dict[int, list[MersResult]] = defaultdict(list)
    names: dict[int, str] = {}
    weights: dict[int, Decimal] = {}
    for pid, place, first, last, tid, players, days, countries, qualified, ended in _season_results(season,
                                                                                                      person_ids):
        if tid not in weights:
            weights[tid] = tournament_weight(days=days, players=max(players, 1), countries=countries,
                                             qualification=qualified)
        by_person[pid].append(MersResult(tid, base_rank(players=players, place=min(place, players)),
                                         weights[tid], ended))
        names[pid] = f"{last} {first}".strip() or f"#{pid}"
    rows = {}
    for pid, results in by_person.items():
        ranking = mers_ranking(results, on=on)
        rows[pid] = RankingRow(season=season, person_id=pid, name=names[pid][:120], value=ranking.value,
                               listed=ranking.value is not None,
                               detail={"tournaments": len(results), "counted": ranking.counted,
                                       "part_a": str(ranking.part_a) if ranking.part_a is not None else None,
                                       "part_b": str(ranking.part_b) if ranking.part_b is not None else None})
    return rows


def shared_games(season: FederationSeason):
    """The finished games of the federation's clubs that the clubs share, within the season's dates: a club's
    tournaments' games if it shares its tournaments, its other seasons' games if it shares its seasons."""
    members = FederationClub.objects.filter(federation=season.federation)
    by_tournaments = list(members.filter(share_tournaments=True).values_list("club_id", flat=True))
    by_seasons = list(members.filter(share_seasons=True).values_list("club_id", flat=True))
    in_tournament = Q(season__tournament__isnull=False) | Q(season__sanma_tournament__isnull=False)
    q = Game.objects.filter(status=Game.Status.FINISHED, finished_at__date__gte=season.starts_on).filter(
        (Q(club_id__in=by_tournaments) & in_tournament) | (Q(club_id__in=by_seasons) & ~in_tournament))
    if season.ends_on:
        q = q.filter(finished_at__date__lte=season.ends_on)
    return q


def _game_results(games, names: dict[int, str]) -> Iterator[ratings.GameResult]:
    """The games' results in game order (finish time, then id), streamed: one query over the finished games and
    one over their seats, both in that order and read in chunks (server-side cursors on PostgreSQL), merged as
    they come. A recompute over half a million games holds one chunk of each and the fold's state, and decodes
    each game's points and ranks once (read beside every seat, they were decoded four times: a third of a full
    recompute's CPU). ``names`` gets each person's display name at their latest game (as a MERS line takes the
    latest result's: a record claimed from another club does not rename the person)."""
    from league.models import GameSeat

    finished = games.filter(final_points__isnull=False, final_ranks__isnull=False)
    game_rows = (finished.order_by("finished_at", "id").values_list("id", "final_points", "final_ranks", "finished_at")
                 .iterator(chunk_size=5000))
    seat_rows = (GameSeat.objects.filter(game__in=finished).order_by("game__finished_at", "game_id", "seat")
                 .values_list("game_id", "seat", "member__person_id", "member__display_name")
                 .iterator(chunk_size=20000))
    seats_by_game = groupby(seat_rows, key=lambda row: row[0])
    seated_game, seats = next(seats_by_game, (None, ()))
    for game_id, points, ranks, finished_at in game_rows:
        if seated_game != game_id:  # both streams in one order: a game without seats has no group
            continue
        sat = list(seats)
        seated_game, seats = next(seats_by_game, (None, ()))
        if not points or not ranks or len(sat) != len(points):
            continue
        players = tuple(row[2] for row in sat)
        if len(set(players)) != len(players):
            continue  # one person at two seats (a claim merged two seat-mates): not a game to rate
        for row in sat:
            names[row[2]] = row[3]
        yield ratings.GameResult(game_id, players, tuple(points[row[1]] for row in sat),
                                 tuple(ranks[row[1]] for row in sat), finished_at)


def _fold_rows(season: FederationSeason) -> tuple[dict[int, RankingRow], int, list | None]:
    names: dict[int, str] = {}
    fold = ratings.fold(season.method)
    count, last = 0, None
    for game in _game_results(shared_games(season), names):
        fold.apply(game)
        count, last = count + 1, game
    values = fold.ratings()
    state = {p: rest for p, *rest in fold.state()["players"]}
    rows = {pid: RankingRow(season=season, person_id=pid, name=names.get(pid, f"#{pid}")[:120], value=value,
                            listed=fold.games.get(pid, 0) > 0, detail={"games": fold.games.get(pid, 0)},
                            state=state[pid])
            for pid, value in values.items()}
    return rows, count, [last.finished_at.isoformat(), last.game_id] if last else None


@transaction.atomic
def ranking_recompute(*, season: FederationSeason) -> int:
    """The season's ranking computed whole from what is shared now; returns the rows stored."""
    season = FederationSeason.objects.select_for_update().get(pk=season.pk)
    started = timezone.now()
    if season.is_mers:
        season.reckoned_on = _reckoning_day(season)
        rows, games, last = _mers_rows(season, on=season.reckoned_on), 0, None
    else:
        rows, games, last = _fold_rows(season)
    RankingRow.objects.filter(season=season).delete()
    RankingRow.objects.bulk_create(rows.values(), batch_size=5000)
    season.computed_at, season.games_count, season.folded_up_to = started, games, last
    if season.changed_at and season.changed_at <= started:
        season.changed_at = None
    season.save(update_fields=["computed_at", "games_count", "folded_up_to", "changed_at", "reckoned_on"])
    return len(rows)


@transaction.atomic
def ranking_update_persons(*, season: FederationSeason, person_ids: Iterable[int]) -> int:
    """A MERS season after a tournament changed: only the persons concerned are computed again."""
    person_ids = set(person_ids)
    rows = _mers_rows(season, person_ids)
    RankingRow.objects.filter(season=season, person_id__in=person_ids).delete()
    RankingRow.objects.bulk_create(rows.values())
    FederationSeason.objects.filter(pk=season.pk).update(computed_at=timezone.now())
    return len(rows)


@transaction.atomic
def ranking_add_game(*, season: FederationSeason, game: Game) -> bool:
    """A shared game just finished: a rating season applies it to its players' stored states (exactly what a
    recompute would give, the game being the latest); a game older than the last one applied, or one the
    season does not count, recomputes whole. Returns whether the game was added."""
    season = FederationSeason.objects.select_for_update().get(pk=season.pk)
    if season.is_mers:
        return False
    names: dict[int, str] = {}
    results = list(_game_results(shared_games(season).filter(pk=game.pk), names))
    if not results:
        return False
    result = results[0]
    if season.folded_up_to is not None:
        at, last_id = season.folded_up_to
        if (result.finished_at, result.game_id) <= (datetime.datetime.fromisoformat(at), last_id) \
                or season.changed_at:
            ranking_recompute(season=season)
            return False
    stored = {r.person_id: r for r in RankingRow.objects.select_for_update()
              .filter(season=season, person_id__in=result.players)}
    fold = ratings.fold_from_state(season.method, None, {
        "method": season.method, "players": [[p, *stored[p].state] for p in result.players if p in stored]})
    fold.apply(result)
    values = fold.ratings()
    state = {p: rest for p, *rest in fold.state()["players"]}
    for pid in result.players:
        row = stored.get(pid) or RankingRow(season=season, person_id=pid)
        row.name = names.get(pid, row.name or f"#{pid}")[:120]
        row.value, row.listed = values[pid], True
        row.detail = {"games": fold.games[pid]}
        row.state = state[pid]
        row.save()
    season.games_count += 1
    season.folded_up_to = [result.finished_at.isoformat(), result.game_id]
    season.computed_at = timezone.now()
    season.save(update_fields=["games_count", "folded_up_to", "computed_at"])
    return True


def game_finished(*, game: Game) -> None:
    """A game finished at a club: every rating season of a federation the game is shared with adds it."""
    for membership in FederationClub.objects.filter(club_id=game.club_id).select_related("federation"):
        if not (membership.share_tournaments or membership.share_seasons):
            continue
        for season in _seasons_covering(membership.federation, timezone.localdate(game.finished_at)):
            if not season.is_mers:
                ranking_add_game(season=season, game=game)


def season_results_changed(*, season_id: int) -> None:
    """Something older than the last game changed in a club's season: the rating seasons of the federations the
    club shares with are marked and recomputed; a finished tournament's season records its results again."""
    from league.models import Season

    season = Season.objects.filter(pk=season_id).select_related("club").first()
    if season is None:
        return
    tournament = (Tournament.objects.filter(Q(season_id=season_id) | Q(sanma_season_id=season_id))
                  .filter(status=Tournament.Status.FINISHED).first())
    if tournament is not None:
        tournament_results_changed(tournament=tournament)
    for membership in sharing(club_id=season.club_id):
        if membership.share_tournaments or membership.share_seasons:
            for fseason in membership.federation.seasons.exclude(method=FederationSeason.Method.MERS):
                ranking_recompute(season=fseason)


def record_moved(*, member_id: int) -> None:
    """A claim moved a club's record onto another person (or its undo moved it back): each federation the club
    shares with stores that record's finished tournaments again (their results name the record's person now) and
    updates the MERS lines of the persons before and after; its rating seasons, whose games name persons,
    recompute whole."""
    from club.models import Member

    member = Member.objects.filter(pk=member_id).first()
    if member is None:
        return
    entered = list(Tournament.objects.filter(entrants__member=member, status=Tournament.Status.FINISHED)
                   .select_related("ruleset", "club"))
    with transaction.atomic():
        for membership in sharing(club_id=member.club_id):
            federation = membership.federation
            if membership.share_tournaments:
                for tournament in entered:
                    record, touched = _record(federation, tournament)
                    for season in _seasons_covering(federation, record.ends_on):
                        if season.is_mers:
                            ranking_update_persons(season=season, person_ids=touched)
            if membership.share_tournaments or membership.share_seasons:
                for season in federation.seasons.exclude(method=FederationSeason.Method.MERS):
                    ranking_recompute(season=season)


def mers_seasons_to_age() -> list[FederationSeason]:
    """The MERS seasons whose whole ranking was reckoned before their reckoning day (today, or the season's last
    day once it ended): a result may have passed its first or second year since, or a tournament's update have
    reckoned some persons on a later day than the rest."""
    return [season for season in FederationSeason.objects.filter(method=FederationSeason.Method.MERS)
            if season.reckoned_on is None or season.reckoned_on < _reckoning_day(season)]


def rankings_refresh() -> list[int]:
    """Beat's hourly refresh; returns the seasons computed again: each MERS season whose reckoning day moved
    (results count in full for a year after their tournament, at half in the second, then not — so a running
    season is computed once a day), and each season marked changed since it was computed (a shared tournament's
    results changed under a rating season, or an update lost to a broker outage)."""
    due = {season.pk: season for season in mers_seasons_to_age()}
    due.update((season.pk, season) for season in stale_seasons())
    for season in due.values():
        ranking_recompute(season=season)
    return sorted(due)


def stale_seasons() -> list[FederationSeason]:
    return list(FederationSeason.objects.filter(changed_at__isnull=False))

