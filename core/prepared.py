"""Reads whose SQL is compiled once per process (issue 41: the CPU of a hand).

Django builds and compiles a queryset's SQL on every request: a table's preview and save each ask for the
game with its club, season, ruleset, seat names and the user's membership, then its hands, and turning those
querysets into SQL was about a sixth of a hand's CPU (``bench/hand_cpu.py``; the statements themselves a
twentieth). The shape of such a read never changes, only its values (the game's id, the user's), so
:class:`PreparedRead` compiles it the first time it runs in a process and afterwards sends the same SQL with the
new values in their places, and builds the model instances with Django's own iterable, exactly as the
queryset would have (annotations, ``select_related`` objects, converters).

How the places are found, without parsing SQL: the read is built from the first call's values, then again
with each value changed by one (``pk + 1``, ``key + "~"``, a datetime a microsecond later); the parameters
that changed are that value's places. The SQL of every build must be the same, and each place must hold the
value as the database is sent it (as is, or a datetime adapted by the backend): any read where that does not
hold is refused when it is prepared (``ValueError``), not guessed. A call whose values are not of the first
call's types runs the plain queryset.

Compiled once per process and database alias, for the read's shape (``shape``: whatever decides which SQL is
built, such as whether a membership is read with the game): rule 1 of ``core.memo`` (the SQL is a function of
the models, the database's vendor and the shape, all fixed for a process). What it leaves out, on purpose:
``select_for_update``'s check that a transaction is open (the caller's, see ``league.games.records.locked``).
"""
from __future__ import annotations

import copy
import datetime as dt
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from django.db import connections
from django.db.models import Model, QuerySet

from core.memo import Memo

M = TypeVar("M", bound=Model)

_COMPILED = Memo("prepared reads", size=256)


@dataclass(frozen=True)
class _Slot:
    position: int
    name: str
    adapt: Callable[[Any], Any]


@dataclass(frozen=True)
class _Compiled:
    compiler: Any  # the SQLCompiler that compiled the read: select, klass_info, annotations, converters
    sql: str
    params: tuple[Any, ...]  # the first call's parameters: the constants stay, the slots are replaced
    slots: tuple[_Slot, ...]
    types: tuple[tuple[str, type], ...]
    converters: dict[int, Any]  # each column's converters from the database's values (as the compiler finds them)
    iterable: type  # what the queryset yields: models, or (``values_list``) values
    fields: tuple[str, ...] | None


def _changed(value: Any) -> Any:
    """A different value of the same type (to find where ``value`` goes in the parameters)."""
    if isinstance(value, bool):
        raise ValueError("a prepared read's value may be an int, a str or a datetime, not a bool")
    if isinstance(value, int):
        return value + 1
    if isinstance(value, str):
        return value + "~"
    if isinstance(value, dt.datetime):
        return value + dt.timedelta(microseconds=1)
    raise ValueError(f"a prepared read's value may be an int, a str or a datetime, not {type(value).__name__}")


def _adapter(connection, sample: Any, sent: Any) -> Callable[[Any], Any] | None:
    """How ``sample`` becomes the parameter the database is sent (``sent``), if it is one we know."""
    if sent == sample and type(sent) is type(sample):
        return _as_is
    if isinstance(sample, dt.datetime) and connection.ops.adapt_datetimefield_value(sample) == sent:
        return connection.ops.adapt_datetimefield_value
    return None


def _as_is(value: Any) -> Any:
    return value


class _Ready:
    """Stands in for a queryset's ``query``: hands Django's iterable a compiler that knows its SQL (and what else the
    iterable asks of the query, its shape, from the query that was compiled)."""

    def __init__(self, compiled: _Compiled, params: list[Any]) -> None:
        self.compiled, self.params = compiled, params

    def __getattr__(self, name: str) -> Any:
        return getattr(self.compiled.compiler.query, name)

    def get_compiler(self, using=None, connection=None, elide_empty=True):
        compiler = copy.copy(self.compiled.compiler)
        compiler.connection = connection or connections[using]
        sql, params = self.compiled.sql, tuple(self.params)
        compiler.as_sql = lambda *args, **kwargs: (sql, params)
        converters = self.compiled.converters
        compiler.get_converters = lambda expressions: converters
        return compiler


def _fits(value: int, using: str) -> bool:
    low, high = connections[using].ops.integer_field_ranges["BigIntegerField"]
    return low <= value <= high


class PreparedRead(Generic[M]):
    """A read of ``model`` built by ``build(**values)``, compiled once per process, alias and shape.

    ``rows(shape=..., **values)`` returns the list ``list(build(**values))`` would (models, or a ``values_list``'s
    values). ``build`` must give a queryset of ``model`` whose SQL depends on ``shape`` alone and whose values are
    the keyword arguments (ints, strs, datetimes), each used as a parameter as it is given.
    """

    def __init__(self, name: str, model: type[M], build: Callable[..., QuerySet[M]]) -> None:
        self.name, self.model, self.build = name, model, build

    def rows(self, *, shape: Hashable = None, using: str = "default", **values: Any) -> list[M]:
        compiled = _COMPILED.get((self.name, shape, using, connections[using].vendor),
                                 lambda: self._compile(values, using))
        if tuple((name, type(value)) for name, value in values.items()) != compiled.types:
            return list(self.build(**values).using(using))  # another shape of values: the plain queryset
        if any(type(value) is int and not _fits(value, using) for value in values.values()):
            # Beyond any integer column (an address's id of twenty digits): the database would refuse the value
            # (SQLite's OverflowError); Django's queryset answers it without asking (no row, or every row).
            return list(self.build(**values).using(using))
        params = list(compiled.params)
        for slot in compiled.slots:
            params[slot.position] = slot.adapt(values[slot.name])
        queryset = QuerySet(model=self.model, query=_Ready(compiled, params), using=using)
        queryset._iterable_class, queryset._fields = compiled.iterable, compiled.fields
        return list(queryset)

    def _compile(self, values: dict[str, Any], using: str) -> _Compiled:
        connection = connections[using]

        def compiled_with(these: dict[str, Any]):
            queryset = self.build(**these).using(using)
            if queryset.model is not self.model:
                raise ValueError(f"{self.name}: the read is of {queryset.model.__name__}, not {self.model.__name__}")
            compiler = queryset.query.get_compiler(using=using)
            sql, params = compiler.as_sql()
            return compiler, sql, tuple(params), queryset

        compiler, sql, params, first = compiled_with(values)
        slots = []
        for name, value in values.items():
            other = _changed(value)
            _c, other_sql, other_params, _q = compiled_with({**values, name: other})
            if other_sql != sql or len(other_params) != len(params):
                raise ValueError(f"{self.name}: its SQL changes with {name!r}; make that part of its shape")
            for position, (sent, sent_other) in enumerate(zip(params, other_params, strict=True)):
                if sent == sent_other and type(sent) is type(sent_other):
                    continue
                adapt = _adapter(connection, value, sent)
                if adapt is None or adapt(other) != sent_other:
                    raise ValueError(f"{self.name}: {name!r} is not sent as it is given (parameter {position})")
                slots.append(_Slot(position, name, adapt))
        taken = [slot.position for slot in slots]
        if len(taken) != len(set(taken)):
            raise ValueError(f"{self.name}: two values share a parameter")
        # The converters are the compiler's for its columns (results_iter asks for the same ones every time).
        converters = compiler.get_converters([column[0] for column in compiler.select[0:compiler.col_count]])
        return _Compiled(compiler=compiler, sql=sql, params=params, slots=tuple(slots),
                         types=tuple((name, type(value)) for name, value in values.items()), converters=converters,
                         iterable=first._iterable_class, fields=first._fields)


__all__ = ["PreparedRead"]
