// The shared page harness with this remote's messages and the page titles the shell brings.
import type { ReactElement } from 'react';
import { renderPage as renderWith } from '@portal/shared/testing';
import en from '../messages/en.json';
import fr from '../messages/fr.json';
import nl from '../messages/nl.json';

export { stubApi } from '@portal/shared/testing';

const SHELL_TITLES: Record<string, string> = {
  'title.login': 'Sign in',
  'title.register': 'Register',
  'title.verify': 'Verification code',
  'title.forgot_password': 'Forgot password',
  'title.reset_password': 'Reset password',
};

/** Renders an auth page at `url` (e.g. `/nl/auth/register`); other paths render "elsewhere". */
export function renderPage(element: ReactElement, url: string) {
  return renderWith(element, url, { messages: { en, nl, fr }, shellMessages: SHELL_TITLES });
}
