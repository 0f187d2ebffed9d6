// Preloaded into the portal instances by the scale bench (NODE_OPTIONS=--import=<this file>): on
// SIGUSR2 the process appends its memory figures as one JSON line to
// $MEMORY_PROBE_DIR/memory-<pid>.jsonl. The heap is only visible from inside the process; nothing
// else changes in it (SIGUSR2 is otherwise unused by Node and the portal).
import { appendFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = process.env.MEMORY_PROBE_DIR;
if (dir) {
  const file = join(dir, `memory-${process.pid}.jsonl`);
  process.on('SIGUSR2', () => {
    const m = process.memoryUsage();
    appendFileSync(file, `${JSON.stringify({ at: Date.now(), rss: m.rss, heapUsed: m.heapUsed, heapTotal: m.heapTotal, external: m.external })}\n`);
  });
}
