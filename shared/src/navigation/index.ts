// `@portal/shared/navigation`: the navigation rules of spec section 2 for every bundle (browser only).
export { classifyTarget, REFUSED_PROTOCOLS } from './safe-url';
export type { NavigationTarget } from './safe-url';
export { NAMED_ROUTES, pathOf } from './named-routes';
export type { RouteLocation, RouteName } from './named-routes';
export { guardedReload, RELOAD_GUARD_MS } from './reload-guard';
export type { ReloadStorage } from './reload-guard';
export { isChunkLoadError } from './chunk-error';
export { usePortalNavigate } from './use-portal-navigate';
export type { PortalNavigateOptions } from './use-portal-navigate';
export { useUnsavedChangesGuard } from './use-unsaved-changes-guard';
export { useLocale, localeOfPath } from './use-locale';
