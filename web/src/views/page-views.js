// Page views: views of the whole page's task that are not about one state of
// the plan (the search graph, the comparison of configurations), each a tab
// of the lower area (page/lower-area.js) whose module is loaded by import()
// when the tab first opens:
//
//   registerPageView({ id: 'search', title: 'Search',
//                      load: () => import('./search-graph/search-view.js') });
//
// The module exports mount(container, host) -> {show?(), hide?(), key?(event), destroy?()};
// page/lower-area.js describes host and the keys.

const views = new Map();  // id -> {id, title, load}

export function registerPageView({ id, title, load }) {
    if (!id || typeof load !== 'function') throw new Error('a page view needs an id and a load function');
    views.set(id, { id, title: title ?? id, load });
}

/** The registered page views, in registration order. */
export function pageViews() {
    return [...views.values()];
}
