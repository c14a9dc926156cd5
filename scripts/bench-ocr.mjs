// `node scripts/bench-ocr.mjs [file.pdf] [--pages N] [--engines tesseract,tesseract.js]`
// OCR speed of one conversion on this machine: seconds per scanned page through the engine's OCR
// (image preparation included, every OCR backend installed: the `tesseract` command and
// tesseract.js), beside the bare `tesseract` command line (Debian tesseract-ocr, one process per
// core, OMP_THREAD_LIMIT=1, --psm 6, the same page images) as a ratio; then the whole 10-page scan
// through bin/statemint. Default input: the 10-page scan of ../shared/bench (read-only). Its pages
// are measured as found (their dpi is printed) and again enlarged to 300 dpi when they are below
// it, since the target is per 300-dpi page. CPU seconds are printed too: unlike wall time they
// barely move when something else is using the cores (the load average is printed first).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

const root = join(import.meta.dirname, '..');
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { pages: { type: 'string' }, engines: { type: 'string' } },
});
const file = positionals[0] ?? join(root, '..', 'shared', 'bench', 'corpus', 'perf-a-us-10-page-scan.pdf');
if (!existsSync(file)) {
  console.error(`bench-ocr: ${file} not found`);
  process.exit(2);
}

const { register } = await import('tsx/esm/api');
register();
const { ocrPdfPages, pdfPageImages } = await import('../packages/engine/src/ocr/pdf.ts');
const { ocrEngine, shutdownOcr, tesseractCommandPresent } = await import('../packages/engine/src/ocr/backend.ts');
const sharp = (await import('sharp')).default;
const PDFDocument = (await import('pdfkit')).default;

const cores = availableParallelism();
const hasCli = tesseractCommandPresent();
const engines = values.engines?.split(',') ?? (hasCli ? ['tesseract', 'tesseract.js'] : ['tesseract.js']);
const dir = mkdtempSync(join(tmpdir(), 'bench-ocr-'));

const bytes = new Uint8Array(readFileSync(file));
const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
const probe = await pdfjs.getDocument({ data: bytes.slice(), verbosity: 0 }).promise;
const total = probe.numPages;
const pageWidthPt = (await probe.getPage(1)).getViewport({ scale: 1 }).width;
await probe.destroy();
const count = Math.min(total, Number(values.pages ?? total));
const pages = Array.from({ length: count }, (_, i) => i + 1);

const toPng = (img) =>
  sharp(Buffer.from(img.data), { raw: { width: img.width, height: img.height, channels: 1 } })
    .png()
    .toBuffer();

/** A scanned PDF of these page PNGs, each filling a page `widthPt` points wide. */
async function scannedPdf(pngs, widthPt) {
  const doc = new PDFDocument({ autoFirstPage: false });
  const chunks = [];
  doc.on('data', (c) => chunks.push(c));
  const done = new Promise((resolve) => doc.on('end', resolve));
  for (const png of pngs) {
    const { width, height } = await sharp(png).metadata();
    const heightPt = (widthPt * height) / width;
    doc.addPage({ size: [widthPt, heightPt], margin: 0 });
    doc.image(png, 0, 0, { width: widthPt, height: heightPt });
  }
  doc.end();
  await done;
  return new Uint8Array(Buffer.concat(chunks));
}

/** The bare command on the page PNGs, one process per core: the floor the engine is compared with. */
async function bareCommand(pngs) {
  const files = pngs.map((png, i) => {
    const f = join(dir, `p${i + 1}.png`);
    writeFileSync(f, png);
    return f;
  });
  const cpu0 = cpuNow();
  const started = performance.now();
  let next = 0;
  const lane = async () => {
    while (next < files.length) {
      const f = files[next++];
      await new Promise((resolve, reject) => {
        const p = spawn('tesseract', [f, '-', '--psm', '6'], {
          env: { ...process.env, OMP_THREAD_LIMIT: '1' },
          stdio: 'ignore',
        });
        p.on('error', reject);
        p.on('close', resolve);
      });
    }
  };
  await Promise.all(Array.from({ length: cores }, lane));
  return { sec: (performance.now() - started) / 1000, cpu: cpuNow() - cpu0 };
}

/** CPU seconds of this process and of its finished children (the tesseract processes). */
function cpuNow() {
  const self = process.cpuUsage();
  // Fields 16 and 17 of /proc/PID/stat: cutime and cstime in clock ticks (100 per second on Linux).
  const stat = existsSync('/proc/self/stat') ? readFileSync('/proc/self/stat', 'utf8') : '';
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(f[13]) + Number(f[14]);
  return (self.user + self.system) / 1e6 + (Number.isFinite(ticks) ? ticks / 100 : 0);
}

async function measure(label, pdf, pngs) {
  const { width, height } = await sharp(pngs[0]).metadata();
  console.log(`bench-ocr: ${label}: ${count} pages, ${width}x${height} px, ${cores} cores`);
  const bare = hasCli ? await bareCommand(pngs) : null;
  const cliSec = bare?.sec;
  for (const engine of engines) {
    process.env.STATEMINT_OCR_ENGINE = engine;
    await shutdownOcr();
    // Warm up on one page (a server keeps its workers), then time the document.
    await ocrPdfPages(pdf, [1], { deadline: Date.now() + 600_000 });
    const cpu0 = cpuNow();
    const started = performance.now();
    const result = await ocrPdfPages(pdf, pages, { deadline: Date.now() + 600_000 });
    const sec = (performance.now() - started) / 1000;
    const cpuSec = cpuNow() - cpu0;
    const words = result.reduce((n, p) => n + p.lines.reduce((m, l) => m + l.runs.length, 0), 0);
    const name = (await ocrEngine()).padEnd(12);
    const ratio = cliSec ? `, ${(sec / cliSec).toFixed(2)}x the command` : '';
    console.log(
      `  engine OCR (${name}): ${(sec / count).toFixed(2)} s/page  (${sec.toFixed(1)} s, ${(cpuSec / count).toFixed(2)} CPU s/page, ${words} runs${ratio})`,
    );
  }
  await shutdownOcr();
  delete process.env.STATEMINT_OCR_ENGINE;
  if (bare)
    console.log(
      `  tesseract command (${cores} procs):  ${(bare.sec / count).toFixed(2)} s/page  (${bare.sec.toFixed(1)} s, ${(bare.cpu / count).toFixed(2)} CPU s/page; Debian's models)`,
    );
  else console.log('  tesseract command: not installed (apt-get install tesseract-ocr), no ratio');
}

/** One whole conversion through bin/statemint (start-up, reading, OCR, extraction, JSON). */
function wholeConversion(pdfFile, pageCount) {
  const out = join(dir, 'out');
  const r = spawnSync(
    'bash',
    [
      '-c',
      'TIMEFORMAT="%R %U %S"; time "$0" convert --format json --out-dir "$1" "$2" >/dev/null',
      join(root, 'bin', 'statemint'),
      out,
      pdfFile,
    ],
    { encoding: 'utf8' },
  );
  const [real, user, sys] = (r.stderr.trim().split('\n').at(-1) ?? '').split(' ').map(Number);
  if (r.status !== 0 || !Number.isFinite(real)) {
    console.log(`  bin/statemint convert: failed (${r.stderr.trim().slice(-200)})`);
    return;
  }
  console.log(
    `  bin/statemint convert, whole file: ${real.toFixed(1)} s  (${(user + sys).toFixed(1)} CPU s, ${(real / pageCount).toFixed(2)} s/page, ${pageCount} pages)`,
  );
}

try {
  console.log(
    `bench-ocr: load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')} (wall times need an idle machine)`,
  );
  const images = await pdfPageImages(bytes, pages);
  const dpi = Math.round((images[0].width / pageWidthPt) * 72);
  const pngs = await Promise.all(images.map(toPng));
  await measure(`${file.split('/').pop()} (${dpi} dpi)`, bytes, pngs);
  wholeConversion(file, total);
  if (dpi < 290) {
    const f = 300 / dpi;
    const enlarged = await Promise.all(
      pngs.map((png, i) =>
        sharp(png)
          .resize(Math.round(images[i].width * f), Math.round(images[i].height * f), { kernel: 'lanczos3' })
          .png()
          .toBuffer(),
      ),
    );
    const pdf300 = await scannedPdf(enlarged, pageWidthPt);
    await measure('the same pages enlarged to 300 dpi', pdf300, enlarged);
    const f300 = join(dir, 'scan-300dpi.pdf');
    writeFileSync(f300, pdf300);
    wholeConversion(f300, count);
  }
  console.log('targets: <= 2 s per 300-dpi page with one conversion on 2 cores; the 10-page scan in under 20 s');
} finally {
  rmSync(dir, { recursive: true, force: true });
}
