// Node tests of the state picture (web/src/views/state-picture/, pure JS,
// no DOM): recipe files, which recipe each domain gets, and the scenes the
// picture model draws (towers, places, grid cells, goal ghosts, the step's
// changes, the summary for states too big to draw, the dagre skeleton).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { pathToFileURL } from 'node:url';

import { repoRoot } from './load-module.mjs';

const web = (file) => pathToFileURL(path.join(repoRoot, 'web', 'src', file)).href;
const { BUNDLED_RECIPES, chooseRecipe, parseRecipes, recipePredicates } = await import(web('views/state-picture/recipes.js'));
const { taskFromTexts, parseAtom } = await import(web('views/state-picture/task.js'));
const { createPictureModel, LIMITS } = await import(web('views/state-picture/model.js'));
const { dagreLayout } = await import(web('views/state-picture/layout.js'));
const { readTree } = await import(web('pddl-outline.js'));
const dagre = (await import('@dagrejs/dagre')).default;

const read = (...parts) => fs.readFileSync(path.join(...parts), 'utf8');
const benchmarks = process.env.LL_BENCHMARKS_DIR ?? path.join(repoRoot, '..', 'shared', 'benchmarks');

// The atoms of a problem's :init and the positive atoms of its :goal (the
// core gives these to the page through planner.trace; here, a small read).
function initAndGoal(problem) {
    const define = readTree(problem).items.find((l) => l.items?.[0]?.text === 'define');
    const section = (key) => define.items.find((l) => l.items?.[0]?.text === key);
    const atomText = (l) => `(${l.items.map((i) => i.text).join(' ')})`;
    const atoms = (l) => (l.items?.every((i) => typeof i.text === 'string') ? [atomText(l)]
        : l.items?.[0]?.text === 'and' ? l.items.slice(1).flatMap(atoms) : []);
    return { init: section(':init').items.slice(1).map(atomText), goal: atoms(section(':goal').items[1]) };
}

// The predicates no action changes (the trace's static flags), from the domain's effects.
function staticNames(domain) {
    const effects = [...domain.matchAll(/:effect([\s\S]*?)(?=\(:action|\(:derived|$)/g)].map((m) => m[1]).join(' ');
    const changed = new Set([...effects.matchAll(/\(\s*([\w-]+)/g)].map((m) => m[1].toLowerCase()));
    const names = [...domain.matchAll(/\(:predicates([\s\S]*?)\)\s*\)\s*(?:\(:|;)/g)];
    return new Set([...domain.toLowerCase().matchAll(/\((\S+)/g)].map((m) => m[1]).filter((p) => !changed.has(p) && names.length));
}

function load(domainFile, problemFile) {
    const domain = read(domainFile);
    const problem = read(problemFile);
    const task = taskFromTexts(domain, problem, staticNames(domain));
    return { task, ...initAndGoal(problem) };
}

const example = (dir, problem) => load(path.join(repoRoot, 'web', 'examples', dir, 'domain.pddl'),
                                       path.join(repoRoot, 'web', 'examples', dir, problem));

test('every recipe file is bundled and well formed', () => {
    const files = fs.readdirSync(path.join(repoRoot, 'web', 'recipes')).filter((f) => f.endsWith('.json'));
    assert.equal(files.length, BUNDLED_RECIPES.length);
    for (const file of files) {
        const recipe = JSON.parse(read(repoRoot, 'web', 'recipes', file));
        assert.ok(BUNDLED_RECIPES.some((r) => r.name === recipe.name), `${file} is bundled`);
        assert.ok(recipePredicates(recipe).length >= 1, file);
    }
    assert.throws(() => parseRecipes('{"name": "x", "kind": "piles"}', 'extra.json'), /"kind" must be one of stacks, places, grid/);
    assert.throws(() => parseRecipes('{"name": "x", "kind": "stacks"}'), /needs "on"/);
    assert.throws(() => parseRecipes('nope', 'extra.json'), /extra\.json: not JSON/);
    assert.equal(parseRecipes('{"recipes": [{"name": "y", "kind": "stacks", "on": "on"}]}').length, 1);
});

test('every bundled example gets its recipe', () => {
    const { examples } = JSON.parse(read(repoRoot, 'web', 'examples', 'index.json'));
    const expected = { blocksworld: 'blocksworld', ferry: 'ferry', floortile: 'floortile', miconic: 'miconic',
                       spanner: 'spanner', warehouse: 'warehouse', briefcase: 'briefcase', roads: 'roads' };
    for (const e of examples) {
        const { task } = load(path.join(repoRoot, 'web', 'examples', e.domainFile), path.join(repoRoot, 'web', 'examples', e.problemFile));
        assert.equal(chooseRecipe(task)?.name, expected[task.name], `${e.id}: domain ${task.name}`);
    }
});

test('recipes are chosen by name and by predicates', () => {
    const domain = (name, preds) => ({ name, predicates: preds.map(([p, arity]) => ({ name: p, arity })) });
    const bw = [['clear', 1], ['on-table', 1], ['arm-empty', 0], ['holding', 1], ['on', 2]];
    assert.equal(chooseRecipe(domain('blocksworld', bw)).name, 'blocksworld');
    assert.equal(chooseRecipe(domain('blocks-4ops', bw)).name, 'blocksworld', 'by its predicates alone');
    assert.equal(chooseRecipe(domain('blocksworld', [['on', 3]])), null, 'a wrong arity rules a recipe out');
    assert.equal(chooseRecipe(domain('mystery', [['craves', 2], ['fears', 2]])), null);
    const roads = [['road', 2], ['at', 2], ['pkg-at', 2], ['in', 2]];
    assert.equal(chooseRecipe(domain('roads', roads)).name, 'roads');
    assert.equal(chooseRecipe(domain('delivery', roads)).name, 'roads', 'the recipe naming more predicates');
    const extra = { name: 'mine', kind: 'stacks', domains: ['blocksworld'], on: 'on' };
    assert.equal(chooseRecipe(domain('blocksworld', bw), [extra, ...BUNDLED_RECIPES]).name, 'mine', 'extra recipes first');
    if (fs.existsSync(benchmarks)) {
        for (const [set, name, recipe] of [['hbf', 'blocksworld', 'blocksworld'], ['ipc23lt', 'sokoban', 'sokoban'],
                                           ['ipc23lt', 'transport', 'transport'], ['hbf', 'transport-dense', 'transport'],
                                           ['ipc23lt', 'floortile', 'floortile'], ['hbf', 'warehouse', 'warehouse']]) {
            const d = read(benchmarks, set, name, 'domain.pddl');
            assert.equal(chooseRecipe(taskFromTexts(d, '(define (problem p))'))?.name, recipe, `${set}/${name}`);
        }
    }
});

const byId = (scene) => new Map(scene.nodes.map((n) => [n.id, n]));

test('stacks: towers bottom up, the moved block marked, the goal towers as ghosts', () => {
    const { task, init, goal } = example('blocksworld', 'swap.pddl');
    const model = createPictureModel({ task, recipe: chooseRecipe(task), initial: init, goal });
    const s0 = byId(model.scene(init));
    assert.ok(s0.get('d').y > s0.get('c').y && s0.get('c').y > s0.get('b').y && s0.get('b').y > s0.get('a').y);
    assert.equal(new Set(['a', 'b', 'c', 'd'].map((b) => s0.get(b).x)).size, 1, 'one tower');
    const ghosts0 = model.scene(init).nodes.filter((n) => n.shape === 'ghost');
    assert.deepEqual(ghosts0.map((n) => n.label), ['a', 'b', 'c', 'd'], 'the goal tower, bottom up, as ghosts');
    assert.ok(ghosts0.every((n) => n.cls === 'goal') && ghosts0[1].y < ghosts0[0].y);
    assert.ok(ghosts0[0].x > s0.get('a').x + s0.get('a').w, 'right of the towers');
    // (unstack a b): a is held, b clear.
    const s1 = init.filter((a) => a !== '(on a b)' && a !== '(clear a)' && a !== '(arm-empty)').concat(['(holding a)', '(clear b)']);
    const scene1 = model.scene(s1, { added: ['(holding a)', '(clear b)'], deleted: ['(on a b)', '(clear a)', '(arm-empty)'] });
    const n1 = byId(scene1);
    assert.match(n1.get('a').cls, /held/);
    assert.match(n1.get('a').cls, /added/);
    assert.ok(n1.get('a').y < n1.get('b').y);
    assert.ok(scene1.edges.some((e) => e.cls === 'deleted' && e.from === 'a' && e.to === 'b'), 'the deleted (on a b)');
    assert.equal(n1.get('d').y, s0.get('d').y, 'the ground stays where it was');
});

test('stacks with bases: warehouse boxes on their bases, badges for to-remove', () => {
    const { task, init, goal } = example('warehouse', 'dispatch.pddl');
    const model = createPictureModel({ task, recipe: chooseRecipe(task), initial: init, goal });
    const scene = model.scene(init);
    assert.ok(scene.nodes.some((n) => n.shape === 'base'));
    assert.ok(scene.nodes.some((n) => n.badges.some((b) => b.text === 'to-remove')));
    for (const o of task.objects) assert.ok(byId(scene).has(o.name), o.name);
});

test('places: ferry cars at islands, the car on board inside the ferry, goal ghosts', () => {
    const { task, init, goal } = example('ferry', 'islands.pddl');
    const model = createPictureModel({ task, recipe: chooseRecipe(task), initial: init, goal });
    assert.equal(model.graph.nodes.length, 4);
    const layout = dagreLayout(model.graph, dagre);
    const s0 = byId(model.scene(init, {}, layout));
    const north = s0.get('p:north');
    for (const thing of ['t:ferry', 't:van', 't:truck']) {
        const n = s0.get(thing);
        assert.ok(n.x >= north.x && n.x + n.w <= north.x + north.w && n.y >= north.y && n.y + n.h <= north.y + north.h, thing);
    }
    assert.ok(s0.has('g:van@south'), 'van belongs at south: a ghost there');
    const boarded = init.filter((a) => a !== '(at van north)' && a !== '(empty-ferry)').concat(['(on van)']);
    const s1 = byId(model.scene(boarded, { added: ['(on van)'], deleted: ['(at van north)'] }, layout));
    assert.ok(s1.get('t:van').x > s1.get('t:ferry').x, 'indented under the ferry');
    assert.match(s1.get('t:van').cls, /added/);
});

test('places: miconic floors as a ladder, served passengers elsewhere', () => {
    const { task, init, goal } = example('miconic', 'office.pddl');
    const model = createPictureModel({ task, recipe: chooseRecipe(task), initial: init, goal });
    const floors = model.graph.nodes.length;
    assert.equal(model.graph.edges.length, floors - 1, 'the covering pairs of above only');
    assert.equal(model.graph.rankdir, 'BT');
    const passenger = task.objects.find((o) => o.type === 'passenger').name;
    const served = init.filter((a) => !a.startsWith(`(origin ${passenger} `)).concat([`(served ${passenger})`]);
    const n = byId(model.scene(served, { added: [`(served ${passenger})`] }, dagreLayout(model.graph, dagre)));
    assert.match(n.get(`t:${passenger}`).cls, /away/);
    assert.ok(n.get(`t:${passenger}`).badges.some((b) => b.text === 'served' && /added/.test(b.cls)));
});

test('grid: floortile tiles placed by up/right, robots in their cells, goal colours as ghosts', () => {
    const { task, init, goal } = example('floortile', 'checkerboard.pddl');
    const model = createPictureModel({ task, recipe: chooseRecipe(task), initial: init, goal });
    const n = byId(model.scene(init));
    assert.ok(n.get('c:t11').y < n.get('c:t01').y, '(up t11 t01): t11 is above');
    assert.ok(n.get('c:t02').x > n.get('c:t01').x, '(right t02 t01): t02 is right');
    assert.equal(n.get('c:t11').x, n.get('c:t01').x);
    const r1 = n.get('t:r1');
    assert.ok(r1.x >= n.get('c:t21').x && r1.x < n.get('c:t21').x + 64);
    assert.equal(n.get('c:t11').ghostFill, 'white');
    const painted = byId(model.scene([...init, '(painted t11 white)'], { added: ['(painted t11 white)'] }));
    assert.equal(painted.get('c:t11').fill, 'white');
    assert.equal(painted.get('c:t11').ghostFill, undefined, 'a met goal is no ghost');
});

test('automatic picture: static relations as the skeleton, atoms as edges and badges', () => {
    const { task, init, goal } = example('spanner', 'corridor.pddl');
    const model = createPictureModel({ task, recipe: null, initial: init, goal });
    assert.ok(model.graph.edges.length >= 2, 'the static links');
    const layout = dagreLayout(model.graph, dagre);
    for (const n of model.graph.nodes) assert.ok(Number.isFinite(layout.pos[n.id].x), n.id);
    const scene = model.scene(init, {}, layout);
    for (const o of task.objects) assert.ok(byId(scene).has(o.name), o.name);
    assert.ok(scene.edges.some((e) => e.label === 'at'), 'dynamic binary atoms as labelled edges');
    assert.ok(scene.nodes.some((n) => n.badges.some((b) => b.text === 'loose')), 'unary atoms as badges');
    assert.ok(scene.edges.some((e) => e.cls === 'goal') || scene.nodes.some((n) => n.badges.some((b) => b.cls === 'goal')));
});

test('big states: 500+ blocks drawn as towers fast; the automatic picture summarises', { skip: !fs.existsSync(benchmarks) }, () => {
    const dir = path.join(benchmarks, 'hbf', 'blocksworld');
    const { task, init, goal } = load(path.join(dir, 'domain.pddl'), path.join(dir, 'testing', 'easy', 'p01.pddl'));
    assert.ok(task.objects.length > 500);
    const model = createPictureModel({ task, recipe: chooseRecipe(task), initial: init, goal });
    const started = performance.now();
    const scene = model.scene(init);
    const ms = performance.now() - started;
    assert.equal(scene.nodes.filter((n) => n.shape === 'block').length, task.objects.length);
    assert.ok(ms < 200, `the scene took ${ms.toFixed(1)} ms`);
    const auto = createPictureModel({ task, recipe: null, initial: init, goal });
    const summary = auto.scene(init).summary;
    assert.match(summary.reason, new RegExp(`more than ${LIMITS.objects}`));
    assert.deepEqual(summary.types, [['object', task.objects.length]]);
    const on = summary.predicates.find(([name]) => name === 'on');
    assert.equal(on[1], init.filter((a) => parseAtom(a).predicate === 'on').length);
});

test('places: gripper\'s grippers go with robby, carrying their balls; logistics cities hold their places', () => {
    const gripperDomain = `(define (domain gripper-strips)
      (:predicates (room ?r) (ball ?b) (gripper ?g) (at-robby ?r) (at ?b ?r) (free ?g) (carry ?o ?g))
      (:action move :parameters (?from ?to) :precondition (and (room ?from) (room ?to) (at-robby ?from))
        :effect (and (at-robby ?to) (not (at-robby ?from))))
      (:action pick :parameters (?obj ?room ?gripper)
        :precondition (and (ball ?obj) (room ?room) (gripper ?gripper) (at ?obj ?room) (at-robby ?room) (free ?gripper))
        :effect (and (carry ?obj ?gripper) (not (at ?obj ?room)) (not (free ?gripper)))))`;
    const gripperProblem = `(define (problem two) (:domain gripper-strips) (:objects rooma roomb ball1 ball2 left right)
      (:init (room rooma) (room roomb) (ball ball1) (ball ball2) (gripper left) (gripper right)
             (at-robby rooma) (at ball1 rooma) (at ball2 rooma) (free left) (free right))
      (:goal (and (at ball1 roomb))))`;
    const task = taskFromTexts(gripperDomain, gripperProblem, staticNames(gripperDomain));
    const recipe = chooseRecipe(task);
    assert.equal(recipe?.name, 'gripper');
    const { init, goal } = initAndGoal(gripperProblem);
    const model = createPictureModel({ task, recipe, initial: init, goal });
    assert.deepEqual(model.graph.nodes.map((n) => n.id), ['rooma', 'roomb']);
    const layout = dagreLayout(model.graph, dagre);
    const state = init.filter((a) => a !== '(at ball1 rooma)' && a !== '(at-robby rooma)' && a !== '(free left)')
        .concat(['(carry ball1 left)', '(at-robby roomb)']);
    const n = byId(model.scene(state, { added: ['(at-robby roomb)'] }, layout));
    const roomb = n.get('p:roomb');
    for (const id of ['t:robby', 't:left', 't:right', 't:ball1']) {
        assert.ok(n.get(id).x >= roomb.x && n.get(id).x < roomb.x + roomb.w, `${id} in roomb`);
    }
    assert.equal(n.get('t:left').shape, 'carrier');
    assert.ok(n.get('t:ball1').x > n.get('t:left').x && n.get('t:ball1').y > n.get('t:left').y, 'ball1 under its gripper');

    const logisticsDomain = `(define (domain logistics) (:requirements :typing)
      (:types truck airplane - vehicle package vehicle - physobj airport location - place city place physobj - object)
      (:predicates (in-city ?loc - place ?city - city) (at ?obj - physobj ?loc - place) (in ?pkg - package ?veh - vehicle))
      (:action load-truck :parameters (?pkg - package ?truck - truck ?loc - place)
        :precondition (and (at ?truck ?loc) (at ?pkg ?loc)) :effect (and (not (at ?pkg ?loc)) (in ?pkg ?truck))))`;
    const logisticsProblem = `(define (problem l) (:domain logistics)
      (:objects c1 c2 - city p1 p2 - location a1 a2 - airport t1 - truck obj1 - package)
      (:init (in-city p1 c1) (in-city a1 c1) (in-city p2 c2) (in-city a2 c2) (at t1 p1) (at obj1 p1))
      (:goal (and (at obj1 p2))))`;
    const lt = taskFromTexts(logisticsDomain, logisticsProblem, staticNames(logisticsDomain));
    assert.equal(chooseRecipe(lt)?.name, 'logistics');
    const lm = createPictureModel({ task: lt, recipe: chooseRecipe(lt), ...(({ init, goal }) => ({ initial: init, goal }))(initAndGoal(logisticsProblem)) });
    assert.deepEqual(lm.graph.nodes.map((x) => x.id), ['a1', 'a2', 'c1', 'c2', 'p1', 'p2']);
    assert.equal(lm.graph.edges.length, 4, 'each place linked to its city');
});
