import { defaultCssVariablesResolver, defaultVariantColorsResolver, DEFAULT_THEME, mergeMantineTheme, type MantineTheme } from '@mantine/core';
import { screen } from '@testing-library/react';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderUi } from '../test-utils';
import { portalTheme } from '../theme-provider/portal-theme';
import { portalCssVariables } from '../theme-provider/portal-theme-provider';
import { STATUS_TONE_COLORS, type StatusTone } from './status-tones';
import { TONE_BADGE_VARIANTS, ToneBadge } from './tone-badge';

// axe did not flag the order lists' "Shared" badge (Mantine's light variant on "blue.9": label and
// pill both rgb(24,100,171)), so the badge's own colours are checked here, as the theme resolves them.

const theme: MantineTheme = mergeMantineTheme(DEFAULT_THEME, portalTheme);
const cssVariables: Record<string, string> = (() => {
  const base = defaultCssVariablesResolver(theme);
  const ours = portalCssVariables(theme);
  return { ...base.variables, ...base.light, ...ours.variables, ...ours.light };
})();

type Rgba = [number, number, number, number];

/** A CSS colour as the theme writes it (hex, rgb(a), `var(...)`, transparent), as RGBA. */
function parse(value: string): Rgba {
  const v = value.trim();
  const variable = /^var\((--[\w-]+)\)$/.exec(v);
  if (variable) {
    const resolved = cssVariables[variable[1]!];
    if (!resolved) throw new Error(`unknown CSS variable ${variable[1]}`);
    return parse(resolved);
  }
  if (v === 'transparent') return [0, 0, 0, 0];
  const short = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/i.exec(v);
  if (short) return parse(`#${short[1]}${short[1]}${short[2]}${short[2]}${short[3]}${short[3]}`);
  const hex = /^#([0-9a-f]{6})$/i.exec(v);
  if (hex) return [0, 2, 4].map((i) => parseInt(hex[1]!.slice(i, i + 2), 16)).concat(1) as Rgba;
  const rgb = /^rgba?\(([^)]+)\)$/.exec(v);
  if (rgb) {
    const [r, g, b, a = '1'] = rgb[1]!.split(',').map((p) => p.trim());
    return [Number(r), Number(g), Number(b), Number(a)];
  }
  throw new Error(`cannot read the colour ${v}`);
}

/** `top` painted over the opaque `bottom`. */
function over(top: Rgba, bottom: Rgba): Rgba {
  const a = top[3];
  return [0, 1, 2].map((i) => top[i]! * a + bottom[i]! * (1 - a)).concat(1) as Rgba;
}

/** WCAG 2.1 contrast ratio of two opaque colours. */
function contrast(a: Rgba, b: Rgba): number {
  const luminance = (c: Rgba) => {
    const [r, g, bl] = c.slice(0, 3).map((x) => {
      const s = x / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

/** The contrast of a Mantine badge's label with its own background, on the white page. */
function badgeContrast(color: string, variant: string): number {
  const colors = defaultVariantColorsResolver({ color, theme, variant, autoContrast: true });
  const page: Rgba = [255, 255, 255, 1];
  const background = over(parse(colors.background), page);
  return contrast(over(parse(colors.color), background), background);
}

describe('badge contrast', () => {
  it('catches the invisible badge axe missed (the light variant on a dark shade)', () => {
    expect(badgeContrast('blue.9', 'light')).toBeLessThan(1.5);
  });

  it('keeps every tone readable in every variant (WCAG AA, 4.5:1)', () => {
    for (const tone of Object.keys(STATUS_TONE_COLORS) as StatusTone[]) {
      for (const variant of TONE_BADGE_VARIANTS) {
        expect(badgeContrast(STATUS_TONE_COLORS[tone], variant), `${tone} ${variant}`).toBeGreaterThanOrEqual(4.5);
      }
    }
  });

  it('is the only badge the portal draws: no page picks a Mantine badge colour of its own', () => {
    const root = join(import.meta.dirname, '..', '..', '..', '..');
    const folders = ['shell', 'mfe-auth', 'mfe-catalog', 'mfe-checkout', 'mfe-orders', 'mfe-account', 'shared'].map((f) => join(root, f, 'src'));
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) walk(path);
        else if (/\.tsx$/.test(name) && !/\.test\.tsx$/.test(name) && !path.endsWith(join('status-badge', 'tone-badge.tsx'))) {
          if (/<Badge[\s>]/.test(readFileSync(path, 'utf8'))) offenders.push(relative(root, path));
        }
      }
    };
    folders.forEach(walk);
    expect(offenders, 'draw these with ToneBadge (@portal/shared/ui/status)').toEqual([]);
  });

  it('says its state in words and is never cut', () => {
    renderUi(<ToneBadge tone="info" data-testid="b">Shared</ToneBadge>);
    const badge = screen.getByTestId('b');
    expect(badge.textContent).toBe('Shared');
    expect(badge.style.minWidth).toBe('max-content');
  });
});
