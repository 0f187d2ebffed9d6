// Where a punchout may send the buyer back to (issue 34, decision 052): the return URL a setup
// request (BrowserFormPost) or an OCI call (HOOK_URL) names is accepted only as an http(s) URL
// without credentials in it, whose origin is one the procurement identity was configured with; the
// transfer page's form then posts the cart there. Apart from the service so its every branch is
// unit-tested and mutated (issue 40, BENCHMARKS.md).
import type { ProcurementIdentity } from '../identities';

/** The origin of `url` when it is an http(s) URL whose origin the identity allows; null otherwise. */
export function allowedReturn(identity: Pick<ProcurementIdentity, 'returnOrigins'>, url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return null;
  if (parsed.username || parsed.password) return null;
  const allowed = identity.returnOrigins.some((o) => {
    try {
      return new URL(o).origin === parsed.origin;
    } catch {
      return false;
    }
  });
  return allowed ? parsed.origin : null;
}
