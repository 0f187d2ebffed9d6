import { describe, expect, it } from 'vitest';
import { scanSource } from './scan-source.mjs';

const ids = (text, file = 'page.tsx') => scanSource(text, file).map((u) => u.id);

describe('scanSource', () => {
  it('finds <FormattedMessage id>, formatMessage({ id }) and <PageIntro titleId introId>', () => {
    const text = `
      import { FormattedMessage, useIntl } from 'react-intl';
      export function Page() {
        const intl = useIntl();
        return (
          <div id="main" aria-label={intl.formatMessage({ id: 'nav.language' })}>
            <FormattedMessage id="brand.name" />
            <FormattedMessage id={'footer.copyright'} values={{ year: 1 }} />
            <PageIntro titleId="title.contact" introId="account.contact.intro" />
          </div>
        );
      }`;
    expect(ids(text)).toEqual(['nav.language', 'brand.name', 'footer.copyright', 'title.contact', 'account.contact.intro']);
  });

  it('reports the line of each use', () => {
    expect(scanSource('const a = 1;\nconst t = intl.formatMessage({ id: "a.b" });\n', 'x.ts')).toEqual([
      { id: 'a.b', file: 'x.ts', line: 2 },
    ]);
  });

  it('finds handle titleKeys but not route ids, and table ids but not DOM or dialog ids', () => {
    const text = `
      const routes = [{ id: 'auth-login', path: 'login', handle: { titleKey: 'title.login' } }];
      const LINKS = [{ to: '/about', id: 'nav.about' }];
      openDialog({ id: 'session-expiring' });
      const el = <section id="content.main.x" />;`;
    expect(ids(text)).toEqual(['title.login', 'nav.about']);
  });

  it('resolves id={item.prop} through the literal table the item comes from', () => {
    const text = `
      const TILES = [
        { to: '/a', title: 'nav.myProducts', body: 'dashboard.tile.products' },
        { to: '/b', title: 'nav.myOrders', body: 'dashboard.tile.orders' },
      ] as const;
      export const Tiles = () => TILES.map((tile) => (
        <div key={tile.to}><FormattedMessage id={tile.title} /><FormattedMessage id={tile.body} /></div>
      ));`;
    expect(ids(text).sort()).toEqual(['dashboard.tile.orders', 'dashboard.tile.products', 'nav.myOrders', 'nav.myProducts']);
  });

  it('takes both branches of a conditional id and ignores ids only known at run time', () => {
    const text = `
      const a = <FormattedMessage id={open ? 'ui.close' : 'ui.open'} />;
      const b = <FormattedMessage id={props.titleKey} />;
      const c = intl.formatMessage({ id: \`status.\${status}\` });`;
    expect(ids(text)).toEqual(['ui.close', 'ui.open']);
  });
});
