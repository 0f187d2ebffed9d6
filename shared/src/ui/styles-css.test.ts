import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';

const here = import.meta.dirname;
const css = readFileSync(join(here, 'styles.css'), 'utf8');
const imports = [...css.matchAll(/@import '([^']+)';/g)].map((m) => m[1]!);
const require = createRequire(join(here, 'styles.css'));
const coreStyles = dirname(require.resolve('@mantine/core/styles/global.css'));

// Names re-exported from @mantine/core by mantine.ts.
const mantineSource = readFileSync(join(here, 'mantine.ts'), 'utf8');
const coreBlock = /export \{([^}]*)\} from '@mantine\/core'/.exec(mantineSource)![1]!;
const components = coreBlock.split(',').map((s) => s.trim()).filter((s) => /^[A-Z]/.test(s));

describe('ui/styles.css', () => {
  it('does not pull in the whole Mantine stylesheet', () => {
    expect(imports).not.toContain('@mantine/core/styles.css');
    expect(imports.every((i) => !i.endsWith('styles.layer.css'))).toBe(true);
  });

  it('starts with the global files', () => {
    expect(imports.slice(0, 3)).toEqual([
      '@mantine/core/styles/baseline.css',
      '@mantine/core/styles/default-css-variables.css',
      '@mantine/core/styles/global.css',
    ]);
  });

  it('imports only files that exist, each once', () => {
    const missing = imports.filter((i) => !existsSync(require.resolve(i)));
    expect(missing).toEqual([]);
    expect(new Set(imports).size).toBe(imports.length);
  });

  it('has the stylesheet of every re-exported Mantine component that has one', () => {
    const needed = components.filter((name) => existsSync(join(coreStyles, `${name}.css`)));
    const missing = needed.filter((name) => !imports.includes(`@mantine/core/styles/${name}.css`));
    expect(needed.length).toBeGreaterThan(40);
    expect(missing).toEqual([]);
  });

  it('includes the toast styles', () => {
    expect(imports).toContain('@mantine/notifications/styles.css');
  });
});
