// Builds the static web front end into web/dist/ (npm run build:web):
//   boot.js                 the editor page's first script: starts the planner early
//   app.js                  the editor page's script (CodeMirror + page code, one ES module)
//   lazylifted-widget.js    the embeddable <lazylifted-demo> element (one ES module)
//   index.html, widget-demo.html, app.css, examples/
// esbuild resolves CodeMirror's bare imports ("@codemirror/view") that a
// browser cannot resolve itself, and minifies. The planner files
// (lazylifted-api.mjs, planner-worker.mjs, lazylifted.{mjs,wasm}) and models/
// are not bundled: the wasm CMake build puts them next to these files in
// build/wasm/site/, and both scripts load them at run time from their own
// folder (new URL('./lazylifted-api.mjs', import.meta.url)).
import { build } from 'esbuild';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';

const webDir = path.dirname(fileURLToPath(import.meta.url));
const outDir = path.join(webDir, 'dist');

fs.rmSync(outDir, { recursive: true, force: true });
fs.mkdirSync(outDir, { recursive: true });

const result = await build({
    entryPoints: {
        boot: path.join(webDir, 'src', 'boot.js'),
        app: path.join(webDir, 'src', 'app.js'),
        'lazylifted-widget': path.join(webDir, 'src', 'widget.js'),
    },
    outdir: outDir,
    bundle: true,
    format: 'esm',
    splitting: false,   // each script stands alone: the widget is one file
    minify: true,
    target: ['es2022', 'chrome100', 'firefox100', 'safari15.4'],
    legalComments: 'eof',
    metafile: true,
    logLevel: 'warning',
});

for (const file of ['index.html', 'widget-demo.html', 'app.css']) {
    fs.copyFileSync(path.join(webDir, file), path.join(outDir, file));
}
fs.cpSync(path.join(webDir, 'examples'), path.join(outDir, 'examples'), { recursive: true });

const rows = Object.keys(result.metafile.outputs).map((file) => {
    const bytes = fs.readFileSync(file);
    return { file: path.relative(outDir, file), raw: bytes.length, gzip: zlib.gzipSync(bytes, { level: 9 }).length };
});
for (const { file, raw, gzip } of rows) {
    console.log(`web/dist/${file}: ${(raw / 1024).toFixed(1)} KiB, ${(gzip / 1024).toFixed(1)} KiB gzip`);
}
