import { describe, expect, it } from 'vitest';
import { loadClusterEnv } from './env';

describe('the cluster launcher environment', () => {
  it('reads its five settings, with the defaults when unset or blank', () => {
    expect(loadClusterEnv({})).toEqual({ databaseUrl: undefined, redisUrl: undefined, nginxPath: '/usr/sbin/nginx', prometheusPath: '/usr/bin/prometheus', useTsx: false });
    expect(loadClusterEnv({ DATABASE_URL: ' ', NGINX_PATH: '' })).toMatchObject({ databaseUrl: undefined, nginxPath: '/usr/sbin/nginx' });
    expect(loadClusterEnv({ DATABASE_URL: 'postgres://x/y', REDIS_URL: 'redis://r', NGINX_PATH: '/opt/nginx', PROMETHEUS_PATH: '/opt/prometheus', PORTAL_USE_TSX: '1' })).toEqual({
      databaseUrl: 'postgres://x/y',
      redisUrl: 'redis://r',
      nginxPath: '/opt/nginx',
      prometheusPath: '/opt/prometheus',
      useTsx: true,
    });
  });
});
