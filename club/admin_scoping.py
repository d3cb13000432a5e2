"""The Django admin's building blocks, scoped to the user's clubs: ``club.admin``, ``league.admin`` and the
what-if lab's admin build on these (so none of them imports another's registrations; club knows no league).
"""
from django.contrib import admin
from django.contrib.admin.utils import get_fields_from_path
from django.core.exceptions import FieldDoesNotExist
from django.db.models import Q

from club.models import Club, ClubRole, Member


def member_club_ids(user) -> set[int]:
    """Clubs whose data a staff user sees in the admin: those they are an active member of."""
    return set(Member.objects.filter(user=user, active=True, visitor=False).values_list("club_id", flat=True))


def admin_club_ids(user) -> set[int]:
    """Clubs a staff user may change in the admin: those they are an admin of."""
    return set(
        ClubRole.objects.filter(member__user=user, member__active=True, member__visitor=False, role=ClubRole.Role.ADMIN)
        .values_list("club_id", flat=True)
    )


class ClubScoped:
    """Querysets, choices and permissions limited to the user's clubs (superusers see all).

    ``club_path``: the lookup from the model to its club (``"pk"``: the model is the club); ``shared_rows``:
    rows without a club (the shared rulesets) are shown to every staff user, and changed only by superusers.
    A choice of a related row that belongs to a club (it has a ``club`` field) offers the user's clubs' rows
    only, and the shared ones where that field may be empty.
    """

    club_path = "club"
    shared_rows = False

    def _club_q(self, ids) -> Q:
        q = Q(**{f"{self.club_path}__in": ids})
        if self.shared_rows:
            q |= Q(**{f"{self.club_path}__isnull": True})
        return q

    def get_queryset(self, request):
        qs = super().get_queryset(request)
        if request.user.is_superuser:
            return qs
        return qs.filter(self._club_q(member_club_ids(request.user))).distinct()

    def _club_id_of(self, obj):
        if self.club_path == "pk":
            return obj.pk
        value = obj
        for part in self.club_path.split("__"):
            value = getattr(value, part, None) if value is not None else None
        return value.pk if value is not None else None

    def _may(self, request, obj, *, change: bool) -> bool:
        if request.user.is_superuser or obj is None:
            return True
        club_id = self._club_id_of(obj)
        if club_id is None:
            return self.shared_rows and not change
        return club_id in (admin_club_ids(request.user) if change else member_club_ids(request.user))

    def has_view_permission(self, request, obj=None):
        return super().has_view_permission(request, obj) and self._may(request, obj, change=False)

    def has_change_permission(self, request, obj=None):
        return super().has_change_permission(request, obj) and self._may(request, obj, change=True)

    def has_delete_permission(self, request, obj=None):
        return super().has_delete_permission(request, obj) and self._may(request, obj, change=True)

    def get_list_filter(self, request):
        """Relation filters offer only the values in the user's rows (not every club's names)."""
        filters = super().get_list_filter(request)
        if request.user.is_superuser:
            return filters
        out = []
        for f in filters:
            if isinstance(f, str) and get_fields_from_path(self.model, f)[-1].is_relation:
                out.append((f, admin.RelatedOnlyFieldListFilter))
            else:
                out.append(f)
        return out

    def formfield_for_foreignkey(self, db_field, request, **kwargs):
        user = request.user
        if not user.is_superuser:
            clubs = admin_club_ids(user)
            model = db_field.remote_field.model
            if model is Club:
                kwargs["queryset"] = Club.objects.filter(pk__in=clubs)
            elif (owner := _club_field(model)) is not None:
                mine = Q(club__in=clubs) | Q(club__isnull=True) if owner.null else Q(club__in=clubs)
                kwargs["queryset"] = model._default_manager.filter(mine)
        return super().formfield_for_foreignkey(db_field, request, **kwargs)


def _club_field(model):
    """``model``'s ``club`` foreign key, if it belongs to a club."""
    try:
        field = model._meta.get_field("club")
    except FieldDoesNotExist:
        return None
    return field if field.many_to_one and field.related_model is Club else None


class NoWrites:
    """Shown and searched, never written here (the services own these rows)."""

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


class ReadOnlyAdmin(ClubScoped, NoWrites, admin.ModelAdmin):
    pass


class ReadOnlyInline(NoWrites, admin.TabularInline):
    extra = 0
