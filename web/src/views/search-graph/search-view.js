// The Search tab (a page view, views/page-views.js): the search the engine
// really ran for the last plan, as a tree on a canvas, replayed expansion by
// expansion. The trace comes from the core (a solve request with trace: true,
// docs/js-api.md "Search trace"): the view runs the last solve's request
// again with it when the tab opens for a new plan, in the planner's worker
// (a Solve pressed meanwhile stops it). Nodes are coloured by their status at
// the replay's step, the plan's path is green, a click on a node shows its
// state (its atoms and its picture), g, h and the action that reached it,
// and "Why this h?" asks planner.explain for it. Beyond MODEL_LIMIT nodes a sample is drawn (the
// plan's path and the first expansions) with the counts of the rest.
import { el } from '../../format.js';
import { solveRequest } from '../../solve-routine.js';
import { buildSearchModel, countsAt, expandedAt, nodeAt, pathTo, STATUSES } from './model.js';
import { drawGraph, fitTransform, project } from './render.js';

const TRACE_LIMIT = 500;      // expansions the core records (traceLimit)
const MODEL_LIMIT = 3000;     // nodes drawn
const SPEEDS = [1, 4, 16, 64, 256];  // expansions per second
const STATUS_NAMES = { closed: 'expanded', open: 'open', duplicate: 'duplicate', dead_end: 'dead end' };
const SPACE_NAMES = { state: 'S³', partial: 'PS²' };

function button(text, title, onclick) {
    return el('button', { type: 'button', title, 'aria-label': title, text, onclick });
}

// The view's elements.
function buildDom(container) {
    const dom = {
        root: el('div', { class: 'sg', dataset: { view: 'search-graph', state: 'empty' } }),
        summary: el('span', { class: 'sg-summary' }),
        note: el('p', { class: 'sg-note note' }),
        step: el('input', { type: 'range', min: '0', max: '0', value: '0', 'aria-label': 'Replay step' }),
        stepLabel: el('span', { class: 'sg-step-label' }),
        speed: el('select', { 'aria-label': 'Replay speed', title: 'Expansions per second' },
                  ...SPEEDS.map((s) => el('option', { value: String(s), text: `${s}/s` }))),
        canvas: el('canvas', { class: 'sg-canvas', role: 'img', tabindex: '0',
                               'aria-label': 'The search tree: click a node to see its state' }),
        details: el('aside', { class: 'sg-details', 'aria-live': 'polite' }),
    };
    dom.speed.value = '4';
    dom.canvasBox = el('div', { class: 'sg-canvas-box' }, dom.canvas);
    dom.legend = el('div', { class: 'sg-legend' }, ...STATUSES.map((s) => el('span', { class: 'sg-key' },
        el('span', { class: `sg-dot sg-${s}` }), STATUS_NAMES[s])),
        el('span', { class: 'sg-key' }, el('span', { class: 'sg-line' }), 'plan'),
        el('span', { class: 'sg-key' }, el('span', { class: 'sg-dot sg-current' }), 'expanded at this step'));
    return dom;
}

export function mount(container, host) {
    const dom = buildDom(container);
    const view = { host, dom, model: null, trace: null, step: 0, selected: null, t: null, playing: null,
                   tracedId: null, visible: false, request: 0, dragged: false, solved: null };
    const replay = el('div', { class: 'sg-replay' },
        button('|◀', 'First step', () => setStep(view, 0)),
        button('◀', 'Previous expansion (←)', () => setStep(view, view.step - 1)),
        dom.play = button('▶', 'Play', () => togglePlay(view)),
        button('▶', 'Next expansion (→)', () => setStep(view, view.step + 1)),
        button('▶|', 'Last step', () => setStep(view, view.model?.expansions ?? 0)),
        dom.step, dom.stepLabel, dom.speed,
        button('Fit', 'Fit the tree to the view', () => fit(view)));
    dom.play.classList.add('sg-play');
    dom.step.addEventListener('input', () => setStep(view, Number(dom.step.value)));
    dom.root.append(el('div', { class: 'sg-bar' }, dom.summary), dom.note, replay,
                    el('div', { class: 'sg-main' }, dom.canvasBox, dom.details), dom.legend);
    container.replaceChildren(dom.root);
    wireCanvas(view);
    const unsubscribe = host.store.subscribe((state, patch) => {
        if (view.visible && ('result' in patch || 'solving' in patch)) refresh(view);
    });
    // Tests and tools: where a node is drawn (page pixels), the model.
    dom.root.searchGraph = {
        get model() { return view.model; },
        nodePosition(id) {
            const node = view.model?.byId.get(id);
            if (!node || !view.t) return null;
            const p = project(node, view.t);
            const box = dom.canvas.getBoundingClientRect();
            return { x: box.left + p.x, y: box.top + p.y };
        },
    };
    return {
        show() {
            view.visible = true;
            refresh(view);
            draw(view);
        },
        hide() {
            view.visible = false;
            stopPlay(view);
        },
        key(event) {
            if (!view.model) return false;
            setStep(view, view.step + (event.key === 'ArrowRight' ? 1 : -1));
            return true;
        },
        destroy() {
            unsubscribe();
            stopPlay(view);
            view.picture?.destroy();
            view.resizeObserver?.disconnect();
        },
    };
}

// The trace of the current plan: asked for once per plan.
function refresh(view) {
    const { result, solving } = view.host.store.get();
    if (!result) {
        setEmpty(view, 'Solve a task: this tab then replays the search that found its plan.');
        return;
    }
    if (view.tracedId === result.id) return;
    if (!result.trace) {  // validating: the trace run waits, it would start the API's second worker
        setEmpty(view, 'Validating the plan…');
        return;
    }
    if (solving) {
        setEmpty(view, 'A search is running: its trace is asked for when it ends.');
        return;
    }
    loadTrace(view, result);
}

function setEmpty(view, text) {
    stopPlay(view);
    view.model = null;
    view.dom.root.dataset.state = 'empty';
    view.dom.summary.textContent = '';
    view.dom.note.textContent = text;
    view.dom.details.replaceChildren();
    draw(view);
}

async function loadTrace(view, result) {
    const { host } = view;
    const mine = ++view.request;
    view.tracedId = result.id;
    setEmpty(view, 'Running the search again with a trace…');
    view.dom.root.dataset.state = 'loading';
    const controller = new AbortController();
    host.store.set({ viewJob: { controller, view: 'search' } });
    let response;
    try {
        const planner = host.store.get().planner;
        const request = { ...solveRequest(result.domain, result.problem, result.settings ?? { space: result.space,
                                                                                            heuristic: result.heuristic }),
                          // The trace is the first plan's search: no anytime restarts after it.
                          trace: true, traceLimit: TRACE_LIMIT, anytime: 'off' };
        if (result.model) request.model = result.model;
        response = await planner.solve(request, { signal: controller.signal });
    } catch (error) {
        if (mine !== view.request) return;
        view.tracedId = null;  // asked again next time
        setEmpty(view, error?.name === 'AbortError' ? 'The trace was stopped.' : `No trace: ${error.message}`);
        return;
    } finally {
        if (host.store.get().viewJob?.controller === controller) host.store.set({ viewJob: null });
    }
    if (mine !== view.request) return;
    showTrace(view, response, result);
}

function showTrace(view, response, result) {
    const { dom } = view;
    if (response.status === 'error' || !response.trace) {
        setEmpty(view, response.status === 'error' ? `No trace: ${response.error?.message ?? 'error'}`
            : 'This planner build does not report search traces (no trace in its response).');
        return;
    }
    view.picture?.destroy();
    view.picture = null;
    view.trace = response.trace;
    view.solved = result;
    view.model = buildSearchModel(response.trace, { limit: MODEL_LIMIT });
    view.selected = null;
    dom.root.dataset.state = 'ready';
    dom.root.dataset.space = view.model.space;
    dom.root.dataset.nodes = String(view.model.nodes.length);
    dom.root.dataset.expansions = String(view.model.expansions);
    dom.step.max = String(view.model.expansions);
    dom.summary.textContent = summaryText(view.model, response);
    dom.note.textContent = sampleNote(view.model, response.trace);
    dom.details.replaceChildren(el('p', { class: 'note', text: 'Click a node to see its state.' }));
    view.t = null;
    setStep(view, 0);
}

function summaryText(model, response) {
    const c = model.counts;
    const statuses = STATUSES.filter((s) => c[s]).map((s) => `${STATUS_NAMES[s]} ${c[s]}`).join(', ');
    const config = response.config ? ` · ${response.config}` : '';
    return `${SPACE_NAMES[model.space]} · ${model.expansions} expansions · ${model.total} nodes ` +
        `(${statuses})${config}`;
}

function sampleNote(model, trace) {
    const notes = [];
    if (model.truncated) {
        const counts = trace.counts ?? {};
        notes.push(`The planner recorded the first ${trace.limit ?? '?'} expansions of ` +
                   `${counts.expanded ?? '?'} (${counts.generated ?? '?'} nodes generated in all).`);
    }
    if (model.nodes.length < model.total) {
        const hidden = STATUSES.filter((s) => model.hidden[s]).map((s) => `${model.hidden[s]} ${STATUS_NAMES[s]}`);
        notes.push(`Showing ${model.nodes.length} of ${model.total} recorded nodes (the plan's path and the first ` +
                   `expansions); not drawn: ${hidden.join(', ')}.`);
    }
    return notes.join(' ');
}

function setStep(view, step) {
    if (!view.model) return;
    view.step = Math.max(0, Math.min(view.model.expansions, Math.round(step)));
    view.dom.step.value = String(view.step);
    view.dom.root.dataset.step = String(view.step);
    const counts = countsAt(view.model, view.step);
    const current = expandedAt(view.model, view.step);
    view.dom.stepLabel.textContent = `expansion ${view.step} / ${view.model.expansions}` +
        (current?.action ? ` · ${current.action}` : current ? ' · the initial state' : '') +
        ` · open ${counts.open}`;
    if (view.step >= view.model.expansions) stopPlay(view);
    draw(view);
}

function togglePlay(view) {
    if (view.playing) {
        stopPlay(view);
        return;
    }
    if (!view.model) return;
    if (view.step >= view.model.expansions) setStep(view, 0);
    let last = performance.now();
    let carry = 0;
    const tick = (now) => {
        carry += ((now - last) / 1000) * Number(view.dom.speed.value);
        last = now;
        if (carry >= 1) {
            setStep(view, view.step + Math.floor(carry));
            carry -= Math.floor(carry);
        }
        if (view.playing) view.playing = requestAnimationFrame(tick);
    };
    view.playing = requestAnimationFrame(tick);
    view.dom.play.textContent = '❚❚';
    view.dom.play.title = 'Pause';
}

function stopPlay(view) {
    if (view.playing) cancelAnimationFrame(view.playing);
    view.playing = null;
    view.dom.play.textContent = '▶';
    view.dom.play.title = 'Play';
}

// The canvas at the box's size (device pixels), redrawn.
function draw(view) {
    const { canvas, canvasBox } = view.dom;
    const width = canvasBox.clientWidth;
    const height = canvasBox.clientHeight;
    if (width === 0 || height === 0) return;
    const ratio = window.devicePixelRatio || 1;
    if (canvas.width !== Math.round(width * ratio) || canvas.height !== Math.round(height * ratio)) {
        canvas.width = Math.round(width * ratio);
        canvas.height = Math.round(height * ratio);
        canvas.style.width = `${width}px`;
        canvas.style.height = `${height}px`;
    }
    const ctx = canvas.getContext('2d');
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    if (!view.model) {
        ctx.clearRect(0, 0, width, height);
        return;
    }
    view.t ??= fitTransform(view.model, width, height);
    drawGraph(ctx, view.model, view.t, view.step, { width, height, current: expandedAt(view.model, view.step),
                                                    selected: view.selected });
}

function fit(view) {
    if (!view.model) return;
    view.t = fitTransform(view.model, view.dom.canvasBox.clientWidth, view.dom.canvasBox.clientHeight);
    draw(view);
}

// Pan by dragging, zoom with the wheel around the pointer, select by a click.
function wireCanvas(view) {
    const { canvas } = view.dom;
    let drag = null;
    canvas.addEventListener('pointerdown', (event) => {
        if (!view.t) return;
        drag = { x: event.clientX, y: event.clientY, tx: view.t.x, ty: view.t.y, moved: false };
        canvas.setPointerCapture(event.pointerId);
    });
    canvas.addEventListener('pointermove', (event) => {
        if (!drag) return;
        const dx = event.clientX - drag.x;
        const dy = event.clientY - drag.y;
        if (Math.abs(dx) + Math.abs(dy) > 3) drag.moved = true;
        if (!drag.moved) return;
        view.t = { ...view.t, x: drag.tx + dx, y: drag.ty + dy };
        draw(view);
    });
    canvas.addEventListener('pointerup', (event) => {
        const click = drag && !drag.moved;
        drag = null;
        if (click) selectAt(view, event);
    });
    canvas.addEventListener('wheel', (event) => {
        if (!view.t) return;
        event.preventDefault();
        const box = canvas.getBoundingClientRect();
        const px = event.clientX - box.left;
        const py = event.clientY - box.top;
        const factor = Math.exp(-event.deltaY * 0.0015);
        const scale = Math.max(0.02, Math.min(8, view.t.scale * factor));
        const k = scale / view.t.scale;
        view.t = { ...view.t, scale, x: px - (px - view.t.x) * k, y: py - (py - view.t.y) * k };
        draw(view);
    }, { passive: false });
    view.resizeObserver = new ResizeObserver(() => draw(view));
    view.resizeObserver.observe(view.dom.canvasBox);
}

function selectAt(view, event) {
    if (!view.model || !view.t) return;
    const box = view.dom.canvas.getBoundingClientRect();
    const point = { x: event.clientX - box.left, y: event.clientY - box.top };
    const node = nodeAt(view.model, point, (n) => project(n, view.t), 10, view.step);
    if (!node) return;
    view.selected = node;
    showNode(view, node);
    draw(view);
}

function atomList(atoms) {
    return el('ul', { class: 'sg-atoms' }, ...atoms.map((atom) => el('li', { class: 'atom', text: atom })));
}

// The action that reached a node; in PS² a state node follows its parent's complete action.
function reachedBy(view, node) {
    if (node.action) return node.action;
    const parent = view.model.byId.get(node.parent);
    return parent ? `applying ${parent.action ?? `#${parent.id}`}` : '(the initial state)';
}

function showNode(view, node) {
    const { dom } = view;
    const rows = [
        ['node', `#${node.id}${node.onPlan ? ' (on the plan\'s path)' : ''}`],
        ['status', STATUS_NAMES[node.status]],
        ['expanded', node.order === null ? 'never' : `as number ${node.order + 1}`],
        ['reached by', reachedBy(view, node)],
        ['g', node.g], ['h', node.h === null ? '–' : node.h],
    ];
    if (node.f !== null) rows.push(['f', node.f]);
    if (node.duplicateOf !== null && node.duplicateOf !== undefined) rows.push(['same state as', `#${node.duplicateOf}`]);
    const why = el('div', { class: 'sg-why' });
    const picture = el('div', { class: 'sg-picture' });
    dom.details.replaceChildren(
        el('dl', { class: 'sg-facts', dataset: { node: String(node.id) } },
           ...rows.map(([k, v]) => el('div', {}, el('dt', { text: k }), el('dd', { text: String(v) })))),
        el('div', { class: 'sg-state-head', text: `state: ${node.atoms.length} atoms` }),
        atomList(node.atoms),
        button('Why this h?', 'Explain the heuristic value of this node', () => explainNode(view, node, why)),
        why, picture);
    showPicture(view, node, picture);
}

// The node's state as a picture (views/picture-host.js, the State tab's
// picture), from a one-state trace: the node's fluent atoms with the task's
// static ones, the goal of the plan's trace.
async function showPicture(view, node, element) {
    view.picture?.destroy();
    view.picture = null;
    const planTrace = view.solved?.trace;
    if (!planTrace) return;
    const { attachStatePicture } = await import('../picture-host.js');
    if (view.selected !== node) return;
    const state = [...node.atoms, ...(view.trace.static_atoms ?? [])];
    view.picture = attachStatePicture(element, {
        domain: view.solved.domain, problem: view.solved.problem,
        trace: { predicates: planTrace.predicates, goals: planTrace.goals, states: [state], added: [[]], deleted: [[]] },
        workerUrl: new URL('./picture-layout-worker.js', document.baseURI).href,
    });
    view.picture.showStep(0).catch(() => {});
}

// planner.explain for the node. S³: the actions on its path are the plan
// prefix that reaches its state. PS²: the complete actions of its ancestors
// are the prefix, and its own action (partial or complete, not applied yet)
// is the path [schema, object...]; null when its bound parameters are not a
// prefix of the schema's (no such path).
function explainRequest(view, node) {
    const result = view.solved;
    const partialSpace = view.model.space === 'partial';
    const parent = view.model.byId.get(node.parent);
    const prefix = partialSpace ? (parent ? pathTo(view.model, parent) : []) : pathTo(view.model, node);
    const actions = prefix.filter((a) => !a.includes('?'));
    const request = { domain: result.domain, problem: result.problem, space: view.model.space,
                      plan: actions, step: actions.length, top: 8 };
    if (result.model) request.model = result.model;
    if (partialSpace && node.action) {
        const [schema, ...args] = node.action.slice(1, -1).trim().split(/\s+/);
        const firstFree = args.findIndex((a) => a.startsWith('?'));
        const bound = firstFree < 0 ? args : args.slice(0, firstFree);
        if (args.slice(bound.length).some((a) => !a.startsWith('?'))) return null;
        request.path = [schema, ...bound];
    }
    return request;
}

async function explainNode(view, node, box) {
    const request = explainRequest(view, node);
    if (!request) {
        box.replaceChildren(el('p', { class: 'note', text: 'This partial action binds its parameters out of order: ' +
                                                           'no explanation.' }));
        return;
    }
    box.replaceChildren(el('p', { class: 'note', text: 'Explaining…' }));
    try {
        const { renderExplanation } = await import('../explain-panel.js');
        const { ensurePanelStyles } = await import('../planner-client.js');
        ensurePanelStyles(document);
        const planner = view.host.store.get().planner;
        const response = await planner.explain(request);
        if (view.selected === node) renderExplanation(box, response);
    } catch (error) {
        box.replaceChildren(el('p', { class: 'note warn', text: error.message }));
    }
}
