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
import { clearResult, setStatus, showResponse } from './result-view.js';
import { pageTexts, store } from './store.js';

/** The settings of the page's controls, in the shape of a session and of solveRequest(). */
export function settings() {
    const seconds = Number(ui.timeLimit.value);
    return {
        space: ui.space.value,
        heuristic: ui.heuristic.value,
        model: ui.model.value || '',
        timeLimitS: Number.isFinite(seconds) && seconds > 0 ? seconds : undefined,
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
        },
    });
    performance.mark('ll-solved');
    clearInterval(timer);
    ui.elapsed.textContent = formatSeconds(outcome.elapsedS);
    store.set({ solving: null });
    ui.solve.disabled = !(store.get().planner ?? store.get().plannerLoad);  // none if it failed to load
    ui.stop.disabled = true;
    if (outcome.stopped) {
        setStatus('stopped', `Stopped after ${ui.elapsed.textContent}`);
        ui.planEmpty.textContent = 'The search was stopped.';
        return;
    }
    const { response } = outcome;
    if (response.stats && response.status !== 'error') {
        chart.add(response.stats, outcome.elapsedS);  // the last point: the final numbers
    }
    await showResponse(response, { domain, problem, space: s.space, heuristic: s.heuristic, model, settings: s });
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
