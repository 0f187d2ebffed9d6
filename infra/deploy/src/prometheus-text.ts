// A reader of Prometheus' text exposition format (version 0.0.4), as much of it as the canary judge needs:
// every sample line as a name, its labels and a number. `# HELP` / `# TYPE` lines are skipped, since the judge
// knows the series it asks for by their full names (`x_bucket`, `x_count`).
// Why not the npm package parse-prometheus-text-format: its 1.1.1 (2019, unmaintained) drops the labels
// of histogram series and merges them, so a histogram per release came out as one (its issue #13, PR #8).

/** One sample line: `name{label="value",...} value [timestamp]`. */
export interface Sample {
  name: string;
  labels: Readonly<Record<string, string>>;
  value: number;
}

/** A line that is not in the text format; the scrape is refused as a whole rather than half read. */
export class ExpositionError extends Error {
  constructor(line: number, message: string) {
    super(`line ${line}: ${message}`);
    this.name = 'ExpositionError';
  }
}

const NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*/;
const LABEL_NAME = /^[a-zA-Z_][a-zA-Z0-9_]*/;

/** Every sample of an exposition, in order. Throws `ExpositionError` on a malformed line. */
export function parseExposition(text: string): Sample[] {
  const samples: Sample[] = [];
  text.split('\n').forEach((raw, index) => {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) return;
    samples.push(parseLine(line, index + 1));
  });
  return samples;
}

function parseLine(line: string, lineNumber: number): Sample {
  const fail = (message: string): never => {
    throw new ExpositionError(lineNumber, message);
  };
  const name = NAME.exec(line)?.[0] ?? fail('expected a metric name');
  let rest = line.slice(name.length);
  const labels: Record<string, string> = {};
  if (rest.startsWith('{')) {
    rest = rest.slice(1).trimStart();
    while (!rest.startsWith('}')) {
      const label = LABEL_NAME.exec(rest)?.[0] ?? fail('expected a label name');
      rest = rest.slice(label.length).trimStart();
      if (!rest.startsWith('="')) fail(`expected ="…" after ${label}`);
      const [value, after] = readQuoted(rest.slice(2)) ?? fail(`unterminated value of ${label}`);
      labels[label] = value;
      rest = after.trimStart();
      if (rest.startsWith(',')) rest = rest.slice(1).trimStart();
      else if (!rest.startsWith('}')) fail('expected , or } after a label');
    }
    rest = rest.slice(1);
  }
  const [valueText] = rest.trim().split(/\s+/); // a timestamp may follow; the judge uses its own clock
  const value = parseValue(valueText ?? '') ?? fail(`bad value "${valueText ?? ''}"`);
  return { name, labels, value };
}

/** Reads a label value up to its closing quote, undoing `\\`, `\"` and `\n`; null when unterminated. */
function readQuoted(text: string): [string, string] | null {
  let value = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"') return [value, text.slice(i + 1)];
    if (c === '\\') {
      const next = text[++i];
      value += next === 'n' ? '\n' : (next ?? '');
    } else value += c;
  }
  return null;
}

function parseValue(text: string): number | null {
  if (text === '+Inf' || text === 'Inf') return Infinity;
  if (text === '-Inf') return -Infinity;
  if (text === 'NaN') return NaN;
  const value = Number(text);
  return text !== '' && !Number.isNaN(value) ? value : null;
}
