// Small charts in plain SVG (no chart library: two charts do not need one):
// a line chart with two series on their own scales (the live search view:
// best h and expansions over time) and a horizontal bar chart (the search
// statistics on a log scale, the problems solved per training round on a
// linear one). Numbers are drawn as text; nothing is fetched.
import { formatNumber, formatSeconds } from '../format.js';

const SVG = 'http://www.w3.org/2000/svg';

function svg(tag, attributes = {}, text = null) {
    const node = document.createElementNS(SVG, tag);
    for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, String(value));
    if (text !== null) node.textContent = String(text);
    return node;
}

const range = (values) => {
    const finite = values.filter(Number.isFinite);
    if (finite.length === 0) return [0, 1];
    const lo = Math.min(0, ...finite);
    const hi = Math.max(...finite);
    return [lo, hi > lo ? hi : lo + 1];
};

/**
 * Draws series [{name, color, points: [[x, y]...], side: 'left'|'right'}]
 * into `container` (replacing its content), x from 0 to the last x.
 */
export function renderLineChart(container, series, { width = 280, height = 110, xFormat = formatSeconds } = {}) {
    const pad = { left: 34, right: 40, top: 16, bottom: 16 };
    const w = width - pad.left - pad.right;
    const h = height - pad.top - pad.bottom;
    const xs = series.flatMap((s) => s.points.map((p) => p[0]));
    const xMax = Math.max(1e-9, ...xs.filter(Number.isFinite));
    const root = svg('svg', { viewBox: `0 0 ${width} ${height}`, width, height, role: 'img',
                              class: 'chart line-chart' });
    root.append(svg('rect', { x: pad.left, y: pad.top, width: w, height: h, class: 'chart-frame' }));
    series.forEach((s, index) => {
        const [lo, hi] = range(s.points.map((p) => p[1]));
        const px = (x) => pad.left + (x / xMax) * w;
        const py = (y) => pad.top + h - ((y - lo) / (hi - lo)) * h;
        const path = s.points.filter((p) => Number.isFinite(p[1]))
            .map((p, i) => `${i ? 'L' : 'M'}${px(p[0]).toFixed(1)},${py(p[1]).toFixed(1)}`).join('');
        root.append(svg('path', { d: path || 'M0,0', stroke: s.color, fill: 'none', 'stroke-width': 1.6,
                                  'data-series': s.name }));
        const left = s.side !== 'right';
        const x = left ? pad.left - 3 : pad.left + w + 3;
        const anchor = left ? 'end' : 'start';
        root.append(svg('text', { x, y: pad.top + 4, 'text-anchor': anchor, fill: s.color, class: 'chart-tick' },
                        formatNumber(hi)));
        root.append(svg('text', { x, y: pad.top + h, 'text-anchor': anchor, fill: s.color, class: 'chart-tick' },
                        formatNumber(lo)));
        root.append(svg('text', { x: left ? pad.left : pad.left + w, y: 11, 'text-anchor': left ? 'start' : 'end',
                                  fill: s.color, class: 'chart-legend' }, s.name));
        root.dataset[`points${index}`] = String(s.points.length);
    });
    root.append(svg('text', { x: pad.left + w, y: height - 3, 'text-anchor': 'end', class: 'chart-tick' },
                    xFormat(xMax)));
    root.append(svg('text', { x: pad.left, y: height - 3, class: 'chart-tick' }, xFormat(0)));
    container.replaceChildren(root);
    return root;
}

/**
 * Draws rows [{label, value, title?}] as horizontal bars on a log scale (the
 * counts of a search span orders of magnitude) or, with scale 'linear', from
 * 0 to `max` (default: the largest value), the value written beside each.
 */
export function renderBarChart(container, rows, { width = 280, barHeight = 14, gap = 4, scale: kind = 'log',
                                                  max: fullScale } = {}) {
    const labelWidth = 110;
    const valueWidth = 64;
    const w = width - labelWidth - valueWidth;
    const height = rows.length * (barHeight + gap) + gap;
    const max = Math.max(1, fullScale ?? 0, ...rows.map((r) => r.value));
    const scale = kind === 'linear' ? (v) => (v > 0 ? Math.max(1, (v / max) * w) : 0)
        : (v) => (v > 0 ? Math.max(1, (Math.log10(v + 1) / Math.log10(max + 1)) * w) : 0);
    const root = svg('svg', { viewBox: `0 0 ${width} ${height}`, width, height, role: 'img',
                              class: 'chart bar-chart' });
    rows.forEach((row, i) => {
        const y = gap + i * (barHeight + gap);
        const group = svg('g', { 'data-stat': row.key ?? row.label });
        group.append(svg('text', { x: labelWidth - 4, y: y + barHeight - 3, 'text-anchor': 'end',
                                   class: 'chart-label' }, row.label));
        group.append(svg('rect', { x: labelWidth, y, width: scale(row.value).toFixed(1), height: barHeight,
                                   class: 'chart-bar', rx: 2 }));
        group.append(svg('text', { x: labelWidth + scale(row.value) + 4, y: y + barHeight - 3,
                                   class: 'chart-value' }, formatNumber(row.value)));
        if (row.title) group.append(svg('title', {}, row.title));
        root.append(group);
    });
    container.replaceChildren(root);
    return root;
}
