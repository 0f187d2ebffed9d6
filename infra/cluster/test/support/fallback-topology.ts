// A stand-in for @portal/cluster's startTopology (contract-17.md), used until that lands: the
// gateway's main through tsx per instance, and Debian's nginx in front with a generated config.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { onProcessExit, killIfAlive } from './exit-hooks';
import type { Instance, Topology, TopologyOptions } from './topology-types';

const REPO_ROOT = resolve(fileURLToPath(import.meta.url), '../../../../..');
const TSX = import.meta.resolve('tsx');

async function waitFor(check: () => Promise<boolean>, what: string, timeoutMs = 180_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await check().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`timed out waiting for ${what}`);
}

function nginxConfig(opts: TopologyOptions): string {
  const upstreams = opts.instancePorts.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=2s;`).join('\n');
  const tmp = (name: string) => join(opts.workDir, name);
  return `user root;
worker_processes 1;
daemon off;
pid ${tmp('nginx.pid')};
error_log ${tmp('nginx-error.log')} warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${tmp('client_body')};
  proxy_temp_path ${tmp('proxy')};
  fastcgi_temp_path ${tmp('fastcgi')};
  uwsgi_temp_path ${tmp('uwsgi')};
  scgi_temp_path ${tmp('scgi')};
  upstream portal {
${upstreams}
    keepalive 32;
  }
  server {
    listen 127.0.0.1:${opts.port};
    location / {
      proxy_pass http://portal;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      # Connection failures move on to the other instance; a POST that may have reached one is never resent.
      proxy_next_upstream error timeout http_502 http_503;
      proxy_connect_timeout 2s;
      proxy_read_timeout 60s;
    }
  }
}
`;
}

export async function startTopology(opts: TopologyOptions): Promise<Topology> {
  mkdirSync(opts.workDir, { recursive: true });
  const children = new Set<ChildProcess>();
  const removeHook = onProcessExit(() => {
    for (const c of children) killIfAlive(c.pid);
  });

  const instances: Instance[] = opts.instancePorts.map((port, index) => {
    let child: ChildProcess | undefined;
    const url = `http://127.0.0.1:${port}`;
    const instance: Instance = {
      port,
      url,
      get pid() {
        return child?.pid ?? 0;
      },
      async start() {
        const env: Record<string, string> = {
          ...(process.env as Record<string, string>),
          NODE_ENV: 'production',
          LOG_LEVEL: 'warn',
          HOST: '127.0.0.1',
          PORT: String(port),
          DATABASE_URL: opts.databaseUrl,
          PORTAL_STORE_DIR: opts.storeDir ?? join(opts.workDir, 'store'),
          DATA_DIR: join(opts.workDir, `instance-${index}`),
          ...(opts.redisUrl ? { REDIS_URL: opts.redisUrl } : {}),
          ...(opts.redisPrefix ? { REDIS_PREFIX: opts.redisPrefix } : {}),
          ...opts.env,
        };
        mkdirSync(env.DATA_DIR!, { recursive: true });
        const c = spawn(process.execPath, ['--import', TSX, join(REPO_ROOT, 'infra/gateway/src/main.ts')], {
          cwd: REPO_ROOT,
          env,
          stdio: ['ignore', 'ignore', 'inherit'],
        });
        child = c;
        children.add(c);
        c.once('exit', () => children.delete(c));
        let exited = false;
        c.once('exit', () => (exited = true));
        await waitFor(async () => {
          if (exited) throw new Error(`instance on ${port} exited during start`);
          return (await fetch(`${url}/api/ready`)).status === 200;
        }, `instance on ${port}`);
      },
      kill(signal: NodeJS.Signals = 'SIGKILL') {
        const c = child;
        if (!c || c.exitCode !== null || c.signalCode !== null) return Promise.resolve();
        return new Promise<void>((done) => {
          c.once('exit', () => done());
          c.kill(signal);
        });
      },
    };
    return instance;
  });

  const confFile = join(opts.workDir, 'nginx.conf');
  writeFileSync(confFile, nginxConfig(opts));
  const nginx = spawn('/usr/sbin/nginx', ['-p', opts.workDir, '-c', confFile], { stdio: ['ignore', 'ignore', 'inherit'] });
  children.add(nginx);
  try {
    // Sequentially: two cold starts at once on two cores only take longer each.
    for (const instance of instances) await instance.start();
    await waitFor(async () => (await fetch(`http://127.0.0.1:${opts.port}/api/ready`)).status === 200, 'nginx');
  } catch (error) {
    for (const c of children) killIfAlive(c.pid);
    removeHook();
    throw error;
  }
  return {
    url: `http://127.0.0.1:${opts.port}`,
    instances,
    nginxPid: nginx.pid ?? 0,
    async stop() {
      await Promise.all(instances.map((i) => i.kill('SIGTERM')));
      if (nginx.exitCode === null && nginx.signalCode === null) {
        await new Promise<void>((done) => {
          nginx.once('exit', () => done());
          nginx.kill('SIGQUIT');
        });
      }
      removeHook();
    },
  };
}
