"""The tournament report as files for sharing (issue 26 item 5): a PDF to print or send, and a PNG to
post in the club's chat, drawn from the same data as the printable page (:func:`report_sheet` reads the
context :func:`events.web.tournaments.report.report_context` hands the template), so a number in a file is
the number on the page.

The Korean font is a subset of NanumGothic (SIL Open Font License 1.1; Hangul syllables, jamo, Latin
and the usual signs) kept beside this module as package data, not as a static file: the server draws
with it and browsers never download it. Japanese and Chinese draw with the subsets of Noto Sans CJK
that the pages also serve (``static/fonts/``, SIL OFL 1.1; built by ``deploy/make_cjk_fonts.py``), one
per region so a kanji or hanzi has the shape its readers know. The report's language picks the first
font; a character it lacks is drawn with the next font that has it (a Korean name on a Chinese report,
a Japanese name on a Korean one). fpdf2 writes the PDF (it embeds only the glyphs used); Pillow draws
the PNG."""
from __future__ import annotations

import io
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from django.conf import settings
from django.contrib.humanize.templatetags.humanize import intcomma
from django.utils.translation import get_language
from django.utils.translation import gettext as _

FONTS = Path(__file__).resolve().parent / "fonts"
REGULAR = FONTS / "NanumGothic-report.ttf"
BOLD = FONTS / "NanumGothicBold-report.ttf"
CJK_FONTS = Path(settings.BASE_DIR) / "static" / "fonts"


@dataclass(frozen=True)
class Face:
    """One font family of the report: its regular and bold files (the CJK subsets have one weight)."""

    family: str
    regular: Path
    bold: Path


NANUM = Face("Nanum", REGULAR, BOLD)
JP = Face("NotoJP", CJK_FONTS / "NotoSansCJKjp-club.woff2", CJK_FONTS / "NotoSansCJKjp-club.woff2")
SC = Face("NotoSC", CJK_FONTS / "NotoSansCJKsc-club.woff2", CJK_FONTS / "NotoSansCJKsc-club.woff2")
TC = Face("NotoTC", CJK_FONTS / "NotoSansCJKtc-club.woff2", CJK_FONTS / "NotoSansCJKtc-club.woff2")

# The report's language picks the first face; the others draw what it lacks, in this order.
FACES_BY_LANGUAGE = {
    "ko": (NANUM, TC, JP, SC),
    "en": (NANUM, SC, TC, JP),
    "ja": (JP, NANUM, TC, SC),
    "zh-hans": (SC, NANUM, TC, JP),
    "zh-hant": (TC, NANUM, SC, JP),
}


def faces_for(language: str | None) -> tuple[Face, ...]:
    """The faces a report in ``language`` draws with, first choice first (Korean's when unknown)."""
    code = (language or "ko").lower()
    return FACES_BY_LANGUAGE.get(code) or FACES_BY_LANGUAGE.get(code.split("-")[0], FACES_BY_LANGUAGE["ko"])


def needed_faces(faces: tuple[Face, ...], text: str) -> tuple[Face, ...]:
    """The first face, and each next one only if it draws a character of ``text`` that the ones before
    it lack (loading a CJK font takes a while: a Korean report of Korean names loads NanumGothic alone)."""
    chosen, missing = [faces[0]], {ord(c) for c in text if not c.isspace()} - characters_of(faces[0].regular)
    for face in faces[1:]:
        drawn = missing & characters_of(face.regular)
        if drawn:
            chosen.append(face)
            missing -= drawn
    return tuple(chosen)


def _sheet_text(sheet: Sheet) -> str:
    parts = [sheet.title, sheet.subtitle]
    for block in sheet.blocks:
        parts += [block.heading, *block.header, *(cell for row in block.rows for cell in row), *block.lines]
    return "".join(parts)


@cache
def characters_of(path: Path) -> frozenset[int]:
    """The code points a font file has glyphs for."""
    from fontTools.ttLib import TTFont

    return frozenset(TTFont(str(path), lazy=True)["cmap"].getBestCmap())


@dataclass(frozen=True)
class Block:
    """One section of the report: a heading, then a table (``header`` and ``rows``) and/or lines."""

    heading: str
    header: tuple[str, ...] = ()
    rows: tuple[tuple[str, ...], ...] = ()
    lines: tuple[str, ...] = ()
    widths: tuple[float, ...] = ()  # relative column widths; equal when empty


@dataclass(frozen=True)
class Sheet:
    title: str
    subtitle: str
    blocks: tuple[Block, ...] = field(default_factory=tuple)
    language: str = "ko"  # picks the fonts (:func:`faces_for`)


# NanumGothic has no glyph for these; the file shows the plain sign instead of a blank.
NOT_IN_FONT = str.maketrans({"\u2212": "-"})


def _text(value) -> str:
    return "" if value is None else str(value)


def _drawable(block: Block) -> Block:
    return Block(block.heading.translate(NOT_IN_FONT), tuple(c.translate(NOT_IN_FONT) for c in block.header),
                 tuple(tuple(c.translate(NOT_IN_FONT) for c in row) for row in block.rows),
                 tuple(line.translate(NOT_IN_FONT) for line in block.lines), block.widths)


def _standings(ctx: dict) -> Block:
    tournament = ctx["tournament"]
    header = [_("Place"), _("Player")]
    if tournament.team_size > 1:
        header.append(_("Team"))
    header.append(_("Games"))
    if tournament.has_cut:
        header += [_("Stage 1"), _("Final stage")]
    header += [_("Penalty"), _("Points"), _("1st-2nd-3rd-4th")]
    rows = []
    for r in ctx["rows"]:
        name = r["name"] + (f" ({_('Final')})" if r.get("finalist") else "") + (
            "" if r.get("active", True) else f" ({_('Withdrawn')})")
        row = [_text(r["place"]), name]
        if tournament.team_size > 1:
            row.append(_text(r.get("team")))
        row.append(_text(r["games"]))
        if tournament.has_cut:
            row += [_text(r.get("stage1")), _text(r.get("stage2"))]
        row += [_text(r.get("penalty") or ""), _text(r["points"]), "-".join(str(p) for p in r.get("placings") or ())]
        rows.append(tuple(row))
    widths = [0.6, 2.2] + ([1.4] if tournament.team_size > 1 else []) + [0.7] + (
        [0.9, 0.9] if tournament.has_cut else []) + [0.8, 1.0, 1.3]
    lines = () if rows else (_("No results yet."),)
    return Block(_("Final standings"), tuple(header), tuple(rows), lines, tuple(widths))


def _cut(ctx: dict) -> Block | None:
    tournament = ctx["tournament"]
    if not tournament.has_cut:
        return None
    lines = [_("After round %(after)s, the best %(to)s go on to the final stage.")
             % {"after": tournament.cut_after, "to": tournament.cut_to}]
    finalists = [r["name"] for r in ctx["finalists"]]
    lines.append(", ".join(finalists) if finalists else _("The cut has not been made yet."))
    return Block(_("The cut"), lines=tuple(lines))


def _teams(ctx: dict) -> Block | None:
    if not ctx["teams"]:
        return None
    rows = tuple((_text(t["place"]), _text(t["team"]), ", ".join(t["players"]), _text(t["points"]))
                 for t in ctx["teams"])
    return Block(_("Teams"), (_("Place"), _("Team"), _("Player"), _("Points")), rows, widths=(0.6, 1.6, 4.0, 1.0))


def _round(rnd) -> Block:
    rows = []
    for t in rnd.tables.all():
        cells = [_("Table %(t)s") % {"t": t.label}]
        for r in t.results:
            cell = r["name"]
            if r["score"] is not None:
                cell += f"  {intcomma(r['score'])} · {r['points']} ({r['rank']})"
            cells.append(cell)
        rows.append(tuple(cells))
    width = max((len(r) for r in rows), default=1)
    rows = [r + ("",) * (width - len(r)) for r in rows]
    heading = _("Round %(n)s") % {"n": rnd.number}
    if rnd.stage == 2:
        heading += f" · {_('Final stage')}"
    lines = (f"{_('Sitting out:')} {', '.join(rnd.sitting_out_names)}",) if rnd.sitting_out_names else ()
    return Block(heading, rows=tuple(rows), lines=lines, widths=(0.8,) + (2.0,) * (width - 1))


def _awards(ctx: dict) -> Block:
    lines = []
    for award in ctx["awards"]:
        winners = ", ".join(w["name"] for w in award["winners"])
        tie = f" ({_('tied')})" if award.get("tie") else ""
        lines.append(f"{award['title']}{tie}: {winners} — {award['value_words']}")
    return Block(_("Awards"), lines=tuple(lines) or (_("No awards yet: no finished games."),))


def _penalties(ctx: dict) -> Block:
    rows = tuple((
        p.given_at.strftime("%m-%d %H:%M"), p.member.display_name, _text(p.get_type_display()),
        f"-{p.points}" if p.points is not None else "", p.reason, _("cancelled") if p.cancelled_at else "",
    ) for p in ctx["penalties"])
    lines = () if rows else (_("No penalties."),)
    return Block(_("Penalties"), rows=rows, lines=lines, widths=(1.1, 1.6, 1.4, 0.7, 2.4, 0.8))


def report_sheet(ctx: dict) -> Sheet:
    """The report page's context (:func:`events.web.tournaments.report.report_context`) as a sheet of text."""
    tournament = ctx["tournament"]
    dates = tournament.starts_on.strftime("%Y-%m-%d") if tournament.starts_on else ""
    if tournament.ends_on and tournament.ends_on != tournament.starts_on:
        dates += f" – {tournament.ends_on:%Y-%m-%d}"
    subtitle = " · ".join(x for x in (ctx["club"].name, dates, tournament.ruleset.name,
                                      _text(tournament.get_status_display())) if x)
    blocks = [_standings(ctx), _cut(ctx), _teams(ctx), *(_round(r) for r in ctx["rounds"]), _awards(ctx),
              _penalties(ctx)]
    return Sheet(f"{tournament.name} · {_('Tournament report')}".translate(NOT_IN_FONT),
                 subtitle.translate(NOT_IN_FONT), tuple(_drawable(b) for b in blocks if b),
                 language=get_language() or "ko")


def sheet_pdf(sheet: Sheet) -> bytes:
    """A4 portrait; tables with a header row repeat it on a new page."""
    from fpdf import FPDF
    from fpdf.fonts import FontFace

    pdf = FPDF(orientation="portrait", unit="mm", format="A4")
    pdf.set_title(sheet.title)
    faces = needed_faces(faces_for(sheet.language), _sheet_text(sheet))
    for face in faces:
        pdf.add_font(face.family, "", str(face.regular))
        pdf.add_font(face.family, "B", str(face.bold))
    family = faces[0].family
    pdf.set_fallback_fonts([face.family for face in faces[1:]], exact_match=False)
    pdf.set_auto_page_break(auto=True, margin=12)
    pdf.add_page()
    pdf.set_font(family, "B", 15)
    pdf.multi_cell(0, 8, sheet.title, new_x="LMARGIN", new_y="NEXT")
    pdf.set_font(family, "", 9)
    pdf.multi_cell(0, 5, sheet.subtitle, new_x="LMARGIN", new_y="NEXT")
    for block in sheet.blocks:
        pdf.ln(3)
        pdf.set_font(family, "B", 11)
        pdf.multi_cell(0, 6, block.heading, new_x="LMARGIN", new_y="NEXT")
        pdf.set_font(family, "", 8.5)
        table_rows = ([block.header] if block.header else []) + list(block.rows)
        if table_rows:
            widths = block.widths or (1,) * len(table_rows[0])
            with pdf.table(col_widths=widths, first_row_as_headings=bool(block.header), line_height=5,
                           headings_style=FontFace(emphasis="BOLD"), text_align="LEFT") as table:
                for cells in table_rows:
                    row = table.row()
                    for cell in cells:
                        row.cell(cell)
        for line in block.lines:
            pdf.multi_cell(0, 5, line, new_x="LMARGIN", new_y="NEXT")
    return bytes(pdf.output())


PNG_WIDTH = 1080  # a phone chat's full-width image
PAD, GAP, LINE = 36, 18, 1.45


def sheet_png(sheet: Sheet, *, width: int = PNG_WIDTH) -> bytes:
    """One tall image: the same blocks, tables as ruled rows, long cells wrapped."""
    from PIL import Image, ImageDraw

    faces = needed_faces(faces_for(sheet.language), _sheet_text(sheet))
    fonts = {"title": _Runs(faces, 40, bold=True), "sub": _Runs(faces, 24), "head": _Runs(faces, 30, bold=True),
             "cell": _Runs(faces, 24), "cellb": _Runs(faces, 24, bold=True)}
    inner = width - 2 * PAD

    def wrap(text: str, font, limit: float) -> list[str]:
        out, line = [], ""
        for ch in text:
            if font.getlength(line + ch) > limit and line:
                out.append(line)
                line = ch
            else:
                line += ch
        return out + [line] if line or not out else out

    def height(font) -> int:
        return int(font.size * LINE)

    # Lay out first (a list of draw steps and the total height), then draw on a canvas of that height.
    steps: list[tuple] = []
    y = PAD
    for text, key in ((sheet.title, "title"), (sheet.subtitle, "sub")):
        for line in wrap(text, fonts[key], inner):
            steps.append(("text", PAD, y, line, key))
            y += height(fonts[key])
    for block in sheet.blocks:
        y += GAP
        steps.append(("text", PAD, y, block.heading, "head"))
        y += height(fonts["head"]) + 4
        table_rows = ([block.header] if block.header else []) + list(block.rows)
        if table_rows:
            weights = block.widths or (1,) * len(table_rows[0])
            total = sum(weights)
            columns = [inner * w / total for w in weights]
            for index, cells in enumerate(table_rows):
                key = "cellb" if block.header and index == 0 else "cell"
                wrapped = [wrap(c, fonts[key], col - 10) for c, col in zip(cells, columns, strict=False)]
                rows_high = max(len(w) for w in wrapped) * height(fonts[key]) + 8
                x = PAD
                for lines, col in zip(wrapped, columns, strict=False):
                    for n, line in enumerate(lines):
                        steps.append(("text", x + 5, y + 4 + n * height(fonts[key]), line, key))
                    x += col
                y += rows_high
                steps.append(("rule", PAD, y, width - PAD))
        for line in block.lines:
            for part in wrap(line, fonts["cell"], inner):
                steps.append(("text", PAD, y + 2, part, "cell"))
                y += height(fonts["cell"])
    y += PAD
    image = Image.new("RGB", (width, y), "white")
    draw = ImageDraw.Draw(image)
    for step in steps:
        if step[0] == "text":
            _kind, x, top, text, key = step
            fonts[key].draw(draw, x, top, text, fill="#1b1b1b" if key != "sub" else "#555555")
        else:
            _kind, x0, top, x1 = step
            draw.line((x0, top, x1, top), fill="#d0d0d0", width=1)
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=True)
    return out.getvalue()


class _Runs:
    """A text drawn with a chain of fonts: each character with the first font that has it (the first
    font when none has), on one baseline. Quacks like an ImageFont for ``getlength`` and ``size``."""

    def __init__(self, faces: tuple[Face, ...], size: int, *, bold: bool = False):
        from PIL import ImageFont

        self.size = size
        paths = [face.bold if bold else face.regular for face in faces]
        self.fonts = [ImageFont.truetype(str(path), size) for path in paths]
        self.covers = [characters_of(path) for path in paths]
        self.ascent = self.fonts[0].getmetrics()[0]

    def _font_of(self, ch: str) -> int:
        code = ord(ch)
        return next((n for n, cover in enumerate(self.covers) if code in cover), 0)

    def runs(self, text: str) -> list[tuple[int, str]]:
        out: list[tuple[int, str]] = []
        for ch in text:
            n = self._font_of(ch) if not ch.isspace() else (out[-1][0] if out else 0)
            if out and out[-1][0] == n:
                out[-1] = (n, out[-1][1] + ch)
            else:
                out.append((n, ch))
        return out

    def getlength(self, text: str) -> float:
        return sum(self.fonts[n].getlength(part) for n, part in self.runs(text))

    def draw(self, draw, x: float, top: float, text: str, *, fill: str) -> None:
        baseline = top + self.ascent
        for n, part in self.runs(text):
            draw.text((x, baseline), part, font=self.fonts[n], fill=fill, anchor="ls")
            x += self.fonts[n].getlength(part)
