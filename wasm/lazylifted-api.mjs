// The LazyLifted JavaScript API: the planner in a worker, behind promises.
//
//   import { createPlanner } from './lazylifted-api.mjs';
//   const planner = await createPlanner();
//   const response = await planner.solve({ domain, problem }, { onProgress, signal });
//
// In a browser the WebAssembly module runs in a module Web Worker
// (planner-worker.mjs); in Node, in a worker_threads Worker running the same
// file. Types: lazylifted-api.d.ts. Guide: docs/js-api.md.
//
// Semantics (documented in the .d.ts and docs/js-api.md):
// - solve() resolves with the planner's response for every outcome of the
//   search, errors in the PDDL included (status "error"). It rejects only
//   with an AbortError (the signal fired, or terminate() was called), a
//   BusyError (another solve of this planner is running: solves do not
//   queue), or when the worker cannot be (re)started.
// - Cancelling terminates the worker; a fresh one is started at once in the
//   background and serves the next call.
// - With timeLimitMs the core stops itself; as a safety net the worker is
//   terminated if no answer came timeLimitMs + timeoutGraceMs after the call,
//   and the call resolves with status "out-of-time".
// - Statuses, statistics and search configurations are the core's
//   vocabulary (the CLI's): the module reports them, this file passes them on.
// - check(), validate() and trace() run in the solve worker while no solve is
//   running (a solve that comes meanwhile waits for them: they parse, they do
//   not search), else in a second worker, started on first need, so they
//   answer while a long search runs; explain() and partialActionChildren()
//   (which keep a session in their instance of the module) always run in the
//   second worker. A page that checks, solves, then validates needs one
//   worker, not two: no second instantiation of the module competes with its
//   first search.

const DEFAULT_PROGRESS_INTERVAL_MS = 200;
const DEFAULT_TIMEOUT_GRACE_MS = 1500;

const isNode = typeof process === 'object' && typeof process.versions?.node === 'string' &&
               typeof window === 'undefined' && typeof self === 'undefined';

// Kept out of a literal import() so that browser bundlers leave it alone.
const NODE_WORKER_THREADS = 'node:worker_threads';
const NODE_URL = 'node:url';

function abortError(message, cause) {
    const error = new DOMException(message, 'AbortError');
    if (cause !== undefined) Object.defineProperty(error, 'cause', { value: cause });
    return error;
}

function namedError(name, message) {
    const error = new Error(message);
    error.name = name;
    return error;
}

const EMPTY_STATS = Object.freeze({
    expansions: 0, evaluations: 0, generated: 0, generatedTransitions: 0, deadEnds: 0,
    skippedEvaluations: 0, symmetricPruned: 0, initialH: null, bestH: null, averageBranchingFactor: 0,
    searchTimeS: 0, peakMemoryMb: 0,
});

// The module's response, in the shape of the API (see SolveResponse in the .d.ts).
function normaliseResponse(raw) {
    const response = {
        status: raw.status,
        plan: Array.isArray(raw.plan) ? raw.plan : [],
        cost: typeof raw.cost === 'number' ? raw.cost : null,
        costKind: raw.costKind === 'general' || raw.costKind === 'unit' ? raw.costKind : null,
        config: typeof raw.config === 'string' ? raw.config : null,
        ...(typeof raw.space === 'string' ? { space: raw.space } : {}),
        ...(typeof raw.domain === 'string' ? { domain: raw.domain, problem: String(raw.problem) } : {}),
        stats: { ...EMPTY_STATS, ...(raw.stats ?? {}) },
        ...(typeof raw.optimal === 'boolean' ? { optimal: raw.optimal, optimality: String(raw.optimality ?? '') } : {}),
        ...(raw.trace && typeof raw.trace === 'object' ? { trace: raw.trace } : {}),
        ...(typeof raw.plansFound === 'number'
            ? { plansFound: raw.plansFound, finalPlan: String(raw.finalPlan ?? 'none') } : {}),
    };
    if (response.status === 'error') {
        response.error = {
            category: 'internal', message: 'unknown error', file: null, line: null, column: null,
            ...(raw.error ?? {}),
        };
    }
    return response;
}

function normaliseProgress(raw) {
    const stats = { ...EMPTY_STATS, ...(raw.stats ?? {}) };
    return {
        elapsedS: raw.elapsedS ?? stats.searchTimeS,
        expansions: stats.expansions,
        evaluations: stats.evaluations,
        generated: stats.generated,
        bestH: stats.bestH,
        initialH: stats.initialH,
        newBestH: Boolean(raw.newBestH),
        stats,
        // Anytime search: a plan found, each cheaper than the last (see FoundPlan in the .d.ts).
        ...(raw.plan && typeof raw.plan === 'object' ? {
            plan: { number: raw.plan.number, cost: raw.plan.cost,
                    costKind: raw.plan.costKind === 'general' ? 'general' : 'unit',
                    steps: Array.isArray(raw.plan.steps) ? raw.plan.steps : [],
                    elapsedS: raw.elapsedS ?? stats.searchTimeS },
        } : {}),
    };
}

function errorResponse(status, category, message, stats = EMPTY_STATS, config = null) {
    const response = { status, plan: [], cost: null, costKind: null, config,
                       stats: { ...EMPTY_STATS, ...stats } };
    if (status === 'error') {
        response.error = { category, message, file: null, line: null, column: null };
    }
    return response;
}

// In Node, file locations may be given as URLs (file:) or as paths.
async function nodeFileUrl(value) {
    if (value instanceof URL) return value;
    const text = String(value);
    if (/^[a-z][a-z0-9+.-]+:/i.test(text)) return new URL(text);
    const { pathToFileURL } = await import(NODE_URL);
    return pathToFileURL(text);  // resolved against the current directory
}

// ---- the compiled module, shared by the workers ----

// In a browser the planner's first worker compiles the WebAssembly (streaming,
// in the worker, so a busy page does not delay it) and sends the compiled
// module back with its 'ready'; the planner hands it to every worker it
// starts later (the second worker for tool calls during a solve; the worker
// after a Stop): a WebAssembly.Module is shared with a worker, not copied, so
// they only instantiate it, with no fetch and no compile. In Node every worker
// loads the wasm itself. The first worker also warms the module up (see
// planner-worker.mjs).
const SHARED = Symbol('the shared wasm module');  // options[SHARED] = {module, warmedUp, early}

// The name a browser worker that loads the wasm itself is started with: the
// fields of its 'init' (see WorkerSlot.#spawn and planner-worker.mjs).
const EARLY_WORKER_PREFIX = 'lazylifted-load:';

// A worker a page started before this module was loaded (options.earlyWorker:
// {worker, messages, errors}, see PlannerOptions in the .d.ts): taken once,
// by the planner's first worker, with what it said before it was taken.
function takeEarlyWorker(shared) {
    const early = shared?.early;
    if (!early) return null;
    shared.early = null;
    if (typeof Worker === 'undefined' || !(early.worker instanceof Worker)) return null;
    early.worker.onmessage = null;
    early.worker.onerror = null;
    // Its handlers are gone: the buffers no longer grow and are taken as they are.
    return { worker: early.worker, messages: early.messages ?? [], errors: early.errors ?? [] };
}

// The fields of a browser worker's 'init' that its name carries too (see
// WorkerSlot.#spawn): where the loader and the wasm are, and whether this is
// the planner's first worker, which warms the module up.
function initFields(options) {
    const shared = options[SHARED];
    return {
        ...(options.moduleUrl === undefined ? {} : { moduleUrl: String(options.moduleUrl) }),
        ...(options.wasmUrl === undefined ? {} : { wasmUrl: String(options.wasmUrl) }),
        warmUp: Boolean(shared) && !shared.warmedUp,
    };
}

// ---- one worker: start, request/answer bookkeeping, termination ----

class WorkerSlot {
    #worker = null;
    #node = false;
    #pending = new Map();  // id -> {resolve, reject, onProgress}
    #nextId = 1;
    #dead = false;
    #onDeath;
    #shared = null;  // options[SHARED]
    version = null;
    searchAliases = [];
    pddlRequirements = null;

    // Starts the worker and resolves once the module is instantiated.
    static async start(options, onDeath) {
        const slot = new WorkerSlot();
        slot.#onDeath = onDeath;
        await slot.#spawn(options);
        return slot;
    }

    async #spawn(options) {
        let ready;
        const readyPromise = new Promise((resolve, reject) => { ready = { resolve, reject }; });
        const onMessage = (message) => this.#onMessage(message, ready);
        const onFailure = (message) => {
            const error = new Error(`LazyLifted worker failed: ${message}`);
            ready.reject(error);
            this.#die(error);
        };
        if (isNode) {
            const { Worker } = await import(NODE_WORKER_THREADS);
            const url = options.workerUrl === undefined
                ? new URL('./planner-worker.mjs', import.meta.url)
                : await nodeFileUrl(options.workerUrl);
            this.#worker = new Worker(url);
            this.#node = true;
            this.#worker.on('message', onMessage);
            this.#worker.on('error', (error) => onFailure(error?.message ?? String(error)));
            this.#worker.on('exit', (code) => {
                if (!this.#dead) onFailure(`the worker exited (code ${code})`);
            });
        } else {
            // A worker that compiles the wasm itself reads what to load from
            // its name and starts as its script runs, not when 'init' arrives
            // (planner-worker.mjs: a busy page delays that message).
            const loadsItself = options[SHARED] && !options[SHARED].module;
            const adopted = loadsItself ? takeEarlyWorker(options[SHARED]) : null;
            const name = loadsItself ? `${EARLY_WORKER_PREFIX}${JSON.stringify(initFields(options))}`
                                     : 'lazylifted';
            this.#worker = adopted?.worker ??
                new Worker(options.workerUrl || new URL('./planner-worker.mjs', import.meta.url),
                           { type: 'module', name });
            this.#worker.addEventListener('message', (event) => onMessage(event.data));
            this.#worker.addEventListener('error', (event) => {
                event.preventDefault?.();
                onFailure(event.message || 'could not load planner-worker.mjs');
            });
            this.#worker.addEventListener('messageerror', () => onFailure('unreadable message'));
            // What the adopted worker said before: its 'ready' may be among it.
            for (const message of adopted?.messages ?? []) onMessage(message);
            for (const message of adopted?.errors ?? []) onFailure(message);
        }
        const href = async (value) => {
            if (value === undefined) return undefined;
            return isNode ? (await nodeFileUrl(value)).href : String(value);
        };
        const shared = this.#shared = options[SHARED] ?? null;
        const wasmModule = shared?.module;
        const warmUp = !isNode && Boolean(shared) && !shared.warmedUp;  // the planner's first worker
        if (warmUp) shared.warmedUp = true;
        this.#post({
            type: 'init',
            moduleUrl: await href(options.moduleUrl),
            wasmUrl: await href(options.wasmUrl),
            ...(wasmModule ? { wasmModule } : {}),
            warmUp,
        });
        this.#ref();
        try {
            ({ version: this.version, searchAliases: this.searchAliases,
               pddlRequirements: this.pddlRequirements } = await readyPromise);
        } catch (error) {
            this.terminate();
            throw error;
        }
        this.#unrefIfIdle();
    }

    #onMessage(message, ready) {
        if (message.type === 'ready') {
            if (this.#shared && !this.#shared.module && message.wasmModule instanceof WebAssembly.Module) {
                this.#shared.module = message.wasmModule;
            }
            let aliases = [];
            try {
                aliases = JSON.parse(message.searchAliases ?? '[]');
            } catch {
                /* no table: the aliases stay unknown */
            }
            let requirements = { supported: [], refused: [] };
            try {
                requirements = JSON.parse(message.pddlRequirements ?? '{"supported":[],"refused":[]}');
            } catch {
                /* no list: the requirements stay unknown */
            }
            ready.resolve({ version: message.version,
                            searchAliases: Object.freeze(aliases.map((a) => Object.freeze(a))),
                            pddlRequirements: Object.freeze({
                                supported: Object.freeze(requirements.supported ?? []),
                                refused: Object.freeze(requirements.refused ?? []) }) });
            return;
        }
        if (message.type === 'init-error') {
            const error = new Error(
                `LazyLifted could not load the WebAssembly module: ${message.message}`);
            ready.reject(error);
            this.#die(error);
            return;
        }
        const entry = this.#pending.get(message.id);
        if (!entry) return;  // an answer to a request that was given up
        if (message.type === 'progress') {
            entry.onProgress?.(message.report);
            return;
        }
        this.#pending.delete(message.id);
        this.#unrefIfIdle();
        if (message.type === 'result') {
            entry.resolve(message.result);
        } else {  // 'failure': a JS exception out of the module (e.g. a wasm trap)
            entry.fail(message.message, message.fatal);
        }
    }

    // Sends a request; `entry` = {resolve(resultText), fail(message, fatal), onProgress?}.
    send(message, entry) {
        if (this.#dead) throw namedError('Error', 'the LazyLifted worker is not running');
        const id = this.#nextId++;
        this.#pending.set(id, entry);
        this.#ref();
        this.#post({ ...message, id });
        return id;
    }

    // Forgets a request (its answer, if any, is ignored).
    forget(id) {
        this.#pending.delete(id);
        this.#unrefIfIdle();
    }

    get alive() {
        return !this.#dead;
    }

    get idle() {
        return this.#pending.size === 0;
    }

    #post(message) {
        this.#worker.postMessage(message);
    }

    // A Node worker with nothing to do must not keep the process alive.
    #ref() {
        if (this.#node) this.#worker.ref();
    }

    #unrefIfIdle() {
        if (this.#node && this.#pending.size === 0) this.#worker.unref();
    }

    #die(error) {
        if (this.#dead) return;
        this.terminate(error);
        this.#onDeath?.(this, error);
    }

    // Stops the worker at once (even inside a search); pending requests are
    // failed with `error` (their owners usually settled them already).
    terminate(error = null) {
        const pending = [...this.#pending.values()];
        this.#pending.clear();
        const wasDead = this.#dead;
        this.#dead = true;
        if (!wasDead && this.#worker) {
            try {
                const done = this.#worker.terminate();
                done?.catch?.(() => {});
            } catch {
                /* already gone */
            }
        }
        for (const entry of pending) {
            entry.fail(error?.message ?? 'the LazyLifted worker stopped', true, error);
        }
    }
}

// ---- the planner ----

class Planner {
    #options;
    #main = null;        // Promise<WorkerSlot>: runs solves
    #mainNow = null;     // that slot once started (null while it starts)
    #tools = null;       // Promise<WorkerSlot>: runs tool calls during solves, and explain (lazily)
    #solving = false;
    #terminated = false;
    version;
    searchAliases;
    pddlRequirements;

    constructor(options, main, version, searchAliases, pddlRequirements) {
        this.#options = options;
        this.#setMain(main);
        this.version = version;
        this.searchAliases = searchAliases;
        this.pddlRequirements = pddlRequirements;
    }

    get busy() {
        return this.#solving;
    }

    get terminated() {
        return this.#terminated;
    }

    #startSlot() {
        const promise = WorkerSlot.start(this.#options, () => {});
        promise.catch(() => {});  // reported to whoever awaits it next
        return promise;
    }

    #setMain(promise) {
        this.#main = promise;
        this.#mainNow = null;
        promise.then((slot) => {
            if (this.#main === promise) this.#mainNow = slot;
        }, () => {});
    }

    // A live worker for solves: the current one, or a fresh one if it died.
    async #mainSlot() {
        let slot;
        try {
            slot = await this.#main;
        } catch {
            slot = null;
        }
        if (!slot || !slot.alive) {
            this.#setMain(this.#startSlot());
            slot = await this.#main;
        }
        return slot;
    }

    async #toolsSlot() {
        let slot = null;
        if (this.#tools) {
            try {
                slot = await this.#tools;
            } catch {
                slot = null;
            }
        }
        if (!slot || !slot.alive) {
            this.#tools = this.#startSlot();
            slot = await this.#tools;
        }
        return slot;
    }

    // Kills the solve worker and starts its successor in the background.
    #replaceMain(slot, error) {
        slot.terminate(error);
        if (!this.#terminated) this.#setMain(this.#startSlot());
    }

    solve(request, { onProgress, signal } = {}) {
        if (this.#terminated) {
            return Promise.reject(abortError('the planner was terminated'));
        }
        if (signal?.aborted) {
            return Promise.reject(abortError('the solve was cancelled', signal.reason));
        }
        if (this.#solving) {
            return Promise.reject(namedError('BusyError',
                'a solve is already running on this planner (solves do not queue: ' +
                'await it, cancel it, or create another planner)'));
        }
        if (request === null || typeof request !== 'object' || Array.isArray(request)) {
            return Promise.resolve(
                errorResponse('error', 'usage', 'the request must be an object'));
        }
        const message = { type: 'solve', request: { ...request }, progress: true };
        if (message.request.progressIntervalMs === undefined) {
            message.request.progressIntervalMs =
                this.#options.progressIntervalMs ?? DEFAULT_PROGRESS_INTERVAL_MS;
        }
        this.#solving = true;
        return new Promise((resolve, reject) => {
            let settled = false;
            let slot = null;
            let id = null;
            let timer = null;
            let lastProgress = null;
            const startedAt = Date.now();

            const settle = (fn, value) => {
                if (settled) return;
                settled = true;
                this.#solving = false;
                if (timer !== null) clearTimeout(timer);
                signal?.removeEventListener('abort', onAbort);
                fn(value);
            };
            const onAbort = () => {
                const error = abortError('the solve was cancelled', signal.reason);
                if (slot) this.#replaceMain(slot, error);
                settle(reject, error);
            };
            signal?.addEventListener('abort', onAbort, { once: true });

            const entry = {
                resolve: (text) => {
                    let response;
                    try {
                        response = normaliseResponse(JSON.parse(text));
                    } catch (error) {
                        response = errorResponse('error', 'internal',
                                                 `unreadable response: ${error.message}`);
                    }
                    settle(resolve, response);
                },
                fail: (text, fatal, error) => {
                    if (error?.name === 'AbortError') {
                        settle(reject, error);
                        return;
                    }
                    if (fatal && slot) this.#replaceMain(slot, null);
                    settle(resolve, errorResponse('error', 'internal',
                                                  `the planner stopped: ${text}`,
                                                  lastProgress?.stats));
                },
                onProgress: (text) => {
                    if (settled) return;
                    try {
                        lastProgress = normaliseProgress(JSON.parse(text));
                    } catch {
                        return;
                    }
                    if (!onProgress) return;
                    try {
                        onProgress(lastProgress);
                    } catch (error) {
                        console.error('LazyLifted: onProgress threw', error);
                    }
                },
            };

            const limit = Number(request.timeLimitMs);
            const grace = this.#options.timeoutGraceMs ?? DEFAULT_TIMEOUT_GRACE_MS;

            this.#mainSlot().then((live) => {
                if (settled) return;  // cancelled while the worker was starting
                slot = live;
                try {
                    id = slot.send(message, entry);
                } catch (error) {  // it died in between: the next call respawns
                    settle(resolve, errorResponse('error', 'internal', error.message));
                    return;
                }
                if (Number.isFinite(limit) && limit > 0) {
                    // Counted from the call, so it also covers a worker restart.
                    const remaining = Math.max(limit + grace - (Date.now() - startedAt), 0);
                    timer = setTimeout(() => {
                        timer = null;
                        if (settled) return;
                        slot.forget(id);
                        this.#replaceMain(slot, null);
                        settle(resolve, errorResponse('out-of-time', null, null, {
                            ...(lastProgress?.stats ?? {}),
                            totalTimeS: (Date.now() - startedAt) / 1000,
                        }));
                    }, remaining);
                }
            }, (error) => settle(reject, error));
        });
    }

    // solveWorkerWhenIdle: the call may run in the solve worker while no
    // solve is running (see the top of this file).
    async #tool(message, { solveWorkerWhenIdle = false } = {}) {
        if (this.#terminated) throw abortError('the planner was terminated');
        const main = this.#mainNow;
        if (solveWorkerWhenIdle && !this.#solving && main?.alive) {
            try {
                return await this.#ask(main, message);
            } catch (error) {
                // The planner replaced that worker (a Stop or a time limit of
                // a solve queued behind this call): ask the second worker.
                if (this.#terminated || this.#mainNow === main) throw error;
            }
        }
        return this.#ask(await this.#toolsSlot(), message);
    }

    async #ask(slot, message) {
        const text = await new Promise((resolve, reject) => {
            slot.send(message, {
                resolve,
                fail: (text, fatal, error) => {
                    if (fatal) slot.terminate();
                    reject(error ?? new Error(`LazyLifted ${message.type} failed: ${text}`));
                },
            });
        });
        return JSON.parse(text);
    }

    check(domain, problem) {
        return this.#tool({ type: 'check', domain: String(domain), problem: String(problem) },
                          { solveWorkerWhenIdle: true });
    }

    validate(domain, problem, plan) {
        const text = Array.isArray(plan) ? plan.join('\n') : String(plan);
        return this.#tool({ type: 'validate', domain: String(domain), problem: String(problem),
                            plan: text }, { solveWorkerWhenIdle: true });
    }

    // The states along a plan, as the core's validator replays it (see
    // PlanTrace in the .d.ts); rejects only when the worker fails.
    trace(domain, problem, plan) {
        const text = Array.isArray(plan) ? plan.join('\n') : String(plan);
        return this.#tool({ type: 'trace', domain: String(domain), problem: String(problem),
                            plan: text }, { solveWorkerWhenIdle: true });
    }

    // h and why for the states along a plan (docs/js-api.md).
    explain(request) {
        return this.#toolRequest('explain', request);
    }

    // One level of the partial-action tree of a state, with h.
    partialActionChildren(request) {
        return this.#toolRequest('partialActionChildren', request);
    }

    #toolRequest(type, request) {
        if (request === null || typeof request !== 'object' || Array.isArray(request)) {
            return Promise.resolve({ status: 'error', error: { category: 'usage',
                message: 'the request must be an object', file: null, line: null,
                column: null } });
        }
        return this.#tool({ type, request: { ...request } });
    }

    terminate() {
        if (this.#terminated) return;
        this.#terminated = true;
        const error = abortError('the planner was terminated');
        for (const promise of [this.#main, this.#tools]) {
            promise?.then((slot) => slot.terminate(error), () => {});
        }
    }
}

export async function createPlanner(options = {}) {
    const { earlyWorker = null, ...rest } = options;
    // An early worker loads the default files: with other files asked for,
    // it is stopped rather than left running beside the planner's own.
    const otherFiles = ['workerUrl', 'moduleUrl', 'wasmUrl'].some((key) => rest[key] !== undefined);
    if (earlyWorker && otherFiles) earlyWorker.worker?.terminate?.();
    const opts = { ...rest, [SHARED]: { module: null, warmedUp: false,
                                        early: otherFiles ? null : earlyWorker } };
    const main = WorkerSlot.start(opts, () => {});
    const slot = await main;  // rejects if the worker or the module cannot load
    return new Planner(opts, main, slot.version, slot.searchAliases, slot.pddlRequirements);
}

export default createPlanner;
