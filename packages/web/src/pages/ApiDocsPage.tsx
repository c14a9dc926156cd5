/**
 * /docs/api: the API reference, read from the server's own OpenAPI document (generated from the
 * route table), with examples in curl, Python and JavaScript.
 */
import { PRODUCT_NAME, ROUTES } from '@statemint/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { callApi } from '../api/client';
import { Spinner } from '../components/ui';

interface Operation {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  security?: Array<Record<string, string[]>>;
}
interface OpenApiDoc {
  info: { title: string; description?: string };
  paths: Record<string, Record<string, Operation>>;
}

const base = typeof window === 'undefined' ? 'https://statemint.example' : window.location.origin;

const EXAMPLES: Record<'curl' | 'Python' | 'JavaScript', string> = {
  curl: `# Upload (a retry with the same Idempotency-Key converts and charges once)
curl -s -X POST ${base}/api/files/upload \\
  -H "Authorization: Bearer $STATEMINT_API_KEY" \\
  -H "Idempotency-Key: march-2025-statement" \\
  -F "file=@statement.pdf"
# => {"id":"FILE_ID","status":"processing"}

# Poll until completed or failed
curl -s ${base}/api/files/FILE_ID -H "Authorization: Bearer $STATEMINT_API_KEY"

# Download the spreadsheet
curl -s -o statement.xlsx ${base}/api/files/FILE_ID/download/xlsx \\
  -H "Authorization: Bearer $STATEMINT_API_KEY"`,
  Python: `import os, time, requests

API = "${base}"
headers = {"Authorization": f"Bearer {os.environ['STATEMINT_API_KEY']}"}

with open("statement.pdf", "rb") as f:
    r = requests.post(f"{API}/api/files/upload", headers={**headers, "Idempotency-Key": "march-2025-statement"},
                      files={"file": ("statement.pdf", f)})
r.raise_for_status()
file_id = r.json()["id"]

while True:
    file = requests.get(f"{API}/api/files/{file_id}", headers=headers).json()
    if file["status"] in ("completed", "failed"):
        break
    time.sleep(2)

if file["status"] == "completed":
    xlsx = requests.get(f"{API}/api/files/{file_id}/download/xlsx", headers=headers)
    open("statement.xlsx", "wb").write(xlsx.content)
else:
    print(file["errorCode"], file["errorMessage"])`,
  JavaScript: `import { readFile, writeFile } from 'node:fs/promises';

const API = '${base}';
const headers = { Authorization: \`Bearer \${process.env.STATEMINT_API_KEY}\` };

const form = new FormData();
form.append('file', new Blob([await readFile('statement.pdf')]), 'statement.pdf');
const res = await fetch(\`\${API}/api/files/upload\`, {
  method: 'POST',
  headers: { ...headers, 'Idempotency-Key': 'march-2025-statement' },
  body: form,
});
const { id } = await res.json();

let file;
do {
  await new Promise((r) => setTimeout(r, 2000));
  file = await (await fetch(\`\${API}/api/files/\${id}\`, { headers })).json();
} while (file.status === 'processing');

if (file.status === 'completed') {
  const xlsx = await fetch(\`\${API}/api/files/\${id}/download/xlsx\`, { headers });
  await writeFile('statement.xlsx', Buffer.from(await xlsx.arrayBuffer()));
}`,
};

const WEBHOOK_EXAMPLE = `// Verify a webhook (Node.js): Statemint-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256>
import { createHmac, timingSafeEqual } from 'node:crypto';

function verify(rawBody, header, secret, toleranceSeconds = 300) {
  const { t, v1 } = Object.fromEntries(header.split(',').map((p) => p.split('=')));
  const expected = createHmac('sha256', secret).update(\`\${t}.\${rawBody}\`).digest('hex');
  const fresh = Math.abs(Date.now() / 1000 - Number(t)) <= toleranceSeconds;
  return fresh && timingSafeEqual(Buffer.from(v1, 'hex'), Buffer.from(expected, 'hex'));
}`;

function authLabel(op: Operation): string {
  const schemes = (op.security ?? []).map((s) => Object.keys(s)[0] ?? 'none');
  if (schemes.length === 0) return 'No authentication';
  const parts = [];
  if (schemes.includes('apiKey')) parts.push('API key');
  if (schemes.includes('session')) parts.push('session');
  return `${parts.join(' or ')}${schemes.includes('none') ? ' (optional)' : ''}`;
}

export default function ApiDocsPage() {
  const doc = useQuery({
    queryKey: [ROUTES.openapi.path],
    queryFn: () => callApi(ROUTES.openapi, { auth: false }) as Promise<unknown> as Promise<OpenApiDoc>,
  });
  const [lang, setLang] = useState<keyof typeof EXAMPLES>('curl');
  const byTag = new Map<string, Array<{ method: string; path: string; op: Operation }>>();
  for (const [path, ops] of Object.entries(doc.data?.paths ?? {}))
    for (const [method, op] of Object.entries(ops)) {
      const tag = op.tags?.[0] ?? 'Other';
      byTag.set(tag, [...(byTag.get(tag) ?? []), { method: method.toUpperCase(), path, op }]);
    }
  return (
    <div className="mx-auto max-w-5xl space-y-8 px-4 py-10">
      <header>
        <h1 className="text-3xl font-extrabold tracking-tight">{PRODUCT_NAME} API Reference</h1>
        <p className="mt-2 text-slate-600">
          Create an API key on your settings page (Pro and Business), then send it as{' '}
          <code className="rounded bg-slate-100 px-1">Authorization: Bearer sm_live_…</code>. The machine-readable
          OpenAPI 3.1 document is at{' '}
          <a className="font-semibold text-brand-700 underline" href="/api/openapi.json">
            /api/openapi.json
          </a>
          . Errors are <code className="rounded bg-slate-100 px-1">{'{ "message", "code" }'}</code>.
        </p>
      </header>

      <section aria-label="Examples">
        <h2 className="text-xl font-bold">Convert a statement</h2>
        <div role="tablist" aria-label="Language" className="mt-3 inline-flex rounded-lg bg-slate-100 p-1 text-sm">
          {(Object.keys(EXAMPLES) as Array<keyof typeof EXAMPLES>).map((l) => (
            <button
              key={l}
              type="button"
              role="tab"
              aria-selected={lang === l}
              onClick={() => setLang(l)}
              className={`rounded-md px-3 py-1 font-semibold ${lang === l ? 'bg-white shadow-sm' : 'text-slate-600'}`}
            >
              {l}
            </button>
          ))}
        </div>
        <pre className="mt-3 overflow-x-auto rounded-xl bg-slate-900 p-4 text-xs text-slate-100" data-testid="example">
          {EXAMPLES[lang]}
        </pre>
        <h3 className="mt-6 font-bold">Webhooks</h3>
        <p className="mt-1 text-sm text-slate-600">
          Give a key a webhook URL and receive <code>conversion.completed</code> and <code>conversion.failed</code> for
          the files it uploads. Failed deliveries are retried with backoff; each attempt is in the key's delivery log.
        </p>
        <pre className="mt-3 overflow-x-auto rounded-xl bg-slate-900 p-4 text-xs text-slate-100">{WEBHOOK_EXAMPLE}</pre>
      </section>

      <section aria-label="Endpoints" className="space-y-6">
        <h2 className="text-xl font-bold">Endpoints</h2>
        {doc.isPending && <Spinner label="Loading the API description" />}
        {doc.error && <p role="alert">The API description could not be loaded.</p>}
        {[...byTag.entries()].map(([tag, ops]) => (
          <div key={tag}>
            <h3 className="text-lg font-semibold">{tag}</h3>
            <ul className="mt-2 divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white">
              {ops.map(({ method, path, op }) => (
                <li key={`${method} ${path}`} className="p-3" data-testid="endpoint">
                  <p className="font-mono text-sm">
                    <span className="mr-2 font-bold text-brand-700">{method}</span>
                    {path}
                  </p>
                  <p className="text-sm text-slate-700">{op.summary}</p>
                  {op.description && <p className="text-xs text-slate-500">{op.description}</p>}
                  <p className="text-xs text-slate-500">Auth: {authLabel(op)}</p>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </section>
    </div>
  );
}
