// The workspace's lint setup refuses a raw Mantine Alert in the shell and in every remote (issue 41):
// they take Notice, the contrast-safe notice. The facade still exports Alert for remote builds that
// are already deployed, so only lint stands between a new page and an Alert that fails axe.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../../../..');
const eslint = new ESLint({ cwd: ROOT, overrideConfigFile: join(ROOT, 'eslint.config.mjs') });
const APPS = ['shell', ...readdirSync(ROOT).filter((name) => name.startsWith('mfe-'))];

const ruleIds = async (app, code) => {
  const [result] = await eslint.lintText(code, { filePath: join(ROOT, app, 'src/features/probe/probe.tsx') });
  return result.messages.map((m) => m.ruleId);
};

describe('a raw Alert in an app', () => {
  it.each(APPS)('%s: refused, through the facade and by type', async (app) => {
    expect(await ruleIds(app, "import { Alert } from '@portal/shared/ui';\nexport const a = Alert;\n")).toContain('no-restricted-imports');
    expect(await ruleIds(app, "import type { AlertProps } from '@portal/shared/ui';\nexport type A = AlertProps;\n")).toContain('no-restricted-imports');
  });

  it.each(APPS)('%s: Notice passes', async (app) => {
    expect(await ruleIds(app, "import { Notice } from '@portal/shared/ui';\nexport const n = Notice;\n")).not.toContain('no-restricted-imports');
  });
});
