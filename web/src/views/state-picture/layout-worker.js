// The state picture's layout worker (built on its own into
// picture-layout-worker.js): dagre runs here, never on the page's thread.
import dagre from '@dagrejs/dagre';
import { dagreLayout } from './layout.js';

self.onmessage = ({ data }) => {
    try {
        self.postMessage({ id: data.id, layout: dagreLayout(data.graph, dagre) });
    } catch (error) {
        self.postMessage({ id: data.id, error: error.message });
    }
};
