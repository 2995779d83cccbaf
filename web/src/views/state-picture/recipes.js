// Recipes: how to draw the states of a family of domains (docs/state-pictures.md).
// A recipe is plain JSON a teacher can write (web/recipes/*.json, bundled
// here; a widget's recipes= URL adds more). It names the domain's predicates
// that play a role in the picture: `stacks` (on/table/held/base), `places`
// (things at places, things in carriers, static links between places) or
// `grid` (cells positioned by a static adjacency). chooseRecipe picks the one
// whose predicates the domain has with the right arities, preferring a
// recipe that names the domain; without one the picture is automatic.
import blocksworld from '../../../recipes/blocksworld.json' with { type: 'json' };
import briefcase from '../../../recipes/briefcase.json' with { type: 'json' };
import ferry from '../../../recipes/ferry.json' with { type: 'json' };
import floortile from '../../../recipes/floortile.json' with { type: 'json' };
import gripper from '../../../recipes/gripper.json' with { type: 'json' };
import logistics from '../../../recipes/logistics.json' with { type: 'json' };
import miconic from '../../../recipes/miconic.json' with { type: 'json' };
import roads from '../../../recipes/roads.json' with { type: 'json' };
import sokoban from '../../../recipes/sokoban.json' with { type: 'json' };
import spanner from '../../../recipes/spanner.json' with { type: 'json' };
import transport from '../../../recipes/transport.json' with { type: 'json' };
import visitall from '../../../recipes/visitall.json' with { type: 'json' };
import warehouse from '../../../recipes/warehouse.json' with { type: 'json' };

/** The recipes of web/recipes/, in a fixed order. */
export const BUNDLED_RECIPES = [blocksworld, warehouse, ferry, miconic, spanner, briefcase, roads, transport,
                                logistics, gripper, floortile, sokoban, visitall];

export const RECIPE_KINDS = ['stacks', 'places', 'grid'];

// The arity a role entry needs: one more than its highest argument index.
const entryArity = (entry, keys) =>
    1 + Math.max(-1, ...keys.map((k) => entry[k]).filter((v) => typeof v === 'number'));

/**
 * The predicates a recipe names, with the arity each must have: [[name, arity]].
 * Throws on a malformed recipe (a clear message for a teacher's file).
 */
export function recipePredicates(recipe) {
    const where = `recipe ${JSON.stringify(recipe?.name ?? '?')}`;
    if (!recipe || typeof recipe !== 'object') throw new Error('a recipe must be a JSON object');
    if (!RECIPE_KINDS.includes(recipe.kind)) {
        throw new Error(`${where}: "kind" must be one of ${RECIPE_KINDS.join(', ')}`);
    }
    const out = [];
    const one = (name, arity) => { if (name) out.push([String(name).toLowerCase(), arity]); };
    const entries = (key, keys) => {
        for (const entry of recipe[key] ?? []) {
            if (!entry?.predicate) throw new Error(`${where}: every "${key}" entry needs a "predicate"`);
            one(entry.predicate, entryArity(entry, keys));
        }
    };
    if (recipe.kind === 'stacks') {
        if (!recipe.on) throw new Error(`${where}: a stacks recipe needs "on" (a predicate (on ?x ?y))`);
        one(recipe.on, 2); one(recipe.table, 1); one(recipe.held, 1); one(recipe.base, 2);
    } else {
        entries('at', ['thing', 'place']);
        entries('in', ['thing', 'carrier']);
        entries('fill', ['cell', 'value']);
        for (const d of recipe.directions ?? []) one(d.predicate, 2);
        for (const m of recipe.moves ?? []) one(m.predicate, entryArity(m, ['from', 'to', 'direction']));
        for (const name of recipe.links ?? []) one(name, 2);
        for (const name of recipe.away ?? []) one(name, 1);
        for (const name of recipe.marks ?? []) one(name, 1);
        if (recipe.kind === 'places' && !(recipe.at ?? []).length) {
            throw new Error(`${where}: a places recipe needs "at" entries`);
        }
        if (recipe.kind === 'grid' && !recipe.directions?.length && !recipe.moves?.length && !recipe.coordinates) {
            throw new Error(`${where}: a grid recipe needs "directions", "moves" or "coordinates"`);
        }
    }
    return out.filter(([name], i, all) => all.findIndex(([n]) => n === name) === i);
}

/**
 * The recipe for a domain, or null (the automatic picture):
 * domain = {name, predicates: [{name, arity}]}. A recipe applies when every
 * predicate it names exists with that arity and it either lists the domain's
 * name or names at least two predicates. The first recipe listing the name
 * wins (extra recipes come before the bundled ones); else the one naming
 * the most predicates.
 */
export function chooseRecipe(domain, recipes = BUNDLED_RECIPES) {
    const arity = new Map(domain.predicates.map((p) => [p.name.toLowerCase(), p.arity]));
    const name = (domain.name ?? '').toLowerCase();
    let best = null;
    let bestScore = -1;
    for (const recipe of recipes) {
        let needed;
        try { needed = recipePredicates(recipe); } catch { continue; }
        if (!needed.every(([p, k]) => arity.get(p) === k)) continue;
        const named = (recipe.domains ?? []).some((d) => d.toLowerCase() === name);
        if (!named && needed.length < 2) continue;
        const score = named ? 1e6 - recipes.indexOf(recipe) : needed.length;
        if (score > bestScore) { best = recipe; bestScore = score; }
    }
    return best;
}

/** Recipes from a fetched JSON text: one recipe, an array, or {recipes: [...]}; each checked. */
export function parseRecipes(text, source = 'recipes') {
    let data;
    try { data = JSON.parse(text); } catch (error) { throw new Error(`${source}: not JSON (${error.message})`); }
    const list = Array.isArray(data) ? data : Array.isArray(data?.recipes) ? data.recipes : [data];
    for (const recipe of list) recipePredicates(recipe);
    return list;
}
