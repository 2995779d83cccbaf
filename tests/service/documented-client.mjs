// A minimal client of the two planning-service APIs written only from their
// published descriptions, as VS Code PDDL and the planning.domains editor
// read them (docs/service.md quotes the shapes): no code of ours. It uses
// fetch, as those clients do. Not a test itself.

/**
 * planning.domains sync API: POST {domain, problem} to /solve; the answer is
 * {status: "ok", result: {plan: [{name}], output, cost, length, type}} or
 * {status: "error", result: {error, output}}. Returns {plan: [names]} or {error}.
 */
export async function solveSync(baseUrl, domain, problem) {
    const response = await fetch(`${baseUrl}/solve`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ domain, problem }),
    });
    const body = await response.json();
    if (body.status === 'error') return { error: String(body.result.error), output: body.result.output };
    if (body.status !== 'ok') throw new Error(`unexpected status ${body.status}`);
    if (!Array.isArray(body.result.plan)) throw new Error('result.plan is not a list');
    return { plan: body.result.plan.map((step) => step.name), output: body.result.output };
}

/**
 * planning-as-a-service: GET /package lists packages (name -> manifest with
 * endpoint.services.solve); POST the solve arguments to
 * /package/<name>/solve, get {result: "/check/<id>"}, then poll that URL
 * until status is no longer "PENDING"; a plan is in result.output (one text
 * per plan file), and a failed run has an empty output and a non-empty
 * result.stderr. Returns {planText} or {error}.
 */
export async function solveAsync(baseUrl, domain, problem, { pollMs = 100, timeoutMs = 60000 } = {}) {
    const packages = await (await fetch(`${baseUrl}/package`)).json();
    const name = Object.keys(packages).find((key) => packages[key].endpoint?.services?.solve);
    if (!name) throw new Error('no package with a solve service');
    const args = packages[name].endpoint.services.solve.args.map((arg) => arg.name);
    if (!args.includes('domain') || !args.includes('problem')) throw new Error('solve lacks domain/problem');
    const started = await (await fetch(`${baseUrl}/package/${name}/solve`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ domain, problem }),
    })).json();
    const deadline = Date.now() + timeoutMs;
    for (;;) {
        const body = await (await fetch(`${baseUrl}${started.result}`, { method: 'POST' })).json();
        if (body.status !== 'PENDING') {
            const result = body.result;
            const files = Object.values(result.output);
            if (result.stderr.length > 0 || files.length === 0) return { error: result.stderr, stdout: result.stdout };
            return { planText: files[0], stdout: result.stdout };
        }
        if (Date.now() > deadline) throw new Error('timed out');
        await new Promise((resolve) => setTimeout(resolve, pollMs));
    }
}
