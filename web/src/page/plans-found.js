// The plans an anytime search found, listed above the plan as the progress
// events bring them (docs/web.md, "Anytime plans"): number, cost and the
// time it was found; the final one marked with why it is final (or that the
// search was stopped); selecting one shows it in the plan view. Drawn from
// the store's `plansFound`; loaded with the first plan event (solving.js).
import { el, formatSeconds } from '../format.js';
import { ui } from './dom.js';
import { finalPlanText, showPlan } from './result-view.js';
import { store } from './store.js';

// Why the final plan is final: the core's reasons (result-view.js), and the
// page's own one.
const STOPPED_TEXT = 'stopped: the best plan found';

function render({ plans, shown, final }) {
    ui.plansFound.hidden = false;
    ui.plansFound.replaceChildren(...plans.map((plan) => {
        const isFinal = final?.number === plan.number;
        const reason = isFinal ? (final.reason === 'stopped' ? STOPPED_TEXT : finalPlanText(final.reason)) : '';
        return el('li', { dataset: { number: String(plan.number), cost: String(plan.cost),
                                     final: String(isFinal) } },
                  el('button', {
                      type: 'button', class: 'plan-found', 'aria-pressed': String(plan.number === shown),
                      title: `Show plan ${plan.number} (${plan.steps.length} steps)`,
                      onclick: () => select(plan.number),
                  }, el('span', { class: 'plan-number', text: `Plan ${plan.number}` }),
                  el('span', { class: 'plan-cost', text: `cost ${plan.cost}` }),
                  el('span', { class: 'plan-time', text: formatSeconds(plan.elapsedS) }),
                  isFinal ? el('span', { class: 'badge plan-final', text: 'final' }) : null),
                  isFinal ? el('div', { class: 'plan-final-why', text: `final: ${reason}` }) : null);
    }));
}

/**
 * Shows plan `number` of the list in the plan view and validates it at once
 * (during the search in the API's second worker, result-view.js); the user's
 * choice stays shown when later plans come.
 */
export function select(number) {
    const found = store.get().plansFound;
    const plan = found?.plans.find((p) => p.number === number);
    if (!plan) return;
    store.set({ plansFound: { ...found, shown: number, pinned: number !== found.plans.at(-1).number } });
    showPlan({ plan: plan.steps, cost: plan.cost, costKind: plan.costKind,
               domainName: found.names?.domainName ?? null, problemName: found.names?.problemName ?? null },
             found.solved);
}

/**
 * A plan event of the running solve: listed, and shown unless the user
 * picked an earlier plan to look at. `solved` as for showResponse.
 */
export function addPlan(plan, solved) {
    const found = store.get().plansFound ?? { plans: [], shown: null, pinned: false, final: null, solved };
    const plans = [...found.plans, plan];
    store.set({ plansFound: { ...found, plans } });
    if (!found.pinned) select(plan.number);
}

/**
 * The search ended: `final` = {number, reason} marks the final plan (a
 * core reason, or 'stopped'); `names` = {domainName, problemName} from the
 * response, for the plan file.
 */
export function finishPlans(final, names = null) {
    const found = store.get().plansFound;
    if (!found) return;
    store.set({ plansFound: { ...found, final, names: names ?? found.names ?? null } });
    const { result } = store.get();
    if (names && result) store.set({ result: { ...result, ...names } });
}

store.subscribe((state, patch) => {
    if (!('plansFound' in patch)) return;
    if (state.plansFound) {
        render(state.plansFound);
    } else {
        ui.plansFound.hidden = true;
        ui.plansFound.replaceChildren();
    }
});
