// The views of a state that the step view hosts (state-panels.js explains the
// API). A new view is a module exporting a mount function (or a whole panel);
// register it here, e.g.
//   import { mountExplainPanel } from './explain-panel.js';
//   registerStatePanel({ id: 'explain', title: 'Why this h?', mount: mountExplainPanel });
// The explanation and the tree explorer (with their planner client) are
// loaded when first opened: a page that only solves never fetches them.
import { goalsPanel } from './goals-panel.js';
import { registerPageView } from './page-views.js';
import { lazyPanel, registerStatePanel } from './state-panels.js';

registerStatePanel(goalsPanel);
registerStatePanel(lazyPanel({
    id: 'explain', title: 'Why this h?',
    load: () => import('./explain-panel.js').then((m) => m.explainPanel),
}));
registerStatePanel(lazyPanel({
    id: 'partial-tree', title: 'Partial-action tree',
    load: () => import('./tree-explorer.js').then((m) => m.treeExplorer),
}));

// The page views (a tab each, views/page-views.js), loaded when opened.
registerPageView({
    id: 'search', title: 'Search', load: () => import('./search-graph/search-view.js'),
});
registerPageView({
    id: 'compare', title: 'Compare', load: () => import('./compare/compare-view.js'),
});
registerPageView({
    id: 'learn', title: 'Learn', load: () => import('./learn/learn-view.js'),
});

export { registerPageView, registerStatePanel };
