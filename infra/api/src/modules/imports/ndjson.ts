// An NDJSON request body as numbered lines, read as the consumer asks for them: `for await` pulls
// from split2's stream, which pulls from the request, so a slow database slows the upload (TCP
// backpressure) instead of buffering it. A line longer than MAX_LINE_CHARS stops the reading.
import type { Readable } from 'node:stream';
import split2 from 'split2';

/** The longest line read (characters): far above any real record, far below a memory problem. */
export const MAX_LINE_CHARS = 1_000_000;

export class LineTooLongError extends Error {
  override name = 'LineTooLongError';
  constructor(readonly lineNo: number) {
    super(`line ${lineNo} is longer than ${MAX_LINE_CHARS} characters`);
  }
}

/** The body's lines with their 1-based numbers (a CR before the LF is dropped). */
export async function* numberedLines(body: Readable): AsyncGenerator<{ lineNo: number; text: string }> {
  const lines = body.pipe(split2(/\r?\n/, { maxLength: MAX_LINE_CHARS }));
  // An error of the request (the client went away) reaches the reader through the line stream.
  body.on('error', (err) => lines.destroy(err));
  let lineNo = 0;
  try {
    for await (const text of lines as AsyncIterable<string>) yield { lineNo: ++lineNo, text };
  } catch (err) {
    if (err instanceof Error && err.message === 'maximum buffer reached') throw new LineTooLongError(lineNo + 1);
    throw err;
  }
}
