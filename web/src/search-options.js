// The search configuration in the page and the widget: the core's aliases
// (planner.searchAliases, `default` first) and the overrides the JS API
// takes (search, preferred, novelty). Nothing here knows what an alias
// means: the core resolves it and reports the result (response.config).
// An empty value always means "not set": the request then carries no such
// field and the core's default applies.
import { el } from './format.js';

/** The configuration fields of a solve request, from the page's or the widget's settings. */
export function searchRequestFields({ config = '', search = '', preferred = '', novelty = '' } = {}) {
    const fields = {};
    if (config) fields.config = config;
    if (search === 'eager' || search === 'lazy') fields.search = search;
    if (preferred === 'on' || preferred === 'off') fields.preferred = preferred;
    if (novelty === 'on' || novelty === 'off') fields.novelty = novelty;
    return fields;
}

/**
 * Fills the configuration <select>: one option per alias (`default` has the
 * value '' so that it sends nothing), the description and the key=value text
 * as its tooltip, and `value` kept selected, as an extra "custom" option when
 * it is not an alias (a key=value text from a widget or a link).
 */
export function fillConfigSelect(select, aliases, value = select.value) {
    const known = aliases.length ? aliases
        : [{ name: 'default', text: '', description: 'the planner\'s default configuration' }];
    const options = known.map((alias) => el('option', {
        value: alias.name === 'default' ? '' : alias.name,
        text: alias.name === 'default' ? 'default (recommended)' : alias.name,
        title: [alias.description, alias.text].filter(Boolean).join(' — '),
    }));
    if (value && !known.some((alias) => alias.name === value)) {
        options.push(el('option', { value, text: `custom: ${value}`, title: value }));
    }
    select.replaceChildren(...options);
    select.value = value === 'default' ? '' : value;
    select.title = select.selectedOptions[0]?.title ?? '';
}

/**
 * The heuristic field of a request. hFF without a model and the learned
 * heuristic with one are what the core picks by itself, so they are not
 * sent: a configuration's phases then keep their own heuristics (the
 * default portfolio runs eager GBFS on the model, then lazy GBFS on hFF;
 * an explicit heuristic would replace both). hadd, hmax and goal count are
 * sent.
 */
export function heuristicField(heuristic) {
    return heuristic && !['ff', 'rff', 'wl'].includes(heuristic) ? { heuristic } : {};
}
