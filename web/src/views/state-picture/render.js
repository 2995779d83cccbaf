// Draws a scene (model.js) as SVG, keyed by node id: a node that stays is
// moved (its CSS transform glides), a new one fades in, a gone one fades out.
// Names reach the SVG as text nodes only.
const SVG = 'http://www.w3.org/2000/svg';

export const PICTURE_STYLE = `
[data-view="state-picture"] { position: relative; overflow: auto; contain: content; background: #fff; }
[data-view="state-picture"] .pic-caption { font-size: 12px; color: #59636e; padding: 2px 6px; }
[data-view="state-picture"] .pic-legend { font-size: 11px; }
[data-view="state-picture"] svg { display: block; font: 11px ui-monospace, Menlo, Consolas, monospace; }
[data-view="state-picture"][data-fit="box"] { display: flex; flex-direction: column; height: 100%; overflow: hidden; }
[data-view="state-picture"][data-fit="box"] .pic-canvas { flex: 1 1 0; min-height: 0; overflow: auto; }
.pic-node { transition: transform .35s ease, opacity .35s; }
.pic-node.pic-enter { animation: pic-in .35s ease; }
.pic-node.pic-leave { opacity: 0; }
@keyframes pic-in { from { opacity: 0; } to { opacity: 1; } }
@keyframes pic-fade { from { opacity: 1; } to { opacity: .35; } }
.pic-node rect.body { fill: #f6f8fa; stroke: #8c959f; rx: 3px; }
.pic-node.shape-block rect.body { fill: #ddf4ff; stroke: #54aeff; }
.pic-node.shape-base rect.body { fill: #d0d7de; stroke: #6e7781; }
.pic-node.shape-place rect.body { fill: #fbfcfd; stroke: #afb8c1; }
.pic-node.shape-carrier rect.body { fill: #fff8c5; stroke: #d4a72c; }
.pic-node.shape-token rect.body { fill: #fff8c5; stroke: #d4a72c; }
.pic-node.shape-note rect.body { fill: none; stroke: none; }
.pic-node.shape-note text { fill: #59636e; font-style: italic; }
.pic-node.shape-ghost rect.body, .pic-node.goal rect.body { fill: none; stroke: #8250df; stroke-dasharray: 4 3; }
.pic-node.shape-ghost text { fill: #8250df; }
.pic-node.added rect.body { stroke: #1a7f37; stroke-width: 2px; fill: #dafbe1; }
.pic-node.goal-met text.label::after { content: " ★"; }
.pic-node.away { opacity: .7; }
.pic-node.marked rect.body { fill: #dafbe1; }
.pic-node.goal-cell rect.body { stroke: #8250df; stroke-dasharray: 4 3; }
.pic-node text.place-label { font-weight: 600; }
.pic-badge rect { fill: #eaeef2; rx: 6px; }
.pic-badge text { font-size: 9px; fill: #424a53; }
.pic-badge.added rect { fill: #dafbe1; } .pic-badge.added text { fill: #1a7f37; }
.pic-badge.deleted rect { fill: #ffebe9; } .pic-badge.deleted text { fill: #cf222e; text-decoration: line-through; }
.pic-badge.deleted { animation: pic-fade 1.2s ease forwards; }
.pic-badge.goal rect { fill: none; stroke: #8250df; stroke-dasharray: 3 2; } .pic-badge.goal text { fill: #8250df; }
.pic-badge.goal-met rect { fill: #fbefff; }
.pic-edge path { fill: none; stroke: #6e7781; stroke-width: 1.2px; }
.pic-edge.link path { stroke: #afb8c1; stroke-width: 3px; }
.pic-edge.added path { stroke: #1a7f37; stroke-width: 2px; }
.pic-edge.deleted path { stroke: #cf222e; stroke-dasharray: 4 3; }
.pic-edge.deleted { animation: pic-fade 1.2s ease forwards; }
.pic-edge.goal path { stroke: #8250df; stroke-dasharray: 5 4; }
.pic-edge text { font-size: 9px; fill: #59636e; }
.pic-edge.added text { fill: #1a7f37; } .pic-edge.deleted text { fill: #cf222e; } .pic-edge.goal text { fill: #8250df; }
.pic-summary { font-size: 12px; padding: 6px; }
.pic-summary table { border-collapse: collapse; margin: 4px 0; }
.pic-summary td { padding: 0 8px 0 0; font-variant-numeric: tabular-nums; }
.pic-still .pic-node, .pic-still .pic-badge, .pic-still .pic-edge { transition: none; animation: none; }
@media (prefers-reduced-motion: reduce) { .pic-node { transition: none; } .pic-node.pic-enter { animation: none; } }
`;

const svg = (tag, attrs = {}, text) => {
    const n = document.createElementNS(SVG, tag);
    for (const [k, v] of Object.entries(attrs)) if (v !== undefined && v !== null) n.setAttribute(k, String(v));
    if (text !== undefined) n.textContent = text;
    return n;
};

const clip = (text, width) => (text.length * 6.6 > width - 8 ? `${text.slice(0, Math.max(1, Math.floor((width - 14) / 6.6)))}…` : text);

// The inside of a node (rebuilt only when its look changed): body, label,
// badges; at (ox, oy) inside its group (a still picture puts each node's
// position here, so no node needs a transform of its own).
function drawNodeBody(g, n, ox = 0, oy = 0) {
    g.replaceChildren();
    g.append(svg('rect', { class: 'body', x: ox, y: oy, width: n.w, height: n.h, style: n.fill ? `fill:${n.fill}` : undefined }));
    if (n.ghostFill) {   // the goal's colour, dashed on a grey line (a white one shows too)
        const frame = { x: ox + 3, y: oy + 3, width: n.w - 6, height: n.h - 6, fill: 'none' };
        g.append(svg('rect', { ...frame, stroke: '#8c959f', 'stroke-width': 5 }),
                 svg('rect', { ...frame, stroke: n.ghostFill, 'stroke-width': 3, 'stroke-dasharray': '5 3' }));
    }
    const place = n.shape === 'place' || n.shape === 'cell';
    const label = svg('text', { class: place ? 'label place-label' : 'label', x: ox + 4, y: oy + (place ? 13 : n.shape === 'token' ? 10 : Math.min(n.h - 5, 14)) },
                      n.shape === 'note' ? n.label : clip(n.label + (n.cls?.includes('goal-met') ? ' ★' : ''), n.shape === 'cell' ? n.w : n.w * 0.6 + 30));
    g.append(svg('title', {}, n.label), label);
    let x = n.shape === 'cell' ? 3 : Math.min(n.w - 10, 10 + 6.6 * n.label.length);
    let y = n.shape === 'cell' ? n.h - 14 : place ? 3 : 2;
    const stacked = n.shape === 'token';   // a token's badges: one line each, under its name
    if (stacked) { x = 2; y = 12; }
    for (const b of n.badges) {
        const text = stacked ? clip(b.text, (n.w - 4) * 1.2) : b.text;
        const w = stacked ? n.w - 4 : 8 + 5.4 * text.length;
        if (n.shape === 'cell' && x + w > n.w) { x = 3; y -= 13; }
        const badge = svg('g', { class: `pic-badge ${b.cls ?? ''}` });
        badge.append(svg('rect', { x: ox + x, y: oy + y, width: w, height: 11 }), svg('text', { x: ox + x + 4, y: oy + y + 9 }, text));
        g.append(badge);
        if (stacked) y += 12;
        else x += w + 3;
    }
}

const GROUND_SHAPES = new Set(['place', 'cell', 'base']);

const nodeKey = (n) => JSON.stringify([n.label, n.w, n.h, n.shape, n.cls, n.fill, n.ghostFill, n.badges]);

// A picture is never drawn smaller than this: below it, it scrolls.
const MIN_SCALE = 0.6;

/**
 * A renderer into `host`: {draw(scene), clear()}. With `fitHeight` the
 * picture is also shrunk to the host's height (a host whose height does not
 * depend on its content: a panel), not only to its width.
 */
// Above this many nodes nothing glides or fades: the browser would repaint
// the whole picture on every animation frame (an SVG transform is not
// composited), hundreds of milliseconds a step for 500 blocks.
export const ANIMATED_NODES = 200;

export function createRenderer(host, { fitHeight = false } = {}) {
    const root = svg('svg', { 'data-picture': '' });
    const edgeLayer = svg('g', { class: 'pic-edges' });
    const groundLayer = svg('g', { class: 'pic-ground' });   // places, cells, bases: under what moves
    const nodeLayer = svg('g', { class: 'pic-nodes' });
    const overLayer = svg('g', { class: 'pic-over' });
    root.append(edgeLayer, groundLayer, nodeLayer, overLayer);
    host.append(root);
    const drawn = new Map();   // id -> {g, key}
    let first = true;
    let size = null;   // the scene's {width, height}, viewBox included
    // Shrunk to the host's width (and height, with fitHeight), down to
    // MIN_SCALE; a bigger picture scrolls. Size attributes, not a CSS
    // transform: text stays sharp and the scroll area matches the picture.
    const fit = () => {
        if (!size) return;
        const room = (available, needed) => (available > 0 ? available / needed : 1);
        let scale = Math.min(1, room(host.clientWidth, size.width));
        if (fitHeight) scale = Math.min(scale, room(host.clientHeight, size.height));
        scale = Math.max(MIN_SCALE, scale);
        root.setAttribute('width', String(Math.floor(size.width * scale)));
        root.setAttribute('height', String(Math.floor(size.height * scale)));
        root.dataset.scale = scale.toFixed(2);
    };
    const resize = typeof ResizeObserver === 'function' ? new ResizeObserver(fit) : null;
    resize?.observe(host);
    return {
        svg: root,
        draw(scene) {
            root.setAttribute('viewBox', `-4 -4 ${scene.width + 8} ${scene.height + 8}`);
            size = { width: scene.width + 8, height: scene.height + 8 };
            fit();
            const still = scene.nodes.length > ANIMATED_NODES;
            root.classList.toggle('pic-still', still);
            const seen = new Set();
            const pos = new Map();
            for (const n of scene.nodes) {
                seen.add(n.id);
                pos.set(n.id, n);
                let entry = drawn.get(n.id);
                if (!entry) {
                    const g = svg('g', { 'data-id': n.id });
                    entry = { g, key: '' };
                    drawn.set(n.id, entry);
                    (GROUND_SHAPES.has(n.shape) ? groundLayer : nodeLayer).append(g);
                }
                // Only what changed is touched: an unchanged node costs no style work.
                const cls = `pic-node shape-${n.shape} ${n.cls ?? ''}${!first && entry.key === '' ? ' pic-enter' : ''}`;
                if (cls !== entry.cls) { entry.g.setAttribute('class', cls); entry.cls = cls; }
                if (still) {
                    // Positions inside the shapes: no transform per node (hundreds of them cost the
                    // browser a transform node each, in every frame's paint and layerization).
                    if (entry.transform) { entry.g.style.transform = ''; entry.transform = ''; entry.key = ''; }
                    const key = `${n.x},${n.y}|${nodeKey(n)}`;
                    if (key !== entry.key) { drawNodeBody(entry.g, n, n.x, n.y); entry.key = key; }
                } else {
                    const transform = `translate(${n.x}px, ${n.y}px)`;
                    if (transform !== entry.transform) { entry.g.style.transform = transform; entry.transform = transform; }
                    const key = nodeKey(n);
                    if (key !== entry.key || entry.still) { drawNodeBody(entry.g, n); entry.key = key; }
                }
                entry.still = still;
            }
            for (const [id, entry] of drawn) {
                if (seen.has(id)) continue;
                drawn.delete(id);
                entry.g.classList.add('pic-leave');
                setTimeout(() => entry.g.remove(), 400);
            }
            drawEdges(edgeLayer, overLayer, scene.edges, pos);
            first = false;
        },
        clear() { resize?.disconnect(); root.remove(); drawn.clear(); },
    };
}

// Links under the nodes, the step's atoms and goal ghosts over them.
function drawEdges(under, over, edges, pos) {
    const links = [];
    const marks = [];
    for (const e of edges) {
        const a = pos.get(e.from);
        const b = pos.get(e.to);
        if (!a || !b) continue;
        const [x1, y1, x2, y2] = [a.x + a.w / 2, a.y + a.h / 2, b.x + b.w / 2, b.y + b.h / 2];
        const bend = e.curve ? Math.max(18, Math.hypot(x2 - x1, y2 - y1) / 4) : 0;
        const mx = (x1 + x2) / 2 + (e.curve ? bend : 0);
        const my = (y1 + y2) / 2 - (e.curve ? bend / 2 : 0);
        const g = svg('g', { class: `pic-edge ${e.cls ?? ''}`, 'data-edge': e.id });
        if (e.label) g.append(svg('title', {}, e.label));
        g.append(svg('path', { d: e.curve ? `M${x1},${y1} Q${mx},${my} ${x2},${y2}` : `M${x1},${y1} L${x2},${y2}`}));
        if (e.label && e.cls !== 'link' && e.cls !== 'goal') g.append(svg('text', { x: (x1 + x2) / 2 + bend / 2 + 2, y: (y1 + y2) / 2 - bend / 4 }, e.label));
        (e.cls === 'link' ? links : marks).push(g);
    }
    under.replaceChildren(...links);
    over.replaceChildren(...marks);
}
