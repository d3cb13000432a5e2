"""``manage.py whatif SEASON [--ruleset KEY|JSON] [--overrides JSON] [--rating METHOD] [--rating-params JSON] [--json]``

The what-if lab on the command line: the season's standings today and under the proposal,
side by side, rank changes marked, and the games the proposal cannot replay with the reason.
SEASON is a season id or name. ``--ruleset`` is a preset key, a club ruleset key (``key`` or
``key@version``) or a contract ruleset object (``{"base": ..., "overrides": {...}}``).
An invalid proposal exits with status 2 and the engine's reason.
"""
from __future__ import annotations

import json
from typing import Any

from django.core.management.base import BaseCommand, CommandError

from league.models import Ruleset, Season
from league.whatif.selectors import Proposal, ProposalError, compare


def _json(text: str | None, what: str) -> Any:
    if not text:
        return None
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise CommandError(f"{what} is not valid JSON: {exc.msg}", returncode=2) from None


class Command(BaseCommand):
    help = "Compare a season's standings under another ruleset or rating (nothing is changed)."

    def add_arguments(self, parser):
        parser.add_argument("season", help="season id or name")
        parser.add_argument("--ruleset",
                            help='preset key, club ruleset key[@version], or {"base", "overrides"} JSON')
        parser.add_argument("--overrides", help="ruleset fields to change (JSON object)")
        parser.add_argument("--rating", help="rating method: total, p_rating, tenhou_r, openskill")
        parser.add_argument("--rating-params", help="rating parameters (JSON object)")
        parser.add_argument("--json", action="store_true", help="print the comparison as JSON")

    def _season(self, ref: str) -> Season:
        qs = Season.objects.select_related("club", "ruleset")
        found = list(qs.filter(pk=int(ref))) if ref.isdigit() else list(qs.filter(name=ref))
        if len(found) != 1:
            raise CommandError(f"no single season {ref!r} ({len(found)} found)", returncode=2)
        return found[0]

    def _spec(self, season: Season, ref: str | None, overrides: dict | None) -> dict | None:
        if ref is None:
            if not overrides:
                return None
            own = season.ruleset.spec()
            return {"base": own["base"], "overrides": {**own["overrides"], **overrides}}
        if ref.lstrip().startswith("{"):
            spec = dict(_json(ref, "--ruleset"))
            if overrides:
                spec["overrides"] = {**(spec.get("overrides") or {}), **overrides}
            return spec
        key, _, version = ref.partition("@")
        club_rulesets = Ruleset.objects.filter(club=season.club, key=key)
        if version:
            club_rulesets = club_rulesets.filter(version=version)
        ruleset = club_rulesets.order_by("-created_at", "-pk").first()
        base = ruleset.spec() if ruleset is not None else {"base": key, "overrides": {}}
        return {"base": base["base"], "overrides": {**base["overrides"], **(overrides or {})}}

    def handle(self, *args, **options):
        season = self._season(options["season"])
        overrides = _json(options["overrides"], "--overrides")
        params = _json(options["rating_params"], "--rating-params")
        spec = self._spec(season, options["ruleset"], overrides)
        method = options["rating"] or (season.rating_method if params else None)
        proposal = Proposal(ruleset=spec, rating_method=method, rating_params=params,
                            label=" · ".join(x for x in (json.dumps(spec, ensure_ascii=False) if spec else "",
                                                         method or "") if x))

        def progress(done: int, total: int) -> None:
            if total and (done == total or done % 50 == 0):
                self.stderr.write(f"replayed {done}/{total}")

        try:
            result = compare(season, proposal, progress=progress)
        except ProposalError as exc:
            raise CommandError(f"The proposal is not valid: {exc.message}", returncode=2) from None
        if options["json"]:
            self.stdout.write(json.dumps(result.to_json(), ensure_ascii=False))
            return
        self._print(season, proposal, result)

    def _print(self, season: Season, proposal: Proposal, result) -> None:
        out = self.stdout
        out.write(f"{season.name}: {result.replayed}/{result.games} games under {proposal.label or 'the season'}")
        out.write(f"rating: {result.method_today} today, {result.method_proposal} proposed")
        out.write(f"{'player':<16} {'today':>6} {'total':>9} {'rating':>9} | "
                  f"{'new':>4} {'total':>9} {'rating':>9}  change")
        for row in result.rows:
            a, b = row["today"] or {}, row["proposal"] or {}
            change = row["change"]
            mark = "-" if change is None else "=" if change == 0 else (f"+{change}" if change > 0 else str(change))
            out.write(f"{row['name']:<16} {a.get('rank') or '-':>6} {a.get('total') or '-':>9} "
                      f"{a.get('rating') or '-':>9}"
                      f" | {b.get('rank') or '-':>4} {b.get('total') or '-':>9} {b.get('rating') or '-':>9}  {mark}")
        if result.invalid:
            out.write("games the proposal cannot replay:")
            for g in result.invalid:
                hand = f" hand {g['hand'] + 1}" if g.get("hand") is not None else ""
                out.write(f"  #{g['game_id']} {g.get('table_label') or ''}{hand}: {g['reason']}")
