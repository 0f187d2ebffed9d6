// Renders an auth page as the shell does: theme, dialog host, intl with shared + remote messages,
// and a router at `/:lang/auth/...`. The API is a fetch stub that answers per path.
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { IntlProvider } from 'react-intl';
import { createMemoryRouter, RouterProvider } from '@portal/shared/router';
import { vi } from 'vitest';
import { getSharedMessages, LOCALE_TAGS, type Locale } from '@portal/shared/i18n';
import { PortalThemeProvider } from '@portal/shared/ui';
import { DialogHost } from '@portal/shared/ui/hosts';
import en from '../messages/en.json';
import fr from '../messages/fr.json';
import nl from '../messages/nl.json';

const REMOTE = { en, nl, fr } as Record<string, Record<string, string>>;
const SHELL_TITLES: Record<string, string> = {
  'title.login': 'Sign in',
  'title.register': 'Register',
  'title.verify': 'Verification code',
  'title.forgot_password': 'Forgot password',
  'title.reset_password': 'Reset password',
};

export type Responder = (request: { path: string; body: unknown }) => { status: number; body?: unknown } | undefined;

/** Stubs fetch: each call is answered by the first responder that returns something. */
export function stubApi(...responders: Responder[]) {
  const calls: { path: string; body: unknown }[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
    const raw = init?.body;
    const body = raw instanceof URLSearchParams ? Object.fromEntries(raw) : typeof raw === 'string' ? JSON.parse(raw) : raw;
    const call = { path: url.pathname, body };
    calls.push(call);
    for (const responder of responders) {
      const answer = responder(call);
      if (answer) {
        const type = answer.status >= 400 ? 'application/problem+json' : 'application/json';
        return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': type } });
      }
    }
    return new Response(JSON.stringify({ title: 'Not Found', status: 404, code: 'NOT_FOUND' }), { status: 404, headers: { 'content-type': 'application/problem+json' } });
  });
  vi.stubGlobal('fetch', fetch);
  return calls;
}

/** Renders `element` at `url` (e.g. `/nl/auth/register`); other auth paths render their name. */
export function renderPage(element: ReactElement, url: string) {
  const locale = (url.split('/')[1] ?? 'en') as Locale;
  const router = createMemoryRouter(
    [
      {
        path: '/:lang/auth/*',
        children: [
          { path: url.split('?')[0]!.split('/').slice(3).join('/'), element },
          { path: '*', element: <p data-testid="elsewhere">elsewhere</p> },
        ],
      },
      { path: '*', element: <p data-testid="elsewhere">elsewhere</p> },
    ],
    { initialEntries: [url] },
  );
  const messages = { ...getSharedMessages(locale), ...SHELL_TITLES, ...REMOTE[locale] };
  const view = render(
    <PortalThemeProvider env="test">
      <DialogHost>
        <IntlProvider locale={LOCALE_TAGS[locale]} messages={messages} onError={() => undefined}>
          <RouterProvider router={router} />
        </IntlProvider>
      </DialogHost>
    </PortalThemeProvider>,
  );
  return { ...view, router };
}
