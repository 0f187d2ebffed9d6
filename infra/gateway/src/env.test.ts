import { describe, expect, it } from 'vitest';
import { readGatewayEnv } from './env';

describe('readGatewayEnv', () => {
  it('defaults to production on 127.0.0.1:8080 with the store under .data', () => {
    const env = readGatewayEnv({});
    expect(env).toMatchObject({ port: 8080, host: '127.0.0.1', environment: 'production', versionPollMs: 60_000 });
    expect(env.storeDir).toMatch(/[/\\]\.data[/\\]store$/);
    expect(env.backupDir).toMatch(/[/\\]\.data[/\\]backups$/);
  });

  it('reads the variables and treats empty ones as unset', () => {
    const env = readGatewayEnv({
      PORT: '9090',
      HOST: '0.0.0.0',
      PORTAL_ENV: 'development',
      PORTAL_STORE_DIR: '/srv/store',
      PORTAL_VERSION_POLL_MS: '2000',
      BACKUP_DIR: '/srv/backups',
    });
    expect(env).toEqual({ port: 9090, host: '0.0.0.0', environment: 'development', storeDir: '/srv/store', versionPollMs: 2000, backupDir: '/srv/backups' });
    expect(readGatewayEnv({ PORT: '', PORTAL_ENV: '' })).toMatchObject({ port: 8080, environment: 'production' });
  });

  it('refuses invalid values with a message naming them', () => {
    expect(() => readGatewayEnv({ PORT: 'eighty' })).toThrow(/invalid gateway environment/);
    expect(() => readGatewayEnv({ PORT: '70000' })).toThrow(/invalid gateway environment/);
    expect(() => readGatewayEnv({ PORTAL_ENV: 'Prod/../x' })).toThrow(/invalid gateway environment/);
    expect(() => readGatewayEnv({ PORTAL_VERSION_POLL_MS: '0' })).toThrow(/invalid gateway environment/);
  });
});
