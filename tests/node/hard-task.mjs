// A deterministic, large blocksworld problem for the Node tests that need a
// long search (time limit, cancel, progress): its goal also asks for two
// blocks on each other, which no plan reaches but the delete relaxation
// does, so no search ends it early (relaxed-plan lookahead solves the
// solvable variant in a moment); it parses in milliseconds. Not a test itself.

// mulberry32: a small seeded PRNG, so the task is the same on every run
// (format.test.mjs draws its numbers from it too).
export function prng(seed) {
    let a = seed >>> 0;
    return () => {
        a = (a + 0x6d2b79f5) >>> 0;
        let t = a;
        t = Math.imul(t ^ (t >>> 15), t | 1);
        t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
        return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
}

// Random towers over `blocks`: returns [[bottom, ..., top], ...].
function towers(blocks, random, count) {
    const shuffled = [...blocks];
    for (let i = shuffled.length - 1; i > 0; --i) {
        const j = Math.floor(random() * (i + 1));
        [shuffled[i], shuffled[j]] = [shuffled[j], shuffled[i]];
    }
    const result = Array.from({ length: count }, () => []);
    shuffled.forEach((block, i) => result[Math.floor(random() * count)].push(block));
    return result.filter((tower) => tower.length > 0);
}

function describe(stacks) {
    const atoms = [];
    for (const tower of stacks) {
        atoms.push(`(ontable ${tower[0]})`);
        for (let i = 1; i < tower.length; ++i) atoms.push(`(on ${tower[i]} ${tower[i - 1]})`);
        atoms.push(`(clear ${tower[tower.length - 1]})`);
    }
    return atoms;
}

// A blocksworld problem (for tests/data/tasks/blocksworld/domain.pddl) with
// `n` blocks moved from random towers into other random towers.
export function hardBlocksworld(n = 120, seed = 7) {
    const random = prng(seed);
    const blocks = Array.from({ length: n }, (_, i) => `b${i + 1}`);
    const init = describe(towers(blocks, random, 6));
    const goal = describe(towers(blocks, random, 6)).filter((atom) => atom.startsWith('(on '));
    goal.push('(on b1 b2)', '(on b2 b1)');
    return [
        `(define (problem bw-hard-${n})`,
        '  (:domain blocksworld)',
        `  (:objects ${blocks.join(' ')} - block)`,
        `  (:init (handempty) ${init.join(' ')})`,
        `  (:goal (and ${goal.join(' ')})))`,
        '',
    ].join('\n');
}
