import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { markPureCalls } from './pure-calls-loader.mjs';
import { REACT_ROUTER_CHUNK } from './module-rules.mjs';

const repo = join(import.meta.dirname, '..', '..', '..');

describe("react-router's unused components are dropped (decision 029)", () => {
  it('marks top-level React calls pure and drops display names', () => {
    const source = 'var Form = React10.forwardRef(\n  () => null\n);\nForm.displayName = "Form";\nvar X = React.createContext(null);\nlet y = React.memo(z);';
    expect(markPureCalls(source)).toBe(
      'var Form = /* @__PURE__ */ React10.forwardRef(\n  () => null\n);\n\nvar X = /* @__PURE__ */ React.createContext(null);\nlet y = React.memo(z);',
    );
  });

  it("still finds what it rewrites in the installed react-router (an upgrade that changes its layout fails here)", () => {
    const require = createRequire(join(repo, 'shared', 'package.json'));
    const production = join(dirname(require.resolve('react-router/package.json')), 'dist', 'production');
    // The chunk that defines the components (its name changes with every react-router release).
    const chunk = readdirSync(production).find((file) => statSync(join(production, file)).isFile() && /^var Form = React\d*\.forwardRef\(/m.test(readFileSync(join(production, file), 'utf8')) && file.endsWith('.mjs'));
    expect(chunk && REACT_ROUTER_CHUNK.test(join(production, chunk))).toBe(true);
    const source = readFileSync(join(production, chunk), 'utf8');
    expect(markPureCalls(source)).not.toMatch(/^Form\.displayName = /m);
    expect(markPureCalls(source)).toMatch(/^var Form = \/\* @__PURE__ \*\/ React\d*\.forwardRef\(/m);
  });
});
