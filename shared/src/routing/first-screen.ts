// The contract between the gateway and the shell about what the gateway writes into index.html so
// that the first screen's files start downloading in the first round trip after the HTML (issue 18,
// docs/decisions/024). The shell uses each piece when it is there and fetches as before when it is not
// (a dev server's page has none of it).

/** Id of the `<script type="application/json">` block with the registry as this caller sees it. */
export const REGISTRY_BLOCK_ID = 'portal-registry';

/** The server-managed texts (GET /api/v1/translations), which the first render waits for. */
export const TRANSLATIONS_URL = '/api/v1/translations';

/** The route rules of one page path (GET /api/v1/route-rules?path=…), exactly as the shell asks for them. */
export function routeRulesUrl(path: string): string {
  return `/api/v1/route-rules?path=${encodeURIComponent(path)}`;
}
