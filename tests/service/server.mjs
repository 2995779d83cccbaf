// Starts `lazylifted serve` for the service tests and talks to it: the
// binary is $LL_CLI (ctest passes the build's lazylifted, native or
// native-asan), the port a free one (--port 0, read from the first line of
// its stdout). Not a test itself.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
export const repoRoot = path.resolve(here, '..', '..');
export const cli = process.env.LL_CLI ?? path.join(repoRoot, 'build', 'native', 'cli', 'lazylifted');
export const examplesDir = path.join(repoRoot, 'web', 'examples');
export const testDataDir = path.join(repoRoot, 'tests', 'data');

/** Starts the server with `args`; resolves {url, port, host, child, stderr(), stop()}. */
export async function startServer(args = []) {
    const child = spawn(cli, ['serve', '--port', '0', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk) => { stderr += chunk; });
    const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
    const first = await new Promise((resolve, reject) => {
        const lines = readline.createInterface({ input: child.stdout });
        const timer = setTimeout(() => reject(new Error(`serve did not start in 20 s: ${stderr}`)), 20000);
        lines.once('line', (line) => { clearTimeout(timer); resolve(line); });
        exited.then(({ code }) => reject(new Error(`serve exited with ${code}: ${stderr}`)));
    });
    const match = /listening on http:\/\/([^:]+):(\d+)\//.exec(first);
    if (!match) throw new Error(`unexpected first line: ${first}`);
    const [, host, port] = match;
    return {
        host,
        port: Number(port),
        url: `http://${host}:${port}`,
        pid: child.pid,
        stderr: () => stderr,
        /** SIGTERM, then resolves {code, signal, stderr} once it has exited. */
        async stop() {
            child.kill('SIGTERM');
            const timer = setTimeout(() => child.kill('SIGKILL'), 10000);
            const result = await exited;
            clearTimeout(timer);
            return { ...result, stderr };
        },
    };
}

/**
 * One HTTP request with node:http (no keep-alive); resolves {status,
 * headers, text, json}. `body` is a string/Buffer sent as is, or an object
 * sent as JSON.
 */
export function request(url, { method = 'GET', body, contentType = 'application/json', headers = {} } = {}) {
    const data = body === undefined ? undefined
        : (typeof body === 'string' || Buffer.isBuffer(body)) ? body : JSON.stringify(body);
    return new Promise((resolve, reject) => {
        const req = http.request(url, {
            method,
            agent: false,
            headers: {
                ...(data === undefined ? {} : { 'Content-Length': Buffer.byteLength(data) }),
                ...(data === undefined || !contentType ? {} : { 'Content-Type': contentType }),
                ...headers,
            },
        }, (res) => {
            const chunks = [];
            res.on('data', (chunk) => chunks.push(chunk));
            res.on('end', () => {
                const text = Buffer.concat(chunks).toString('utf8');
                let json;
                try { json = JSON.parse(text); } catch { json = undefined; }
                resolve({ status: res.statusCode, headers: res.headers, text, json });
            });
            res.on('error', reject);
        });
        req.on('error', reject);
        if (data !== undefined) req.write(data);
        req.end();
    });
}

export const readExample = (file) => fs.readFileSync(path.join(examplesDir, file), 'utf8');
export const readTask = (...parts) => fs.readFileSync(path.join(testDataDir, 'tasks', ...parts), 'utf8');

/** The bundled examples of the page that finish quickly (web/examples/index.json). */
export function bundledExamples() {
    const index = JSON.parse(fs.readFileSync(path.join(examplesDir, 'index.json'), 'utf8'));
    return index.examples.filter((e) => !e.longSearch).map((e) => ({
        id: e.id,
        domain: readExample(e.domainFile),
        problem: readExample(e.problemFile),
    }));
}

/** `lazylifted validate` on a plan text; returns {ok, output}. */
export function validatePlan(domain, problem, planText) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'll-service-'));
    try {
        fs.writeFileSync(path.join(dir, 'domain.pddl'), domain);
        fs.writeFileSync(path.join(dir, 'problem.pddl'), problem);
        fs.writeFileSync(path.join(dir, 'plan'), planText);
        const run = spawnSync(cli, ['validate', path.join(dir, 'domain.pddl'), path.join(dir, 'problem.pddl'),
                                    path.join(dir, 'plan')], { encoding: 'utf8' });
        return { ok: run.status === 0, output: run.stdout + run.stderr };
    } finally {
        fs.rmSync(dir, { recursive: true, force: true });
    }
}

/** The address a listening TCP socket of `port` is bound to (from /proc/net/tcp*). */
export function listeningAddresses(port) {
    const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
    const found = [];
    for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
        if (!fs.existsSync(file)) continue;
        for (const line of fs.readFileSync(file, 'utf8').split('\n').slice(1)) {
            const fields = line.trim().split(/\s+/);
            if (fields.length < 4 || fields[3] !== '0A') continue;  // 0A: LISTEN
            const [address, portHex] = fields[1].split(':');
            if (portHex === hexPort) found.push(address);
        }
    }
    return found;
}

/** The pids of the live children of `pid` (its search processes), over all its threads. */
export function childPids(pid) {
    const tasks = `/proc/${pid}/task`;
    if (!fs.existsSync(tasks)) return [];
    const pids = [];
    for (const tid of fs.readdirSync(tasks)) {
        try {
            const text = fs.readFileSync(path.join(tasks, tid, 'children'), 'utf8');
            pids.push(...text.trim().split(/\s+/).filter(Boolean).map(Number));
        } catch { /* the thread ended meanwhile */ }
    }
    return pids;
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
