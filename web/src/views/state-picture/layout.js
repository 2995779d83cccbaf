// The layout of a picture's static skeleton (places along roads, objects
// along static relations): dagre (layered graph layout) in a Web Worker,
// so the page's main thread never waits for it; once per task (the
// skeleton never changes along a plan), cached by the skeleton's text.
// graph = {nodes: [{id, w, h}], edges: [[a, b]], rankdir}; a layout =
// {pos: {id: {x, y}} (centres), width, height}.

/** The dagre layout (run in the worker; `dagre` is the library, passed in so this file imports nothing). */
export function dagreLayout(graph, dagre) {
    if (graph.nodes.length === 0) return { pos: {}, width: 0, height: 0 };
    if (graph.edges.length === 0) return rowLayout(graph);
    const g = new dagre.graphlib.Graph({ multigraph: false });
    g.setGraph({ rankdir: graph.rankdir ?? 'LR', nodesep: 24, ranksep: 46, marginx: 4, marginy: 4 });
    g.setDefaultEdgeLabel(() => ({}));
    for (const n of graph.nodes) g.setNode(n.id, { width: n.w, height: n.h });
    for (const [a, b] of graph.edges) if (g.hasNode(a) && g.hasNode(b)) g.setEdge(a, b);
    dagre.layout(g);
    const pos = {};
    for (const n of graph.nodes) { const { x, y } = g.node(n.id); pos[n.id] = { x, y }; }
    const { width, height } = g.graph();
    return { pos, width, height };
}

/** Nodes in rows (no edges, or while no worker can run): linear time, on any thread. */
export function rowLayout(graph) {
    const n = graph.nodes.length;
    const perRow = Math.max(1, Math.ceil(Math.sqrt(n * 2)));
    const w = Math.max(1, ...graph.nodes.map((x) => x.w)) + 24;
    const h = Math.max(1, ...graph.nodes.map((x) => x.h)) + 24;
    const pos = {};
    graph.nodes.forEach((node, i) => { pos[node.id] = { x: (i % perRow) * w + w / 2, y: Math.floor(i / perRow) * h + h / 2 }; });
    return { pos, width: Math.min(n, perRow) * w, height: Math.ceil(n / perRow) * h };
}

const cache = new Map();   // skeleton text -> Promise<layout>
let worker = null;
let nextId = 1;
const pending = new Map();

function layoutWorker(url) {
    if (worker) return worker;
    worker = new Worker(url, { type: 'module' });
    worker.onmessage = ({ data }) => {
        const p = pending.get(data.id);
        pending.delete(data.id);
        if (data.error) p?.reject(new Error(data.error));
        else p?.resolve(data.layout);
    };
    worker.onerror = (event) => {
        event.preventDefault?.();
        for (const p of pending.values()) p.reject(new Error(event.message || 'the layout worker failed'));
        pending.clear();
        worker = null;
    };
    return worker;
}

/** The skeleton's layout, from the cache or the worker (rows when the worker cannot run). */
export function layoutSkeleton(graph, workerUrl) {
    if (graph.edges.length === 0) return Promise.resolve(rowLayout(graph));
    const key = JSON.stringify(graph);
    if (!cache.has(key)) {
        const promise = new Promise((resolve, reject) => {
            const id = nextId++;
            pending.set(id, { resolve, reject });
            try {
                layoutWorker(workerUrl).postMessage({ id, graph });
            } catch (error) {
                pending.delete(id);
                reject(error);
            }
        }).catch(() => rowLayout(graph));
        cache.set(key, promise);
    }
    return cache.get(key);
}
