// State panels: views of the current state in the step view, beside the
// atoms (the heuristic explanation and the partial-action tree explorer are
// two). A panel registers once; the step view shows its title as a closed
// section and mounts it the first time it is opened (so a heavy panel costs
// nothing at page load), then tells it about every step:
//
//   registerStatePanel({
//       id: 'explain', title: 'Why this h?',
//       mount(container, context) {        // container: an empty <div> of the panel
//           ...draw context...
//           return { update(context) {...}, destroy() {...} };  // both optional
//       },
//   });
//
// context (the same object shape for mount and update):
//   domain, problem   the PDDL texts that were solved
//   space             'state' | 'partial'
//   heuristic         'ff' | 'wl' | 'hadd' | 'hmax' | 'goal-count'
//   model             the model's JSON text (learned heuristic), else null
//   plan              the steps, e.g. ['(unstack c a)', ...]
//   step              the current step index (0: the initial state)
//   trace             planner.trace's answer: states, added, deleted, goals, predicates
//   state             trace.states[step]: the atoms of the current state
//   planner           the JS API's Planner (for panels that ask the core)
//
// A panel whose code is big registers as lazyPanel({id, title, load}): its
// module is fetched when the panel is first opened, not with the page.

const panels = new Map();  // id -> {id, title, mount}

export function registerStatePanel({ id, title, mount }) {
    if (!id || typeof mount !== 'function') throw new Error('a state panel needs an id and a mount function');
    panels.set(id, { id, title: title ?? id, mount });
}

/** The registered panels, in registration order. */
export function statePanels() {
    return [...panels.values()];
}

/**
 * A panel whose code is loaded when it is first opened: load() resolves with
 * the panel ({mount}); until then its section says "Loading…". The panel is
 * mounted with the latest context (the step may have changed meanwhile).
 */
export function lazyPanel({ id, title, load }) {
    return {
        id,
        title,
        mount(container, context) {
            let latest = context;
            let panel = null;
            let destroyed = false;
            container.textContent = 'Loading…';
            load().then((loaded) => {
                if (destroyed) return;
                container.replaceChildren();
                panel = loaded.mount(container, latest) ?? {};
            }).catch((error) => {
                if (!destroyed) container.textContent = `This panel failed to load: ${error.message}`;
            });
            return {
                update(next) {
                    latest = next;
                    panel?.update?.(next);
                },
                destroy() {
                    destroyed = true;
                    panel?.destroy?.();
                },
            };
        },
    };
}
