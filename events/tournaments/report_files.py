"""The tournament report as files for sharing (issue 26 item 5): a PDF to print or send, and a PNG to
post in the club's chat, drawn from the same data as the printable page (:func:`report_sheet` reads the
context :func:`events.web.tournaments.report.report_context` hands the template), so a number in a file is
the number on the page.

The Korean font is a subset of NanumGothic (SIL Open Font License 1.1; Hangul syllables, jamo, Latin
and the usual signs) kept beside this module as package data, not as a static file: the server draws
with it and browsers never download it. fpdf2 writes the PDF (it embeds only the glyphs used);
Pillow draws the PNG."""
from __future__ import annotations

import io
from dataclasses import dataclass, field
from pathlib import Path

from django.contrib.humanize.templatetags.humanize import intcomma
from django.utils.translation import gettext as _

FONTS = Path(__file__).resolve().parent / "fonts"
REGULAR = FONTS / "NanumGothic-report.ttf"
BOLD = FONTS / "NanumGothicBold-report.ttf"


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
                 subtitle.translate(NOT_IN_FONT), tuple(_drawable(b) for b in blocks if b))


def sheet_pdf(sheet: Sheet) -> bytes:
    """A4 portrait; tables with a header row repeat it on a new page."""
    from fpdf import FPDF
    from fpdf.fonts import FontFace

    pdf = FPDF(orientation="portrait", unit="mm", format="A4")
    pdf.set_title(sheet.title)
    pdf.add_font("Nanum", "", str(REGULAR))
    pdf.add_font("Nanum", "B", str(BOLD))
    pdf.set_auto_page_break(auto=True, margin=12)
    pdf.add_page()
    pdf.set_font("Nanum", "B", 15)
    pdf.multi_cell(0, 8, sheet.title, new_x="LMARGIN", new_y="NEXT")
    pdf.set_font("Nanum", "", 9)
    pdf.multi_cell(0, 5, sheet.subtitle, new_x="LMARGIN", new_y="NEXT")
    for block in sheet.blocks:
        pdf.ln(3)
        pdf.set_font("Nanum", "B", 11)
        pdf.multi_cell(0, 6, block.heading, new_x="LMARGIN", new_y="NEXT")
        pdf.set_font("Nanum", "", 8.5)
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
    from PIL import Image, ImageDraw, ImageFont

    fonts = {"title": ImageFont.truetype(str(BOLD), 40), "sub": ImageFont.truetype(str(REGULAR), 24),
             "head": ImageFont.truetype(str(BOLD), 30), "cell": ImageFont.truetype(str(REGULAR), 24),
             "cellb": ImageFont.truetype(str(BOLD), 24)}
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
            draw.text((x, top), text, font=fonts[key], fill="#1b1b1b" if key != "sub" else "#555555")
        else:
            _kind, x0, top, x1 = step
            draw.line((x0, top, x1, top), fill="#d0d0d0", width=1)
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=True)
    return out.getvalue()
