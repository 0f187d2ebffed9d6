import { describe, expect, it } from 'vitest';
import { axeViolations, renderUi } from '../test-utils';
import { ProductImage } from './product-image';

const image = { path: '/api/v1/images/abc', alt: 'Tourniquet, front view', width: 1280, height: 960 };

describe('ProductImage', () => {
  it('offers WebP and JPEG at every width, with its alt text, size and lazy loading', async () => {
    const { container } = renderUi(<ProductImage image={image} sizes="100vw" />);
    const img = container.querySelector('img')!;
    expect(img.getAttribute('alt')).toBe('Tourniquet, front view');
    expect(img.getAttribute('src')).toBe('/api/v1/images/abc/640.jpeg');
    expect(img.getAttribute('srcset')).toBe('/api/v1/images/abc/160.jpeg 160w, /api/v1/images/abc/320.jpeg 320w, /api/v1/images/abc/640.jpeg 640w, /api/v1/images/abc/1280.jpeg 1280w');
    expect([img.getAttribute('width'), img.getAttribute('height'), img.getAttribute('loading')]).toEqual(['1280', '960', 'lazy']);
    const source = container.querySelector('source')!;
    expect(source.getAttribute('type')).toBe('image/webp');
    expect(source.getAttribute('srcset')).toContain('/api/v1/images/abc/1280.webp 1280w');
    expect(await axeViolations(container)).toEqual([]);
  });

  it('loads eagerly when asked, and takes another alt text', () => {
    const { container } = renderUi(<ProductImage image={image} sizes="50vw" loading="eager" alt="" />);
    const img = container.querySelector('img')!;
    expect(img.getAttribute('loading')).toBe('eager');
    expect(img.getAttribute('alt')).toBe('');
  });

  it('shows a placeholder with an empty alt without an image', async () => {
    const { container } = renderUi(<ProductImage image={null} sizes="100vw" />);
    const img = container.querySelector('img')!;
    expect(img.hasAttribute('data-placeholder')).toBe(true);
    expect(img.getAttribute('alt')).toBe('');
    expect(img.getAttribute('src')).toMatch(/^data:image\/svg\+xml,/);
    expect(container.querySelector('picture')).toBeNull();
    expect(await axeViolations(container)).toEqual([]);
  });
});
