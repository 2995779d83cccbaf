// The views of a state that the step view hosts (state-panels.js explains the
// API). A new view is a module exporting a mount function (or a whole panel);
// register it here, e.g.
//   import { mountExplainPanel } from './explain-panel.js';
//   registerStatePanel({ id: 'explain', title: 'Why this h?', mount: mountExplainPanel });
import { explainPanel } from './explain-panel.js';
import { goalsPanel } from './goals-panel.js';
import { registerStatePanel } from './state-panels.js';
import { treeExplorer } from './tree-explorer.js';

registerStatePanel(goalsPanel);
registerStatePanel(explainPanel);
registerStatePanel(treeExplorer);

export { registerStatePanel };
