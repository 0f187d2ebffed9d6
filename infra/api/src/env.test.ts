import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { EnvError, loadEnv, REPO_ROOT, resolveSigningKey, type Env } from './env';
import { REAL_SELLER } from './test-support/real-seller';

const LIVE_MOLLIE = { PAYMENT_PROVIDER: 'mollie', MOLLIE_API_KEY: `live_${'a'.repeat(30)}`, PUBLIC_BASE_URL: 'https://portal.example' };
const PRODUCTION = { NODE_ENV: 'production', OAUTH_CLIENT_SECRET: 's3cret-value', JWT_SIGNING_KEY: Buffer.alloc(32, 7).toString('base64') };

describe('loadEnv: one schema, the type inferred from it (decision 038)', () => {
  it('passes each setting through under its camelCase name, typed as the schema parses it', () => {
    const env = loadEnv({ IDEMPOTENCY_LEASE_SECONDS: '7', ANONYMOUS_GRANT_LIMIT_PER_MINUTE: '3', REDIS_PREFIX: 'x:', ALLOW_DEV_PAYMENTS_IN_PRODUCTION: 'yes' });
    expect(env).toMatchObject({ idempotencyLeaseSeconds: 7, anonymousGrantLimitPerMinute: 3, redisPrefix: 'x:', allowDevPaymentsInProduction: true });
    // No raw SCREAMING_CASE key, and none of the keys folded into a derived value (SMS_HTTP_* → smsHttp).
    expect(Object.keys(env).filter((key) => !/^[a-z][A-Za-z0-9]*$/.test(key))).toEqual([]);
    expect(Object.keys(env)).not.toContain('smsHttpUrl');
    expectTypeOf<Env['idempotencyLeaseSeconds']>().toEqualTypeOf<number>();
    expectTypeOf<Env['logLevel']>().toEqualTypeOf<'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent'>();
    expectTypeOf<Env['jwtSigningKey']>().toEqualTypeOf<Uint8Array | undefined>();
    expectTypeOf<Env['smsProvider']>().toEqualTypeOf<'none' | 'dev' | 'http'>();
  });
});

describe('loadEnv: payment providers (decision 036)', () => {
  it('refuses the development provider in production, by default and by name, with a message saying why', () => {
    expect(() => loadEnv(PRODUCTION)).toThrow(/PAYMENT_PROVIDER=dev is refused in production: .*anyone holding a payment id/);
    expect(() => loadEnv({ ...PRODUCTION, PAYMENT_PROVIDER: 'dev' })).toThrow(/PAYMENT_PROVIDER=dev is refused in production/);
    // Development and test starts (npm start, the dev cluster, e2e) keep it.
    expect(loadEnv({}).paymentProvider).toBe('dev');
    expect(loadEnv({ NODE_ENV: 'test', PAYMENT_PROVIDER: 'dev' }).paymentProvider).toBe('dev');
    // The local production harnesses (cluster tests, benches) say so explicitly.
    expect(loadEnv({ ...PRODUCTION, ALLOW_DEV_PAYMENTS_IN_PRODUCTION: 'true' }).paymentProvider).toBe('dev');
  });

  it('takes Mollie with a live key in production and refuses a missing, malformed or test key there', () => {
    expect(loadEnv({ ...PRODUCTION, ...LIVE_MOLLIE, ...REAL_SELLER })).toMatchObject({ paymentProvider: 'mollie', mollieApiKey: LIVE_MOLLIE.MOLLIE_API_KEY, mollieApiEndpoint: undefined });
    expect(() => loadEnv({ ...PRODUCTION, PAYMENT_PROVIDER: 'mollie' })).toThrow(/MOLLIE_API_KEY is required/);
    expect(() => loadEnv({ ...PRODUCTION, PAYMENT_PROVIDER: 'mollie', MOLLIE_API_KEY: 'sk_live_x' })).toThrow(/must be a Mollie API key/);
    expect(() => loadEnv({ ...PRODUCTION, PAYMENT_PROVIDER: 'mollie', MOLLIE_API_KEY: `test_${'a'.repeat(30)}` })).toThrow(/test key: refused in production/);
    // A test key and a local endpoint are fine outside production (the tests' stand-in).
    expect(loadEnv({ PAYMENT_PROVIDER: 'mollie', MOLLIE_API_KEY: `test_${'a'.repeat(30)}`, MOLLIE_API_ENDPOINT: 'http://127.0.0.1:9999/v2/' })).toMatchObject({
      paymentProvider: 'mollie',
      mollieApiEndpoint: 'http://127.0.0.1:9999/v2/',
    });
    expect(() => loadEnv({ PAYMENT_PROVIDER: 'stripe' })).toThrow(/PAYMENT_PROVIDER/);
  });

  it('refuses in production what would let another server decide payments, or Mollie not reach the portal', () => {
    expect(() => loadEnv({ ...PRODUCTION, ...LIVE_MOLLIE, MOLLIE_API_ENDPOINT: 'https://evil.example/v2/' })).toThrow(/MOLLIE_API_ENDPOINT is for the tests' stand-in only/);
    for (const origin of ['http://localhost:8080', 'http://portal.example', 'https://127.0.0.1']) {
      expect(() => loadEnv({ ...PRODUCTION, ...LIVE_MOLLIE, PUBLIC_BASE_URL: origin }), origin).toThrow(/PUBLIC_BASE_URL must be the portal's public https:\/\/ origin/);
    }
    // The harnesses' exception holds only on loopback: a reachable portal cannot switch it on.
    expect(() => loadEnv({ ...PRODUCTION, ALLOW_DEV_PAYMENTS_IN_PRODUCTION: 'true', PUBLIC_BASE_URL: 'https://portal.example' })).toThrow(
      /ALLOW_DEV_PAYMENTS_IN_PRODUCTION is only for local harnesses/,
    );
    expect(loadEnv({ ...PRODUCTION, ALLOW_DEV_PAYMENTS_IN_PRODUCTION: 'true', PUBLIC_BASE_URL: 'https://localhost:8443' }).paymentProvider).toBe('dev');
  });
});

describe('loadEnv: the Peppol access point (decision 048)', () => {
  const production = { ...PRODUCTION, ...LIVE_MOLLIE, ...REAL_SELLER };
  it('uses the development access point outside production and none in production by default', () => {
    expect(loadEnv({}).peppolAccessPoint).toBe('dev');
    expect(loadEnv(production).peppolAccessPoint).toBe('none');
  });

  it('refuses the development access point in production, saying why', () => {
    expect(() => loadEnv({ ...production, PEPPOL_ACCESS_POINT: 'dev' })).toThrow(/PEPPOL_ACCESS_POINT=dev is refused in production: .*none would reach its buyer/);
  });

  it('needs the URL and the token of an HTTP access point, over https in production', () => {
    expect(() => loadEnv({ PEPPOL_ACCESS_POINT: 'http' })).toThrow(/PEPPOL_ACCESS_POINT=http needs PEPPOL_AP_URL and PEPPOL_AP_TOKEN/);
    const http = { PEPPOL_ACCESS_POINT: 'http', PEPPOL_AP_URL: 'http://127.0.0.1:9000', PEPPOL_AP_TOKEN: 'tok' };
    expect(loadEnv(http).peppolHttp).toEqual({ url: 'http://127.0.0.1:9000', token: 'tok' });
    expect(() => loadEnv({ ...production, ...http })).toThrow(/PEPPOL_AP_URL must be https/);
    expect(loadEnv({ ...production, ...http, PEPPOL_AP_URL: 'https://ap.example.com' }).peppolAccessPoint).toBe('http');
  });
});

describe('loadEnv: the seller on invoices (issue 30)', () => {
  it('gives development the development seller, and refuses it in production naming what is missing', () => {
    expect(loadEnv({}).seller).toMatchObject({ standIn: true, vatNumber: 'BE0999999922' });
    expect(() => loadEnv({ ...PRODUCTION, ...LIVE_MOLLIE })).toThrow(/SELLER_NAME, SELLER_VAT_NUMBER.*SELLER_IBAN required in production/);
    const { SELLER_IBAN: _, ...noIban } = REAL_SELLER;
    expect(() => loadEnv({ ...PRODUCTION, ...LIVE_MOLLIE, ...noIban })).toThrow(/SELLER_IBAN required in production/);
    expect(loadEnv({ ...PRODUCTION, ...LIVE_MOLLIE, ...REAL_SELLER }).seller).toMatchObject({
      standIn: false,
      name: 'Supplier NV',
      peppolParticipantId: '0208:0123456749',
      address: { country: 'BE', city: 'Antwerpen' },
    });
    // The local harnesses that keep the development payment provider keep the development seller.
    expect(loadEnv({ ...PRODUCTION, ALLOW_DEV_PAYMENTS_IN_PRODUCTION: 'true' }).seller.standIn).toBe(true);
    expect(() => loadEnv({ SELLER_IBAN: 'not an iban' })).toThrow(/SELLER_IBAN/);
  });
});

describe('loadEnv: TRUST_PROXY', () => {
  it('takes addresses and ranges whose prefix fits, and refuses the rest at start with the reason', () => {
    expect(loadEnv({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/24, ::1, fd00::/8' }).trustProxy).toEqual(['127.0.0.1', '10.0.0.0/24', '::1', 'fd00::/8']);
    for (const bad of ['10.0.0.0/99', '10.0.0.0/33', 'fd00::/129', 'nginx', '10.0.0.0/']) {
      expect(() => loadEnv({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/);
    }
  });
});

describe('loadEnv', () => {
  it('has development defaults: port 8081, PGlite in <repo>/.data/pglite, demo data on', () => {
    const env = loadEnv({});
    expect(env.port).toBe(8081);
    expect(env.databaseUrl).toBeUndefined();
    expect(env.pgliteDataDir).toBe(join(REPO_ROOT, '.data', 'pglite'));
    expect(env.seedDemo).toBe(true);
    expect(env.oauthClientId).toBe('portal-web');
    expect(env.oauthClientSecret.length).toBeGreaterThan(10);
    expect(env.jwtSigningKey).toBeUndefined();
  });

  it('demands the client secret and the signing key in production, with no demo data by default', () => {
    expect(() => loadEnv({ NODE_ENV: 'production' })).toThrow(/OAUTH_CLIENT_SECRET[\s\S]*JWT_SIGNING_KEY/);
    const env = loadEnv({ NODE_ENV: 'production', OAUTH_CLIENT_SECRET: 's3cret-value', JWT_SIGNING_KEY: Buffer.alloc(32, 7).toString('base64'), ...LIVE_MOLLIE, ...REAL_SELLER });
    expect(env.seedDemo).toBe(false);
    expect(env.jwtSigningKey).toHaveLength(32);
    expect(() => resolveSigningKey({ ...env, jwtSigningKey: undefined })).toThrow(EnvError);
  });

  it('keeps a demo integration client with the demo data outside production, and refuses one in production', () => {
    expect(loadEnv({}).demoIntegrationClient).toBe(true);
    expect(loadEnv({ SEED_DEMO: 'false' }).demoIntegrationClient).toBe(false);
    expect(loadEnv({ DEMO_INTEGRATION_CLIENT: 'false' }).demoIntegrationClient).toBe(false);
    const production = { NODE_ENV: 'production', OAUTH_CLIENT_SECRET: 's3cret-value', JWT_SIGNING_KEY: Buffer.alloc(32, 7).toString('base64'), ...LIVE_MOLLIE, ...REAL_SELLER };
    expect(loadEnv(production).demoIntegrationClient).toBe(false);
    expect(loadEnv({ ...production, SEED_DEMO: 'true' }).demoIntegrationClient).toBe(false);
    expect(() => loadEnv({ ...production, DEMO_INTEGRATION_CLIENT: 'true' })).toThrow(/DEMO_INTEGRATION_CLIENT is refused in production/);
    expect(() => loadEnv({ ...production, DEMO_INTEGRATION_CLIENT_SECRET: 'y'.repeat(40) })).toThrow(/DEMO_INTEGRATION_CLIENT_SECRET is refused in production/);
    expect(() => loadEnv({ DEMO_INTEGRATION_CLIENT_SECRET: 'short' })).toThrow(/DEMO_INTEGRATION_CLIENT_SECRET/);
  });

  it('keeps the demo punchout identities with the demo data outside production, and refuses them and their secret in production (decision 052)', () => {
    expect(loadEnv({}).demoPunchout).toBe(true);
    expect(loadEnv({}).demoPunchoutSecret).toBe('demo-punchout-secret');
    expect(loadEnv({ SEED_DEMO: 'false' }).demoPunchout).toBe(false);
    expect(loadEnv({ DEMO_PUNCHOUT_RETURN_ORIGINS: 'https://a.example, https://b.example' }).demoPunchoutReturnOrigins).toEqual(['https://a.example', 'https://b.example']);
    const production = { NODE_ENV: 'production', OAUTH_CLIENT_SECRET: 's3cret-value', JWT_SIGNING_KEY: Buffer.alloc(32, 7).toString('base64'), ...LIVE_MOLLIE, ...REAL_SELLER };
    expect(loadEnv({ ...production, SEED_DEMO: 'true' }).demoPunchout).toBe(false);
    expect(() => loadEnv({ ...production, DEMO_PUNCHOUT: 'true' })).toThrow(/DEMO_PUNCHOUT is refused in production/);
    expect(() => loadEnv({ ...production, DEMO_PUNCHOUT_SECRET: 'demo-punchout-secret' })).toThrow(/DEMO_PUNCHOUT_SECRET is refused in production/);
  });

  it('refuses the development client secret and short keys in production', () => {
    const key = Buffer.alloc(32, 1).toString('base64');
    expect(() => loadEnv({ NODE_ENV: 'production', OAUTH_CLIENT_SECRET: 'portal-web-development-secret', JWT_SIGNING_KEY: key })).toThrow(/development default/);
    expect(() => loadEnv({ JWT_SIGNING_KEY: 'c2hvcnQ=' })).toThrow(/at least 32 bytes/);
  });

  it('refuses malformed values', () => {
    expect(() => loadEnv({ PORT: 'eighty' })).toThrow(EnvError);
    expect(() => loadEnv({ PORT: '70000' })).toThrow(/PORT/);
    expect(() => loadEnv({ DATABASE_URL: 'mysql://x' })).toThrow(/postgres/);
    expect(() => loadEnv({ NODE_ENV: 'staging' })).toThrow(/NODE_ENV/);
    expect(loadEnv({ DATABASE_URL: 'postgres://root@127.0.0.1:5432/test', SEED_DEMO: 'false' })).toMatchObject({ databaseUrl: 'postgres://root@127.0.0.1:5432/test', seedDemo: false });
  });

  it('generates the development signing key once and keeps it in the data folder', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'portal-env-'));
    try {
      const first = resolveSigningKey({ jwtSigningKey: undefined, dataDir, nodeEnv: 'development' });
      const second = resolveSigningKey({ jwtSigningKey: undefined, dataDir, nodeEnv: 'development' });
      expect(Buffer.from(second).equals(Buffer.from(first))).toBe(true);
      expect(first.length).toBeGreaterThanOrEqual(32);
      expect(statSync(join(dataDir, 'jwt-signing-key')).mode & 0o077).toBe(0);
      expect(readFileSync(join(dataDir, 'jwt-signing-key'), 'utf8').trim().length).toBeGreaterThan(40);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('loadEnv: the public base URL follows the port (issue 44)', () => {
  it('is http://localhost:<PORT> when PORT is given and PUBLIC_BASE_URL is not, so punchout and OCI links point at the running portal', () => {
    expect(loadEnv({ PORT: '8070' }).publicBaseUrl).toBe('http://localhost:8070');
    expect(loadEnv({ PORT: ' 8070 ' }).publicBaseUrl).toBe('http://localhost:8070');
  });

  it("keeps npm start's http://localhost:8080 without PORT, and a PUBLIC_BASE_URL given wins over the port", () => {
    expect(loadEnv({}).publicBaseUrl).toBe('http://localhost:8080');
    expect(loadEnv({ PORT: '' }).publicBaseUrl).toBe('http://localhost:8080');
    expect(loadEnv({ PORT: '8070', PUBLIC_BASE_URL: 'https://portal.example/' }).publicBaseUrl).toBe('https://portal.example');
  });
});

describe('loadEnv: metrics and traces (decision 071)', () => {
  it('leaves both off unless asked, and refuses what cannot be meant', () => {
    expect(loadEnv({})).toMatchObject({ metricsPort: undefined, metricsHost: '127.0.0.1', metricsToken: undefined, otelExporterOtlpEndpoint: undefined, tracesSampleRatio: 0.01 });
    expect(loadEnv({ METRICS_PORT: '9464', TRACES_SAMPLE_RATIO: '0.25', OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318' })).toMatchObject({
      metricsPort: 9464,
      tracesSampleRatio: 0.25,
      otelExporterOtlpEndpoint: 'http://127.0.0.1:4318',
    });
    expect(() => loadEnv({ METRICS_PORT: 'on' })).toThrow(/METRICS_PORT/);
    expect(() => loadEnv({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/);
    expect(() => loadEnv({ TRACES_SAMPLE_RATIO: '2' })).toThrow(/TRACES_SAMPLE_RATIO/);
    expect(() => loadEnv({ OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318' })).toThrow(/OTEL_EXPORTER_OTLP_ENDPOINT/);
  });
});
