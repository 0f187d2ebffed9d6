// Test helper: a throw-away workspace laid out like the portal (shell, remotes, shared messages).
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/** A small, valid portal: every later test breaks exactly one thing in a copy of it. */
export function validRepo() {
  return {
    'pnpm-workspace.yaml': 'packages: []\n',
    'shared/src/i18n/messages/en.json': { 'ui.close': 'Close', 'validation.tooBig.string': 'At most {count, plural, one {# character} other {# characters}}' },
    'shared/src/i18n/messages/nl.json': { 'ui.close': 'Sluiten', 'validation.tooBig.string': 'Maximaal {count, plural, one {# teken} other {# tekens}}' },
    'shared/src/i18n/messages/fr.json': { 'ui.close': 'Fermer', 'validation.tooBig.string': '{count, plural, one {# caractère} other {# caractères}} au maximum' },
    'shell/src/messages/en.json': { 'title.my_orders': 'My orders', 'nav.about': 'About us', 'footer.copyright': '© {year} MedTac' },
    'shell/src/messages/nl.json': { 'title.my_orders': 'Mijn bestellingen', 'nav.about': 'Over ons', 'footer.copyright': '© {year} MedTac' },
    'shell/src/messages/fr.json': { 'title.my_orders': 'Mes commandes', 'nav.about': 'À propos', 'footer.copyright': '© {year} MedTac' },
    'shell/src/layouts/footer.tsx': [
      "import { FormattedMessage } from 'react-intl';",
      "const LINKS = [{ to: '/about', id: 'nav.about' }];",
      'export const Footer = () => (',
      '  <footer id="site-footer">',
      '    {LINKS.map((link) => <FormattedMessage key={link.to} id={link.id} />)}',
      '    <FormattedMessage id="footer.copyright" values={{ year: 2026 }} />',
      '  </footer>',
      ');',
    ].join('\n'),
    'mfe-orders/src/messages/en.json': { 'orders.myOrders.intro': 'You have {count, plural, one {# order} other {# orders}}. <b>Track</b> them.' },
    'mfe-orders/src/messages/nl.json': { 'orders.myOrders.intro': 'U hebt {count, plural, one {# bestelling} other {# bestellingen}}. <b>Volg</b> ze op.' },
    'mfe-orders/src/messages/fr.json': { 'orders.myOrders.intro': 'Vous avez {count, plural, one {# commande} other {# commandes}}. <b>Suivez</b>-les.' },
    'mfe-orders/src/pages/my-orders.tsx': [
      "import { useIntl } from 'react-intl';",
      "import { PageIntro } from '@portal/shared/ui';",
      'export default function MyOrdersPage() {',
      '  const intl = useIntl();',
      "  const close = intl.formatMessage({ id: 'ui.close' });",
      '  return <PageIntro titleId="title.my_orders" introId="orders.myOrders.intro" aria-label={close} />;',
      '}',
    ].join('\n'),
    'mfe-orders/src/routes.tsx': [
      "export const routes = [{ path: 'my-orders', children: [",
      "  { id: 'orders-list', index: true, handle: { titleKey: 'title.my_orders' } },",
      ']}];',
    ].join('\n'),
  };
}

/**
 * Writes a fixture workspace to a fresh temporary folder; objects are written as JSON.
 * @param {Record<string, string | object | undefined>} files path -> content (undefined: left out)
 * @returns {string} the workspace root
 */
export function writeRepo(files) {
  const root = mkdtempSync(join(tmpdir(), 'portal-i18n-fixture-'));
  for (const [path, content] of Object.entries(files)) {
    if (content === undefined) continue;
    const file = join(root, path);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, typeof content === 'string' ? content : `${JSON.stringify(content, null, 2)}\n`);
  }
  return root;
}
