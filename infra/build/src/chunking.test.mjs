import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createConfig } from './index.mjs';
import { DATA_CHUNK, INPUT_CHUNK, SHELL_START_CSS, LAZY_SPLIT_MIN_BYTES, STARTUP_CHUNK_GROUPS, splitChunksFor } from './chunking.mjs';
import { COMPILE_MESSAGES_LOADER, libraryCutRules, MESSAGE_CATALOG, mergeRefsShim, SCROLL_AREA_MODULE } from './module-rules.mjs';
import { LAZY_SINGLETON_PACKAGES, SHARED_PACKAGE_ENTRIES, SINGLETON_PACKAGES, STARTUP_ENTRIES, sharedConfig } from './shared-deps.mjs';

const repo = join(import.meta.dirname, '..', '..', '..');
const shellDir = join(repo, 'shell');
const shellConfig = (mode) => createConfig({ dir: shellDir, name: 'shell', kind: 'host', port: 3000 })({}, { mode });
const remoteConfig = (mode) =>
  createConfig({ dir: join(repo, 'mfe-auth'), name: 'auth', kind: 'remote', exposes: { './routes': './src/routes.tsx' }, port: 3001 })({}, { mode });
const federationOptions = (config) => config.plugins.find((p) => p.constructor.name === 'ModuleFederationPlugin')._options;

/** The group a module path lands in: the first (highest priority) whose test matches. */
function groupOf(path) {
  return Object.entries(STARTUP_CHUNK_GROUPS).find(([, test]) => test.test(path))?.[0];
}

describe('the shell provides its start-up singletons eager (decision 025)', () => {
  const shared = sharedConfig(shellDir, { eagerStartup: true });

  it('marks every npm singleton and every start-up entry eager, and no lazy entry', () => {
    for (const [pkg, keys] of Object.entries(SINGLETON_PACKAGES)) {
      for (const key of keys) expect(shared[key]?.eager, key).toBe(LAZY_SINGLETON_PACKAGES.includes(pkg) ? undefined : true);
    }
    // Decision 033: TanStack Query and the entries that use it are not part of the start.
    expect(shared['@tanstack/react-query'].eager).toBeUndefined();
    for (const entry of ['query', 'preferences', 'ui/status']) expect(STARTUP_ENTRIES, entry).not.toContain(entry);
    for (const entry of SHARED_PACKAGE_ENTRIES) {
      expect(shared[`@portal/shared/${entry}`]?.eager ?? false, entry).toBe(STARTUP_ENTRIES.includes(entry));
    }
    expect(shared['@portal/shared/ui/overlays'].eager).toBeUndefined();
  });

  it('keeps the share contract: the same names, versions and singleton flags as without eager', () => {
    const plain = sharedConfig(shellDir);
    expect(Object.keys(shared)).toEqual(Object.keys(plain));
    for (const [key, value] of Object.entries(plain)) {
      const { eager: _eager, ...rest } = shared[key];
      expect(rest, key).toEqual(value);
    }
  });

  it('lists only start-up entries that @portal/shared exports', () => {
    const exports = JSON.parse(readFileSync(join(repo, 'shared', 'package.json'), 'utf8')).exports;
    for (const entry of SHARED_PACKAGE_ENTRIES) expect(exports[`./${entry}`], entry).toBeDefined();
    for (const entry of STARTUP_ENTRIES) expect(SHARED_PACKAGE_ENTRIES).toContain(entry);
  });

  it('is what the shell is built with in every mode (its bootstrap is eager, decision 033); remotes stay lazy', () => {
    expect(federationOptions(shellConfig('production')).shared.react.eager).toBe(true);
    // The development server runs the same eager bootstrap: a lazy React there would fail at start
    // ("not available for eager consumption").
    expect(federationOptions(shellConfig('development')).shared.react.eager).toBe(true);
    expect(federationOptions(shellConfig('development')).shared['@portal/shared/ui'].eager).toBe(true);
    const remote = federationOptions(remoteConfig('production')).shared;
    expect(Object.values(remote).some((s) => s.eager)).toBe(false);
    expect(remote.react.import).toBe(false);
  });
});

describe('the start-up chunk groups (decision 026)', () => {
  it('are set for the production shell only; every production build cuts its lazy chunks little', () => {
    expect(splitChunksFor({ isHost: true, production: true }).cacheGroups.vendor).toMatchObject({ chunks: 'initial', enforce: true });
    expect(splitChunksFor({ isHost: true, production: false })).toBeUndefined();
    expect(splitChunksFor({ isHost: false, production: false })).toBeUndefined();
    const remote = splitChunksFor({ isHost: false, production: true }).cacheGroups;
    expect(remote).not.toHaveProperty('vendor');
    expect(remote.defaultVendors).toBe(false);
    expect(remote.default).toMatchObject({ chunks: 'async', minSize: LAZY_SPLIT_MIN_BYTES.remote });
    expect(shellConfig('production').optimization.splitChunks.cacheGroups).toHaveProperty('portal');
    expect(shellConfig('production').optimization.splitChunks.cacheGroups.default.minSize).toBe(LAZY_SPLIT_MIN_BYTES.shell);
    expect(remoteConfig('production').optimization.splitChunks.cacheGroups.default.chunks).toBe('async');
  });

  it('put the third-party singletons in vendor and the portal\'s own start-up code in portal', () => {
    const pnpm = (pkg, file) => `/r/node_modules/.pnpm/${pkg.replace('/', '+')}@1.0.0/node_modules/${pkg}/${file}`;
    expect(groupOf(pnpm('react-dom', 'cjs/react-dom-client.production.js'))).toBe('vendor');
    expect(groupOf(pnpm('react', 'jsx-runtime.js'))).toBe('vendor');
    expect(groupOf(pnpm('scheduler', 'index.js'))).toBe('vendor');
    expect(groupOf(pnpm('zustand', 'esm/vanilla.mjs'))).toBe('vendor');
    expect(groupOf(pnpm('react-router', 'dist/production/index.mjs'))).toBe('vendor');
    expect(groupOf(pnpm('react-intl', 'index.js'))).toBe('vendor');
    expect(groupOf(pnpm('@formatjs/intl', 'index.js'))).toBe('vendor');
    expect(groupOf(pnpm('@tanstack/query-core', 'build/modern/index.js'))).toBeUndefined();
    expect(groupOf(pnpm('@mantine/core', 'esm/components/Button/Button.mjs'))).toBe('portal');
    expect(groupOf('/r/shared/src/ui/button/button.tsx')).toBe('portal');
    expect(groupOf('/r/shared/src/session/session.ts')).toBe('portal');
    expect(groupOf(pnpm('valibot', 'dist/index.mjs'))).toBe('portal');
    // The shell's own code stays in main.js and its lazy chunks.
    expect(groupOf('/r/shell/src/app/app.tsx')).toBeUndefined();
  });

  it('put TanStack Query and the entries of pages that show data in one lazy file (decision 033)', () => {
    const pnpm = (pkg, file) => `/r/node_modules/.pnpm/${pkg.replace('/', '+')}@1.0.0/node_modules/${pkg}/${file}`;
    const data = (path) => DATA_CHUNK.test.test(path);
    expect(data(pnpm('@tanstack/query-core', 'build/modern/index.js'))).toBe(true);
    expect(data(pnpm('@tanstack/react-query', 'build/modern/index.js'))).toBe(true);
    expect(data('/r/shared/src/query/portal-query.tsx')).toBe(true);
    expect(data('/r/shared/src/preferences/vat-preference.ts')).toBe(true);
    expect(data('/r/shared/src/ui/status.ts')).toBe(true);
    expect(data('/r/shared/src/ui/status-badge/messages/nl.json')).toBe(true);
    expect(data('/r/shared/src/ui/state-region/state-region.tsx')).toBe(true);
    expect(data('/r/shared/src/ui/forms.ts')).toBe(false);
    expect(data('/r/shell/src/layouts/counted-cart-label.tsx')).toBe(false);
    const groups = splitChunksFor({ isHost: true, production: true }).cacheGroups;
    expect(groups[DATA_CHUNK.name]).toMatchObject({ name: 'data', chunks: 'async', enforce: true });
  });

  it("put Mantine's Input and InputBase in one lazy file, which every field's entry shares (decision 093)", () => {
    const pnpm = (file) => `/r/node_modules/.pnpm/@mantine+core@9.0.0/node_modules/@mantine/core/esm/components/${file}`;
    const inputs = (path) => INPUT_CHUNK.test.test(path);
    expect(inputs(pnpm('Input/Input.mjs'))).toBe(true);
    expect(inputs(pnpm('Input/InputWrapper/InputWrapper.mjs'))).toBe(true);
    expect(inputs(pnpm('InputBase/InputBase.mjs'))).toBe(true);
    // The controls themselves stay with their entries.
    expect(inputs(pnpm('NumberInput/NumberInput.mjs'))).toBe(false);
    expect(inputs(pnpm('PasswordInput/PasswordInput.mjs'))).toBe(false);
    expect(inputs(pnpm('Checkbox/Checkbox.mjs'))).toBe(false);
    expect(inputs('/r/shared/src/ui/input/input.tsx')).toBe(false);
    // Still where the installed Mantine keeps them.
    const mantine = join(repo, 'shared', 'node_modules', '@mantine', 'core', 'esm', 'components');
    expect(existsSync(join(mantine, 'Input', 'Input.mjs'))).toBe(true);
    expect(inputs(join(realpathSync(mantine), 'Input', 'Input.mjs'))).toBe(true);
    const groups = splitChunksFor({ isHost: true, production: true }).cacheGroups;
    expect(groups[INPUT_CHUNK.name]).toMatchObject({ name: 'inputs', chunks: 'async', enforce: true });
    expect(splitChunksFor({ isHost: false, production: true }).cacheGroups).not.toHaveProperty(INPUT_CHUNK.name);
  });

  it("keep the shell's bootstrap in main.js and its style sheets in portal's (decision 033)", () => {
    const group = splitChunksFor({ isHost: true, production: true }).cacheGroups.shellStartCss;
    expect(group).toMatchObject({ test: SHELL_START_CSS, name: 'portal', chunks: 'initial', enforce: true });
    expect(SHELL_START_CSS.test('/r/shell/src/layouts/layout.module.css')).toBe(true);
    expect(SHELL_START_CSS.test('/r/shell/src/layouts/site-header.tsx')).toBe(false);
    expect(SHELL_START_CSS.test('/r/shared/src/ui/styles.css')).toBe(false);
    // No chunk for the bootstrap: main.ts imports it eagerly (a request less on every page).
    const main = readFileSync(join(shellDir, 'src', 'main.ts'), 'utf8');
    expect(main).toContain(`import(/* webpackMode: "eager" */ './bootstrap')`);
  });

  it('writes first-screen.json in every production build, with the remote\'s route table', () => {
    const plugin = (config) => config.plugins.find((p) => p.constructor.name === 'FirstScreenMapPlugin');
    expect(plugin(remoteConfig('production')).routesModule).toBe('src/routes.tsx');
    expect(plugin(shellConfig('production')).routesModule).toBeUndefined();
    expect(plugin(remoteConfig('development'))).toBeUndefined();
  });
});

describe('the floating-ui cut for Mantine ScrollArea (decision 025)', () => {
  // @mantine/core exports no package.json: take its real folder through the design system's link.
  const mantineEsm = join(realpathSync(join(repo, 'shared', 'node_modules', '@mantine', 'core')), 'esm');
  const scrollArea = join(mantineEsm, 'components', 'ScrollArea', 'ScrollArea.mjs');

  it('matches the installed ScrollArea, and no other Mantine module', () => {
    expect(SCROLL_AREA_MODULE.test(scrollArea)).toBe(true);
    expect(SCROLL_AREA_MODULE.test(join(mantineEsm, 'components', 'Popover', 'use-popover.mjs'))).toBe(false);
  });

  it('still holds for the installed Mantine: ScrollArea takes only useMergeRefs from floating-ui', () => {
    // A Mantine upgrade that imports more from floating-ui here would break the stand-in: this fails first.
    const imports = [...readFileSync(scrollArea, 'utf8').matchAll(/import \{([^}]*)\} from "@floating-ui\/react"/g)].map((m) => m[1].trim());
    expect(imports).toEqual(['useMergeRefs']);
  });

  it('aliases floating-ui to the stand-in that exists in the design system', () => {
    expect(existsSync(mergeRefsShim(shellDir))).toBe(true);
    expect(libraryCutRules(shellDir)[0].resolve.alias['@floating-ui/react$']).toBe(mergeRefsShim(shellDir));
    expect(shellConfig('production').module.rules).toContainEqual(libraryCutRules(shellDir)[0]);
  });
});

describe('messages compiled at build time, react-intl without its parser (decision 029)', () => {
  const ruleFor = (config, loader) => config.module.rules.find((rule) => rule.loader === loader);
  const parserAlias = (config) =>
    config.module.rules.find((rule) => rule.resolve?.alias?.['@formatjs/icu-messageformat-parser$'])?.resolve.alias['@formatjs/icu-messageformat-parser$'];

  it('compiles every catalog of the apps and of @portal/shared, and nothing else', () => {
    for (const file of ['shell/src/messages/en.json', 'mfe-auth/src/messages/xx.json', 'shared/src/i18n/messages/nl.json', 'shared/src/ui/status-badge/messages/fr.json']) {
      expect(MESSAGE_CATALOG.test(join(repo, file)), file).toBe(true);
    }
    expect(MESSAGE_CATALOG.test(join(repo, 'shell', 'package.json'))).toBe(false);
    expect(MESSAGE_CATALOG.test(join(repo, 'shell', 'src', 'messages', 'de.json'))).toBe(false);
  });

  it('is on in production builds of the shell and the remotes, off in development', () => {
    for (const config of [shellConfig('production'), remoteConfig('production')]) {
      expect(ruleFor(config, COMPILE_MESSAGES_LOADER)).toMatchObject({ test: MESSAGE_CATALOG, type: 'json' });
      expect(parserAlias(config)).toBe('@formatjs/icu-messageformat-parser/no-parser.js');
    }
    expect(ruleFor(shellConfig('development'), COMPILE_MESSAGES_LOADER)).toBeUndefined();
    expect(parserAlias(shellConfig('development'))).toBeUndefined();
  });

  it("redirects the parser for npm packages only, so the shell's own import stays the real parser", () => {
    const rule = shellConfig('production').module.rules.find((r) => r.resolve?.alias?.['@formatjs/icu-messageformat-parser$']);
    expect(rule.test.test(join(repo, 'node_modules', '.pnpm', 'x', 'node_modules', 'intl-messageformat', 'index.js'))).toBe(true);
    expect(rule.test.test(join(repo, 'shell', 'src', 'i18n', 'runtime-parser.ts'))).toBe(false);
  });
});
