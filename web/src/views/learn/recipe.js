// How the page learns a heuristic from the one problem in the editor.
//
// 1. Training problems: the editor's problem plus problems generated from it
//    (trainer.generate, as `lltrain --generate`) in two sets: goals of the
//    predicates the editor's goal names, and goals of any fluent predicate.
//    A student's goal often names one predicate (blocksworld towers: `on`),
//    and a model that never saw a goal of another one (`on-table`, `clear`)
//    guides badly on problems whose goals have them.
// 2. Bootstrap training on them (trainer.train, as `lltrain --bootstrap`).
// 3. Models learnt from one problem are unstable: which random problems
//    were generated decides between a model that beats hFF and one that
//    needs ten times its evaluations. So several candidates are trained, each
//    on problems generated with other seeds, within the time budget, and the
//    one that needs the fewest evaluations on held-out problems (generated
//    larger than the training ones, with their own seeds) is kept: eager
//    GBFS with the candidate, in the page's planner, capped in expansions.
// The figures this recipe gives are in docs/learning.md ("In the page").
export const RECIPE = {
    training: [
        { goals: 'problem', count: 20, minScale: 0.5, maxScale: 2 },
        { goals: 'any', count: 20, minScale: 0.5, maxScale: 2 },
    ],
    validation: [
        { goals: 'problem', count: 3, minScale: 1.2, maxScale: 2 },
        { goals: 'any', count: 3, minScale: 1.2, maxScale: 2 },
    ],
    candidates: 3,
    seed: 2024,
    solveTimeLimitS: 5,
    maxRounds: 8,
    validationSpace: 'state',
    validationMaxExpansions: 2000,
};

export const EDITOR_PROBLEM = 'editor-problem';

const now = () => performance.now() / 1000;

// The trainer's error, pointing at the editors' files (the editor's
// problem is a training problem named EDITOR_PROBLEM).
function trainerError(response) {
    const error = new Error(response.error?.message ?? 'the trainer failed');
    Object.assign(error, response.error ?? {}, { category: response.error?.category ?? 'internal' });
    if (error.file === `${EDITOR_PROBLEM}.pddl`) error.file = 'problem.pddl';
    return error;
}

// Problems generated from the editor's problem, one set per entry of
// `sets`, the i-th with seed `seed + i`: [{name, text}], names unique.
async function generated(trainer, { domain, problem }, sets, seed, { signal, prefix }) {
    const problems = [];
    for (const [i, set] of sets.entries()) {
        const response = await trainer.generate({
            domain, problem, count: set.count, seed: seed + i, minScale: set.minScale, maxScale: set.maxScale,
            goals: set.goals, domainFile: 'domain.pddl', problemFile: 'problem.pddl',
        }, { signal });
        if (response.status !== 'ok') throw trainerError(response);
        for (const p of response.problems) problems.push({ name: `${prefix}${i}-${p.name}`, text: p.text });
    }
    return problems;
}

// Evaluations of eager GBFS with the candidate model on the held-out
// problems (an unsolved problem counts the evaluations made until the cap).
async function validate(planner, domain, problems, model, recipe, signal) {
    let evaluations = 0;
    let solved = 0;
    for (const problem of problems) {
        const response = await planner.solve({
            domain, problem: problem.text, model, heuristic: 'wl', config: 'paper', space: recipe.validationSpace,
            maxExpansions: recipe.validationMaxExpansions,
        }, { signal });
        if (response.status === 'error') throw Object.assign(new Error(response.error.message), response.error);
        evaluations += response.stats?.evaluations ?? 0;
        solved += response.status === 'solved' ? 1 : 0;
    }
    return { evaluations, solved, problems: problems.length };
}

// Runs use(worker) on a fresh worker from make() and terminates it after.
// A wasm heap never shrinks, and the page's renderer holds every worker's:
// a trainer that lived through all candidates, beside the validation
// planner, made the renderer's peak their sum (blocksworld towers: 281 MB of
// the 300 MB budget); one at a time, the peak is the larger of the two.
async function using(make, use) {
    const worker = await make();
    try {
        return await use(worker);
    } finally {
        worker.terminate();
    }
}

/**
 * Learns a model for the editor's domain. `makeTrainer()` resolves with a
 * fresh trainer (createTrainer()), `makePlanner()` with a fresh planner
 * (createPlanner(), for the validation searches); each is made for one step
 * (the held-out problems, a candidate's training, its validation) and
 * terminated after it (`using`). Resolves
 * with the chosen candidate's trainer result ({model, rounds, ...},
 * docs/js-api.md) plus {candidates: [{index, validation, trainingTimeS,
 * rounds, problems, problemsWithPlans}], chosen, seconds}; rejects with an
 * AbortError when cancelled, or with the trainer's error ({category,
 * message, file, line, column}). onEvent(report): {phase: 'generating' |
 * 'validating', candidate}, {phase: 'validated', candidate, validation} and
 * the trainer's progress reports with their candidate.
 */
export async function learn({ makeTrainer, makePlanner }, texts, { budgetS, signal, onEvent, recipe = RECIPE }) {
    const startedAt = now();
    const left = () => budgetS - (now() - startedAt);
    const held = await using(makeTrainer, (trainer) =>
        generated(trainer, texts, recipe.validation, recipe.seed + 1000, { signal, prefix: 'v' }));
    const candidates = [];
    let best = null;
    let slowestS = 0;
    for (let k = 0; k < recipe.candidates; ++k) {
        // Start a candidate only if one as slow as the slowest so far still fits.
        if (k > 0 && left() < slowestS * 1.2) break;
        const begun = now();
        onEvent?.({ phase: 'generating', candidate: k });
        const result = await using(makeTrainer, async (trainer) => {
            const problems = [{ name: EDITOR_PROBLEM, text: texts.problem },
                              ...await generated(trainer, texts, recipe.training, recipe.seed + 100 * k,
                                                 { signal, prefix: 't' })];
            return trainer.train({
                domain: texts.domain, domainFile: 'domain.pddl', problems,
                timeBudget: Math.max(1, left() - slowestS * 0.2), solveTimeLimit: recipe.solveTimeLimitS,
                maxRounds: recipe.maxRounds, seed: recipe.seed,
            }, { signal, onProgress: (report) => onEvent?.({ ...report, candidate: k, problems: problems.length }) });
        });
        if (result.status !== 'ok') throw trainerError(result);
        onEvent?.({ phase: 'validating', candidate: k, result });
        const validation = await using(makePlanner, (planner) =>
            validate(planner, texts.domain, held, result.model, recipe, signal));
        const candidate = { index: k, validation, trainingTimeS: result.trainingTimeS, rounds: result.rounds,
                            problems: result.problems, problemsWithPlans: result.problemsWithPlans };
        candidates.push(candidate);
        onEvent?.({ phase: 'validated', candidate: k, validation });
        const better = !best || validation.solved > best.validation.solved ||
            (validation.solved === best.validation.solved && validation.evaluations < best.validation.evaluations);
        if (better) best = { ...candidate, result };
        slowestS = Math.max(slowestS, now() - begun);
    }
    return { ...best.result, candidates, chosen: best.index, seconds: now() - startedAt };
}
