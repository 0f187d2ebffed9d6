/**
 * The request's file path as a relative path that cannot leave its folder, or undefined. Fastify has
 * already decoded it once; anything still looking encoded, any `.`/`..`/empty segment, backslash or NUL
 * is refused rather than normalised, so there is no second decoding to trick.
 */
export function safeRelativePath(raw: string | undefined): string | undefined {
  if (!raw || raw.length > 1024 || /[\\%\0]/.test(raw)) return undefined;
  const segments = raw.split('/');
  if (segments.some((segment) => segment === '' || segment === '.' || segment === '..')) return undefined;
  return raw;
}
