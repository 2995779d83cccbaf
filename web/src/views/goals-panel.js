// A small built-in state panel: the goal atoms and whether the current state
// holds them. It is also the example of a panel (views/state-panels.js).
import { el } from '../format.js';

export const goalsPanel = {
    id: 'goals',
    title: 'Goals',
    mount(container, context) {
        const draw = ({ trace, state }) => {
            const holds = new Set(state);
            const goals = trace.goals ?? [];
            container.replaceChildren(
                el('div', { class: 'note', text: `${goals.filter((g) => holds.has(g)).length} of ` +
                                                 `${goals.length} goal atoms hold` }),
                el('ul', { class: 'goal-list' }, ...goals.map((goal) => el('li', {
                    class: holds.has(goal) ? 'goal-met' : 'goal-open',
                    text: `${holds.has(goal) ? '✓' : '·'} ${goal}`,
                }))));
        };
        draw(context);
        return { update: draw };
    },
};
