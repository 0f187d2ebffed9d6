// The HTTP examples of a guide (docs/*.md), read as the guide shows them to a person: a ```http
// block is a request (method and URL, headers, a blank line, the body), and a ```http block that
// starts with `HTTP/1.1 <status>` right after it is the answer it gets. `{{name}}` in a request is
// a value an earlier answer gave (`{{$uuid}}` a new UUID, `{{$today}}` today's date); in an answer,
// `{{name}}` takes the value found there (again for a name already known: a new token replaces the last), "…" stands for any value, a string ending in "…" for any
// string that starts so, and an array ending in "…" for one that starts with the items before it.
// Keys an answer does not show are not checked.
import { randomUUID } from 'node:crypto';

export interface GuideRequest {
  /** The section the example is in, for the test's name. */
  section: string;
  method: string;
  /** Path and query, without the origin the guide shows (`http://localhost:8080`). */
  url: string;
  headers: Record<string, string>;
  body: string;
  expected?: { status: number; body: string };
}

const FENCE = /^```http\n([\s\S]*?)^```$/gm;
const REQUEST_LINE = /^(GET|POST|PUT|PATCH|DELETE) (\S+)$/;
const STATUS_LINE = /^HTTP\/[\d.]+ (\d{3})\b/;
const ANY = '…';

/** The requests of a guide in the order it shows them, each with the answer it shows after it. */
export function parseHttpExamples(markdown: string): GuideRequest[] {
  const requests: GuideRequest[] = [];
  for (const match of markdown.matchAll(FENCE)) {
    const section = [...markdown.slice(0, match.index).matchAll(/^#+ (.+)$/gm)].at(-1)?.[1] ?? '';
    const [head = '', ...rest] = match[1]!.split('\n');
    const blank = rest.findIndex((line) => line.trim() === '');
    const headerLines = blank === -1 ? rest : rest.slice(0, blank);
    const body = blank === -1 ? '' : rest.slice(blank + 1).join('\n').trim();
    const status = STATUS_LINE.exec(head);
    if (status) {
      const last = requests.at(-1);
      if (!last || last.expected) throw new Error(`an answer without its request in "${section}": ${head}`);
      last.expected = { status: Number(status[1]), body };
      continue;
    }
    const request = REQUEST_LINE.exec(head);
    if (!request) throw new Error(`a \`\`\`http block that is neither a request nor an answer in "${section}": ${head}`);
    const headers: Record<string, string> = {};
    for (const line of headerLines) {
      const colon = line.indexOf(':');
      headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
    }
    requests.push({ section, method: request[1]!, url: request[2]!.replace(/^https?:\/\/[^/]+/, ''), headers, body });
  }
  return requests;
}

/** Replaces `{{name}}` with what the walk-through learnt so far; a name it has not learnt is the guide's mistake. */
export function fill(text: string, vars: Record<string, string>): string {
  return text.replace(/\{\{(\$?\w+)\}\}/g, (_, name: string) => {
    if (name === '$uuid') return randomUUID();
    if (name === '$today') return new Date().toISOString().slice(0, 10);
    const value = vars[name];
    if (value === undefined) throw new Error(`{{${name}}} is used before an answer gives it`);
    return value;
  });
}

/**
 * What differs between the answer the guide shows and the actual one (empty: it matches), taking
 * the values of `{{name}}` into `vars`.
 */
export function compareAnswer(expected: unknown, actual: unknown, vars: Record<string, string>, path = '$'): string[] {
  if (expected === ANY) return actual === undefined ? [`${path}: missing`] : [];
  if (typeof expected === 'string') {
    const capture = /^\{\{(\w+)\}\}$/.exec(expected);
    if (capture) {
      if (actual === undefined || actual === null) return [`${path}: missing (for {{${capture[1]}}})`];
      vars[capture[1]!] = String(actual);
      return [];
    }
    if (expected.endsWith(ANY) && typeof actual === 'string') {
      return actual.startsWith(expected.slice(0, -1)) ? [] : [`${path}: ${JSON.stringify(actual)} does not start with ${JSON.stringify(expected.slice(0, -1))}`];
    }
  }
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual)) return [`${path}: expected an array, got ${JSON.stringify(actual)}`];
    const open = expected.at(-1) === ANY;
    const items = open ? expected.slice(0, -1) : expected;
    if (open ? actual.length < items.length : actual.length !== items.length) {
      return [`${path}: expected ${open ? 'at least ' : ''}${items.length} items, got ${actual.length}`];
    }
    return items.flatMap((item, i) => compareAnswer(item, actual[i], vars, `${path}[${i}]`));
  }
  if (expected !== null && typeof expected === 'object') {
    if (actual === null || typeof actual !== 'object') return [`${path}: expected an object, got ${JSON.stringify(actual)}`];
    return Object.entries(expected).flatMap(([key, value]) => compareAnswer(value, (actual as Record<string, unknown>)[key], vars, `${path}.${key}`));
  }
  return Object.is(expected, actual) ? [] : [`${path}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`];
}
