// node scripts/worst-case.mjs [-- --only name,name]
//
// Issue 29's "every worst-case input under 800 MB peak RSS of the whole server": starts the server
// as npm start does (its malloc settings, SQLite, no Redis), uploads each worst-case input as an
// anonymous free trial from an address and device of its own, one at a time, and prints the
// server's peak RSS (its conversion threads included) from the upload's first byte until the file
// has finished, with the outcome. Then the review's worst downloads (`review-downloads`): a CSV of
// 49,000 rows (under the engine's 50,000 lines) converted, saved back as an edited version (its
// whole 11 MB of statements), and every format of that version downloaded (each written on first
// download), a custom CSV column set and a ZIP of one file per statement, one at a time, with the
// server's peak RSS of each. Exits 1 when a peak reaches 800 MB.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { strToU8, zipSync } from 'fflate';
import sharp from 'sharp';
import { root, SERVER_MEMORY_ENV, sleep, spawnAndWait } from './lib/server.mjs';

const { values: args } = parseArgs({ options: { only: { type: 'string' } } });
const LINE = 19_989; // under the engine's 20,000 characters of one line
const SIZE = 9.9e6; // under the upload cap

/** Text of `chars` characters in words, no newline (varied, as a document's text is). */
function words(chars, seed) {
  let s = '';
  let x = seed;
  while (s.length < chars) {
    x = (x * 1103515245 + 12345) % 2 ** 31;
    s += `${x.toString(36)} `;
  }
  return s.slice(0, chars);
}

function longLines() {
  const lines = [];
  for (let i = 0, n = 0; n + LINE + 1 <= SIZE; i++, n += LINE + 1) lines.push(words(LINE, i + 1));
  return Buffer.from(`${lines.join('\n')}\n`);
}

/** `chars` characters of words from a small vocabulary (compresses as a document's text does). */
function plainWords(chars, seed) {
  const vocabulary = ['payment', 'transfer', 'card', 'salary', 'rent', 'fee', 'interest', 'grocery', 'fuel', 'refund'];
  let s = '';
  let x = seed;
  while (s.length < chars) {
    x = (x * 1103515245 + 12345) % 2 ** 31;
    s += `${vocabulary[x % vocabulary.length]} ${x % 1000} `;
  }
  return s.slice(0, chars);
}

function oneLineZip() {
  // The ZIP's limits at their edge: 100 texts of 26 lines of 19,989 characters, 52 MB inflated.
  const entries = {};
  for (let i = 0; i < 100; i++) {
    const lines = Array.from({ length: 26 }, (_, j) => plainWords(LINE, i * 100 + j + 1));
    entries[`lines-${i}.txt`] = strToU8(`${lines.join('\n')}\n`);
  }
  return Buffer.from(zipSync(entries, { level: 9 }));
}

function rtf() {
  const parts = ['{\\rtf1\\ansi\\deff0 {\\fonttbl {\\f0 Arial;}}\n'];
  for (let i = 0, n = 0; n + LINE + 6 <= SIZE; i++, n += LINE + 6) parts.push(`${words(LINE, i + 3)}\\par\n`);
  parts.push('}');
  return Buffer.from(parts.join(''));
}

function docx() {
  const paragraphs = [];
  for (let i = 0; i < 550; i++) paragraphs.push(`<w:p><w:r><w:t>${words(LINE, i + 11)}</w:t></w:r></w:p>`);
  const xml = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${paragraphs.join('')}</w:body></w:document>`;
  return Buffer.from(
    zipSync({
      '[Content_Types].xml': strToU8(
        '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
      ),
      '_rels/.rels': strToU8(
        '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
      ),
      'word/document.xml': strToU8(xml),
    }),
  );
}

async function bigImage(format) {
  // 6,300 x 6,300 = 39.7 megapixels, under the 40 million cap: lines of text on white.
  const side = 6300;
  const rows = [];
  for (let i = 0; i < 120; i++)
    rows.push(
      `<text x="200" y="${200 + i * 50}" font-size="36" font-family="sans-serif">2024-01-${String((i % 28) + 1).padStart(2, '0')}  Payment ${i}  ${(i * 13.37).toFixed(2)}  ${(10000 - i * 13.37).toFixed(2)}</text>`,
    );
  const svg = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${side}" height="${side}"><rect width="100%" height="100%" fill="white"/>${rows.join('')}</svg>`,
  );
  const img = sharp(svg, { limitInputPixels: false });
  return format === 'png' ? img.png().toBuffer() : img.jpeg({ quality: 80 }).toBuffer();
}

const INPUTS = {
  'long-lines.txt': { type: 'text/plain', make: longLines },
  'one-line-texts.zip': { type: 'application/zip', make: oneLineZip },
  'long-lines.rtf': { type: 'application/rtf', make: rtf },
  'long-paragraphs.docx': {
    type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    make: docx,
  },
  '39.7-megapixels.png': { type: 'image/png', make: () => bigImage('png') },
  '39.7-megapixels.jpg': { type: 'image/jpeg', make: () => bigImage('jpg') },
};

function rssMb(pid) {
  const m = readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/);
  return m ? Number(m[1]) / 1024 : 0;
}

const only = args.only ? new Set(args.only.split(',')) : null;
const REVIEW_ROWS = 49_000;
const OUTPUT_FORMATS = ['xlsx', 'csv', 'json', 'xml', 'txt', 'html', 'ofx', 'qfx', 'qbo', 'qif', 'iif'];

/** Runs `task` while sampling the server's RSS; answers [its result, the RSS before, the peak]. */
async function measured(pid, task) {
  const before = rssMb(pid);
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMb(pid));
  }, 25);
  try {
    const result = await task();
    peak = Math.max(peak, rssMb(pid));
    return [result, before, peak];
  } finally {
    clearInterval(sampler);
  }
}

async function waitForFile(url, id, capability) {
  for (;;) {
    const record = await (
      await fetch(`${url}/api/files/${id}`, { headers: { 'x-file-capability': capability } })
    ).json();
    if (record.status !== 'processing') return record;
    await sleep(200);
  }
}

/** The review's downloads of an edited version of REVIEW_ROWS rows; answers how many peaks reached 800 MB. */
async function reviewDownloads(url, pid) {
  const { register } = await import('tsx/esm/api');
  register();
  const { sampleCsvStatement } = await import('../packages/server/src/files/sample-statements.ts');
  const form = new FormData();
  form.append('email', 'worst-review@example.com');
  form.append('file', new Blob([sampleCsvStatement(REVIEW_ROWS)], { type: 'text/csv' }), 'review.csv');
  const up = await fetch(`${url}/api/files/upload-free-trial`, {
    method: 'POST',
    body: form,
    headers: { 'x-forwarded-for': '2001:db8:77:ff::1', 'x-device-fingerprint': 'worst-device-review' },
  });
  const { id, capability } = await up.json();
  const record = await waitForFile(url, id, capability);
  if (record.status !== 'completed') {
    console.log(`review-downloads: the ${REVIEW_ROWS}-row CSV ${record.status} ${record.errorCode ?? ''}`);
    return 1;
  }
  const got = await (
    await fetch(`${url}/api/files/${id}/statements`, { headers: { 'x-file-capability': capability } })
  ).json();
  const body = JSON.stringify({ baseVersion: got.version, statements: got.statements });
  const [saved, sBefore, sPeak] = await measured(pid, () =>
    fetch(`${url}/api/files/${id}/statements`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', 'x-file-capability': capability },
      body,
    }),
  );
  console.log(
    `${'review save'.padEnd(24)} ${(body.length / 1e6).toFixed(2).padStart(6)} MB: ${saved.status}; server RSS ${sBefore.toFixed(0)} -> peak ${sPeak.toFixed(0)} MB${sPeak >= 800 ? '  OVER 800' : ''}`,
  );
  let over = sPeak >= 800 ? 1 : 0;
  const queries = [
    ...OUTPUT_FORMATS.map((f) => `format=${f}`),
    'format=csv&preset=simple',
    'format=csv&split=1',
    'format=xlsx&split=1',
  ];
  for (const query of queries) {
    const t0 = performance.now();
    const [[status, size], before, peak] = await measured(pid, async () => {
      const res = await fetch(`${url}/api/download-free/${id}?${query}`, {
        headers: { 'x-file-capability': capability },
      });
      const bytes = await res.arrayBuffer();
      return [res.status, bytes.byteLength];
    });
    const s = ((performance.now() - t0) / 1000).toFixed(1);
    console.log(
      `${`review ${query}`.padEnd(24)} ${(size / 1e6).toFixed(2).padStart(6)} MB: ${status} in ${s} s; server RSS ${before.toFixed(0)} -> peak ${peak.toFixed(0)} MB${peak >= 800 ? '  OVER 800' : ''}`,
    );
    if (peak >= 800 || status !== 200) over++;
  }
  return over;
}
const dataDir = mkdtempSync(join(tmpdir(), 'statemint-worst-'));
const server = await spawnAndWait(
  [join(root, 'scripts/start-server.mjs')],
  {
    DATA_DIR: dataDir,
    TRUST_PROXY: 'loopback',
    DATABASE_URL: '',
    REDIS_URL: '',
    LOG_LEVEL: 'warn',
    ...SERVER_MEMORY_ENV,
  },
  '/api/health',
);
let over = 0;
try {
  let n = 0;
  for (const [name, input] of Object.entries(INPUTS)) {
    if (only && !only.has(name)) continue;
    n++;
    const bytes = await input.make();
    const before = rssMb(server.proc.pid);
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, rssMb(server.proc.pid));
    }, 25);
    const t0 = performance.now();
    const form = new FormData();
    form.append('email', `worst-${n}@example.com`);
    form.append('file', new Blob([bytes], { type: input.type }), name);
    const res = await fetch(`${server.url}/api/files/upload-free-trial`, {
      method: 'POST',
      body: form,
      headers: { 'x-forwarded-for': `2001:db8:77:${n.toString(16)}::1`, 'x-device-fingerprint': `worst-device-${n}` },
    });
    const body = await res.json().catch(() => ({}));
    let outcome = `${res.status} ${body.code ?? ''}`;
    if (res.status === 201) {
      for (;;) {
        const record = await (
          await fetch(`${server.url}/api/files/${body.id}`, { headers: { 'x-file-capability': body.capability } })
        ).json();
        if (record.status !== 'processing') {
          outcome =
            record.status === 'failed'
              ? `failed ${record.errorCode}`
              : `${record.status} (${record.transactionCount} rows)`;
          break;
        }
        await sleep(100);
      }
    }
    clearInterval(sampler);
    const s = ((performance.now() - t0) / 1000).toFixed(1);
    console.log(
      `${name.padEnd(24)} ${(bytes.length / 1e6).toFixed(2).padStart(6)} MB: ${outcome} in ${s} s; server RSS ${before.toFixed(0)} -> peak ${peak.toFixed(0)} MB${peak >= 800 ? '  OVER 800' : ''}`,
    );
    if (peak >= 800) over++;
  }
  if (!only || only.has('review-downloads')) over += await reviewDownloads(server.url, server.proc.pid);
} finally {
  server.proc.kill('SIGTERM');
  await new Promise((r) => server.proc.once('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(over ? 1 : 0);
