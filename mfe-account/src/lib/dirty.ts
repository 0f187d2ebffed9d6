/** Whether a form's values differ from what it started with (for the unsaved-changes guard). */
export function isDirty(values: Record<string, unknown>, initial: Record<string, unknown>): boolean {
  return JSON.stringify(values) !== JSON.stringify(initial);
}
