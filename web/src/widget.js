// <lazylifted-demo>: a compact PDDL editor + Solve + plan view for course
// pages, from static files only. One script tag:
//
//   <script type="module" src="/lazylifted/lazylifted-widget.js"></script>
//   <lazylifted-demo domain="blocks/domain.pddl" problem="blocks/p1.pddl"
//                    model="/lazylifted/models/ipc23lt-blocksworld-aoag-partial.json"
//                    space="partial"></lazylifted-demo>
//
// Attributes: domain, problem, model (URLs, relative to the page), space
// ("state" | "partial"), heuristic ("ff" | "rff" | "wl" | "hadd" | "hmax" |
// "goal-count"; default "wl" with a model, else "ff"), config (the search
// configuration: an alias such as "lama" or "paper", or key=value pairs such
// as "search=eager,preferred=off"; default: the planner's default), time-limit
// (seconds, default 30), height (of the editor, CSS length, default 220px), caption,
// view ("picture": the states of the plan as pictures; "plan": the plan only;
// default: the picture when a recipe fits the domain, docs/state-pictures.md),
// recipes (URL of a JSON file of extra picture recipes).
// A model can also be given as a value: the `model` property takes a model
// JSON text or its parsed object (e.g. one trained in the editor page's
// Learn tab, or by createTrainer()) and wins over the attribute; a blob: or
// data: URL in the attribute works too.
// Without domain/problem URLs the texts come from child
// <script type="text/x-pddl" data-file="domain|problem"> elements.
// The planner (lazylifted-api.mjs, its worker and the wasm) is loaded from
// the folder of this script, in a Web Worker per widget, when the widget
// first becomes visible. Everything renders inside a Shadow DOM; PDDL names
// are shown as text only.
import { createPddlEditor } from './editor.js';
import { encodeSessionHash } from './session.js';
import { formatNumber, formatSeconds, errorLocation } from './format.js';
import { runSolve } from './solve-routine.js';
import { attachSteppedPicture } from './views/picture-host.js';

const SCRIPT_URL = import.meta.url;
const API_URL = new URL('./lazylifted-api.mjs', SCRIPT_URL).href;
const EDITOR_URL = new URL('./index.html', SCRIPT_URL).href;
let apiPromise = null;
const loadApi = () => (apiPromise ??= import(API_URL));

const STYLE = `
:host { display: block; margin: 1em 0; font: 14px/1.4 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
        color: #1f2328; --ll-accent: #1f883d; }
:host([hidden]) { display: none; }
* { box-sizing: border-box; }
.box { border: 1px solid #d0d7de; border-radius: 8px; overflow: hidden; background: #fff; }
.bar { display: flex; align-items: center; gap: 6px; padding: 4px 8px; background: #f6f8fa;
       border-bottom: 1px solid #d0d7de; }
.title { font-weight: 600; margin-right: 8px; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.tabs { display: flex; gap: 2px; }
.tab { border: 1px solid transparent; background: none; border-radius: 6px 6px 0 0; padding: 2px 10px;
       cursor: pointer; font: 12px ui-monospace, Menlo, Consolas, monospace; color: #59636e; }
.tab[aria-selected="true"] { background: #fff; border-color: #d0d7de; color: #1f2328; }
.tab.error::after { content: " ●"; color: #cf222e; }
.spacer { flex: 1; }
.open { font-size: 12px; color: #0969da; }
.editors { height: var(--ll-height, 220px); }
.editors > div { height: 100%; }
.editors > div[hidden] { display: none; }
.controls { display: flex; align-items: center; gap: 8px; padding: 6px 8px; border-top: 1px solid #d0d7de;
            flex-wrap: wrap; }
button.act { font: inherit; border: 1px solid #d0d7de; border-radius: 6px; padding: 3px 14px;
             background: #f6f8fa; cursor: pointer; }
button.act:disabled { opacity: 0.5; cursor: default; }
button.solve { background: var(--ll-accent); border-color: var(--ll-accent); color: #fff; font-weight: 600; }
.settings { font-size: 12px; color: #59636e; }
.status { font-size: 13px; font-weight: 600; }
.status[data-status="solved"] { color: #1a7f37; }
.status[data-status="error"] { color: #cf222e; }
.status[data-status="out-of-time"], .status[data-status="stopped"], .status[data-status="unsolvable"],
.status[data-status="expansion-limit"], .status[data-status="out-of-memory"] { color: #9a6700; }
.progress { font-size: 12px; color: #59636e; font-variant-numeric: tabular-nums; }
.result { border-top: 1px solid #d0d7de; max-height: 220px; overflow: auto; }
.result[hidden] { display: none; }
ol { margin: 0; padding: 6px 8px 6px 40px; font: 13px ui-monospace, Menlo, Consolas, monospace; }
.message { padding: 6px 8px; font-size: 13px; white-space: pre-wrap; overflow-wrap: anywhere; }
.message.error { color: #82071e; background: #ffebe9; }
.badge { font-size: 12px; padding: 0 6px; border-radius: 8px; background: #dafbe1; color: #1a7f37; }
.badge.bad { background: #ffebe9; color: #cf222e; }
.picture { border-top: 1px solid #d0d7de; padding: 4px 8px; max-height: 420px; overflow: auto; }
.picture[hidden] { display: none; }
.picture-steps { display: flex; align-items: center; gap: 6px; font-size: 12px; }
.picture-steps .act { padding: 1px 10px; }
.step-label { font: 12px ui-monospace, Menlo, Consolas, monospace; color: #59636e; }
`;

function node(tag, props = {}, ...children) {
    const n = document.createElement(tag);
    for (const [k, v] of Object.entries(props)) {
        if (v === undefined || v === null) continue;
        if (k === 'text') n.textContent = String(v);
        else if (k === 'class') n.className = v;
        else n.setAttribute(k, String(v));
    }
    n.append(...children);
    return n;
}

class LazyLiftedDemo extends HTMLElement {
    #built = false;
    #ui = {};
    #editors = {};
    #plannerPromise = null;
    #controller = null;
    #observer = null;
    #loadSeq = 0;
    #loading = null;  // the texts being loaded: solve() waits for them
    #picture = null;
    #model = null;  // the model property: JSON text (null: the model attribute's URL)

    static get observedAttributes() {
        return ['domain', 'problem', 'model', 'space', 'heuristic', 'config', 'time-limit', 'height',
                'caption', 'view', 'recipes'];
    }

    connectedCallback() {
        if (!this.#built) this.#build();
        this.#loading = this.#load();
        // Start the planner's worker once the widget is (about to be) visible.
        if ('IntersectionObserver' in window) {
            this.#observer = new IntersectionObserver((entries) => {
                if (entries.some((e) => e.isIntersecting)) {
                    this.#observer.disconnect();
                    this.#planner().catch(() => {});
                }
            }, { rootMargin: '200px' });
            this.#observer.observe(this);
        }
    }

    disconnectedCallback() {
        this.#observer?.disconnect();
        this.#controller?.abort();
        const pending = this.#plannerPromise;
        this.#plannerPromise = null;
        pending?.then((p) => p.terminate(), () => {});
    }

    attributeChangedCallback(name, oldValue, newValue) {
        if (!this.#built || oldValue === newValue) return;
        if (name === 'domain' || name === 'problem') this.#loading = this.#load();
        this.#applyAttributes();
    }

    /** The learned model as a value: a model JSON text or object (null: none; the attribute applies). */
    get model() { return this.#model; }
    set model(value) {
        this.#model = value === null || value === undefined || value === '' ? null
            : typeof value === 'string' ? value : JSON.stringify(value);
        if (this.#built) this.#applyAttributes();
    }

    /** The texts currently in the editors. */
    get domainText() { return this.#editors.domain?.getText() ?? ''; }
    get problemText() { return this.#editors.problem?.getText() ?? ''; }

    #build() {
        this.#built = true;
        const root = this.attachShadow({ mode: 'open' });
        const ui = this.#ui;
        ui.title = node('span', { class: 'title', part: 'title' });
        ui.tabProblem = node('button', { class: 'tab', role: 'tab', 'aria-selected': 'true', text: 'problem.pddl' });
        ui.tabDomain = node('button', { class: 'tab', role: 'tab', 'aria-selected': 'false', text: 'domain.pddl' });
        ui.open = node('a', { class: 'open', target: '_blank', rel: 'noopener', text: 'open in the editor ↗' });
        ui.problemHost = node('div', { role: 'tabpanel' });
        ui.domainHost = node('div', { role: 'tabpanel', hidden: '' });
        ui.solve = node('button', { class: 'act solve', type: 'button', part: 'solve-button', text: 'Solve' });
        ui.stop = node('button', { class: 'act stop', type: 'button', disabled: '', text: 'Stop' });
        ui.settings = node('span', { class: 'settings' });
        ui.status = node('span', { class: 'status', role: 'status', 'aria-live': 'polite' });
        ui.progress = node('span', { class: 'progress' });
        ui.plan = node('ol', { class: 'plan', part: 'plan' });
        ui.message = node('div', { class: 'message' });
        ui.result = node('div', { class: 'result', hidden: '' }, ui.message, ui.plan);
        ui.picture = node('div', { class: 'picture', part: 'picture', hidden: '' });
        root.append(
            node('style', { text: STYLE }),
            node('div', { class: 'box', part: 'box' },
                node('div', { class: 'bar' }, ui.title,
                    node('div', { class: 'tabs', role: 'tablist' }, ui.tabProblem, ui.tabDomain),
                    node('span', { class: 'spacer' }), ui.open),
                node('div', { class: 'editors' }, ui.problemHost, ui.domainHost),
                node('div', { class: 'controls' }, ui.solve, ui.stop, ui.settings, ui.status, ui.progress),
                ui.result, ui.picture));
        const onSubmit = () => this.solve();
        this.#editors.problem = createPddlEditor(ui.problemHost, { root, label: 'Problem PDDL', onSubmit });
        this.#editors.domain = createPddlEditor(ui.domainHost, { root, label: 'Domain PDDL', onSubmit });
        ui.tabProblem.addEventListener('click', () => this.#showTab('problem'));
        ui.tabDomain.addEventListener('click', () => this.#showTab('domain'));
        ui.solve.addEventListener('click', () => this.solve());
        ui.stop.addEventListener('click', () => this.#controller?.abort());
        ui.open.addEventListener('click', (event) => this.#openInEditor(event));
        this.#applyAttributes();
    }

    #applyAttributes() {
        const ui = this.#ui;
        ui.title.textContent = this.getAttribute('caption') ?? '';
        this.style.setProperty('--ll-height', this.getAttribute('height') || '220px');
        const space = this.#space();
        const heuristic = this.#heuristic();
        const names = { ff: space === 'partial' ? 'rFF' : 'hFF', rff: 'rFF', wl: 'learned model',
                        hadd: 'hadd', hmax: 'hmax', 'goal-count': 'goal count' };
        const config = this.#config();
        ui.settings.textContent = `${space === 'partial' ? 'PS²' : 'S³'} · ${names[heuristic] ?? heuristic}` +
            (config ? ` · ${config}` : '');
        ui.settings.title = config ? `search configuration: ${config}` : 'the planner\'s default search configuration';
    }

    #space() {
        return this.getAttribute('space') === 'partial' ? 'partial' : 'state';
    }

    #heuristic() {
        return this.getAttribute('heuristic') || (this.#model || this.getAttribute('model') ? 'wl' : 'ff');
    }

    /** The config attribute, trimmed ('' when absent: the planner's default). */
    #config() {
        return (this.getAttribute('config') ?? '').trim();
    }

    #showTab(which) {
        const ui = this.#ui;
        ui.tabProblem.setAttribute('aria-selected', String(which === 'problem'));
        ui.tabDomain.setAttribute('aria-selected', String(which === 'domain'));
        ui.problemHost.hidden = which !== 'problem';
        ui.domainHost.hidden = which !== 'domain';
        this.#editors[which].view.requestMeasure();
    }

    async #load() {
        const seq = ++this.#loadSeq;
        const inline = (file) =>
            this.querySelector(`script[type="text/x-pddl"][data-file="${file}"]`)?.textContent?.trim() ?? '';
        const fetchText = async (attribute) => {
            const url = this.getAttribute(attribute);
            if (!url) return inline(attribute);
            const response = await fetch(new URL(url, document.baseURI));
            if (!response.ok) throw new Error(`could not load ${url} (HTTP ${response.status})`);
            return response.text();
        };
        this.#setStatus('loading', 'loading…');
        try {
            const [domain, problem] = await Promise.all([fetchText('domain'), fetchText('problem')]);
            if (seq !== this.#loadSeq) return;
            this.#editors.domain.setText(domain);
            this.#editors.problem.setText(problem);
            this.#setStatus('ready', '');
        } catch (error) {
            if (seq === this.#loadSeq) this.#setStatus('error', error.message);
        }
    }

    #planner() {
        this.#plannerPromise ??= loadApi().then((api) => api.createPlanner());
        return this.#plannerPromise;
    }

    #setStatus(status, text) {
        this.#ui.status.dataset.status = status;
        this.#ui.status.textContent = text;
        this.dataset.status = status;
    }

    async #openInEditor(event) {
        event.preventDefault();
        const session = { domain: this.domainText, problem: this.problemText, space: this.#space(),
                          heuristic: this.#heuristic(), config: this.#config() };
        const model = this.getAttribute('model');
        const modelsFolder = new URL('./models/', SCRIPT_URL).href;
        const modelUrl = model ? new URL(model, document.baseURI).href : '';
        if (modelUrl.startsWith(modelsFolder)) session.model = `models/${modelUrl.slice(modelsFolder.length)}`;
        window.open(EDITOR_URL + (await encodeSessionHash(session)), '_blank', 'noopener');
    }

    /** Solves the texts in the editors; resolves with the planner's response (or null if stopped). */
    async solve() {
        // Called at once after the element was made: the texts come first.
        if (this.dataset.status === 'loading') await this.#loading;
        if (this.#controller) return null;
        const ui = this.#ui;
        const domain = this.domainText;
        const problem = this.problemText;
        const heuristic = this.#heuristic();
        const settings = { space: this.#space(), heuristic, config: this.#config(),
                           timeLimitS: Number(this.getAttribute('time-limit') ?? 30) };
        const controller = new AbortController();
        this.#controller = controller;
        ui.solve.disabled = true;
        ui.stop.disabled = false;
        ui.result.hidden = true;
        ui.plan.replaceChildren();
        this.#picture?.destroy();
        this.#picture = null;
        ui.picture.hidden = true;
        ui.picture.replaceChildren();
        ui.message.className = 'message';
        ui.message.textContent = '';
        ui.progress.textContent = '';
        ui.tabProblem.classList.remove('error');
        ui.tabDomain.classList.remove('error');
        this.#editors.domain.setDiagnostics([]);
        this.#editors.problem.setDiagnostics([]);
        this.#setStatus('solving', 'solving…');
        const started = performance.now();
        // The page's solve routine (solve-routine.js); the model comes from the model attribute.
        const outcome = await runSolve({
            planner: this.#planner(), domain, problem, settings, signal: controller.signal,
            loadModel: () => this.#fetchModel(),
            onProgress: (p, elapsedS) => {
                ui.progress.textContent = `expansions ${formatNumber(p.expansions)} · evaluations ` +
                    `${formatNumber(p.evaluations)} · best h ${formatNumber(p.bestH)} · ${formatSeconds(elapsedS)}`;
            },
        });
        this.#controller = null;
        ui.solve.disabled = false;
        ui.stop.disabled = true;
        const response = outcome.stopped ? null : outcome.response;
        if (outcome.stopped) this.#setStatus('stopped', `stopped after ${formatSeconds(outcome.elapsedS)}`);
        if (response) await this.#showResponse(response, domain, problem, started);
        this.dispatchEvent(new CustomEvent('lazylifted-result', {
            detail: response ?? { status: 'stopped' }, bubbles: true, composed: true,
        }));
        return response;
    }

    async #fetchModel() {
        if (this.#model) return this.#model;
        const modelUrl = this.getAttribute('model');
        if (!modelUrl) throw new Error('heuristic "wl" needs a model attribute or property');
        const response = await fetch(new URL(modelUrl, document.baseURI));
        if (!response.ok) throw new Error(`could not load ${modelUrl} (HTTP ${response.status})`);
        return response.text();
    }

    #showMessage(text, isError) {
        const ui = this.#ui;
        ui.result.hidden = false;
        ui.message.className = isError ? 'message error' : 'message';
        ui.message.textContent = text;
    }

    async #showResponse(response, domain, problem, started) {
        const ui = this.#ui;
        const s = response.stats ?? {};
        // The configuration the core ran (data-config: for the page and tests).
        if (response.config) {
            ui.settings.title = `search configuration: ${response.config}`;
            this.dataset.config = response.config;
        }
        ui.progress.textContent = `expansions ${formatNumber(s.expansions)} · evaluations ` +
            `${formatNumber(s.evaluations)} · ${formatSeconds((performance.now() - started) / 1000)}`;
        if (response.status !== 'solved') {
            const texts = { unsolvable: 'unsolvable', 'out-of-time': 'time limit reached',
                            'expansion-limit': 'expansion limit reached', 'out-of-memory': 'memory limit reached' };
            this.#setStatus(response.status, texts[response.status] ?? response.status);
            if (response.error) {
                const e = response.error;
                const where = errorLocation(e);
                this.#showMessage(`${where ? `${where}: ` : ''}${e.message}`, true);
                if (e.line && (e.file === 'domain.pddl' || e.file === 'problem.pddl')) {
                    const which = e.file === 'domain.pddl' ? 'domain' : 'problem';
                    this.#editors[which].setDiagnostics([{ line: e.line, column: e.column, message: e.message }]);
                    (which === 'domain' ? ui.tabDomain : ui.tabProblem).classList.add('error');
                    this.#showTab(which);
                }
            }
            return;
        }
        this.#setStatus('solved', `plan: ${response.plan.length} steps, cost ${response.cost}`);
        ui.result.hidden = false;
        ui.message.textContent = '';
        ui.plan.replaceChildren(...response.plan.map((step) => node('li', { text: step })));
        try {
            const verdict = await (await this.#planner()).validate(domain, problem, response.plan);
            const badge = node('span', { class: verdict.valid ? 'badge' : 'badge bad',
                                         text: verdict.valid ? '✓ valid' : '✗ invalid' });
            badge.dataset.valid = String(verdict.valid);
            ui.status.append(' ', badge);
        } catch {
            /* validation is a bonus here */
        }
        await this.#showPicture(domain, problem, response.plan);
    }

    // The plan's states as pictures (views/state-picture), unless view="plan";
    // by default only when a recipe fits the domain.
    async #showPicture(domain, problem, plan) {
        const view = this.getAttribute('view');
        if (view === 'plan') return;
        const ui = this.#ui;
        try {
            const planner = await this.#planner();
            const [trace, recipes] = await Promise.all([planner.trace(domain, problem, plan), this.#extraRecipes()]);
            if (!trace.ok || trace.states.length === 0) return;
            ui.picture.hidden = false;
            this.#picture = await attachSteppedPicture(ui.picture, {
                domain, problem, trace, plan, recipes, onlyWithRecipe: view !== 'picture',
                workerUrl: new URL('./picture-layout-worker.js', SCRIPT_URL).href,
            });
            if (!this.#picture) ui.picture.hidden = true;
            ui.plan.querySelectorAll('li').forEach((li, i) => li.addEventListener('click', () => this.#picture?.go(i + 1)));
        } catch (error) {
            ui.picture.hidden = false;
            ui.picture.textContent = `The picture is not available: ${error.message}`;
        }
    }

    async #extraRecipes() {
        const url = this.getAttribute('recipes');
        if (!url) return [];
        const response = await fetch(new URL(url, document.baseURI));
        if (!response.ok) throw new Error(`could not load ${url} (HTTP ${response.status})`);
        const { parseRecipes } = await import('./views/state-picture/recipes.js');
        return parseRecipes(await response.text(), url);
    }
}

if (!customElements.get('lazylifted-demo')) customElements.define('lazylifted-demo', LazyLiftedDemo);
export { LazyLiftedDemo };
