"""``runserver`` (``make run``) with room for a club night's tables connecting at once.

Django's development server listens with a backlog of 10 connections. At a night where every table's
phone sends at the same moment, the connections beyond those that wait to be accepted are refused or
reset ("Connection reset by peer": 3–7 of 1,024 hands at 64 tables in ``bench/club_night.py``), a hand
the host must send again. The embedded default is what a club runs without a server, so it waits for
as many as a big night brings (the kernel's ``somaxconn`` still caps it). Static files are served as
by ``django.contrib.staticfiles``' own ``runserver``, which this one extends.
"""
from __future__ import annotations

from django.contrib.staticfiles.management.commands.runserver import Command as StaticfilesRunserver
from django.core.servers.basehttp import WSGIServer

CLUB_NIGHT_BACKLOG = 256
"""Connections that may wait to be accepted: every table of the biggest night (64) several times over."""


class ClubNightWSGIServer(WSGIServer):
    request_queue_size = CLUB_NIGHT_BACKLOG


class Command(StaticfilesRunserver):
    server_cls = ClubNightWSGIServer
