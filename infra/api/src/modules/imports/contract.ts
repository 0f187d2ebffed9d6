// What the imports owner offers the other owners (decision 065): its ports, as types. Another owner
// imports this file's types only; the composition root (app.ts) hands it the implementation.

/** What became of one imported line (decision 049): `unchanged` when the stored version was as new or newer. */
export type ImportOutcome = { lineNo: number; result: 'applied' | 'unchanged' } | { lineNo: number; result: 'refused'; code: string; message: string };
