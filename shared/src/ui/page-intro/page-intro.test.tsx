import { render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { PortalThemeProvider } from '../theme-provider/portal-theme-provider';
import { PageIntro } from './page-intro';

const messages = { 'title.x': 'My orders', 'intro.x': 'Search your orders.' };

function renderIntro(introId?: string) {
  return render(
    <IntlProvider locale="en" messages={messages}>
      <PortalThemeProvider>
        <PageIntro titleId="title.x" introId={introId} />
      </PortalThemeProvider>
    </IntlProvider>,
  );
}

describe('PageIntro', () => {
  it('renders the translated title as the page heading and the introduction', () => {
    renderIntro('intro.x');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('My orders');
    expect(screen.getByText('Search your orders.').tagName).toBe('P');
  });

  it('renders no paragraph without an introduction', () => {
    const { container } = renderIntro();
    expect(container.querySelectorAll('p')).toHaveLength(0);
  });
});
