// The LazyLifted trainer in a worker, behind promises: learns a WL model for
// a domain from problems alone (as `lltrain --bootstrap`), and makes
// training problems from one problem (as `lltrain --generate`).
//
//   import { createTrainer } from './lazylifted-trainer.mjs';
//   const trainer = await createTrainer();
//   const { problems } = await trainer.generate({ domain, problem, count: 10, seed: 1 });
//   const result = await trainer.train({ domain, problems }, { onProgress, signal });
//   // result.model: the model JSON text, the same format as lltrain's
//
// The trainer module (lltrain.wasm, with Clp) is separate from the
// planner's and loaded only here. One request at a time (a second rejects
// with a BusyError); cancelling (signal, terminate()) terminates the worker,
// and the next request starts a fresh one. Guide: docs/js-api.md, shapes:
// wasm/README.md.

const isNode = typeof process === 'object' && typeof process.versions?.node === 'string' &&
               typeof self === 'undefined';

function namedError(name, message) {
    const error = new Error(message);
    error.name = name;
    return error;
}

async function nodeFileUrl(value) {
    if (value instanceof URL) return value;
    const text = String(value);
    if (/^[a-z][a-z0-9+.-]+:/i.test(text)) return new URL(text);
    const { pathToFileURL } = await import('node:url');
    return pathToFileURL(text);
}

class Trainer {
    #options;
    #worker = null;
    #ready = null;
    #busy = null;  // {id, resolve, reject, onProgress}
    #nextId = 1;

    constructor(options) {
        this.#options = options;
    }

    // Starts the worker (once; again after a cancel) and waits for its module.
    async start() {
        if (!this.#ready) this.#ready = this.#spawn();
        return this.#ready;
    }

    async #spawn() {
        const options = this.#options;
        let ready;
        const readyPromise = new Promise((resolve, reject) => { ready = { resolve, reject }; });
        const onMessage = (message) => this.#onMessage(message, ready);
        const onFailure = (message) => {
            const error = new Error(`LazyLifted trainer worker failed: ${message}`);
            ready.reject(error);
            this.#fail(error);
        };
        const workerUrl = options.workerUrl ?? new URL('./trainer-worker.mjs', import.meta.url);
        if (isNode) {
            const { Worker } = await import('node:worker_threads');
            const worker = new Worker(await nodeFileUrl(workerUrl));
            worker.on('message', onMessage);
            worker.on('error', (error) => onFailure(error?.message ?? String(error)));
            worker.on('exit', (code) => {
                if (this.#worker === worker) onFailure(`the worker exited (code ${code})`);
            });
            this.#worker = worker;
        } else {
            const worker = new Worker(workerUrl, { type: 'module', name: 'lazylifted-trainer' });
            worker.addEventListener('message', (event) => onMessage(event.data));
            worker.addEventListener('error', (event) => {
                event.preventDefault?.();
                onFailure(event.message || 'could not load trainer-worker.mjs');
            });
            this.#worker = worker;
        }
        const href = async (value) => {
            if (value === undefined) return undefined;
            return isNode ? (await nodeFileUrl(value)).href : String(value);
        };
        this.#worker.postMessage({
            type: 'init',
            moduleUrl: await href(options.moduleUrl),
            wasmUrl: await href(options.wasmUrl),
        });
        await readyPromise;
    }

    #onMessage(message, ready) {
        if (message.type === 'ready') return ready.resolve();
        if (message.type === 'init-error') {
            return ready.reject(new Error(`LazyLifted trainer could not load: ${message.message}`));
        }
        const busy = this.#busy;
        if (!busy || message.id !== busy.id) return;
        if (message.type === 'progress') {
            try {
                busy.onProgress?.(JSON.parse(message.report));
            } catch {
                /* a failing callback does not stop training */
            }
            return;
        }
        this.#busy = null;
        if (message.type === 'result') busy.resolve(JSON.parse(message.result));
        else busy.reject(new Error(message.message));
    }

    #fail(error) {
        const busy = this.#busy;
        this.#busy = null;
        this.#stopWorker();
        busy?.reject(error);
    }

    #stopWorker() {
        const worker = this.#worker;
        this.#worker = null;
        this.#ready = null;
        worker?.terminate();
    }

    async #request(type, request, { onProgress, signal } = {}) {
        if (this.#busy) throw namedError('BusyError', 'the trainer is already running a request');
        if (signal?.aborted) throw namedError('AbortError', 'cancelled before it started');
        const id = this.#nextId++;
        const answer = new Promise((resolve, reject) => {
            this.#busy = { id, resolve, reject, onProgress };
        });
        const onAbort = () => this.#fail(namedError('AbortError', 'cancelled'));
        signal?.addEventListener('abort', onAbort, { once: true });
        try {
            await this.start();
            if (this.#busy?.id === id) this.#worker.postMessage({ type, id, request });
            return await answer;
        } catch (error) {
            if (this.#busy?.id === id) this.#busy = null;
            throw error;
        } finally {
            signal?.removeEventListener('abort', onAbort);
        }
    }

    // {domain, problem, count?, seed?, minScale?, maxScale?} ->
    // {status: 'ok', problems: [{name, text, witness, objects, goals}]} | {status: 'error', error}
    generate(request, options) {
        return this.#request('generate', request, options);
    }

    // {domain, problems: [{name, text}], timeBudget?, solveTimeLimit?, maxRounds?, seed?} ->
    // {status: 'ok', model, rounds, problems, problemsWithPlans, iterations, c,
    //  nonZeroWeights, validation, trainingTimeS} | {status: 'error', error}
    train(request, options) {
        return this.#request('train', request, options);
    }

    terminate() {
        this.#fail(namedError('AbortError', 'the trainer was terminated'));
    }
}

export async function createTrainer(options = {}) {
    const trainer = new Trainer(options);
    await trainer.start();
    return trainer;
}

export default createTrainer;
