"""The what-if lab: a season's standings under a proposed ruleset or rating, beside today's."""
