// `npm run cluster` on a machine without nginx (issue 44): it used to stop with "spawn
// /usr/sbin/nginx ENOENT". Now it installs Debian's nginx when run as root with apt-get, as `npm test`
// does with Chromium, and otherwise says what to install or to set NGINX_PATH.
import { describe, expect, it } from 'vitest';
import { DEFAULT_NGINX, DEFAULT_PROMETHEUS, ensureNginx, ensurePrometheus } from './nginx-install';

const missing = '/nonexistent/sbin/nginx';

describe('ensureNginx', () => {
  it('answers the binary when it exists, installing nothing', async () => {
    const calls: string[][] = [];
    await expect(ensureNginx(process.execPath, { isRoot: true, hasAptGet: true, run: async (cmd, args) => void calls.push([cmd, ...args]) })).resolves.toBe(process.execPath);
    expect(calls).toEqual([]);
  });

  it("says what to install (Debian's nginx) or which variable names another binary when it cannot install", async () => {
    const refused = ensureNginx(missing, { isRoot: false, hasAptGet: true, run: async () => undefined });
    await expect(refused).rejects.toThrow(/nginx not found at \/nonexistent\/sbin\/nginx/);
    await expect(refused).rejects.toThrow(/apt-get install -y nginx/);
    await expect(refused).rejects.toThrow(/NGINX_PATH/);
    await expect(ensureNginx(missing, { isRoot: true, hasAptGet: false, run: async () => undefined })).rejects.toThrow(/apt-get install -y nginx/);
  });

  it("installs Debian's nginx as root with apt-get, for the default path, and answers it", async () => {
    const calls: string[][] = [];
    let installed = false;
    const path = await ensureNginx(DEFAULT_NGINX, {
      isRoot: true,
      hasAptGet: true,
      exists: () => installed,
      run: async (cmd, args) => {
        calls.push([cmd, ...args]);
        if (args.includes('install')) installed = true;
      },
    });
    expect(path).toBe(DEFAULT_NGINX);
    expect(calls).toEqual([
      ['apt-get', 'update', '-qq'],
      ['apt-get', 'install', '-y', '-qq', '--no-install-recommends', 'nginx'],
    ]);
  });

  it('does not install over a binary named by NGINX_PATH that is missing: that is a typo to fix, not a package to add', async () => {
    const calls: string[][] = [];
    await expect(ensureNginx(missing, { isRoot: true, hasAptGet: true, run: async (cmd, args) => void calls.push([cmd, ...args]) })).rejects.toThrow(/NGINX_PATH/);
    expect(calls).toEqual([]);
  });

  it("installs Debian's prometheus for --observe the same way, and stops the system Prometheus its package starts", async () => {
    const calls: string[][] = [];
    let installed = false;
    const deps = { isRoot: true, hasAptGet: true, exists: () => installed, run: async (cmd: string, args: string[]) => {
      calls.push([cmd, ...args]);
      if (args.includes('install')) installed = true;
    } };
    expect(await ensurePrometheus(DEFAULT_PROMETHEUS, deps)).toBe(DEFAULT_PROMETHEUS);
    expect(calls).toEqual([
      ['apt-get', 'update', '-qq'],
      ['apt-get', 'install', '-y', '-qq', '--no-install-recommends', 'prometheus'],
      ['service', 'prometheus', 'stop'],
    ]);
    await expect(ensurePrometheus('/nonexistent/prometheus', { isRoot: false, hasAptGet: true })).rejects.toThrow(
      /prometheus not found at \/nonexistent\/prometheus\. --observe scrapes the instances with Prometheus: install Debian's prometheus \(sudo apt-get install -y prometheus\), or set PROMETHEUS_PATH/,
    );
  });
});
