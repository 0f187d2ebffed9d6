// The shared page harness with the account remote's messages and the page titles the shell brings.
import type { ReactElement } from 'react';
import { renderPage, type RenderPageOptions } from '@portal/shared/testing';
import en from '../messages/en.json';
import fr from '../messages/fr.json';
import nl from '../messages/nl.json';

const SHELL_TITLES = {
  'title.user_info': 'User info',
  'title.contract': 'Contract and conditions',
  'title.users': 'Users',
  'title.user_new': 'New user',
  'title.user_edit': 'Edit user',
  'title.contact': 'Contact',
  'title.integration': 'Integration',
  'title.integration_clients': 'Integration clients',
  'title.recalls': 'Recalls',
  'title.recall': 'Recall',
  'title.operations': 'Operations',
};

export function renderAccountPage(element: ReactElement, url: string, options: RenderPageOptions = {}) {
  return renderPage(element, url, { messages: { en, nl, fr }, shellMessages: SHELL_TITLES, ...options });
}

export const EN = en as Record<string, string>;
export const NL = nl as Record<string, string>;
