// The contract between the shell and the remotes: who owns which path, the `./routes` module and the
// dashboard widgets (`./widgets/<id>`).
export * from './mounts';
export {
  FIRST_SCREEN_SHOWN_MARK,
  REGISTRY_BLOCK_ID,
  REMOTE_MANIFEST_BLOCK_ID,
  ROUTE_RULES_BLOCK_ID,
  routeRulesUrl,
  TRANSLATIONS_BLOCK_ID,
  TRANSLATIONS_URL,
  type RemoteManifestBlock,
  type RouteRulesBlock,
} from './first-screen';
export { usePageTitle, usePageTitleOverride } from './page-title';
export { DASHBOARD_WIDGETS, widgetModule, widgetsOf } from './widgets';
export type { DashboardWidget, RemoteWidgetModule } from './widgets';
export type { PageHandle, PortalRoute, Messages, RemoteProviders, RemoteRoutesModule } from './remote-module';
