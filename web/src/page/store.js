// The editor page's state, in one place. Every module of the page reads it
// with store.get() and changes it with store.set({...}); views that follow a
// field subscribe to it. What is not here is either a DOM element (dom.js) or
// a cache (models.js keeps fetched model texts).

/** A tiny observable store: set() merges a patch and tells the subscribers which keys changed. */
export function createStore(initial) {
    let state = { ...initial };
    const listeners = new Set();
    return {
        get: () => state,
        set(patch) {
            state = { ...state, ...patch };
            for (const listener of listeners) listener(state, patch);
        },
        /** listener(state, patch) after every set(); returns the unsubscribe function. */
        subscribe(listener) {
            listeners.add(listener);
            return () => listeners.delete(listener);
        },
    };
}

export const store = createStore({
    planner: null,              // the JS API's Planner, once loaded
    plannerLoad: null,          // the promise of it (a Solve before it loaded waits for it)
    editors: null,              // {domain, problem}: the two PDDL editors (editor.js)
    texts: null,                // {domain, problem}: the texts before the editors exist (pageTexts)
    examples: [],               // examples/index.json
    manifest: [],               // models/manifest.json: the pretrained models
    searchAliases: [],          // the core's configuration aliases
    exampleId: '',              // the example the texts came from ('' for your own)
    checked: { domain: null, problem: null, fingerprint: null },  // from the last successful check
    loadedModel: null,          // {name, text, domain, space, graph}: a model from disk
    trainedModels: [],          // models trained in this page, newest first (trained-models.js):
                                // {id, domain, fingerprint, space, graph, features, created, bytes, where, summary}
    learning: null,             // the Learn view's run (views/learn/): {state, progress, candidates:
                                // [{index, rounds, validation}], problems, startedAt, controller, result}
    wantedModel: '',            // the model the user or the session asked for
    modelChosenByUser: false,   // false: the page picks the model that fits the space
    solving: null,              // {controller, startedAt, early, texts}: while a search runs
                                // (early: Solve was pressed before the planner had loaded;
                                // texts: the {domain, problem} it searches)
    result: null,               // the last solve's plan, trace and step (result-view.js)
    plansFound: null,           // an anytime search's plans (plans-found.js): {plans: [FoundPlan],
                                // shown, pinned, final: {number, reason} | null, solved, names}
    viewJob: null,              // {controller, view}: a view's run on the planner (a Solve stops it)
    lowerTab: 'state',          // the open tab of the lower area (lower-area.js)
    loadedFromHash: false,      // the texts came from a share link (until edited)
    applyingSession: false,     // editor changes come from a session, not from typing
    serviceUrl: '',             // "Run on a planning service": '' (off) or its base URL (planning-service.js)
});

/**
 * The texts on the page, {domain, problem}: the editors', or the texts they
 * will be made with (a Solve may come before the editors exist); null before
 * the page knows them.
 */
export function pageTexts() {
    const { editors, texts } = store.get();
    if (editors) return { domain: editors.domain.getText(), problem: editors.problem.getText() };
    return texts;
}
