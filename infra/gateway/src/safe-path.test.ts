import { describe, expect, it } from 'vitest';
import { safeRelativePath } from './safe-path';

describe('safeRelativePath', () => {
  it.each(['remoteEntry.js', 'static/js/async/routes.3f2a.js', 'mf-manifest.json'])('accepts %s', (path) => {
    expect(safeRelativePath(path)).toBe(path);
  });

  it.each(['', '../x', 'a/../../x', './x', 'a//b', 'a/', '/etc/passwd', '..\\x', '%2e%2e/x', 'a\0b', undefined])(
    'refuses %j',
    (path) => {
      expect(safeRelativePath(path)).toBeUndefined();
    },
  );
});
