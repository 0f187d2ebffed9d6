// A page test's fake API must answer what the real one does. The portal's client checks each body
// against the route's shared response schema and, in production, keeps the page working on a
// mismatch (spec section 7) — so a fake that drifted from the API would pass unnoticed. Under test
// the client reports every mismatch here instead, and the test that caused it fails.
import type { MalformedResponse } from '../api/malformed-response';

const seen: MalformedResponse[] = [];

/** The client's `onMalformed` under test: remembers the report for `assertNoMalformedAnswers`. */
export function recordMalformedAnswer(report: MalformedResponse): void {
  seen.push(report);
}

/** Throws (failing the test or hook it runs in) when an answer since the last call broke its schema. */
export function assertNoMalformedAnswers(): void {
  const reports = seen.splice(0);
  if (reports.length === 0) return;
  const lines = reports.map(({ title, issues }) => {
    const where = issues.map((issue) => `${issue.path?.map((item) => String(item.key)).join('.') || '(body)'}: ${issue.message}`);
    return `${title}\n    ${where.join('\n    ')}`;
  });
  throw new Error(`The fake API answered bodies that do not match the route's schema:\n  ${lines.join('\n  ')}`);
}
