import { FetchError, ofetch, type FetchOptions } from 'ofetch';
import * as v from 'valibot';
import { bus } from '../bus/bus';
import { ApiError } from './api-error';
import { malformedResponseTitle, type MalformedResponse } from './malformed-response';
import type { PortalRelease } from '../schemas/beacon-labels';
import { currentRelease, RELEASE_HEADER } from './release';
import { defaultRetries, RETRY_STATUS_CODES } from './retry-policy';
import { SHOP_TYPE_HEADER, type ShopType } from './shop-type';
import { newTraceparent } from './trace-context';

/** Any valibot schema a response can be checked against. */
export type ResponseSchema = v.GenericSchema | v.GenericSchemaAsync;

/** What a call resolves to: the schema's output when a schema is given, else `unknown`. */
export type ResponseOf<S> = S extends ResponseSchema ? v.InferOutput<S> : unknown;

/** Options of one call. */
export interface RequestOptions<S extends ResponseSchema | undefined = undefined> {
  /** JSON body (ignored for GET). */
  body?: unknown;
  /** Schema the response body is checked against; a mismatch is reported, not thrown. */
  schema?: S;
  /** Query-string parameters; `undefined` values are left out. */
  query?: Record<string, unknown>;
  /** Cancels the request (TanStack Query passes one). */
  signal?: AbortSignal;
  /** Extra headers for this call only. */
  headers?: Record<string, string>;
  /** Overrides the number of retries (default: 1 for reads, 0 for writes). */
  retry?: number;
}

/** One HTTP method of the client. */
export type RequestFn = <S extends ResponseSchema | undefined = undefined>(
  url: string,
  options?: RequestOptions<S>,
) => Promise<ResponseOf<S>>;

/** Options of a binary download: no body and no schema, the rest as for any call. */
export type BlobRequestOptions = Omit<RequestOptions, 'body' | 'schema'> & {
  /** What the caller accepts (default `application/pdf, application/octet-stream`). */
  accept?: string;
};

/** The API client: one function per HTTP method. */
export interface ApiClient {
  /** GET: retried once on a transient status. */
  get: RequestFn;
  /** POST: never retried. */
  post: RequestFn;
  /** PUT: never retried. */
  put: RequestFn;
  /** PATCH: never retried. */
  patch: RequestFn;
  /** DELETE: never retried; the body is checked only when a schema is given. */
  delete: RequestFn;
  /**
   * GET of a binary body (a PDF): the same headers, token, retries and error mapping as `get`, but
   * the body comes back as a Blob. A link needs this when the file is behind the access token.
   */
  blob(url: string, options?: BlobRequestOptions): Promise<Blob>;
}

/** How to build a client; every dependency is injected so it runs in tests without a browser. */
export interface ApiClientOptions {
  /** Whether to send the Bearer token and treat a 401 as "session lost". */
  authenticated: boolean;
  /** Origin of the API; '' means the page's own origin. */
  baseURL?: string;
  /** Path prefix of every endpoint. */
  prefix?: string;
  /** Returns a valid access token, or undefined when there is none (authenticated client only). */
  getAccessToken?: () => Promise<string | undefined> | string | undefined;
  /** Current locale, sent as Accept-Language. */
  getLocale: () => string;
  /** Shop the request is made for, sent as X-Shop-Type. */
  getShopType: () => ShopType;
  /** The browser's release group, sent as X-Portal-Release; default: the page's (`currentRelease()`). */
  getRelease?: () => PortalRelease;
  /** Called when a body does not match its schema; by default emits an error toast on the bus. */
  onMalformed?: (report: MalformedResponse) => void;
  /** Called on a 401 of the authenticated client; by default emits `api:unauthorized` on the bus. */
  onUnauthorized?: (info: { url: string }) => void;
  /** Milliseconds between a failure and its retry. */
  retryDelay?: number;
  /** Where warnings and malformed-response logs go. */
  logger?: Pick<Console, 'warn' | 'error'>;
  /** fetch implementation (tests, server-side rendering). */
  fetch?: typeof globalThis.fetch;
}

/** Default origin: the page's own. */
export const DEFAULT_API_BASE_URL = '';
/** Default path prefix of every API endpoint. */
export const DEFAULT_API_PREFIX = '/api/v1';

const toastMalformed = ({ title }: MalformedResponse) => {
  bus.emit('toast:requested', { type: 'error', title });
};
const emitUnauthorized = ({ url }: { url: string }) => {
  bus.emit('api:unauthorized', { url });
};

/** Creates an API client (spec section 7). Use one authenticated and one anonymous client. */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const {
    authenticated,
    baseURL = DEFAULT_API_BASE_URL,
    prefix = DEFAULT_API_PREFIX,
    getAccessToken,
    getLocale,
    getShopType,
    getRelease = currentRelease,
    onMalformed = toastMalformed,
    onUnauthorized = emitUnauthorized,
    retryDelay = 250,
    logger = console,
  } = options;
  const normalisedPrefix = prefix.replace(/\/+$/, '');
  const $fetch = ofetch.create(
    {
      baseURL: `${baseURL.replace(/\/+$/, '')}${normalisedPrefix}`,
      retryStatusCodes: [...RETRY_STATUS_CODES],
      retryDelay,
    },
    options.fetch ? { fetch: options.fetch } : {},
  );

  // A link the API wrote into a body (a technical sheet's URL) already carries the prefix.
  const relative = (url: string) =>
    normalisedPrefix && url.startsWith(`${normalisedPrefix}/`) ? url.slice(normalisedPrefix.length) : url;

  async function headersFor(hasBody: boolean, extra: Record<string, string> | undefined, accept = 'application/json') {
    const headers: Record<string, string> = {
      Accept: accept,
      'Accept-Language': getLocale(),
      [SHOP_TYPE_HEADER]: getShopType(),
      [RELEASE_HEADER]: getRelease(),
      traceparent: newTraceparent(),
    };
    // Only with a body: Fastify answers 400 to a JSON content type with an empty body (a DELETE).
    if (hasBody) headers['Content-Type'] = 'application/json';
    if (authenticated && getAccessToken) {
      try {
        const token = await getAccessToken();
        if (token) headers.Authorization = `Bearer ${token}`;
      } catch (error) {
        // Spec section 8: without a token we warn and go on unauthenticated; the API decides.
        logger.warn('[api] could not obtain an access token; sending the request without it', error);
      }
    }
    return { ...headers, ...extra };
  }

  function request(method: string): RequestFn {
    return async (url, { body, schema, query, signal, headers, retry } = {}) => {
      const hasBody = body !== undefined && method !== 'GET';
      const fetchOptions: FetchOptions<'json'> = {
        method,
        headers: await headersFor(hasBody, headers),
        retry: retry ?? defaultRetries(method),
        // ofetch serialises plain objects and arrays to JSON itself.
        ...(hasBody ? { body: body as Record<string, unknown> } : {}),
        ...(query ? { query } : {}),
        ...(signal ? { signal } : {}),
      };
      let data: unknown;
      try {
        data = await $fetch(relative(url), fetchOptions);
      } catch (error) {
        // A cancelled request is not an API failure: TanStack Query expects the abort reason.
        if (signal?.aborted) throw signal.reason ?? error;
        throw await toApiError(error, method, url);
      }
      // No schema, no check: this is also the DELETE rule of the spec (checked only when given).
      if (!schema) return data as never;
      const result = await v.safeParseAsync(schema, data);
      if (result.success) return result.output as never;
      const report: MalformedResponse = {
        title: malformedResponseTitle(method, url),
        method,
        url,
        issues: result.issues,
        data,
      };
      logger.error(report.title, result.issues);
      onMalformed(report);
      // The spec keeps the page working on a contract drift: the raw data is still used.
      return data as never;
    };
  }

  async function toApiError(error: unknown, method: string, url: string): Promise<unknown> {
    if (!(error instanceof FetchError)) return error;
    const status = error.response?.status ?? 0;
    const apiError = new ApiError({ status, method, url, data: await problemOf(error.data), cause: error });
    if (status === 401 && authenticated) onUnauthorized({ url });
    return apiError;
  }

  async function blob(url: string, { query, signal, headers, retry, accept = 'application/pdf, application/octet-stream' }: BlobRequestOptions = {}) {
    try {
      return await $fetch(relative(url), {
        method: 'GET',
        responseType: 'blob',
        headers: await headersFor(false, headers, `${accept}, application/problem+json`),
        retry: retry ?? defaultRetries('GET'),
        ...(query ? { query } : {}),
        ...(signal ? { signal } : {}),
      });
    } catch (error) {
      if (signal?.aborted) throw signal.reason ?? error;
      throw await toApiError(error, 'GET', url);
    }
  }

  return {
    get: request('GET'),
    post: request('POST'),
    put: request('PUT'),
    patch: request('PATCH'),
    delete: request('DELETE'),
    blob,
  };
}

/** A binary request's error body arrives as a Blob: read a JSON problem out of it. */
async function problemOf(data: unknown): Promise<unknown> {
  if (typeof Blob === 'undefined' || !(data instanceof Blob) || !/json/.test(data.type)) return data;
  try {
    return JSON.parse(await data.text()) as unknown;
  } catch {
    return data;
  }
}
