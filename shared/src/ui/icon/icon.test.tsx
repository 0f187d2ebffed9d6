import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { axeViolations, renderUi } from '../test-utils';
import { Icon, ICON_SIZE_VALUES, ICON_SIZES } from './icon';
import { ICON_NAMES, ICON_PATHS } from './icon-paths';

describe('Icon', () => {
  it('has the 18 names and 7 sizes of the spec', () => {
    expect(ICON_NAMES).toHaveLength(18);
    expect(ICON_NAMES[0]).toBe('alertCircle');
    expect(ICON_NAMES.at(-1)).toBe('warning');
    expect(ICON_SIZES).toEqual(['xs', 'sm', 'default', 'lg', 'xl', 'xxl', 'full']);
  });

  it.each(ICON_NAMES)('draws %s with its own paths', (name) => {
    const { container } = renderUi(<Icon name={name} />);
    const paths = [...container.querySelectorAll('path')].map((p) => p.getAttribute('d'));
    expect(paths).toEqual(ICON_PATHS[name]);
    expect(paths.length).toBeGreaterThan(0);
  });

  it('has distinct drawings for every name', () => {
    expect(new Set(ICON_NAMES.map((n) => ICON_PATHS[n].join('|'))).size).toBe(ICON_NAMES.length);
  });

  it.each(ICON_SIZES)('sizes %s', (size) => {
    const { container } = renderUi(<Icon name="search" size={size} />);
    const svg = container.querySelector('svg')!;
    expect(svg.getAttribute('width')).toBe(ICON_SIZE_VALUES[size]);
    expect(svg.getAttribute('height')).toBe(ICON_SIZE_VALUES[size]);
  });

  it('is hidden from assistive technology unless labelled', async () => {
    const { container } = renderUi(
      <div>
        <Icon name="warning" />
        <Icon name="alertCircle" label="Error" />
      </div>,
    );
    expect(container.querySelector('[data-icon="warning"]')!.getAttribute('aria-hidden')).toBe('true');
    expect(screen.getByRole('img', { name: 'Error' })).toBeTruthy();
    expect(await axeViolations(container)).toEqual([]);
  });
});
