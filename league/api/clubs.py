"""Clubs and members (reads)."""
from __future__ import annotations

from drf_spectacular.utils import extend_schema, extend_schema_view
from rest_framework import mixins

from club.models import Club, Member
from club.selectors import clubs_for_user

from . import filters
from . import serializers as s
from .access import BaseViewSet


@extend_schema_view(list=extend_schema(summary="Clubs you belong to (anonymous: clubs with public standings)"))
class ClubViewSet(BaseViewSet, mixins.ListModelMixin, mixins.RetrieveModelMixin):
    serializer_class = s.ClubSerializer
    queryset = Club.objects.none()

    def get_queryset(self):
        return clubs_for_user(user=self.request.user).order_by("name", "pk")


class MemberViewSet(BaseViewSet, mixins.ListModelMixin, mixins.RetrieveModelMixin):
    serializer_class = s.MemberSerializer
    filterset_class = filters.MemberFilter
    queryset = Member.objects.none()

    def get_queryset(self):
        return (
            Member.objects.filter(s.visible_q(self.request.user)).distinct()
            .prefetch_related("roles").order_by("club", "display_name", "pk")
        )
