// What share of a server's CPU went to one kind of code, read from V8's CPU profile (`--cpu-prof`).
// On a shared machine a rate or a CPU time per answer moves with the other engineers' work by more
// than the few per cent a bench wants to see; the share of a process's own samples that sit under
// some code moves far less: other processes slow every frame alike. A sample counts for a kind when
// a frame of its stack is that kind's, below the first frame of the `boundary` (what the code calls
// is its cost; but a hook that hands on to the framework, `done()`, does not own the rest of the
// answer that the framework then writes from inside it).
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string };
  children?: number[];
}
interface CpuProfile {
  startTime: number;
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

export interface ProfileShares {
  /** Busy time counted (µs): the samples from `fromMicros` on, idle excluded. */
  busyMicros: number;
  /** Per kind, its share of that time (0..1). */
  shares: Record<string, number>;
}

/** The monotonic clock V8 stamps its profiles with (µs): `process.hrtime`'s, the same in every process of the machine. */
export const monotonicMicros = () => Number(process.hrtime.bigint() / 1000n);

/**
 * `fromMicros` (monotonicMicros() in the bench's process): the samples before it are not counted (the
 * server's start, its migrations, the modules it loads on its first requests, the warm-up).
 */
export function profileShares(path: string, kinds: Record<string, RegExp>, fromMicros: number, boundary?: RegExp): ProfileShares {
  const profile = JSON.parse(readFileSync(path, 'utf8')) as CpuProfile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const frameText = (node: ProfileNode) => `${node.callFrame.url} ${node.callFrame.functionName}`;
  /** From the sample's own frame up to the first boundary frame. */
  const stackOf = (id: number) => {
    const stack: string[] = [];
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const frame = frameText(byId.get(at)!);
      if (boundary?.test(frame)) break;
      stack.push(frame);
    }
    return stack;
  };
  const spent = Object.fromEntries(Object.keys(kinds).map((kind) => [kind, 0]));
  let busy = 0;
  let at = profile.startTime;
  profile.samples.forEach((id, i) => {
    const delta = profile.timeDeltas[i] ?? 0;
    at += delta;
    if (at < fromMicros || byId.get(id)!.callFrame.functionName === '(idle)') return;
    const stack = stackOf(id);
    busy += delta;
    for (const [kind, pattern] of Object.entries(kinds)) if (stack.some((frame) => pattern.test(frame))) spent[kind]! += delta;
  });
  return { busyMicros: busy, shares: Object.fromEntries(Object.entries(spent).map(([kind, micros]) => [kind, busy ? micros / busy : 0])) };
}
