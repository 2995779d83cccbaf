// Builds the static web front end into web/dist/ (npm run build:web):
//   boot.js                 the editor page's first script: starts the planner early
//   app.js, chunks/         the editor page's script, split: what the page needs
//                           before its first plan is app.js and the chunks it imports
//                           statically; CodeMirror, the editor help and the views are
//                           chunks loaded by import() (CodeMirror and the help preloaded)
//   lazylifted-widget.js    the embeddable <lazylifted-demo> element (one ES module,
//                           built on its own: it shares no chunk with the page)
//   picture-layout-worker.js  the state picture's layout (dagre) worker; recipes/
//   index.html, widget-demo.html, app.css, examples/
// esbuild resolves CodeMirror's bare imports ("@codemirror/view") that a
// browser cannot resolve itself, and minifies. The planner files
// (lazylifted-api.mjs, planner-worker.mjs, lazylifted.{mjs,wasm}) and models/
// are not bundled: the wasm CMake build puts them next to these files in
// build/wasm/site/, and the scripts load them at run time from their own
// folder (boot.js imports ./lazylifted-api.mjs, left external; the others
// use new URL('./lazylifted-api.mjs', import.meta.url)).
// index.html gets <link rel="modulepreload"> for the chunks app.js imports
// statically, <link rel="preload"> for the first example's texts, and the
// sha256 of its inline script (the early planner worker) in its policy (below).
import { build } from 'esbuild';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';

const webDir = path.dirname(fileURLToPath(import.meta.url));
const outDir = path.join(webDir, 'dist');

fs.rmSync(outDir, { recursive: true, force: true });
fs.mkdirSync(outDir, { recursive: true });

// @codemirror/commands creates an Intl.Segmenter for words when it is
// evaluated, for one rarely used command (moving by sub-word over CJK text);
// ICU's word-break setup makes that 30-90 ms of the page's first task. This
// plugin makes it lazy: the same segmenter, created on its first use. The
// build fails if the statement changed (a new @codemirror/commands), so the
// patch is looked at again rather than silently dropped.
const SEGMENTER_EAGER = 'const segmenter = typeof Intl != "undefined" && Intl.Segmenter ?\n' +
    '    /*@__PURE__*/new (Intl.Segmenter)(undefined, { granularity: "word" }) : null;';
const SEGMENTER_LAZY = 'let wordSegmenter = null;\n' +
    'const segmenter = typeof Intl != "undefined" && Intl.Segmenter ? {\n' +
    '    segment: (text) => (wordSegmenter ??= new Intl.Segmenter(undefined, { granularity: "word" })).segment(text),\n' +
    '} : null;';
const lazySegmenter = {
    name: 'lazy-codemirror-segmenter',
    setup(b) {
        b.onLoad({ filter: /[\\/]@codemirror[\\/]commands[\\/]dist[\\/]index\.js$/ }, (args) => {
            const source = fs.readFileSync(args.path, 'utf8');
            if (!source.includes(SEGMENTER_EAGER)) {
                throw new Error(`${args.path}: the Intl.Segmenter statement changed; update lazySegmenter in web/build.mjs`);
            }
            return { contents: source.replace(SEGMENTER_EAGER, SEGMENTER_LAZY), loader: 'js' };
        });
    },
};

const common = {
    plugins: [lazySegmenter],
    outdir: outDir,
    bundle: true,
    format: 'esm',
    minify: true,
    target: ['es2022', 'chrome100', 'firefox100', 'safari15.4'],
    legalComments: 'eof',
    metafile: true,
    logLevel: 'warning',
};
const page = await build({
    ...common,
    entryPoints: { app: path.join(webDir, 'src', 'app.js') },
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
});
const standalone = await build({
    ...common,
    entryPoints: {
        boot: path.join(webDir, 'src', 'boot.js'),
        'lazylifted-widget': path.join(webDir, 'src', 'widget.js'),
        // the state picture's layout worker (dagre), shared by the page and the widget
        'picture-layout-worker': path.join(webDir, 'src', 'views', 'state-picture', 'layout-worker.js'),
    },
    splitting: false,   // each script stands alone: the widget is one file
    external: ['./lazylifted-api.mjs'],  // boot.js: the API next to it on the site
});
const outputs = { ...page.metafile.outputs, ...standalone.metafile.outputs };

for (const file of ['widget-demo.html', 'app.css']) {
    fs.copyFileSync(path.join(webDir, file), path.join(outDir, file));
}
// index.html's <!-- build: preloads -->: the chunks app.js imports
// statically (fetched with app.js, not after it is parsed), CodeMirror and
// the editor help (page/editor-kit.js imports them), and the texts of the first example, which a first visit shows (fetched with the page, not
// after app.js has read examples/index.json: app.js fetches them in any case).
// The editor help (pddl-assist.js) is loaded by import() but needed as the
// editors are made, so it is preloaded too: fetched and parsed with the page,
// evaluated later.
const sitePath = (file) => path.relative(outDir, file).split(path.sep).join('/');
const appOutput = Object.entries(page.metafile.outputs).find(([, o]) => o.entryPoint?.endsWith('app.js'));
// A chunk loaded by import() and the chunks it imports statically.
const dynamicChunk = (source) => {
    const found = Object.entries(page.metafile.outputs).find(([, o]) => o.entryPoint?.endsWith(source));
    if (!found) throw new Error(`no output for ${source}`);
    return [found[0], ...found[1].imports.filter((i) => i.kind === 'import-statement').map((i) => i.path)];
};
const staticChunks = [...new Set([
    ...appOutput[1].imports.filter((i) => i.kind === 'import-statement').map((i) => i.path),
    ...dynamicChunk('src/editor-page.js'),   // the page's code: app.js imports it, evaluated in a task of its own
    ...dynamicChunk('src/editor.js'),        // CodeMirror: evaluated after app.js, in a task of its own
    ...dynamicChunk('src/pddl-assist.js'),
])].map(sitePath);
// V8's explicit compile hint: the chunks that make the editors (CodeMirror and
// editor.js) are compiled whole while they stream in, on a background
// thread, not function by function on the main thread as the first editor
// calls them (30-70 ms of its tasks here, under load).
const EAGER_COMPILE = '//# allFunctionsCalledOnLoad\n';
for (const file of dynamicChunk('src/editor.js')) {
    fs.writeFileSync(file, EAGER_COMPILE + fs.readFileSync(file, 'utf8'));
}
const firstExample = JSON.parse(fs.readFileSync(path.join(webDir, 'examples', 'index.json'), 'utf8')).examples[0];
const preloads = [
    ...staticChunks.map((file) => `<link rel="modulepreload" href="${file}">`),
    ...[firstExample.domainFile, firstExample.problemFile]
        .map((file) => `<link rel="preload" href="examples/${file}" as="fetch" crossorigin>`),
].join('\n');
const html = fs.readFileSync(path.join(webDir, 'index.html'), 'utf8');
if (!html.includes('<!-- build: preloads -->')) throw new Error('web/index.html lacks <!-- build: preloads -->');
fs.writeFileSync(path.join(outDir, 'index.html'),
                 withInlineScriptHashes(html.replace('<!-- build: preloads -->', preloads)));

// The page's Content-Security-Policy allows its inline scripts by their
// hashes only: 'sha256-INLINE-SCRIPTS' becomes the hash of each <script>
// without src (the early planner worker), so an edited script needs no
// hand-made hash and a script added by anyone else still does not run.
function withInlineScriptHashes(text) {
    const token = "'sha256-INLINE-SCRIPTS'";
    if (!text.includes(token)) throw new Error(`web/index.html's policy lacks ${token}`);
    const hashes = [...text.matchAll(/<script>([\s\S]*?)<\/script>/g)]
        .map(([, body]) => `'sha256-${crypto.createHash('sha256').update(body, 'utf8').digest('base64')}'`);
    if (hashes.length === 0) throw new Error('web/index.html has no inline script for its policy');
    return text.replace(token, hashes.join(' '));
}
fs.cpSync(path.join(webDir, 'examples'), path.join(outDir, 'examples'), { recursive: true });
// The state picture's recipes (bundled into the picture's code as well): examples for a widget's recipes=.
fs.cpSync(path.join(webDir, 'recipes'), path.join(outDir, 'recipes'), { recursive: true });

const rows = Object.keys(outputs).filter((file) => !file.endsWith('.map')).map((file) => {
    const bytes = fs.readFileSync(file);
    return { file: path.relative(outDir, file), raw: bytes.length, gzip: zlib.gzipSync(bytes, { level: 9 }).length };
});
for (const { file, raw, gzip } of rows) {
    console.log(`web/dist/${file}: ${(raw / 1024).toFixed(1)} KiB, ${(gzip / 1024).toFixed(1)} KiB gzip`);
}
