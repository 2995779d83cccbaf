// The editor page's two PDDL editors, made in steps that each leave the main
// thread within 100 ms, so that neither a click on Solve nor the first plan
// waits for a long task:
//   1. CodeMirror's code (a chunk app.js does not import statically: it is
//      evaluated in a task of its own, not in app.js's);
//   2. the problem editor, after the page's first paint and when the main
//      thread is idle (an input event pending, e.g. a click on Solve, is
//      handled first): its state (text and extensions resolved) in one
//      task, its view (outside the page) in the next, the view put into
//      the page in a third. The first editor pays CodeMirror's
//      first-time costs (its styles, the first call of each function, the
//      first measure) whatever its text, so it is the short text's;
//   3. the domain editor, the same way; editors being made while a first
//      Solve runs wait (at most MAX_SOLVE_WAIT_MS) for its plan.
// Until both exist the texts stay in the store (pageTexts()); what is typed
// into the first editor meanwhile goes there too.
import { ui } from './dom.js';
import { store } from './store.js';

const IDLE_TIMEOUT_MS = 250;
const MAX_SOLVE_WAIT_MS = 400;

// After the next frame is painted: requestAnimationFrame runs before the
// paint, the timeout after it.
const afterPaint = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

// When the main thread is idle (input first); a timeout where there is no
// requestIdleCallback or the page is never idle.
const whenIdle = () => new Promise((resolve) => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(resolve, { timeout: IDLE_TIMEOUT_MS });
    else setTimeout(resolve, 0);
});

// A solve started before the editors (the first Solve): its plan first.
function solveSettled(maxMs) {
    if (!store.get().solving) return Promise.resolve();
    return new Promise((resolve) => {
        const timer = setTimeout(done, maxMs);
        const unsubscribe = store.subscribe((state) => {
            if (!state.solving) done();
        });
        function done() {
            clearTimeout(timer);
            unsubscribe();
            resolve();
        }
    });
}

async function nextStep() {
    await solveSettled(MAX_SOLVE_WAIT_MS);
    await whenIdle();  // in a task of its own, not in the one that ended the solve
}

/**
 * Makes the editors with `texts` ({domain, problem}) and the editor help's
 * extension factory (or null); onChange() after every edit, onSubmit() on
 * Ctrl/Cmd+Enter. Resolves when both are in the store.
 */
export async function createEditors(texts, pddlAssist, { onChange, onSubmit }) {
    const { mountPddlEditor, preparePddlEditor } = await import('../editor.js');
    const options = (which, label) => ({
        label,
        doc: store.get().texts?.[which] ?? texts[which],
        onChange: (text) => {
            // Before both editors exist the store holds the texts (pageTexts()).
            if (!store.get().editors) store.set({ texts: { ...store.get().texts, [which]: text } });
            onChange();
        },
        onSubmit,
        extensions: pddlAssist ? pddlAssist({ editors: () => store.get().editors }) : [],
    });
    // Each editor in three steps: its state, its view (outside the page),
    // then the view put into the page (the style and layout it brings).
    const create = async (parent, which, label) => {
        await nextStep();
        const prepared = preparePddlEditor(options(which, label));
        await nextStep();
        const editor = mountPddlEditor(null, prepared);
        await nextStep();
        parent.appendChild(editor.view.dom);
        editor.view.requestMeasure();
        return editor;
    };
    await afterPaint();
    const problem = await create(ui.problemEditor, 'problem', 'Problem PDDL');
    const domain = await create(ui.domainEditor, 'domain', 'Domain PDDL');
    // A session or an example applied meanwhile: the store has its texts.
    const latest = store.get().texts;
    if (latest) {
        problem.setText(latest.problem);
        domain.setText(latest.domain);
    }
    store.set({ editors: { domain, problem }, texts: null });  // the editors hold the texts now
}
