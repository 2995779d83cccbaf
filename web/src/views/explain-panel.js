// The heuristic-explanation panel: beside the plan's state view,
// h for the current step and why. With a WL model: h = round(Σ weight ×
// count) as a table of the features that contribute most (positive and
// negative), each decoded into words, and the sum that gives h. With hFF/rFF:
// the relaxed plan with the helpful actions marked. Exported as a state panel
// ({id, title, mount(container, context)}); mount returns {update(context),
// destroy()}. Only the JS API client is used; the work runs in its worker.
import { ensurePanelStyles, el, formatH, formatNumber, plannerFor, requestFor, richText } from './planner-client.js';

const TOP = 10;

function sumLine(wl) {
    return el('p', { class: 'll-explain-sum' },
        `h = round(Σ weight × count) = round(${formatNumber(wl.rawValue, 10)}) = ${formatH(wl.h)}`,
        el('span', { class: 'll-explain-note',
                     text: ' (no bias; rounded half away from zero)' }));
}

function featureTable(wl) {
    const largest = Math.max(1e-12, ...wl.features.map((f) => Math.abs(f.contribution)));
    const rows = wl.features.map((f) => {
        const width = `${Math.round((Math.abs(f.contribution) / largest) * 100)}%`;
        const bar = el('span', { class: `ll-explain-bar ${f.contribution < 0 ? 'neg' : 'pos'}` });
        bar.style.width = width;
        // The numbers, then the feature's text on a row of its own: the
        // panel sits in a narrow column beside the state.
        return [el('tr', { class: 'll-explain-numbers' },
            el('td', { class: 'num' }, el('span', { class: 'll-explain-barbox' }, bar),
               `${f.contribution >= 0 ? '+' : ''}${formatNumber(f.contribution)}`),
            el('td', { class: 'num', text: formatNumber(f.weight) }),
            el('td', { class: 'num', text: String(f.count) }),
            el('td', { class: 'num', text: String(f.iteration) })),
        el('tr', { class: 'll-explain-text' }, el('td', { colspan: 4 }, richText(f.text)))];
    }).flat();
    const head = el('tr', {}, ...['contribution', 'weight', 'count', 'iter.']
        .map((t) => el('th', { scope: 'col', text: t })));
    const other = wl.otherFeatures.count > 0
        ? el('tr', { class: 'll-explain-other' },
             el('td', { class: 'num', text: `${wl.otherFeatures.contribution >= 0 ? '+' : ''}${
                 formatNumber(wl.otherFeatures.contribution)}` }),
             el('td', { colspan: 3, text: `from ${wl.otherFeatures.count} more features` }))
        : null;
    return el('div', { class: 'll-explain-scroll' },
              el('table', { class: 'll-explain-table' }, el('thead', {}, head),
                 el('tbody', {}, ...rows, other)));
}

function wlView(wl) {
    const notes = [];
    if (wl.unseenNodeColours > 0) {
        notes.push(`${wl.unseenNodeColours} of ${wl.nodeColours} node colours are unknown to the ` +
                   'model and count 0');
    }
    return el('div', {}, sumLine(wl), featureTable(wl),
              notes.length ? el('p', { class: 'll-explain-note', text: notes.join('; ') }) : null);
}

function relaxedView(plan) {
    return el('div', {},
        el('p', { text: `Relaxed plan: ${plan.length} actions (★ helpful: applicable now)` }),
        el('ol', { class: 'll-explain-relaxed' }, ...plan.map((a) =>
            el('li', { class: a.helpful ? 'helpful' : '' }, a.helpful ? '★ ' : '', el('code', {
                text: a.action })))));
}

/** Draws an explain() response into `body` (also used by the search graph for a node). */
export function renderExplanation(body, response) {
    if (response.status !== 'ok') {
        body.replaceChildren(el('p', { class: 'll-explain-error',
                                       text: response.error?.message ?? 'explanation failed' }));
        return;
    }
    const step = response.steps[0];
    const what = response.model
        ? `${response.heuristic} (${response.graph} model, ${response.iterations} ${response.variant === 'iwl' ? 'iWL' : 'WL'} iterations)`
        : response.heuristic;
    body.replaceChildren(...[
        el('p', { class: 'll-explain-head' },
           el('strong', { text: `h = ${formatH(step.h)}` }),
           ` — ${what}, ${response.space} space${step.isGoal ? ', goal state' : ''}`),
        step.wl ? wlView(step.wl) : null,
        step.relaxedPlan ? relaxedView(step.relaxedPlan) : null,
    ].filter(Boolean));
}

export const explainPanel = {
    id: 'explain',
    title: 'Why this h?',
    mount(container, context) {
        ensurePanelStyles(container.ownerDocument);
        const body = el('div', { class: 'll-explain', 'aria-live': 'polite' });
        container.replaceChildren(body);
        let sequence = 0;
        const update = async (next) => {
            const mine = ++sequence;
            body.classList.add('loading');
            try {
                const planner = await plannerFor(next);
                const response = await planner.explain(requestFor(next, { top: TOP }));
                if (mine === sequence) renderExplanation(body, response);
            } catch (error) {
                if (mine === sequence) {
                    body.replaceChildren(el('p', { class: 'll-explain-error',
                                                   text: String(error?.message ?? error) }));
                }
            } finally {
                if (mine === sequence) body.classList.remove('loading');
            }
        };
        update(context);
        return {
            update,
            destroy() {
                sequence += 1;
                container.replaceChildren();
            },
        };
    },
};

export default explainPanel;
