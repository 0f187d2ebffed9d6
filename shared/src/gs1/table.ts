// The AI table, looked up by AI: GS1's syntax dictionary as generated into ai-table.generated.ts.
import type { AiRow } from './ai-row';
import { AI_ROWS } from './ai-table.generated';

let byAi: Map<string, AiRow> | undefined;

function index(): Map<string, AiRow> {
  if (byAi) return byAi;
  byAi = new Map();
  for (const row of AI_ROWS) {
    const width = row.ai.length;
    for (let n = Number(row.ai); n <= Number(row.to); n++) byAi.set(String(n).padStart(width, '0'), row);
  }
  return byAi;
}

/** The dictionary's row for one AI (`3103` finds the 3100-3105 row), or undefined. */
export function aiRow(ai: string): AiRow | undefined {
  return index().get(ai);
}

/** Every AI the dictionary knows, ranges spelled out (`3100`, `3101`, ...). */
export function allAis(): string[] {
  return [...index().keys()];
}

/** The AI at the start of `data` (AIs are prefix-free: at most one of 2, 3 or 4 digits matches). */
export function aiAt(data: string, from: number): string | undefined {
  for (const width of [2, 3, 4]) {
    const ai = data.slice(from, from + width);
    if (ai.length === width && /^\d+$/.test(ai) && index().has(ai)) return ai;
  }
  return undefined;
}

/** Whether `ai` matches a dictionary pattern: `31nn`, `392n` or an AI itself. */
export function matchesPattern(ai: string, pattern: string): boolean {
  if (ai.length !== pattern.length) return false;
  for (let i = 0; i < ai.length; i++) if (pattern[i] !== 'n' && pattern[i] !== ai[i]) return false;
  return true;
}

/** The predefined length of a `*` AI (the sum of its fixed components), else null. */
export function predefinedLength(row: AiRow): number | null {
  return row.fixed ? row.spec.reduce((sum, c) => sum + c[2], 0) : null;
}
