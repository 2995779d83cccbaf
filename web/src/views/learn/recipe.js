// How the page learns a heuristic from the one problem in the editor: the
// problem itself plus problems generated from it (trainer.generate, as
// `lltrain --generate`), then bootstrap training (trainer.train, as
// `lltrain --bootstrap`) within what is left of the time budget. The
// figures this recipe gives are in docs/learning.md ("In the page").
//
// Two generated sets: one with goals of the predicates the editor's goal
// names, one with goals of any fluent predicate. A student's goal often
// names one predicate only (blocksworld towers: `on`), and a model that
// never saw a goal of another predicate (`on-table`, `clear`) guides badly
// on problems whose goals have them.
export const RECIPE = {
    sets: [
        { goals: 'problem', count: 10, seed: 2024, minScale: 0.5, maxScale: 1.5 },
        { goals: 'any', count: 10, seed: 2025, minScale: 0.5, maxScale: 1.5 },
    ],
    solveTimeLimitS: 5,
    maxRounds: 8,
    seed: 2024,
};

export const EDITOR_PROBLEM = 'editor-problem';

// The trainer's error, pointing at the editors' files (the editor's
// problem is a training problem named EDITOR_PROBLEM).
function trainerError(response) {
    const error = new Error(response.error?.message ?? 'the trainer failed');
    Object.assign(error, response.error ?? {}, { category: response.error?.category ?? 'internal' });
    if (error.file === `${EDITOR_PROBLEM}.pddl`) error.file = 'problem.pddl';
    return error;
}

/**
 * The problems to learn from: the editor's problem and the generated sets,
 * [{name, text}]. onEvent({phase: 'generating', done, total}).
 */
export async function trainingProblems(trainer, { domain, problem }, { signal, onEvent, recipe = RECIPE } = {}) {
    const problems = [{ name: EDITOR_PROBLEM, text: problem }];
    const names = new Set([EDITOR_PROBLEM]);
    for (const [index, set] of recipe.sets.entries()) {
        onEvent?.({ phase: 'generating', done: index, total: recipe.sets.length });
        const response = await trainer.generate({
            domain, problem, count: set.count, seed: set.seed, minScale: set.minScale, maxScale: set.maxScale,
            goals: set.goals, domainFile: 'domain.pddl', problemFile: 'problem.pddl',
        }, { signal });
        if (response.status !== 'ok') throw trainerError(response);
        for (const p of response.problems) {
            const name = names.has(p.name) ? `${p.name}-${set.goals}` : p.name;
            names.add(name);
            problems.push({ name, text: p.text });
        }
    }
    return problems;
}

/**
 * Learns a model for the editor's domain: resolves with the trainer's
 * result ({model, rounds, ...}, docs/js-api.md) and the problems used;
 * rejects with an AbortError when cancelled, or with the trainer's error
 * ({category, message, file, line, column}).
 * onEvent(report): {phase: 'generating'} and the trainer's progress reports.
 */
export async function learn(trainer, texts, { budgetS, signal, onEvent, recipe = RECIPE }) {
    const startedAt = performance.now();
    const problems = await trainingProblems(trainer, texts, { signal, onEvent, recipe });
    const spentS = (performance.now() - startedAt) / 1000;
    onEvent?.({ phase: 'problems', problems: problems.length });
    const response = await trainer.train({
        domain: texts.domain, domainFile: 'domain.pddl', problems,
        timeBudget: Math.max(1, budgetS - spentS), solveTimeLimit: recipe.solveTimeLimitS,
        maxRounds: recipe.maxRounds, seed: recipe.seed,
    }, { signal, onProgress: onEvent });
    if (response.status !== 'ok') throw trainerError(response);
    return { ...response, problemCount: problems.length };
}
