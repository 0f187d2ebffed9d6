import { describe, expect, it } from 'vitest';
import { isChunkLoadError } from './chunk-error';

describe('isChunkLoadError', () => {
  it.each([
    [Object.assign(new Error('Loading chunk 614 failed.'), { name: 'ChunkLoadError' })],
    [new Error('Loading chunk 614 failed. (error: https://portal.example/static/js/614.js)')],
    [new Error('Loading CSS chunk 22 failed.')],
    [new TypeError('Failed to fetch dynamically imported module: https://portal.example/x.js')],
    [new TypeError('Importing a module script failed.')],
  ])('recognises %s', (error) => {
    expect(isChunkLoadError(error)).toBe(true);
  });

  it.each([[new Error('Cannot read properties of undefined')], [null], ['Loading chunk 1 failed'], [{}]])('ignores %s', (error) => {
    expect(isChunkLoadError(error)).toBe(false);
  });
});
