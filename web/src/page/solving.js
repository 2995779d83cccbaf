// Solving on the editor page: Solve/Stop, the shared solve routine
// (solve-routine.js), the progress numbers and the live search view (a chart
// of the best h and of the expansions over time, from the progress events the
// worker sends), then the result view.
import { formatNumber, formatSeconds } from '../format.js';
import { runSolve } from '../solve-routine.js';
import { renderLineChart } from '../views/charts.js';
import { ui } from './dom.js';
import { modelText } from './models.js';
import { serviceModelName, servicePlanner } from './planning-service.js';
import { clearResult, setStatus, showResponse, validateShownPlan } from './result-view.js';
import { pageTexts, store } from './store.js';

/** The settings of the page's controls, in the shape of a session and of solveRequest(). */
export function settings() {
    const seconds = Number(ui.timeLimit.value);
    return {
        space: ui.space.value,
        heuristic: ui.heuristic.value,
        model: ui.model.value || '',
        timeLimitS: Number.isFinite(seconds) && seconds > 0 ? seconds : undefined,
        // Anytime search: 'auto' improves the plan when there is a time limit
        // (the CLI's rule), 'off' stops at the first plan.
        anytime: ui.anytime.checked ? 'auto' : 'off',
        // '' everywhere: not set, the core's default configuration applies.
        config: ui.config.value,
        search: ui.engine.value,
        preferred: ui.preferred.value,
        novelty: ui.novelty.value,
    };
}

// The live search view: one point per progress report; a long search keeps
// every other point when there are too many, so a redraw stays cheap.
const MAX_CHART_POINTS = 400;

function createLiveChart() {
    let points = [{ t: 0, bestH: NaN, expansions: 0 }];  // the search starts with nothing expanded
    const draw = () => renderLineChart(ui.liveChart, [
        { name: 'best h', color: '#8250df', side: 'left', points: points.map((p) => [p.t, p.bestH]) },
        { name: 'expansions', color: '#0969da', side: 'right', points: points.map((p) => [p.t, p.expansions]) },
    ]);
    // Drawn from the first progress report on, not in the Solve click's task:
    // the chart's first layout (SVG text) is the costliest part of that task.
    return {
        add(report, elapsedS) {
            ui.liveChart.hidden = false;
            points.push({ t: elapsedS, bestH: report.bestH ?? NaN, expansions: report.expansions });
            if (points.length > MAX_CHART_POINTS) {
                points = points.filter((_, i) => i % 2 === 1 || i === points.length - 1);
            }
            draw();
        },
    };
}

// The plans of an anytime search (plans-found.js, loaded with the first
// one): listed and shown as they come; their order is kept while the module loads.
function createPlanFeed(solved) {
    let queue = Promise.resolve();
    let last = null;
    let module = null;
    return {
        add(plan) {
            last = plan;
            setStatus('improving', `Plan ${plan.number} found (cost ${plan.cost}); looking for a cheaper ` +
                      'one until the time limit (Stop keeps the best)…');
            queue = queue.then(async () => {
                module ??= await import('./plans-found.js');
                module.addPlan(plan, solved);
            });
        },
        get last() { return last; },
        /** After the search: marks the final plan; resolves when the list is up to date. */
        async finish(final, names) {
            await queue;
            module?.finishPlans(final, names);
        },
    };
}

const sameSteps = (a, b) => a.length === b.length && a.every((step, i) => step === b[i]);

function showProgress(p) {
    ui.expansions.textContent = formatNumber(p.expansions);
    ui.evaluations.textContent = formatNumber(p.evaluations);
    ui.bestH.textContent = formatNumber(p.bestH);
}

// Solve is enabled once the page knows its texts and settings, before the
// editors are made and before the planner has loaded: a Solve then waits for
// the planner (the first plan comes as soon as the planner is there, not
// after the user saw the button enabled and reached for it).
export async function solve() {
    const { planner, plannerLoad, solving } = store.get();
    const texts = pageTexts();
    if (solving || !texts || !(planner ?? plannerLoad)) return;
    performance.mark('ll-solve');
    store.get().viewJob?.controller.abort();  // a view's run (a trace, a comparison) gives way
    const { domain, problem } = texts;
    const s = settings();
    clearResult();
    const controller = new AbortController();
    const startedAt = performance.now();
    const timer = setInterval(() => {
        ui.elapsed.textContent = formatSeconds((performance.now() - startedAt) / 1000);
    }, 100);
    store.set({ solving: { controller, startedAt, early: !planner, texts } });
    ui.solve.disabled = true;
    ui.stop.disabled = false;
    const remote = await servicePlanner();  // null unless "Run on a planning service" is set
    setStatus('solving', remote ? `Solving on ${store.get().serviceUrl}…`
        : planner ? undefined : 'Loading the planner, then solving…');
    showProgress({ expansions: 0, evaluations: 0, bestH: null });
    ui.elapsed.textContent = formatSeconds(0);
    const chart = createLiveChart();
    let model = null;
    const solved = { domain, problem, space: s.space, heuristic: s.heuristic, model: null, settings: s };
    const plans = createPlanFeed(solved);
    const outcome = await runSolve({
        planner: remote ?? planner ?? plannerLoad, domain, problem, settings: s, signal: controller.signal,
        // A service takes the model's catalogue name; the page keeps its text for the views.
        loadModel: remote ? async () => {
            const name = serviceModelName(s.model);
            model = await modelText(s.model);
            return name;
        } : async () => (model = await modelText(s.model)),
        onProgress: (report, elapsedS) => {
            showProgress(report);
            chart.add(report, elapsedS);
            if (report.plan) {
                solved.model = model;
                plans.add(report.plan);
            }
        },
    });
    performance.mark('ll-solved');
    clearInterval(timer);
    ui.elapsed.textContent = formatSeconds(outcome.elapsedS);
    store.set({ solving: null });
    ui.solve.disabled = !(store.get().planner ?? store.get().plannerLoad);  // none if it failed to load
    ui.stop.disabled = true;
    solved.model = model;
    const best = plans.last;  // an anytime search's best plan so far
    if (outcome.stopped || (best && outcome.response.status !== 'solved')) {
        // Stopped (or cut off by the API's safety net) after plans were found: the last is the best.
        if (best) {
            await plans.finish({ number: best.number, reason: 'stopped' });
            validateShownPlan();
        }
        setStatus('stopped', `Stopped after ${ui.elapsed.textContent}` +
                  (best ? `: plan ${best.number} (cost ${best.cost}) is the best found` : ''));
        if (!best) ui.planEmpty.textContent = 'The search was stopped.';
        return;
    }
    const { response } = outcome;
    if (response.stats && response.status !== 'error') {
        chart.add(response.stats, outcome.elapsedS);  // the last point: the final numbers
    }
    // An anytime search: the response's plan is the last plan event's, shown already.
    const planShown = Boolean(best) && response.status === 'solved' && sameSteps(best.steps, response.plan);
    if (best) {
        await plans.finish({ number: best.number, reason: response.finalPlan },
                           { domainName: response.domain ?? null, problemName: response.problem ?? null });
    }
    await showResponse(response, solved, { planShown });
}

export function wireSolving() {
    ui.solve.addEventListener('click', () => solve());
    ui.stop.addEventListener('click', () => store.get().solving?.controller.abort());
    document.addEventListener('keydown', (event) => {
        if (event.defaultPrevented) return;  // the editors handle it themselves
        if ((event.ctrlKey || event.metaKey) && event.key === 'Enter') {
            event.preventDefault();
            solve();
        }
    });
}
