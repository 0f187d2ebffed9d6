// Preloaded into the portal instances by the scale bench (NODE_OPTIONS=--import=<this file>): every
// 250 ms the process writes its memory figures as JSON to $MEMORY_PROBE_DIR/memory-<pid>.json. The
// heap is only visible from inside the process. (Not a signal: the gateway's close-with-grace takes
// SIGUSR2 as a shutdown request.) The timer is unref'd: it never keeps the process alive.
import { renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = process.env.MEMORY_PROBE_DIR;
if (dir) {
  const file = join(dir, `memory-${process.pid}.json`);
  setInterval(() => {
    const m = process.memoryUsage();
    // Written aside and renamed: a reader never sees half a file.
    writeFileSync(`${file}.tmp`, JSON.stringify({ at: Date.now(), rss: m.rss, heapUsed: m.heapUsed, heapTotal: m.heapTotal, external: m.external }));
    renameSync(`${file}.tmp`, file);
  }, 250).unref();
}
