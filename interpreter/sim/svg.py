"""The charts of the balance reports, written as inline SVG: a forest plot (estimates with their
intervals), histograms (one or two distributions, as shares so samples of any size compare) and a
stacked bar (how games ended).

Hand-written SVG rather than a plotting library: four simple chart types, each a few dozen lines;
the page stays one self-contained file that opens with no server, its text stays text (searchable,
selectable, sharp at any zoom), every mark carries a tooltip with its numbers, and a report with a
page per card is written in well under a second.
"""

from __future__ import annotations

import html
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

POSITIVE, NEGATIVE, NEUTRAL, SERIES_A, SERIES_B = "#2f7d3a", "#b83b35", "#6b7280", "#3b6fb6", "#d9822b"
FONT = 'font-family="system-ui,sans-serif" font-size="12"'


def esc(text: object) -> str:
    return html.escape(str(text))


@dataclass
class Estimate:
    """One row of a forest plot: a value and its interval, in the plot's unit."""
    label: str
    value: float
    lo: float
    hi: float
    note: str = ""  # shown right of the plot (the numbers, with n)
    colour: str = NEUTRAL
    bold: bool = False
    link: str = ""
    second: tuple[float, float, float] | None = None  # an estimate to compare with: value, lo, hi (series B)


def nice_span(values: Sequence[float], minimum: float) -> float:
    """A symmetric axis limit around 0 that holds every value, rounded to a readable step."""
    top = max([abs(v) for v in values if math.isfinite(v)] + [minimum])
    step = 10 ** math.floor(math.log10(top)) if top > 0 else 1.0
    for k in (1, 2, 2.5, 5, 10):
        if k * step >= top:
            return k * step
    return 10 * step


def forest(rows: Sequence[Estimate], *, span: float, scale: float = 1.0, unit: str = "", width: int = 1000,
           label_width: int = 220, note_width: int = 300, title: str = "", reference: float = 0.0) -> str:
    """Estimates with 95% intervals around a reference line (0: no effect). Values are multiplied by
    `scale` for the axis labels (100 turns a share into points)."""
    row_h, top, bottom = 18, 22, 26
    plot_l, plot_r = label_width, width - note_width
    height = top + row_h * len(rows) + bottom

    def x(v: float) -> float:
        v = min(span, max(-span, v))
        return plot_l + (v + span) / (2 * span) * (plot_r - plot_l)

    parts = [f'<svg class="chart" width="{width}" height="{height}" viewBox="0 0 {width} {height}" role="img" '
             f'aria-label="{esc(title)}" {FONT}>']
    for tick in (-span, -span / 2, 0.0, span / 2, span):
        parts.append(f'<line x1="{x(tick):.1f}" y1="{top - 6}" x2="{x(tick):.1f}" y2="{height - bottom + 4}" '
                     f'stroke="{"#444" if tick == reference else "#e2e2e2"}"/>')
        label = "0" if tick == 0 else f"{tick * scale:+g}"
        parts.append(f'<text x="{x(tick):.1f}" y="{height - 8}" text-anchor="middle">{label}{esc(unit)}</text>')
    if title:
        parts.append(f'<text x="{plot_l}" y="12" font-weight="bold">{esc(title)}</text>')
    for i, r in enumerate(rows):
        y = top + i * row_h + row_h / 2
        weight = ' font-weight="bold"' if r.bold else ""
        if i % 2 == 0:
            parts.append(f'<rect x="0" y="{y - row_h / 2:.1f}" width="{width}" height="{row_h}" fill="#f7f7f7" pointer-events="none"/>')
        label = f'<text x="{plot_l - 8}" y="{y + 4:.1f}" text-anchor="end"{weight}>{esc(r.label)}</text>'
        if r.link:
            label = f'<a href="{esc(r.link)}" fill="#0645ad">{label}</a>'
        parts.append(label)
        offset = -3 if r.second is not None else 0
        parts.append(_mark(x, y + offset, r.value, r.lo, r.hi, r.colour, f"{r.label}: {r.note}"))
        if r.second is not None:
            value, lo, hi = r.second
            parts.append(_mark(x, y + 3, value, lo, hi, SERIES_B, f"{r.label} (B): {r.note}"))
        parts.append(f'<text x="{plot_r + 10}" y="{y + 4:.1f}"{weight}>{esc(r.note)}</text>')
    parts.append("</svg>")
    return "".join(parts)


def _mark(x: Callable[[float], float], y: float, value: float, lo: float, hi: float, colour: str, tip: str) -> str:
    """A point with its interval as a line, and a tooltip."""
    lo_x, hi_x, v_x = x(lo), x(hi), x(value)
    return (f'<g><title>{esc(tip)}</title><line x1="{lo_x:.1f}" y1="{y:.1f}" x2="{hi_x:.1f}" y2="{y:.1f}" stroke="{colour}" '
            f'stroke-width="2"/><circle cx="{v_x:.1f}" cy="{y:.1f}" r="4" fill="{colour}"/></g>')


@dataclass
class Series:
    name: str
    counts: dict[float, int]  # bin start -> count
    colour: str = SERIES_A


def bin_counts(values: Sequence[float], width: float) -> dict[float, int]:
    counts: dict[float, int] = {}
    for v in values:
        b = math.floor(v / width) * width
        counts[b] = counts.get(b, 0) + 1
    return counts


def histogram(series: Sequence[Series], *, bin_width: float, x_label: str, width: int = 640, height: int = 170,
              title: str = "") -> str:
    """Distributions as shares of their own totals, side by side per bin, with a legend giving n."""
    series = [s for s in series if s.counts]
    if not series:
        return '<p class="note">No data.</p>'
    bins = sorted({b for s in series for b in s.counts})
    first, last = bins[0], bins[-1]
    n_bins = int(round((last - first) / bin_width)) + 1
    shares = [{b: c / sum(s.counts.values()) for b, c in s.counts.items()} for s in series]
    top_share = max(max(sh.values()) for sh in shares)
    left, right, top, bottom = 44, 10, 24, 34
    plot_w, plot_h = width - left - right, height - top - bottom
    bar_w = plot_w / n_bins
    parts = [f'<svg class="chart" width="{width}" height="{height}" viewBox="0 0 {width} {height}" role="img" '
             f'aria-label="{esc(title or x_label)}" {FONT}>']
    for k in range(0, 5):
        share = top_share * k / 4
        y = top + plot_h - share / top_share * plot_h
        parts.append(f'<line x1="{left}" y1="{y:.1f}" x2="{width - right}" y2="{y:.1f}" stroke="#eee"/>'
                     f'<text x="{left - 4}" y="{y + 4:.1f}" text-anchor="end">{100 * share:.0f}%</text>')
    for i in range(n_bins):
        b = first + i * bin_width
        for j, (s, sh) in enumerate(zip(series, shares, strict=True)):
            share = sh.get(b, 0.0)
            if not share:
                continue
            h = share / top_share * plot_h
            w = (bar_w - 1) / len(series)
            parts.append(f'<rect x="{left + i * bar_w + j * w:.1f}" y="{top + plot_h - h:.1f}" width="{max(1.0, w):.1f}" '
                         f'height="{h:.1f}" fill="{s.colour}"><title>{esc(s.name)}: {b:g} to {b + bin_width:g}: '
                         f'{s.counts.get(b, 0)} ({100 * share:.1f}%)</title></rect>')
    step = max(1, n_bins // 8)
    for i in range(0, n_bins + 1, step):
        parts.append(f'<text x="{left + i * bar_w:.1f}" y="{top + plot_h + 14}" text-anchor="middle">{first + i * bin_width:g}</text>')
    parts.append(f'<text x="{left + plot_w / 2:.1f}" y="{height - 4}" text-anchor="middle">{esc(x_label)}</text>')
    legend_x = left + 6
    for s in series:
        label = f"{s.name} (n={sum(s.counts.values())})"
        parts.append(f'<rect x="{legend_x}" y="6" width="10" height="10" fill="{s.colour}"/>'
                     f'<text x="{legend_x + 14}" y="15">{esc(label)}</text>')
        legend_x += 24 + 7 * len(label)
    parts.append("</svg>")
    return "".join(parts)


def stacked_bar(parts_: Sequence[tuple[str, int]], *, width: int = 640, title: str = "") -> str:
    """One bar split by share, each part labelled with its count and share (how games ended)."""
    total = sum(c for _, c in parts_) or 1
    colours = (SERIES_A, SERIES_B, NEUTRAL, POSITIVE, NEGATIVE)
    height = 46
    parts = [f'<svg class="chart" width="{width}" height="{height}" viewBox="0 0 {width} {height}" role="img" '
             f'aria-label="{esc(title)}" {FONT}>']
    x = 0.0
    for i, (label, count) in enumerate(parts_):
        w = count / total * width
        parts.append(f'<rect x="{x:.1f}" y="0" width="{w:.1f}" height="24" fill="{colours[i % len(colours)]}">'
                     f'<title>{esc(label)}: {count} of {total} ({100 * count / total:.1f}%)</title></rect>')
        if w > 60:
            parts.append(f'<text x="{x + 6:.1f}" y="16" fill="white">{esc(label)} {100 * count / total:.0f}%</text>')
        parts.append(f'<text x="{x + 2:.1f}" y="40">{count}</text>' if w > 30 else "")
        x += w
    parts.append("</svg>")
    return "".join(parts)


def nice_step(raw: float) -> float:
    """1, 2 or 5 times a power of ten, at least `raw`: a step for an axis's ticks."""
    if raw <= 0 or not math.isfinite(raw):
        return 0.05
    power = 10 ** math.floor(math.log10(raw))
    return next(k * power for k in (1, 2, 5, 10) if k * power >= raw)


@dataclass
class Point:
    """One point of a response curve: an estimate at a value of x, with its interval."""
    x: float
    y: float
    lo: float
    hi: float
    tip: str = ""
    colour: str = SERIES_A
    mark: str = ""  # a word written above the point (`printed`, `best`)


def response_curve(points: Sequence[Point], *, target: float, x_label: str, y_label: str, scale: float = 100.0,
                   width: int = 520, height: int = 260, title: str = "") -> str:
    """Estimates against the values of one number, each with its 95% interval, and the target as a
    dashed line: where the curve crosses the line is the value sought."""
    points = [p for p in points if math.isfinite(p.y)]
    if not points:
        return '<p class="note">No estimate yet.</p>'
    left, right, top, bottom = 52, 14, 40, 40
    plot_w, plot_h = width - left - right, height - top - bottom
    xs = [p.x for p in points]
    x0, x1 = min(xs), max(xs)
    if x0 == x1:
        x0, x1 = x0 - 1, x1 + 1
    ys = [v for p in points for v in (p.lo, p.hi)] + [target]
    tick = nice_step((max(ys) - min(ys)) / 4)
    y0, y1 = math.floor(min(ys) / tick) * tick, math.ceil(max(ys) / tick) * tick
    if y0 == y1:
        y0, y1 = y0 - tick, y1 + tick

    def px(v: float) -> float:
        return left + (v - x0) / (x1 - x0) * plot_w

    def py(v: float) -> float:
        return top + (y1 - v) / (y1 - y0) * plot_h

    parts = [f'<svg class="chart" width="{width}" height="{height}" viewBox="0 0 {width} {height}" role="img" '
             f'aria-label="{esc(title or x_label)}" {FONT}>']
    if title:
        parts.append(f'<text x="{left}" y="14" font-weight="bold">{esc(title)}</text>')
    for k in range(round((y1 - y0) / tick) + 1):
        v = y0 + k * tick
        parts.append(f'<line x1="{left}" y1="{py(v):.1f}" x2="{width - right}" y2="{py(v):.1f}" stroke="#eee"/>'
                     f'<text x="{left - 4}" y="{py(v) + 4:.1f}" text-anchor="end">{"0" if round(v * scale) == 0 else f"{v * scale:+.0f}"}</text>')
    parts.append(f'<line x1="{left}" y1="{py(target):.1f}" x2="{width - right}" y2="{py(target):.1f}" stroke="#444" '
                 f'stroke-dasharray="5,4"><title>target: {target * scale:+g}</title></line>')
    step = max(1, len(set(xs)) // 10)
    for x in sorted(set(xs))[::step]:
        parts.append(f'<text x="{px(x):.1f}" y="{top + plot_h + 16}" text-anchor="middle">{x:g}</text>')
    ordered = sorted(points, key=lambda p: p.x)
    path = " ".join(f"{'M' if i == 0 else 'L'}{px(p.x):.1f},{py(p.y):.1f}" for i, p in enumerate(ordered))
    parts.append(f'<path d="{path}" fill="none" stroke="#b7c3d4" stroke-width="1.5"/>')
    for p in ordered:
        parts.append(f'<g><title>{esc(p.tip)}</title><line x1="{px(p.x):.1f}" y1="{py(p.lo):.1f}" x2="{px(p.x):.1f}" y2="{py(p.hi):.1f}" '
                     f'stroke="{p.colour}" stroke-width="2"/><circle cx="{px(p.x):.1f}" cy="{py(p.y):.1f}" r="4" fill="{p.colour}"/></g>')
        if p.mark:
            anchor = "end" if px(p.x) > width - right - 30 else "start" if px(p.x) < left + 30 else "middle"
            parts.append(f'<text x="{px(p.x):.1f}" y="{py(p.hi) - 6:.1f}" text-anchor="{anchor}" font-weight="bold">{esc(p.mark)}</text>')
    parts.append(f'<text x="{left + plot_w / 2:.1f}" y="{height - 6}" text-anchor="middle">{esc(x_label)}</text>')
    parts.append(f'<text x="12" y="{top + plot_h / 2:.1f}" text-anchor="middle" transform="rotate(-90 12 {top + plot_h / 2:.1f})">'
                 f'{esc(y_label)}</text>')
    parts.append("</svg>")
    return "".join(parts)
