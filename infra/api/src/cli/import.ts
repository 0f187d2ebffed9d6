// Streams a CSV or NDJSON file into a bulk import (issue 29):
//   pnpm --filter @portal/api import -- --kind products --file products.csv --url http://localhost:8080 \
//     --client-id … --client-secret … [--job <uuid>]
// The file is read as the upload goes (never whole in memory), with a progress bar by bytes; the
// job's summary and refused lines are printed at the end. Sent again with the same --job, an upload
// resumes after the job's last committed line (decision 049).
import { randomUUID } from 'node:crypto';
import { createReadStream, statSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import { SingleBar, Presets } from 'cli-progress';
import { parse } from 'csv-parse';
import { IMPORT_KINDS } from '@portal/shared/schemas';
import { csvRecord } from './csv-records';

const { values: args } = parseArgs({
  options: {
    kind: { type: 'string' },
    file: { type: 'string' },
    url: { type: 'string', default: 'http://localhost:8080' },
    'client-id': { type: 'string' },
    'client-secret': { type: 'string' },
    job: { type: 'string' },
  },
});

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(2);
}

const kind = args.kind ?? fail(`--kind: one of ${IMPORT_KINDS.join(', ')}`);
if (!(IMPORT_KINDS as readonly string[]).includes(kind)) fail(`--kind: one of ${IMPORT_KINDS.join(', ')}`);
const file = args.file ?? fail('--file: a .csv or .ndjson file');
const base = args.url!.replace(/\/$/, '');
const jobId = args.job ?? randomUUID();

async function token(): Promise<string> {
  const res = await fetch(`${base}/api/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'client_credentials', client_id: args['client-id'] ?? fail('--client-id'), client_secret: args['client-secret'] ?? fail('--client-secret') }),
  });
  if (!res.ok) fail(`token: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

/** The file as NDJSON: CSV rows converted, NDJSON passed through. */
function ndjsonOf(source: Readable): Readable {
  if (!/\.csv$/i.test(file)) return source;
  const toLine = new Transform({
    objectMode: true,
    transform(row: Record<string, string>, _enc, done) {
      done(null, `${JSON.stringify(csvRecord(row))}\n`);
    },
  });
  return source.pipe(parse({ columns: true, bom: true, skip_empty_lines: true, relax_column_count: true })).pipe(toLine);
}

async function upload(bearer: string): Promise<{ status: number; body: string }> {
  const size = statSync(file).size;
  const bar = new SingleBar({ format: `${kind} {bar} {percentage}% | {value}/{total} bytes | {eta_formatted}` }, Presets.shades_classic);
  bar.start(size, 0);
  const source = createReadStream(file);
  source.on('data', (chunk) => bar.increment(chunk.length));
  const url = new URL(`${base}/api/integration/v1/${kind}/bulk`);
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = send(url, { method: 'POST', headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/x-ndjson', 'import-job-id': jobId } }, (res) => {
      let body = '';
      res.setEncoding('utf8').on('data', (c: string) => (body += c)).on('end', () => {
        bar.stop();
        resolve({ status: res.statusCode ?? 0, body });
      });
    });
    req.on('error', (err) => {
      bar.stop();
      reject(err);
    });
    pipeline(ndjsonOf(source), req).catch(reject);
  });
}

const bearer = await token();
process.stdout.write(`job ${jobId} (send again with --job ${jobId} to resume)\n`);
const answer = await upload(bearer);
if (answer.status !== 200) fail(`upload: ${answer.status} ${answer.body}`);
const job = JSON.parse(answer.body) as { status: string; accepted: number; unchanged: number; refused: number; last_committed_line: number };
process.stdout.write(`${job.status}: ${job.accepted} accepted, ${job.unchanged} unchanged, ${job.refused} refused (${job.last_committed_line} lines)\n`);
let after: number | null = 0;
while (after !== null && job.refused > 0) {
  const res = await fetch(`${base}/api/integration/v1/jobs/${jobId}/refusals?after=${after}&limit=1000`, { headers: { authorization: `Bearer ${bearer}` } });
  const page = (await res.json()) as { items: { line: number; code: string; message: string }[]; next_after: number | null };
  for (const r of page.items) process.stdout.write(`  line ${r.line}: ${r.code} ${r.message}\n`);
  after = page.next_after;
}
