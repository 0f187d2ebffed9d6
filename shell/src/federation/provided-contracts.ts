// The shell is the one provider of every shared contract (docs/decisions/001): production remotes
// bring no copies of their own. A shared module the shell never imports would not be provided at
// all, so each is referenced here lazily: bundled as its own chunk, downloaded only when a remote
// asks for it, never at start.
const PROVIDED = {
  '@portal/shared/schemas': () => import('@portal/shared/schemas'),
  '@portal/shared/schemas/auth': () => import('@portal/shared/schemas/auth'),
  '@portal/shared/schemas/shop': () => import('@portal/shared/schemas/shop'),
  '@portal/shared/schemas/orders': () => import('@portal/shared/schemas/orders'),
  '@portal/shared/schemas/checkout': () => import('@portal/shared/schemas/checkout'),
  '@portal/shared/schemas/account': () => import('@portal/shared/schemas/account'),
  '@portal/shared/schemas/phone-forms': () => import('@portal/shared/schemas/phone-forms'),
  '@portal/shared/schemas/scan': () => import('@portal/shared/schemas/scan'),
  '@portal/shared/ui/forms': () => import('@portal/shared/ui/forms'),
  '@portal/shared/ui/choice': () => import('@portal/shared/ui/choice'),
  '@portal/shared/ui/file-input': () => import('@portal/shared/ui/file-input'),
  '@portal/shared/ui/number-input': () => import('@portal/shared/ui/number-input'),
  '@portal/shared/ui/select': () => import('@portal/shared/ui/select'),
  '@portal/shared/ui/data': () => import('@portal/shared/ui/data'),
  '@portal/shared/ui/paging': () => import('@portal/shared/ui/paging'),
  '@portal/shared/ui/status': () => import('@portal/shared/ui/status'),
  '@portal/shared/ui/overlays': () => import('@portal/shared/ui/overlays'),
  '@portal/shared/form': () => import('@portal/shared/form'),
  '@portal/shared/preferences': () => import('@portal/shared/preferences'),
} as const;

/** The shared contracts the shell provides without using them itself (for diagnostics and tests). */
export const PROVIDED_CONTRACTS = Object.keys(PROVIDED);

// A side effect the bundler must keep, so the lazy imports above stay in the build.
(globalThis as Record<symbol, unknown>)[Symbol.for('@portal/shell/provided-contracts')] = PROVIDED;
