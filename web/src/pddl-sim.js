// Replays a plan in JavaScript to show the state after every step. The wasm
// module validates plans but does not hand out states, and the planner's
// STRIPS fragment (typing, negative preconditions, equality, constants; no
// conditional effects) makes the replay simple: a state is a set of ground
// atoms and every step deletes, then adds. Names are lower-cased like the
// planner does. Plans shown here have already been validated by the module.

/** Reads PDDL text into nested arrays of lower-case symbols (';' comments skipped). */
export function readSExpressions(text) {
    const root = [];
    const stack = [root];
    const re = /;[^\n]*|\(|\)|[^\s();]+/g;
    let m;
    while ((m = re.exec(text)) !== null) {
        const tok = m[0];
        if (tok[0] === ';') continue;
        if (tok === '(') {
            const list = [];
            stack[stack.length - 1].push(list);
            stack.push(list);
        } else if (tok === ')') {
            if (stack.length === 1) throw new Error('unbalanced ")"');
            stack.pop();
        } else {
            stack[stack.length - 1].push(tok.toLowerCase());
        }
    }
    if (stack.length !== 1) throw new Error('unclosed "("');
    return root;
}

function section(defineList, key) {
    return defineList.find((item) => Array.isArray(item) && item[0] === key);
}

// Parameter names of a typed list: (?a ?b - t ?c) -> ['?a', '?b', '?c'].
function typedNames(list) {
    const names = [];
    for (let i = 0; i < list.length; i++) {
        if (list[i] === '-') {
            i++;  // skip the type (a symbol or an (either ...) list)
            continue;
        }
        if (typeof list[i] === 'string') names.push(list[i]);
    }
    return names;
}

// Collects the literals of an effect: (and ...), (not atom), atom.
function collectEffects(effect, add, del) {
    if (!Array.isArray(effect) || effect.length === 0) return;
    if (effect[0] === 'and') {
        for (const part of effect.slice(1)) collectEffects(part, add, del);
    } else if (effect[0] === 'not') {
        if (Array.isArray(effect[1])) del.push(effect[1]);
    } else if (typeof effect[0] === 'string') {
        if (['forall', 'when', 'increase', 'decrease', 'assign'].includes(effect[0])) {
            throw new Error(`effect "${effect[0]}" is not supported by the state viewer`);
        }
        add.push(effect);
    }
}

export function parseDomain(text) {
    const top = readSExpressions(text).find((e) => Array.isArray(e) && e[0] === 'define');
    if (!top) throw new Error('no (define (domain ...)) found');
    const predicates = (section(top, ':predicates') ?? []).slice(1)
        .filter(Array.isArray).map((p) => p[0]);
    const constants = typedNames((section(top, ':constants') ?? []).slice(1));
    const actions = new Map();
    const effectPredicates = new Set();
    for (const item of top) {
        if (!Array.isArray(item) || item[0] !== ':action') continue;
        const name = item[1];
        let params = [];
        let effect = null;
        for (let i = 2; i < item.length; i += 2) {
            if (item[i] === ':parameters') params = typedNames(item[i + 1] ?? []);
            if (item[i] === ':effect') effect = item[i + 1];
        }
        const add = [];
        const del = [];
        collectEffects(effect, add, del);
        for (const atom of [...add, ...del]) effectPredicates.add(atom[0]);
        actions.set(name, { name, params, add, del });
    }
    return { predicates, constants, actions, effectPredicates };
}

export function parseProblem(text) {
    const top = readSExpressions(text).find((e) => Array.isArray(e) && e[0] === 'define');
    if (!top) throw new Error('no (define (problem ...)) found');
    const init = (section(top, ':init') ?? []).slice(1)
        .filter((a) => Array.isArray(a) && a[0] !== '=' && a.every((x) => typeof x === 'string'));
    const objects = typedNames((section(top, ':objects') ?? []).slice(1));
    const goal = (section(top, ':goal') ?? [])[1] ?? null;
    return { init, objects, goal };
}

export const atomKey = (atom) => `(${atom.join(' ')})`;

function parseStep(line) {
    const m = /\(([^()]*)\)/.exec(line);
    if (!m) throw new Error(`not a plan step: ${line}`);
    return m[1].trim().toLowerCase().split(/\s+/);
}

/**
 * Simulates `plan` (array of "(a x y)" strings). Returns
 * {states: [Set of atom keys] (states[0] is the initial state, states[i] the
 *  state after step i), added: [Set] and deleted: [Set] per step (index i for
 *  step i, 1-based; index 0 empty), staticPredicates: Set, predicates:
 *  [names in declaration order]}.
 */
export function simulatePlan(domainText, problemText, plan) {
    const domain = parseDomain(domainText);
    const problem = parseProblem(problemText);
    let state = new Set(problem.init.map(atomKey));
    const states = [state];
    const added = [new Set()];
    const deleted = [new Set()];
    plan.forEach((line, index) => {
        const [name, ...args] = parseStep(line);
        const action = domain.actions.get(name);
        if (!action) throw new Error(`step ${index + 1}: unknown action "${name}"`);
        if (action.params.length !== args.length) {
            throw new Error(`step ${index + 1}: "${name}" takes ${action.params.length} arguments`);
        }
        const binding = new Map(action.params.map((p, i) => [p, args[i]]));
        const ground = (atom) => atomKey([atom[0], ...atom.slice(1).map((x) => binding.get(x) ?? x)]);
        const dels = new Set(action.del.map(ground));
        const adds = new Set(action.add.map(ground));
        const next = new Set([...state].filter((a) => !dels.has(a)));
        for (const a of adds) next.add(a);
        added.push(new Set([...adds].filter((a) => !state.has(a))));
        deleted.push(new Set([...dels].filter((a) => state.has(a) && !adds.has(a))));
        state = next;
        states.push(state);
    });
    const staticPredicates = new Set(domain.predicates.filter((p) => !domain.effectPredicates.has(p)));
    return { states, added, deleted, staticPredicates, predicates: domain.predicates };
}
