// The contract between the gateway and the shell about what the gateway writes into index.html so
// that the first screen needs no request the page could have carried (issue 18, docs/decisions/024
// and 027). The shell uses each piece once when it is there and fetches as before when it is not
// (a dev server's page has none of it).

/** Id of the `<script type="application/json">` block with the registry as this caller sees it. */
export const REGISTRY_BLOCK_ID = 'portal-registry';

/** Id of the data block with the server-managed texts: exactly the body of GET {@link TRANSLATIONS_URL}. */
export const TRANSLATIONS_BLOCK_ID = 'portal-translations';

/** Id of the data block with the route rules of the page's path: a {@link RouteRulesBlock}. */
export const ROUTE_RULES_BLOCK_ID = 'portal-route-rules';

/** Id of the data block with the route's remote manifest: a {@link RemoteManifestBlock}. */
export const REMOTE_MANIFEST_BLOCK_ID = 'portal-remote-manifest';

/** The route rules block: the path they were looked up for, and the body of GET {@link routeRulesUrl}(path). */
export interface RouteRulesBlock {
  path: string;
  rule: unknown;
}

/** The remote manifest block: the manifest's URL as the registry names it, and the manifest (mf-manifest.json). */
export interface RemoteManifestBlock {
  url: string;
  manifest: unknown;
}

/** The server-managed texts (GET /api/v1/translations), which the first render waits for. */
export const TRANSLATIONS_URL = '/api/v1/translations';

/** The route rules of one page path (GET /api/v1/route-rules?path=…), exactly as the shell asks for them. */
export function routeRulesUrl(path: string): string {
  return `/api/v1/route-rules?path=${encodeURIComponent(path)}`;
}

/**
 * The User Timing mark the shell sets when a page's first screen is shown (`afterFirstScreen`): what
 * starts after it is deferred work (the visitor's session, the header's cart count, web vitals), which
 * the first-screen weighing leaves out, so that its figure does not depend on the machine's speed.
 */
export const FIRST_SCREEN_SHOWN_MARK = 'portal:first-screen-shown';
