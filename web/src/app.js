// The editor page's script (index.html), tiny on purpose: chromium evaluates
// it in the task that ends the page's parse, with DOMContentLoaded and the
// form controls' first layout (20-70 ms here on a cold load); the page's own
// code (editor-page.js and the chunks it imports, preloaded by index.html) is
// evaluated in a task of its own, so that neither task is a long one.
import('./editor-page.js').catch((error) => {
    const status = document.getElementById('status');
    status.dataset.status = 'error';
    status.textContent = `Could not load the page: ${error.message}`;
});
