// Live diagnostics of the editor page: the texts are checked by the module's
// parser (planner.check, in the planner's second worker) 300 ms after the
// last change; errors and warnings become lint markers (a warning about an
// undeclared requirement carries a quick fix), the summary line names the
// task, and a changed domain name refreshes the model list.
import { el, errorLocation } from '../format.js';
import { requirementFixes } from '../pddl-fixes.js';
import { ui } from './dom.js';
import { refreshModels } from './models.js';
import { pageTexts, store } from './store.js';

let checkTimer = null;
let checkSeq = 0;
let checkDue = false;  // a check that had to wait (see runCheck)
let unshown = null;    // [diagnostics, source] checked before the editors existed

export function scheduleCheck(delay = 300) {
    clearTimeout(checkTimer);
    ui.checkSummary.dataset.pending = 'true';
    checkTimer = setTimeout(runCheck, delay);
}

// A check waits for the planner and the texts, and while a search runs on
// the texts it would check (the solve parses them and reports their errors
// itself), or while a Solve pressed before the planner had loaded runs: the
// check would start the planner's second worker, a second instance of the
// module competing with the search. It runs when the search ends instead.
// Texts edited during a search are checked at once, in the second worker.
store.subscribe((state, patch) => {
    if (checkDue && ('planner' in patch || 'solving' in patch || 'texts' in patch)) scheduleCheck(0);
    // The editors are made with the texts that were checked: their markers
    // come from that check, not from a second one.
    if ('editors' in patch && state.editors && unshown) showDiagnostics(...unshown);
});

function mustWaitForSearch(solving, texts) {
    if (!solving) return false;
    return solving.early ||
        (solving.texts.domain === texts.domain && solving.texts.problem === texts.problem);
}

async function runCheck() {
    const { planner, solving } = store.get();
    const texts = pageTexts();
    checkDue = !planner || !texts || mustWaitForSearch(solving, texts);
    if (checkDue) return;
    const seq = ++checkSeq;
    const { domain, problem } = texts;
    let report;
    try {
        report = await planner.check(domain, problem);
    } catch (error) {
        if (seq === checkSeq) setCheckSummary(false, `The checker stopped: ${error.message}`);
        return;
    }
    if (seq !== checkSeq) return;  // the texts changed meanwhile
    delete ui.checkSummary.dataset.pending;
    showDiagnostics([...(report.diagnostics ?? []), ...(report.warnings ?? [])]);
    if (report.ok) {
        const s = report.summary;
        const before = store.get().checked;
        const domainChanged = before.domain !== s.domain || before.fingerprint !== s.fingerprint;
        store.set({ checked: { domain: s.domain, problem: s.problem, fingerprint: s.fingerprint } });
        setCheckSummary(true, `✓ ${s.domain} / ${s.problem}: ${s.objects} objects, ` +
            `${s.predicates} predicates, ${s.actions} actions, ${s.initialAtoms} initial atoms, ` +
            `${s.goalAtoms} goal${s.goalAtoms === 1 ? '' : 's'}`);
        if (domainChanged) refreshModels();
    } else {
        const d = report.diagnostics[0];
        setCheckSummary(false, `✗ ${errorLocation(d) ?? ''} ${d?.message ?? 'error'}`.trim(), d);
    }
}

/** Lint markers in both editors: [{file, line, column, message, severity?}]. */
export function showDiagnostics(diagnostics, source = 'check') {
    const { editors } = store.get();
    unshown = editors ? null : [diagnostics, source];
    if (!editors) return;  // marked when they are made (above)
    const forFile = (file) => diagnostics
        .filter((d) => d.file === file && d.line)
        .map((d) => ({ line: d.line, column: d.column, message: d.message, source,
                       severity: d.severity ?? 'error', actions: requirementFixes(d.message) }));
    editors.domain.setDiagnostics(forFile('domain.pddl'));
    editors.problem.setDiagnostics(forFile('problem.pddl'));
    const errors = (file) => diagnostics.filter((d) => d.file === file && d.severity !== 'warning').length;
    ui.domainNote.textContent = errors('domain.pddl') ? '1 error' : '';
    ui.problemNote.textContent = errors('problem.pddl') ? '1 error' : '';
}

function setCheckSummary(ok, text, diagnostic = null) {
    ui.checkSummary.dataset.ok = String(ok);
    ui.checkSummary.replaceChildren();
    if (diagnostic?.line) {
        ui.checkSummary.append(el('button', {
            type: 'button', class: 'linklike', text, title: 'Show the error in the editor',
            onclick: () => revealError(diagnostic),
        }));
    } else {
        ui.checkSummary.textContent = text;
    }
}

/** Puts the cursor on an error's position in its editor. */
export function revealError(error) {
    const { editors } = store.get();
    if (!editors) return;
    const editor = error.file === 'domain.pddl' ? editors.domain : editors.problem;
    editor.reveal(error.line, error.column);
}
