// Data for the shell written into its HTML as `<script type="application/json">`: a data block the
// browser never executes, so the strict Content-Security-Policy (no inline script, decision 016) still
// holds. The JSON must not end the element early: `</script>` or `<!--` inside a string would, so every
// `<` is written as \u003c (and `>` and `&` too, for HTML-aware tools). U+2028 and U+2029 are valid in
// JSON but were line terminators in older JavaScript; escaping them keeps the text safe to eval-free
// parse anywhere. JSON.parse reads all these escapes back to the same characters.

const ESCAPES: Record<string, string> = {
  '<': '\\u003c',
  '>': '\\u003e',
  '&': '\\u0026',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
};

/** JSON text that is safe inside a `<script type="application/json">` element. */
export function jsonForHtml(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => ESCAPES[c]!);
}

/** A `<script type="application/json" id="…">` data block; `id` is a constant of ours, not input. */
export function jsonDataBlock(id: string, value: unknown): string {
  return `<script type="application/json" id="${id}">${jsonForHtml(value)}</script>`;
}
