// The one place the API reads its environment (STYLE.md rule 5). Everything else takes an `Env`.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as v from 'valibot';
import { SELLER_KEYS, sellerFromEnv, sellerProblems } from './env-seller';

/** Root of the repository (infra/api/src → ../../..). */
export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

const bool = (fallback: boolean) =>
  v.pipe(
    v.optional(v.picklist(['true', 'false', '1', '0', 'yes', 'no', '']), ''),
    v.transform((s) => (s === '' ? fallback : ['true', '1', 'yes'].includes(s))),
  );
const int = (fallback: number, min: number, max: number) =>
  v.pipe(
    v.optional(v.string(), ''),
    v.transform((s) => (s.trim() === '' ? fallback : Number(s))),
    v.number('must be a number'),
    v.integer('must be an integer'),
    v.minValue(min),
    v.maxValue(max),
  );
/**
 * Which proxies' X-Forwarded-For the client address is read through: `false` (none: the socket's
 * address), `true` (every hop: only safe when the proxy in front replaces the header), or a
 * comma-separated list of proxy addresses or CIDR ranges (e.g. `127.0.0.1` for an nginx on the same
 * machine): a hop outside the list is the client, so a made-up header value cannot stand in for it.
 */
/** An IP address, or a CIDR range whose prefix fits its family (a /99 would stop the start later, unexplained). */
function isAddressOrRange(part: string): boolean {
  const match = /^([^/]+)(?:\/(\d{1,3}))?$/.exec(part);
  const family = match ? isIP(match[1]!) : 0;
  if (!family) return false;
  return match![2] === undefined || Number(match![2]) <= (family === 4 ? 32 : 128);
}
const trustProxy = v.pipe(
  v.optional(v.string(), ''),
  v.transform((s): boolean | string[] => {
    const text = s.trim().toLowerCase();
    if (['', 'false', '0', 'no'].includes(text)) return false;
    if (['true', '1', 'yes'].includes(text)) return true;
    return text.split(',').map((part) => part.trim());
  }),
  v.check(
    (value) => typeof value === 'boolean' || value.every(isAddressOrRange),
    'must be true, false or a comma-separated list of IP addresses or CIDR ranges',
  ),
);
const optionalString = v.pipe(
  v.optional(v.string(), ''),
  v.transform((s) => (s.trim() === '' ? undefined : s.trim())),
);

const RawEnvSchema = v.object({
  NODE_ENV: v.optional(v.picklist(['development', 'test', 'production']), 'development'),
  HOST: v.optional(v.string(), '127.0.0.1'),
  PORT: int(8081, 0, 65535),
  LOG_LEVEL: v.optional(v.picklist(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']), 'info'),
  /** PostgreSQL server; when absent the embedded PGlite is used. */
  DATABASE_URL: v.pipe(optionalString, v.check((s) => s === undefined || /^postgres(ql)?:\/\//.test(s), 'must be a postgres:// URL')),
  DATABASE_POOL_MAX: int(10, 1, 200),
  /** Catalogue answers (index pages, facets, details) cached per instance until a catalogue change (decision 042); 0 turns the cache off. */
  CATALOG_CACHE_ENTRIES: int(2000, 0, 1_000_000),
  /**
   * How long an instance keeps a signed-in caller's access answer at most, in ms (decision 091): a
   * change of membership, account, contract or integration client drops it on every instance when
   * announced; the TTL bounds what no announcement says (the contract's dates). 0 turns it off.
   */
  ACCESS_CACHE_TTL_MS: int(5000, 0, 60_000),
  /** Folder for local state: PGlite data and the development signing key. */
  DATA_DIR: optionalString,
  PGLITE_DATA_DIR: optionalString,
  SEED_DEMO: v.optional(v.string(), ''),
  /**
   * Create (or keep) the demo integration client with every scope at start (decision 045); default:
   * with the demo data, outside production. Refused in production: its secret is not a secret.
   */
  DEMO_INTEGRATION_CLIENT: v.optional(v.picklist(['true', 'false', '1', '0', 'yes', 'no', '']), ''),
  /** The demo client's secret; else one generated once into DATA_DIR (never committed). */
  DEMO_INTEGRATION_CLIENT_SECRET: v.pipe(
    optionalString,
    v.check((s) => s === undefined || /^[A-Za-z0-9._~-]{32,200}$/.test(s), 'must be 32 to 200 of A-Z a-z 0-9 . _ ~ -'),
  ),
  /** How long a punchout start URL stays valid (decision 052): a few minutes, used once. */
  PUNCHOUT_START_TTL_SECONDS: int(300, 30, 3_600),
  /** Punchout calls from procurement systems (setup, OCI, start) per IP per minute. */
  PUNCHOUT_REQUEST_LIMIT: int(60, 1, 100_000),
  /**
   * The demo punchout identity's secret (`npm start` with the demo data, decision 052); default
   * `demo-punchout-secret`. Refused in production, where no demo identity is made.
   */
  DEMO_PUNCHOUT_SECRET: v.pipe(optionalString, v.check((s) => s === undefined || /^[\x21-\x7e]{8,200}$/.test(s), 'must be 8 to 200 printable ASCII characters')),
  /** Create (or keep) the demo punchout identities at start: with the demo data, outside production, unless set. */
  DEMO_PUNCHOUT: v.optional(v.picklist(['true', 'false', '1', '0', 'yes', 'no', '']), ''),
  /** Comma-separated origins the demo punchout identity may send carts back to. */
  DEMO_PUNCHOUT_RETURN_ORIGINS: v.optional(v.string(), 'http://localhost:9000,http://127.0.0.1:9000'),
  OAUTH_CLIENT_ID: v.optional(v.pipe(v.string(), v.minLength(1)), 'portal-web'),
  OAUTH_CLIENT_SECRET: optionalString,
  /** Base64 or base64url HMAC key (at least 32 bytes) for HS256 access tokens. */
  JWT_SIGNING_KEY: optionalString,
  JWT_ISSUER: v.optional(v.string(), 'portal-api'),
  JWT_AUDIENCE: v.optional(v.string(), 'portal'),
  ACCESS_TOKEN_TTL_SECONDS: int(900, 30, 86_400),
  /** Idle lifetime of a refresh token: each use rotates it and starts a new one (decision 016). */
  REFRESH_TOKEN_TTL_SECONDS: int(12 * 3_600, 300, 365 * 86_400),
  /** Longest a sign-in lasts through refreshes, however often it is used (decision 016). */
  REFRESH_SESSION_MAX_SECONDS: int(7 * 86_400, 300, 365 * 86_400),
  LOGIN_CODE_TTL_SECONDS: int(600, 30, 86_400),
  LOGIN_CODE_MAX_ATTEMPTS: int(5, 1, 100),
  /** Password or code guesses checked per account and client address in the window below. */
  TOKEN_FAILURE_LIMIT: int(10, 1, 100_000),
  /** Guesses checked per account from all addresses together in the window: a much higher ceiling. */
  TOKEN_ACCOUNT_FAILURE_LIMIT: int(100, 1, 1_000_000),
  TOKEN_FAILURE_WINDOW_SECONDS: int(900, 1, 86_400),
  /** Anonymous sessions one client IP may start per minute. */
  ANONYMOUS_GRANT_LIMIT_PER_MINUTE: int(60, 1, 100_000),
  TRUST_PROXY: trustProxy,
  /** smtp:// or smtps:// URL of the mail server; unset: mail is only logged (and in the dev mailbox). */
  SMTP_URL: v.pipe(optionalString, v.check((s) => s === undefined || /^smtps?:\/\//.test(s), 'must be an smtp:// or smtps:// URL')),
  MAIL_FROM: v.optional(v.string(), 'MedTac Supply <no-reply@portal.example>'),
  /**
   * Who sends text messages (sign-in codes by SMS): `http` (an SMS gateway's HTTP API, below),
   * `dev` (only logs; development and tests, refused in production) or `none` (SMS is not offered).
   * Default: `dev` in development and tests, `none` in production.
   */
  SMS_PROVIDER: v.optional(v.picklist(['', 'none', 'dev', 'http']), ''),
  /** The gateway's send endpoint: POST JSON { from, to, text, reference } with a Bearer token. */
  SMS_HTTP_URL: v.pipe(optionalString, v.check((s) => s === undefined || /^https?:\/\//.test(s), 'must be an http(s):// URL')),
  SMS_HTTP_TOKEN: optionalString,
  /** Sender shown on the phone (name or number, as the gateway allows). */
  SMS_FROM: v.optional(v.string(), 'MedTac'),
  /** Where contract requests are announced (the provider's sales team). */
  MAIL_SALES_TO: v.optional(v.string(), 'sales@portal.example'),
  /**
   * Origin used in links in mail (reset links, verification links), punchout start links and OCI
   * redirects. Unset: http://localhost:<PORT> when PORT is given, else npm start's http://localhost:8080.
   */
  PUBLIC_BASE_URL: v.optional(v.pipe(v.string(), v.url('must be a URL'))),
  /** How often the outbox dispatcher looks for work; 0 disables the loop (tests drive it). */
  MAIL_DISPATCH_INTERVAL_MS: int(2000, 0, 3_600_000),
  /** Delivery attempts before a message is parked as failed (kept, never deleted). */
  MAIL_MAX_ATTEMPTS: int(12, 1, 1000),
  /** How long a claimed outbox message stays reserved for the instance sending it (a dead one's come back after it). */
  MAIL_CLAIM_LEASE_SECONDS: int(300, 1, 86_400),
  EMAIL_VERIFICATION_TTL_SECONDS: int(86_400, 60, 30 * 86_400),
  PASSWORD_RESET_TTL_SECONDS: int(3600, 60, 7 * 86_400),
  /** Minimum seconds between two codes for one account. */
  CODE_RESEND_COOLDOWN_SECONDS: int(60, 0, 3600),
  /** Requests per IP per window on register / forgot / reset / verify / resend. */
  AUTH_REQUEST_LIMIT: int(20, 1, 100_000),
  AUTH_REQUEST_WINDOW_SECONDS: int(900, 1, 86_400),
  /**
   * Beacon batches (POST /api/v1/beacons, decision 072) per client address per minute. A tab sends
   * one every 10 s at most while it has something to say, and on leaving a page; many buyers behind
   * one proxy share an address, hence the room.
   */
  BEACON_REQUEST_LIMIT: int(120, 1, 100_000),
  /** First delay added after repeated failures (doubles per failure, capped at 8 s); 0 disables. */
  AUTH_FAILURE_DELAY_MS: int(250, 0, 10_000),
  /** Minimum duration of answers that must not reveal whether an account exists. */
  AUTH_RESPONSE_FLOOR_MS: int(300, 0, 10_000),
  SHUTDOWN_GRACE_MS: int(10_000, 0, 600_000),
  /** Online payment provider (decisions 019, 036): `dev`, the portal's own (refused in production), or `mollie`. */
  PAYMENT_PROVIDER: v.optional(v.picklist(['dev', 'mollie']), 'dev'),
  /**
   * Lets a production start keep the development provider. Only for the local harnesses that run
   * the production build on one machine (cluster tests, benches): its page lets the payer choose
   * the outcome, so a real deployment must never set it (decision 036).
   */
  ALLOW_DEV_PAYMENTS_IN_PRODUCTION: bool(false),
  /** Mollie API key (`live_…`; `test_…` is refused in production). */
  MOLLIE_API_KEY: optionalString,
  /** Root of Mollie's API; unset: Mollie's own. Tests point it at a local stand-in. */
  MOLLIE_API_ENDPOINT: v.pipe(optionalString, v.check((s) => s === undefined || /^https?:\/\/./.test(s), 'must be an http(s) URL')),
  /** HMAC secret of payment webhooks; unset: generated at start (one instance, not for production). */
  PAYMENT_WEBHOOK_SECRET: optionalString,
  /** How long a buyer has to pay before the order moves to payment_expired. */
  PAYMENT_TTL_SECONDS: int(1800, 10, 7 * 86_400),
  /** How often the payment-expiry job runs; 0 disables the loop (tests drive it). */
  PAYMENT_EXPIRY_INTERVAL_MS: int(30_000, 0, 3_600_000),
  /**
   * Where e-invoices go over Peppol (decision 048): `http` (an access point's REST API, below), `dev`
   * (keeps them under DATA_DIR/access-point and reports them delivered; refused in production) or
   * `none` (they wait, queued). Default: `dev` in development and tests, `none` in production.
   */
  PEPPOL_ACCESS_POINT: v.optional(v.picklist(['', 'none', 'dev', 'http']), ''),
  /** The access point's origin (phoss-ap's REST shape: /api/outbound/submit/…, /api/outbound/status/…). */
  PEPPOL_AP_URL: v.pipe(optionalString, v.check((s) => s === undefined || /^https?:\/\/./.test(s), 'must be an http(s):// URL')),
  /** Its API token (sent as X-Token). */
  PEPPOL_AP_TOKEN: optionalString,
  /** The sender's country (C1) the access point reports to the Peppol authority. */
  PEPPOL_SENDER_COUNTRY: v.optional(v.pipe(v.string(), v.regex(/^[A-Z]{2}$/, 'must be an ISO 3166-1 alpha-2 code')), 'BE'),
  /** How often the invoice delivery job sends and asks about e-invoices; 0 disables the loop (tests drive it). */
  INVOICE_DELIVERY_INTERVAL_MS: int(10_000, 0, 3_600_000),
  /** Sending attempts of one e-invoice before it is failed (staff may retry it). */
  INVOICE_DELIVERY_MAX_ATTEMPTS: int(10, 1, 1000),
  /** How often failed Peppol Order Responses are sent again (decision 053); 0 disables the loop (tests drive it). */
  ORDER_RESPONSE_RETRY_INTERVAL_MS: int(30_000, 0, 3_600_000),
  /** Sending attempts of one Order Response (the first included) before it stays failed for staff. */
  ORDER_RESPONSE_MAX_ATTEMPTS: int(12, 1, 1000),
  /** How often the webhook dispatcher looks for due deliveries (decision 051); 0 disables the loop (tests drive it). */
  WEBHOOK_DISPATCH_INTERVAL_MS: int(1000, 0, 3_600_000),
  /**
   * Seconds to wait before each retry of a failed webhook delivery, comma-separated; the delivery is
   * dead (kept for replay) after the first try and one retry per entry. Tests make them short.
   */
  WEBHOOK_RETRY_SECONDS: v.optional(v.pipe(v.string(), v.regex(/^\d{1,6}(,\d{1,6}){0,29}$/, 'must be comma-separated whole seconds')), '5,30,120,600,3600,21600,86400'),
  /** How long a receiver has to answer one delivery. */
  WEBHOOK_TIMEOUT_MS: int(10_000, 100, 120_000),
  /** How long a claimed delivery stays reserved for the instance sending it (longer than the timeout). */
  WEBHOOK_CLAIM_LEASE_SECONDS: int(60, 1, 3600),
  /** How long an order placement keeps its Idempotency-Key before a retry may replay or redo it (decision 023). */
  IDEMPOTENCY_LEASE_SECONDS: int(120, 1, 3600),
  /**
   * The supplier on every invoice (issue 30): name, identifiers, address, contact and bank account.
   * Unset in development and tests: a fictitious development seller (env-seller.ts), which production
   * refuses, as it refuses the development payment provider.
   */
  SELLER_NAME: optionalString,
  SELLER_VAT_NUMBER: v.pipe(optionalString, v.check((s) => s === undefined || /^[A-Z]{2}[0-9A-Z]{2,13}$/.test(s), 'must be a VAT number with its country prefix, e.g. BE0999999922')),
  SELLER_ENTERPRISE_NUMBER: v.pipe(optionalString, v.check((s) => s === undefined || /^\d{10}$/.test(s), 'must be the 10-digit Belgian enterprise number')),
  /** `scheme:id`; unset: `0208:` and the enterprise number. */
  SELLER_PEPPOL_ID: v.pipe(optionalString, v.check((s) => s === undefined || /^\d{4}:\S+$/.test(s), 'must be scheme:id, e.g. 0208:0999999922')),
  SELLER_STREET: optionalString,
  SELLER_ADDITIONAL_STREET: optionalString,
  SELLER_POSTAL_CODE: optionalString,
  SELLER_CITY: optionalString,
  SELLER_COUNTRY: v.pipe(optionalString, v.check((s) => s === undefined || /^[A-Z]{2}$/.test(s), 'must be an ISO 3166-1 alpha-2 code')),
  SELLER_EMAIL: optionalString,
  SELLER_PHONE: optionalString,
  SELLER_IBAN: v.pipe(optionalString, v.check((s) => s === undefined || /^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/.test(s), 'must be an IBAN without spaces')),
  SELLER_BIC: optionalString,
  /** How often open invoices past their due date are marked overdue; 0 disables the loop (tests drive it). */
  INVOICE_OVERDUE_INTERVAL_MS: int(3_600_000, 0, 86_400_000),
  /** How long a closed account's data is kept before the retention job deletes or anonymises it (decision 063: the privacy policy's year). */
  ACCOUNT_RETENTION_DAYS: int(365, 1, 3650),
  /** How often the retention job looks for closed accounts past the period; 0 disables the loop (tests drive it). */
  ACCOUNT_RETENTION_INTERVAL_MS: int(3_600_000, 0, 86_400_000),
  /**
   * The metrics listener's port (Prometheus' text, decision 071): a listener of its own, apart from the
   * public one; unset: no listener (the tests' default). 0: any free port (tests).
   */
  METRICS_PORT: v.pipe(
    v.optional(v.string(), ''),
    v.transform((s) => (s.trim() === '' ? undefined : Number(s))),
    v.union([v.undefined(), v.pipe(v.number('must be a number'), v.integer('must be an integer'), v.minValue(0), v.maxValue(65535))]),
  ),
  /** Where the metrics listener binds: the loopback, or the private network Prometheus scrapes from. */
  METRICS_HOST: v.optional(v.pipe(v.string(), v.minLength(1)), '127.0.0.1'),
  /** Optional bearer token the metrics listener asks for (16+ characters). */
  METRICS_TOKEN: v.pipe(optionalString, v.check((s) => s === undefined || /^[\x21-\x7e]{16,200}$/.test(s), 'must be 16 to 200 printable ASCII characters')),
  /** OTLP/HTTP collector for traces (decision 071), e.g. http://127.0.0.1:4318; unset: tracing off, no SDK started. */
  OTEL_EXPORTER_OTLP_ENDPOINT: v.pipe(optionalString, v.check((s) => s === undefined || /^https?:\/\/./.test(s), 'must be an http(s):// URL')),
  /** The service name on the spans. */
  OTEL_SERVICE_NAME: v.optional(v.pipe(v.string(), v.minLength(1)), 'portal-api'),
  /** Share of the traces started here (and of the browser's calls) that are kept, 0 to 1, default 0.01 (decision 092: what 5 % of a cached answer allows); a caller's sampled traceparent is always followed. */
  TRACES_SAMPLE_RATIO: v.pipe(
    v.optional(v.string(), ''),
    v.transform((s) => (s.trim() === '' ? 0.01 : Number(s))),
    v.number('must be a number'),
    v.minValue(0),
    v.maxValue(1),
  ),
  /** Redis for what several instances must share (rate limits, sign-in throttling); unset: in memory. */
  REDIS_URL: v.pipe(optionalString, v.check((s) => s === undefined || /^rediss?:\/\//.test(s), 'must be a redis:// or rediss:// URL')),
  /** Prefix of every key the API writes to Redis (several portals or test runs share one server). */
  REDIS_PREFIX: v.optional(v.pipe(v.string(), v.regex(/^[A-Za-z0-9:_.-]{1,64}$/, 'must be 1 to 64 of A-Z a-z 0-9 : _ . -')), 'portal:'),
});

type RawEnv = v.InferOutput<typeof RawEnvSchema>;

/** `ACCESS_TOKEN_TTL_SECONDS` → `accessTokenTtlSeconds`, in the type as at run time. */
type CamelCase<S extends string> = S extends `${infer Head}_${infer Tail}` ? `${Lowercase<Head>}${Capitalize<CamelCase<Tail>>}` : Lowercase<S>;
const camelCase = (key: string) => key.toLowerCase().replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/** Keys whose value in `Env` is computed from the raw ones (below, in `derive`), not passed through. */
const DERIVED_KEYS = [
  'DATA_DIR',
  'PGLITE_DATA_DIR',
  'SEED_DEMO',
  'DEMO_INTEGRATION_CLIENT',
  'DEMO_PUNCHOUT',
  'DEMO_PUNCHOUT_SECRET',
  'DEMO_PUNCHOUT_RETURN_ORIGINS',
  'OAUTH_CLIENT_SECRET',
  'JWT_SIGNING_KEY',
  'SMS_PROVIDER',
  'SMS_HTTP_URL',
  'SMS_HTTP_TOKEN',
  'SMS_FROM',
  'PEPPOL_ACCESS_POINT',
  'PEPPOL_AP_URL',
  'PEPPOL_AP_TOKEN',
  ...SELLER_KEYS,
] as const;
type DerivedKeys = (typeof DERIVED_KEYS)[number];
type PassedThrough = { [K in Exclude<keyof RawEnv, DerivedKeys> as CamelCase<K>]: RawEnv[K] };

/**
 * Validated configuration of the API service: every key of the schema above under its camelCase
 * name, with the values `derive` computes. Inferred, so a key is declared once (the schema) and a
 * renamed or retyped key changes `Env` with it (decision 038).
 */
export type Env = PassedThrough & ReturnType<typeof derive>;

/** Thrown when the environment is invalid; the message lists every problem. */
export class EnvError extends Error {
  override name = 'EnvError';
}

const DEV_CLIENT_SECRET = 'portal-web-development-secret';
/** The demo punchout identities' secret (docs/punchout.md, `npm start`'s printout); never valid in production. */
export const DEMO_PUNCHOUT_SECRET = 'demo-punchout-secret';

function decodeKey(text: string): Uint8Array {
  const key = Buffer.from(text.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  if (key.length < 32) throw new EnvError('JWT_SIGNING_KEY must be at least 32 bytes (base64 encoded)');
  return new Uint8Array(key);
}

/** The signing key, or in development one generated once and kept in the (git-ignored) data folder. */
export function resolveSigningKey(env: Pick<Env, 'jwtSigningKey' | 'dataDir' | 'nodeEnv'>): Uint8Array {
  if (env.jwtSigningKey) return env.jwtSigningKey;
  if (env.nodeEnv === 'production') throw new EnvError('JWT_SIGNING_KEY is required in production');
  const dataDir = env.dataDir;
  const file = join(dataDir, 'jwt-signing-key');
  if (existsSync(file)) return decodeKey(readFileSync(file, 'utf8').trim());
  mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(48).toString('base64url');
  writeFileSync(file, `${key}\n`, { mode: 0o600 });
  return decodeKey(key);
}

/**
 * What a start with this payment configuration would get wrong. The development provider's hosted
 * page lets whoever holds a payment id choose the outcome, and a Mollie test key lets the payer do
 * the same on Mollie's test page: neither may take a production shop's orders (decision 036).
 */
function paymentProblems(
  raw: {
    PAYMENT_PROVIDER: 'dev' | 'mollie';
    ALLOW_DEV_PAYMENTS_IN_PRODUCTION: boolean;
    MOLLIE_API_KEY: string | undefined;
    MOLLIE_API_ENDPOINT: string | undefined;
    PUBLIC_BASE_URL: string;
  },
  production: boolean,
): string[] {
  const local = isLoopbackOrigin(raw.PUBLIC_BASE_URL);
  if (raw.PAYMENT_PROVIDER === 'dev') {
    if (!production) return [];
    // The harnesses' exception (cluster tests, benches) holds only for a portal nobody else reaches.
    if (raw.ALLOW_DEV_PAYMENTS_IN_PRODUCTION && local) return [];
    return raw.ALLOW_DEV_PAYMENTS_IN_PRODUCTION
      ? ['ALLOW_DEV_PAYMENTS_IN_PRODUCTION is only for local harnesses: PUBLIC_BASE_URL is not a loopback address, so PAYMENT_PROVIDER=dev is refused']
      : ['PAYMENT_PROVIDER=dev is refused in production: the development payment page lets anyone holding a payment id mark an order paid. Set PAYMENT_PROVIDER=mollie and MOLLIE_API_KEY (a live_ key)'];
  }
  const key = raw.MOLLIE_API_KEY;
  if (!key) return ['MOLLIE_API_KEY is required with PAYMENT_PROVIDER=mollie'];
  if (!/^(live|test)_[A-Za-z0-9]{20,}$/.test(key)) return ['MOLLIE_API_KEY must be a Mollie API key (live_… or test_…)'];
  if (!production) return [];
  const problems: string[] = [];
  if (key.startsWith('test_')) problems.push('MOLLIE_API_KEY is a test key: refused in production, where the payer could choose the outcome on Mollie\'s test page');
  // The portal believes whatever answers there about a payment's status.
  if (raw.MOLLIE_API_ENDPOINT) problems.push('MOLLIE_API_ENDPOINT is for the tests\' stand-in only: unset it in production (the client then talks to Mollie)');
  // Mollie calls the webhook and sends the buyer back there: it must reach the portal from outside.
  if (local || !raw.PUBLIC_BASE_URL.startsWith('https://')) {
    problems.push('PUBLIC_BASE_URL must be the portal\'s public https:// origin with PAYMENT_PROVIDER=mollie in production (Mollie\'s webhook and return page)');
  }
  return problems;
}

/**
 * What a start with this access point would get wrong (decision 048). The development access point
 * keeps e-invoices on the machine and reports them delivered: in production no invoice would reach
 * its buyer while the pages said it had.
 */
function accessPointProblems(
  raw: { PEPPOL_AP_URL: string | undefined; PEPPOL_AP_TOKEN: string | undefined },
  accessPoint: 'none' | 'dev' | 'http',
  production: boolean,
): string[] {
  if (accessPoint === 'dev' && production) {
    return ['PEPPOL_ACCESS_POINT=dev is refused in production: the development access point keeps e-invoices under DATA_DIR and reports them delivered, so none would reach its buyer. Set PEPPOL_ACCESS_POINT=http with PEPPOL_AP_URL and PEPPOL_AP_TOKEN (or none)'];
  }
  if (accessPoint !== 'http') return [];
  if (!raw.PEPPOL_AP_URL || !raw.PEPPOL_AP_TOKEN) return ['PEPPOL_ACCESS_POINT=http needs PEPPOL_AP_URL and PEPPOL_AP_TOKEN'];
  if (production && raw.PEPPOL_AP_URL.startsWith('http:')) return ['PEPPOL_AP_URL must be https:// in production (the token and the invoices travel with it)'];
  return [];
}

function isLoopbackOrigin(url: string): boolean {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  return host === 'localhost' || host === '::1' || (isIP(host) === 4 && host.startsWith('127.'));
}

/**
 * Reads and validates the environment. In production the client secret and the signing key are
 * required (no production defaults); in development they fall back to a fixed development secret
 * and a key generated into the data folder.
 */
/**
 * The public origin when PUBLIC_BASE_URL is unset: the port the portal was started on (the gateway
 * of `npm start` and the API read the same PORT), or npm start's 8080 without one. Before issue 44 it
 * was 8080 whatever the port, so `PORT=8070` wrote dead links into punchout start URLs.
 */
function defaultPublicBaseUrl(port: number, given: string | undefined): string {
  return `http://localhost:${given?.trim() ? port : 8080}`;
}

export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const parsed = v.safeParse(RawEnvSchema, source);
  if (!parsed.success) {
    const lines = parsed.issues.map((i) => `${v.getDotPath(i) ?? '?'}: ${i.message}`);
    throw new EnvError(`Invalid environment:\n  ${lines.join('\n  ')}`);
  }
  const raw = { ...parsed.output, PUBLIC_BASE_URL: parsed.output.PUBLIC_BASE_URL ?? defaultPublicBaseUrl(parsed.output.PORT, source.PORT) };
  const production = raw.NODE_ENV === 'production';
  const problems: string[] = [];
  if (production && !raw.OAUTH_CLIENT_SECRET) problems.push('OAUTH_CLIENT_SECRET is required in production');
  if (production && !raw.JWT_SIGNING_KEY) problems.push('JWT_SIGNING_KEY is required in production');
  if (raw.OAUTH_CLIENT_SECRET && production && raw.OAUTH_CLIENT_SECRET === DEV_CLIENT_SECRET)
    problems.push('OAUTH_CLIENT_SECRET must not be the development default in production');
  const smsProvider: 'none' | 'dev' | 'http' = raw.SMS_PROVIDER || (production ? 'none' : 'dev');
  if (production && smsProvider === 'dev') problems.push('SMS_PROVIDER=dev only logs text messages: use SMS_PROVIDER=http (or none) in production');
  if (smsProvider === 'http' && (!raw.SMS_HTTP_URL || !raw.SMS_HTTP_TOKEN)) problems.push('SMS_PROVIDER=http needs SMS_HTTP_URL and SMS_HTTP_TOKEN');
  if (production && smsProvider === 'http' && raw.SMS_HTTP_URL?.startsWith('http:')) problems.push('SMS_HTTP_URL must be https:// in production');
  problems.push(...paymentProblems(raw, production));
  const peppolAccessPoint: 'none' | 'dev' | 'http' = raw.PEPPOL_ACCESS_POINT || (production ? 'none' : 'dev');
  problems.push(...accessPointProblems(raw, peppolAccessPoint, production));
  // A demo integration client may write the catalogue, prices, stock and customers, and its secret
  // is printed at every start or chosen for a demo: never in production (decision 045).
  if (production && ['true', '1', 'yes'].includes(raw.DEMO_INTEGRATION_CLIENT)) {
    problems.push('DEMO_INTEGRATION_CLIENT is refused in production: a demo integration client with every scope and a printed secret would write the catalogue. Create real clients with `npm run ops -- clients create`');
  }
  if (production && raw.DEMO_INTEGRATION_CLIENT_SECRET) problems.push('DEMO_INTEGRATION_CLIENT_SECRET is refused in production (there is no demo integration client there)');
  // The demo punchout identity's secret is printed and in docs/punchout.md: never in production (decision 052).
  if (production && ['true', '1', 'yes'].includes(raw.DEMO_PUNCHOUT)) problems.push('DEMO_PUNCHOUT is refused in production: its secret is printed and in docs/punchout.md');
  if (production && raw.DEMO_PUNCHOUT_SECRET) problems.push('DEMO_PUNCHOUT_SECRET is refused in production (there is no demo punchout identity there): create identities with `npm run ops -- punchout create`');
  problems.push(...sellerProblems(raw, production, raw.ALLOW_DEV_PAYMENTS_IN_PRODUCTION));
  if (problems.length) throw new EnvError(`Invalid environment:\n  ${problems.join('\n  ')}`);

  const derived = new Set<string>(DERIVED_KEYS);
  const passed = Object.entries(raw).filter(([key]) => !derived.has(key));
  const camel = Object.fromEntries(passed.map(([key, value]) => [camelCase(key), value])) as PassedThrough;
  return { ...camel, ...derive(raw, smsProvider, peppolAccessPoint) };
}

/** The values that are not the raw ones: resolved paths, production-dependent defaults, decoded keys. */
function derive(raw: RawEnv & { PUBLIC_BASE_URL: string }, smsProvider: 'none' | 'dev' | 'http', peppolAccessPoint: 'none' | 'dev' | 'http') {
  const production = raw.NODE_ENV === 'production';
  const abs = (p: string) => (isAbsolute(p) ? p : resolve(REPO_ROOT, p));
  const dataDir = abs(raw.DATA_DIR ?? '.data');
  const seed = raw.SEED_DEMO.trim();
  return {
    /** Folder for local state: PGlite data and the development signing key. */
    dataDir,
    pgliteDataDir: raw.PGLITE_DATA_DIR ? abs(raw.PGLITE_DATA_DIR) : join(dataDir, 'pglite'),
    /** Seed demo data when the database is empty (default: outside production). */
    seedDemo: seed === '' ? !production : ['true', '1', 'yes'].includes(seed),
    /** Keep the demo integration client (every scope) at start: with the demo data outside production unless set. */
    demoIntegrationClient:
      raw.DEMO_INTEGRATION_CLIENT === '' ? !production && (seed === '' || ['true', '1', 'yes'].includes(seed)) : ['true', '1', 'yes'].includes(raw.DEMO_INTEGRATION_CLIENT),
    /** Keep the demo punchout identities (cXML and OCI, the hospital) at start: with the demo data outside production unless set. */
    demoPunchout: raw.DEMO_PUNCHOUT === '' ? !production && (seed === '' || ['true', '1', 'yes'].includes(seed)) : ['true', '1', 'yes'].includes(raw.DEMO_PUNCHOUT),
    /** The demo punchout identities' secret. */
    demoPunchoutSecret: raw.DEMO_PUNCHOUT_SECRET ?? DEMO_PUNCHOUT_SECRET,
    demoPunchoutReturnOrigins: raw.DEMO_PUNCHOUT_RETURN_ORIGINS.split(',').map((o) => o.trim()).filter(Boolean),
    oauthClientSecret: raw.OAUTH_CLIENT_SECRET ?? DEV_CLIENT_SECRET,
    /**
     * Raw HMAC key bytes for the access-token signature. Undefined (development only): a key is
     * generated once into `dataDir` when the app starts (see `resolveSigningKey`).
     */
    jwtSigningKey: raw.JWT_SIGNING_KEY ? decodeKey(raw.JWT_SIGNING_KEY) : undefined,
    /** `none`: no SMS provider; the SMS channel is not offered (codes go by email). */
    smsProvider,
    /** Set when smsProvider is `http`. */
    smsHttp: smsProvider === 'http' && raw.SMS_HTTP_URL && raw.SMS_HTTP_TOKEN ? { url: raw.SMS_HTTP_URL, token: raw.SMS_HTTP_TOKEN, from: raw.SMS_FROM } : undefined,
    publicBaseUrl: raw.PUBLIC_BASE_URL.replace(/\/+$/, ''),
    /** `none`: e-invoices wait, queued (decision 048). */
    peppolAccessPoint,
    /** Set when peppolAccessPoint is `http`. */
    peppolHttp: peppolAccessPoint === 'http' && raw.PEPPOL_AP_URL && raw.PEPPOL_AP_TOKEN ? { url: raw.PEPPOL_AP_URL, token: raw.PEPPOL_AP_TOKEN } : undefined,
    /** The supplier on invoices; the development seller outside production when SELLER_* is unset. */
    seller: sellerFromEnv(raw),
  };
}

/** The rate limit of the account routes that send mail or codes (profile, newsletter). */
export const accountRequestLimit = (env: Pick<Env, 'authRequestLimit' | 'authRequestWindowSeconds'>) => ({
  max: env.authRequestLimit,
  timeWindow: env.authRequestWindowSeconds * 1000,
});
