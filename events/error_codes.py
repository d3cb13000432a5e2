"""Why an events write was refused: one code per reason, one enum per kind of event.

A club night's services refuse with :class:`NightErrorCode` (``events.nights.services.NightRefused``), a
tournament's with :class:`TournamentErrorCode` (``TournamentRefused``), a seating that cannot be
made with :class:`SeatingErrorCode` (``events.seating.SeatingError``). The values are the codes as
sent before (each refusal's ``code``); nothing here imports Django, so the seating may use it.
"""
from __future__ import annotations

import enum


class NightErrorCode(enum.StrEnum):
    CLOSED = "closed"
    """The club night is closed."""
    NOT_MEMBER = "not_member"
    INACTIVE = "inactive"
    SEASON = "season"
    """The night's season (or the leftover threes' season) does not fit the night."""
    TOO_FEW = "too_few"
    OUT_OF_DATE = "out_of_date"
    """The screen was loaded before another desk made the next round: nothing done twice."""
    PLAYING = "playing"
    NOT_SEATED = "not_seated"
    SUBSTITUTE = "substitute"
    FINISHED = "finished"
    MINUTES = "minutes"
    REASON = "reason"
    UNDECIDED = "undecided"
    """Closing the night: a table still playing has no decision yet."""
    NAME = "name"
    """A walk-in's name: empty, or already a member's."""


class TournamentErrorCode(enum.StrEnum):
    RULESET = "ruleset"
    SETTINGS = "settings"
    REGISTRATION = "registration"
    NOT_MEMBER = "not_member"
    NAME = "name"
    STATUS = "status"
    NOT_APPROVED = "not_approved"
    PLAYING = "playing"
    TOO_FEW = "too_few"
    OUT_OF_DATE = "out_of_date"
    UNFINISHED = "unfinished"
    ALL_ROUNDS = "all_rounds"
    PLAN = "plan"
    SCORES = "scores"
    HANDS_ENTERED = "hands_entered"
    FINISHED = "finished"
    REASON = "reason"


class SeatingErrorCode(enum.StrEnum):
    INVALID = "invalid"
    TOO_FEW = "too_few"
    IMPOSSIBLE = "impossible"
    """Nobody may sit out, and the players do not make tables of 4 and 3."""
    ROUNDS = "rounds"
    METHOD = "method"
    TEAMS = "teams"
    PREDEFINED = "predefined"
    """A seating file (or a predefined round) that cannot be used."""
    ARGUMENTS = "arguments"


class TeamLeagueErrorCode(enum.StrEnum):
    SETTINGS = "settings"
    RULESET = "ruleset"
    NAME = "name"
    ROSTER = "roster"
    """A roster change the league's rules refuse (a full team, a player on two teams)."""
    NOT_ON_ROSTER = "not_on_roster"
    DEADLINE = "deadline"
    """The line-ups of the match day are closed: only the organiser may change one."""
    MAX_GAMES = "max_games"
    MIN_GAMES = "min_games"
    SAME_TIME = "same_time"
    """The player is already in another game at the same time of the match day."""
    NO_PLAYER = "no_player"
    """A late line-up found no eligible player (the team forfeits, or the organiser picks one)."""
    STAGE = "stage"
    SEATED = "seated"
    """The fixture's game has started: its line-up is fixed."""
    FORFEIT = "forfeit"
    SCHEDULE = "schedule"
