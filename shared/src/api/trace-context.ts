/**
 * The W3C `traceparent` of one API call (decision 071, amended by 097): a new trace id per call, so
 * that the API's log lines and, when the API keeps it, its trace carry an id the browser made. The
 * flags say "not sampled": the browser records no spans itself, and the API samples such a call at its
 * own ratio (TRACES_SAMPLE_RATIO), so the share of traced calls is the operator's, not the build's.
 */
export function newTraceparent(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  // An all-zero id is invalid (W3C): the last byte of each made nonzero rules it out.
  bytes[15] ||= 1;
  bytes[23] ||= 1;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `00-${hex.slice(0, 32)}-${hex.slice(32)}-00`;
}
