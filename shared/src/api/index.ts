// Public entry of `@portal/shared/api`: the HTTP client core of spec section 7.
export { createApiClient, DEFAULT_API_BASE_URL, DEFAULT_API_PREFIX } from './api-client';
export type {
  ApiClient,
  ApiClientOptions,
  BlobRequestOptions,
  RequestFn,
  RequestOptions,
  ResponseOf,
  ResponseSchema,
} from './api-client';
export { ApiError, isApiError, NETWORK_ERROR_CODE } from './api-error';
export type { ApiErrorInit } from './api-error';
export { malformedResponseTitle } from './malformed-response';
export type { MalformedResponse } from './malformed-response';
export { RETRY_STATUS_CODES, WRITE_METHODS, defaultRetries } from './retry-policy';
export { SHOP_TYPES, SHOP_TYPE_HEADER } from './shop-type';
export { RELEASE_HEADER, currentRelease, setCurrentRelease } from './release';
export type { ShopType } from './shop-type';
export { createTokenClient, OAuthError, TOKEN_ENDPOINT_PATH } from './token-client';
export type { TokenClient, TokenClientOptions } from './token-client';
export {
  configurePortalApi,
  portalApi,
  publicApi,
  portalTokenClient,
  currentShopType,
  currentLocaleTag,
  DEFAULT_CLIENT_ID,
} from './portal-client';
export type { PortalApiSettings, PortalClientOptions } from './portal-client';
export { downloadFile } from './download-file';
