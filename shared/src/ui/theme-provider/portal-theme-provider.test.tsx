import { useMantineTheme } from '@mantine/core';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderUi } from '../test-utils';
import { BRAND_COLOR, BRAND_PALETTE, FONT_STACK } from './portal-theme';

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
