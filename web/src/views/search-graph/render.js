// Draws the search graph's model (model.js) on a canvas: edges from parent
// to child, a dot per node coloured by its status at the replay's step, the
// plan's path thick and green, the node just expanded ringed, the selected
// node ringed in black; h beside each evaluated node when there is room. The view
// (search-view.js) owns the transform {scale, sx, sy, x, y}: screen = layout ×
// spacing × scale × (sx, sy) + offset (sx, sy stretch a narrow or a flat tree
// to the box; the wheel changes scale).
import { statusAt } from './model.js';

export const COLOURS = {
    closed: '#0969da', open: '#ffffff', duplicate: '#d4a72c', dead_end: '#cf222e',
    edge: '#afb8c1', plan: '#1a7f37', current: '#8250df', selected: '#1f2328', text: '#57606a',
};
export const SPACING = { x: 18, y: 46 };
const RADIUS = 5;

/** Screen position of a node under transform `t`. */
export function project(node, t) {
    return { x: node.x * SPACING.x * t.scale * t.sx + t.x, y: node.y * SPACING.y * t.scale * t.sy + t.y };
}

/**
 * The transform that fits the whole tree into width x height: one scale,
 * then each direction stretched up to 4 times to fill the box (a deep,
 * narrow PS² tree spreads sideways), never beyond 1.5 times the spacing.
 */
export function fitTransform(model, width, height) {
    const treeW = Math.max(1, (model.width - 1) * SPACING.x);
    const treeH = Math.max(1, model.depth * SPACING.y);
    const margin = 24;
    const fitX = (width - 2 * margin) / treeW;
    const fitY = (height - 2 * margin) / treeH;
    const scale = Math.max(0.02, Math.min(1.5, fitX, fitY));
    const sx = Math.max(1, Math.min(4, fitX / scale, 1.5 / scale));
    const sy = Math.max(1, Math.min(4, fitY / scale, 1.5 / scale));
    return { scale, sx, sy, x: (width - treeW * scale * sx) / 2, y: margin };
}

function drawEdges(ctx, model, t, step) {
    ctx.lineWidth = 1;
    ctx.strokeStyle = COLOURS.edge;
    ctx.beginPath();
    for (const node of model.nodes) {
        const parent = model.byId.get(node.parent);
        if (!parent || node.shownAt > step || (node.onPlan && parent.onPlan)) continue;
        const a = project(parent, t);
        const b = project(node, t);
        ctx.moveTo(a.x, a.y);
        ctx.lineTo(b.x, b.y);
    }
    ctx.stroke();
    ctx.lineWidth = 3;
    ctx.strokeStyle = COLOURS.plan;
    ctx.beginPath();
    for (const node of model.nodes) {
        const parent = model.byId.get(node.parent);
        if (!parent || node.shownAt > step || !(node.onPlan && parent.onPlan)) continue;
        const a = project(parent, t);
        const b = project(node, t);
        ctx.moveTo(a.x, a.y);
        ctx.lineTo(b.x, b.y);
    }
    ctx.stroke();
}

function ring(ctx, p, radius, colour, width) {
    ctx.beginPath();
    ctx.arc(p.x, p.y, radius, 0, 2 * Math.PI);
    ctx.lineWidth = width;
    ctx.strokeStyle = colour;
    ctx.stroke();
}

/**
 * Draws the model after `step` expansions. options: {width, height, current
 * (the node expanded at this step), selected}.
 */
export function drawGraph(ctx, model, t, step, { width, height, current = null, selected = null } = {}) {
    ctx.clearRect(0, 0, width, height);
    drawEdges(ctx, model, t, step);
    const r = Math.max(2, Math.min(8, RADIUS * Math.sqrt(t.scale)));
    const labels = t.scale * t.sx * SPACING.x >= 22;
    ctx.font = '10px system-ui, sans-serif';
    ctx.textBaseline = 'middle';
    for (const node of model.nodes) {
        const status = statusAt(node, step);
        if (!status) continue;
        const p = project(node, t);
        if (p.x < -20 || p.y < -20 || p.x > width + 20 || p.y > height + 20) continue;
        ctx.beginPath();
        ctx.arc(p.x, p.y, r, 0, 2 * Math.PI);
        ctx.fillStyle = COLOURS[status];
        ctx.fill();
        ctx.lineWidth = 1;
        ctx.strokeStyle = node.onPlan ? COLOURS.plan : '#57606a';
        ctx.stroke();
        // h beside the node: ∞ for a dead end, nothing where it was not evaluated.
        const label = node.status === 'dead_end' ? '∞' : node.h === null ? '' : String(node.h);
        if (labels && label) {
            ctx.fillStyle = COLOURS.text;
            ctx.fillText(label, p.x + r + 2, p.y);
        }
    }
    if (current) ring(ctx, project(current, t), r + 4, COLOURS.current, 2.5);
    if (selected && selected.shownAt <= step) ring(ctx, project(selected, t), r + 3, COLOURS.selected, 2);
}
