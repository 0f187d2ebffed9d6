import { DEFAULT_THEME, Drawer, mergeMantineTheme, Modal, useMantineTheme } from '@mantine/core';
import axe from 'axe-core';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderUi } from '../test-utils';
import { BRAND_COLOR, BRAND_PALETTE, FONT_STACK, portalTheme } from './portal-theme';
import { portalCssVariables } from './portal-theme-provider';

function ThemeProbe() {
  const theme = useMantineTheme();
  return (
    <output>
      {theme.primaryColor}|{theme.colors.brand?.[6]}|{theme.fontFamily}|{theme.colors.brand?.length}
    </output>
  );
}

describe('PortalThemeProvider', () => {
  it('provides the brand palette around #E94935 and the font stack', () => {
    renderUi(<ThemeProbe />);
    expect(screen.getByRole('status').textContent).toBe(`brand|${BRAND_COLOR.toLowerCase()}|${FONT_STACK}|10`);
  });

  it('has ten distinct shades, from light to dark', () => {
    expect(new Set(BRAND_PALETTE).size).toBe(10);
    const lightness = BRAND_PALETTE.map((hex) => parseInt(hex.slice(1, 3), 16) + parseInt(hex.slice(3, 5), 16) + parseInt(hex.slice(5, 7), 16));
    expect([...lightness].sort((a, b) => b - a)).toEqual(lightness);
  });
});

describe('dialogs in the portal theme', () => {
  it('give a dialog title bar no <header>, so axe finds one banner landmark: the page\'s', async () => {
    const { container } = renderUi(
      <>
        <header>Site</header>
        <main>
          <Modal opened onClose={() => {}} title="Request a quotation" withinPortal={false}>Body</Modal>
          <Drawer opened onClose={() => {}} title="Menu" withinPortal={false}>Links</Drawer>
        </main>
      </>,
    );
    expect(screen.getByRole('dialog', { name: 'Request a quotation' })).toBeTruthy();
    expect(container.querySelectorAll('header')).toHaveLength(1);
    const results = await axe.run(container, { runOnly: ['landmark-no-duplicate-banner', 'landmark-unique'] });
    expect(results.violations.map((v) => v.id)).toEqual([]);
  });
});

describe('portalCssVariables', () => {
  // WCAG 2.1 contrast ratio of a hex colour against white.
  function contrastOnWhite(hex: string): number {
    const channel = (c: number) => {
      const s = c / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    };
    const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
    const luminance = 0.2126 * channel(r!) + 0.7152 * channel(g!) + 0.0722 * channel(b!);
    return 1.05 / (luminance + 0.05);
  }

  it('darkens the error and dimmed colours to at least 4.5:1 on white (WCAG AA)', () => {
    const { light } = portalCssVariables(mergeMantineTheme(DEFAULT_THEME, portalTheme));
    for (const name of ['--mantine-color-error', '--mantine-color-dimmed']) {
      const value = (light as Record<string, string>)[name]!;
      expect(contrastOnWhite(value), name).toBeGreaterThanOrEqual(4.5);
    }
  });
});
