// The lower area of the editor page: the views of a result in tabs beside
// the plan, with the splitters that give them room.
//
// Tabs, in order: State (the step view's atoms and the picture slot), one tab
// per registered state panel (views/state-panels.js: Goals, Why this h?,
// Partial-action tree), then the page views (views/page-views.js: the search
// graph, the comparison of configurations). A state panel is mounted the first
// time its tab opens with a trace to show, and told about the step only while
// its tab is open (a hidden explanation asks the worker nothing). A page view
// is a module loaded by import() when its tab first opens (views/page-views.js),
// mounted with mount(container, host), where host = {store, pageTexts(),
// settings(), modelText(value), currentDomainName(), showError(error),
// hideError(), and the models trained here: addTrainedModel(text, summary),
// useTrainedModel(entry), downloadTrainedModel(entry), removeTrainedModel(id)}; its key(event) gets the ←/→ keys while its
// tab is open and the focus is in the lower area (the search replay steps
// with them) and returns true when it used one.
// Elsewhere (not in an editor or a form field) ←/→ step through the plan.
// The two splitters (editors | views, plan | views) are dragged or moved with
// the arrow keys while focused; their sizes are kept in localStorage.
import { el } from '../format.js';
import { pageViews } from '../views/page-views.js';
import { statePanels } from '../views/state-panels.js';
import { ui } from './dom.js';
import {
    currentDomainName, downloadTrainedModel, forgetTrainedModel, modelText, useTrainedModel,
} from './models.js';
import { hideError, showError } from './result-view.js';
import { scheduleSave } from './session-sync.js';
import { settings } from './solving.js';
import { currentStep, panelContext, showStep } from './step-view.js';
import { pageTexts, store } from './store.js';
import { addTrainedModel } from './trained-models.js';

const LAYOUT_KEY = 'lazylifted.layout.v1';
const NO_RESULT = 'Solve a task: this view follows the steps of its plan.';

const tabs = new Map();  // id -> {id, kind: 'state'|'panel'|'view', button, panel, body, ...}

function selectTab(id, { focus = false } = {}) {
    const tab = tabs.get(id) ?? tabs.get('state');
    const previous = tabs.get(store.get().lowerTab);
    if (previous && previous !== tab && previous.kind === 'view') previous.instance?.hide?.();
    for (const other of tabs.values()) {
        const selected = other === tab;
        other.button.setAttribute('aria-selected', String(selected));
        other.button.tabIndex = selected ? 0 : -1;
        other.panel.hidden = !selected;
    }
    // The plan's stepper and step label belong to the tabs that follow the plan.
    ui.stepLabel.hidden = tab.kind === 'view';
    ui.stepFirst.parentElement.hidden = tab.kind === 'view';
    store.set({ lowerTab: tab.id });
    if (focus) tab.button.focus();
    if (tab.kind === 'panel') refreshPanel(tab);
    if (tab.kind === 'view') openView(tab);
}

// A state panel's tab: mounted with the current result's context, or told
// the step it missed while hidden.
function refreshPanel(tab) {
    const { result } = store.get();
    if (!result?.trace) {
        destroyPanel(tab);
        tab.body.replaceChildren(el('p', { class: 'empty', text: NO_RESULT }));
        return;
    }
    const context = panelContext(result);
    if (!tab.instance) {
        tab.body.replaceChildren();
        try {
            tab.instance = tab.source.mount(tab.body, context) ?? {};
        } catch (error) {
            tab.instance = {};
            tab.body.replaceChildren(el('p', { class: 'note', text: `This panel failed: ${error.message}` }));
        }
    } else if (tab.shownStep !== result.step) {
        tab.instance.update?.(context);
    }
    tab.shownStep = result.step;
}

function destroyPanel(tab) {
    tab.instance?.destroy?.();
    tab.instance = null;
    tab.shownStep = null;
}

function viewHost() {
    return {
        store, pageTexts, settings, modelText, currentDomainName, showError, hideError, addTrainedModel,
        downloadTrainedModel,
        useTrainedModel: (entry) => {
            useTrainedModel(entry);
            scheduleSave();
        },
        removeTrainedModel: (id) => {
            forgetTrainedModel(id);
            scheduleSave();
        },
    };
}

async function openView(tab) {
    if (tab.instance) {
        tab.instance.show?.();
        return;
    }
    if (tab.loading) return;
    tab.body.replaceChildren(el('p', { class: 'note', text: 'Loading…' }));
    tab.loading = tab.source.load().then((module) => {
        tab.body.replaceChildren();
        tab.instance = module.mount(tab.body, viewHost()) ?? {};
        if (store.get().lowerTab === tab.id) tab.instance.show?.();
        else tab.instance.hide?.();
    }).catch((error) => {
        tab.loading = null;
        tab.body.replaceChildren(el('p', { class: 'note warn', text: `This view failed to load: ${error.message}` }));
    });
}

function addTab(id, title, kind, source) {
    const button = el('button', { type: 'button', role: 'tab', id: `tab-${id}`, 'aria-controls': `panel-${id}`,
                                  'aria-selected': 'false', tabindex: '-1', dataset: { tab: id }, text: title });
    const body = el('div', { class: 'state-panel-body' });
    const panel = el('div', { class: 'tab-panel', role: 'tabpanel', id: `panel-${id}`, 'aria-labelledby': `tab-${id}`,
                              dataset: { panel: id }, hidden: true }, body);
    ui.lowerTabs.append(button);
    ui.lowerArea.append(panel);
    tabs.set(id, { id, kind, button, panel, body, source, instance: null, shownStep: null, loading: null });
}

function buildTabs() {
    const stateButton = ui.lowerTabs.querySelector('[data-tab="state"]');
    tabs.set('state', { id: 'state', kind: 'state', button: stateButton,
                        panel: document.getElementById('panel-state') });
    for (const panel of statePanels()) addTab(panel.id, panel.title, 'panel', panel);
    for (const view of pageViews()) addTab(view.id, view.title, 'view', view);
    ui.lowerTabs.addEventListener('click', (event) => {
        const button = event.target.closest('[role="tab"]');
        if (button) selectTab(button.dataset.tab);
    });
}

// A new result (or none) unmounts the panels; a new step reaches the open one.
function followResult(state, patch) {
    if (!('result' in patch)) return;
    const result = state.result;
    const key = result?.trace ? result.id : null;
    for (const tab of tabs.values()) {
        if (tab.kind !== 'panel') continue;
        if (tab.resultKey !== key) {
            destroyPanel(tab);
            tab.resultKey = key;
            tab.body.replaceChildren();
        }
    }
    const open = tabs.get(state.lowerTab);
    if (open?.kind === 'panel') refreshPanel(open);
}

// ←/→ outside editors and form fields: the open view's own stepping when the
// focus is in the lower area and the view takes the key, else the plan's.
function isTextTarget(target) {
    return Boolean(target?.closest?.('.cm-editor, input, select, textarea, [contenteditable="true"]'));
}

function onKey(event) {
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    if (isTextTarget(event.target)) return;
    const open = tabs.get(store.get().lowerTab);
    if (open?.kind === 'view' && ui.lowerArea.contains(document.activeElement) && open.instance?.key?.(event)) {
        event.preventDefault();
        return;
    }
    if (!store.get().result?.trace) return;
    showStep(currentStep() + (event.key === 'ArrowRight' ? 1 : -1));
    event.preventDefault();
}

// The splitters. Sizes in px: the editors' row height, the plan's width.
function loadLayout() {
    try {
        return JSON.parse(localStorage.getItem(LAYOUT_KEY) ?? '{}') ?? {};
    } catch {
        return {};
    }
}

function applyLayout(layout) {
    const root = ui.bottom.parentElement;
    if (layout.editorsHeight) root.style.setProperty('--editors-height', `${layout.editorsHeight}px`);
    else root.style.removeProperty('--editors-height');
    if (layout.planWidth) ui.bottom.style.setProperty('--plan-width', `${layout.planWidth}px`);
    else ui.bottom.style.removeProperty('--plan-width');
}

function saveLayout(layout) {
    applyLayout(layout);
    try {
        localStorage.setItem(LAYOUT_KEY, JSON.stringify(layout));
    } catch {
        /* storage refused: the size lasts for this page */
    }
}

function wireSplitter(splitter, { measure, clamp, key, step, keys }) {
    const set = (value) => saveLayout({ ...loadLayout(), [key]: Math.round(clamp(value)) });
    splitter.addEventListener('pointerdown', (event) => {
        event.preventDefault();
        splitter.setPointerCapture(event.pointerId);
        splitter.classList.add('dragging');
        const move = (e) => set(measure(e));
        const up = () => {
            splitter.classList.remove('dragging');
            splitter.removeEventListener('pointermove', move);
            splitter.removeEventListener('pointerup', up);
        };
        splitter.addEventListener('pointermove', move);
        splitter.addEventListener('pointerup', up);
    });
    splitter.addEventListener('keydown', (event) => {
        const sign = event.key === keys[0] ? -1 : event.key === keys[1] ? 1 : 0;
        if (!sign) return;
        event.preventDefault();
        set(current(key) + sign * step);
    });
    splitter.addEventListener('dblclick', () => saveLayout({ ...loadLayout(), [key]: undefined }));
}

function current(key) {
    if (key === 'editorsHeight') return ui.domainEditor.parentElement.getBoundingClientRect().height;
    return ui.bottom.querySelector('.pane-plan').getBoundingClientRect().width;
}

function wireSplitters() {
    applyLayout(loadLayout());
    wireSplitter(ui.rowSplitter, {
        key: 'editorsHeight', step: 24, keys: ['ArrowUp', 'ArrowDown'],
        measure: (e) => e.clientY - ui.domainEditor.parentElement.getBoundingClientRect().top - 5,
        clamp: (h) => Math.max(180, Math.min(window.innerHeight - 320, h)),
    });
    wireSplitter(ui.planSplitter, {
        key: 'planWidth', step: 24, keys: ['ArrowLeft', 'ArrowRight'],
        measure: (e) => e.clientX - ui.bottom.getBoundingClientRect().left - 5,
        clamp: (w) => Math.max(160, Math.min(ui.bottom.getBoundingClientRect().width - 420, w)),
    });
}

export function wireLowerArea() {
    buildTabs();
    selectTab('state');
    store.subscribe(followResult);
    document.addEventListener('keydown', onKey);
    wireSplitters();
}

/** Opens a tab by id ('state', a state panel's id, 'search', 'compare'). */
export { selectTab };
