// The detail gallery: the selected picture large, thumbnails as buttons, keyboard operable.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { EN, FR, renderCatalogPage } from '../../../test-support/catalog-page';
import { ProductGallery } from './product-gallery';

const image = (n: number, alt: string) => ({ path: `/api/v1/images/${String(n).repeat(64)}`, alt, width: 1280, height: 960 });
const IMAGES = [image(1, 'Tourniquet, front view'), image(2, 'Tourniquet, close-up'), image(3, 'Tourniquet in its packaging')];
const main = () => within(screen.getByTestId('product-gallery')).getAllByRole('img')[0]!;
const thumbs = () => within(screen.getByRole('group', { name: EN['catalog.gallery.label'] })).getAllByRole('button');

describe('ProductGallery', () => {
  it('shows the first picture large with its alt text and a labelled button per picture', async () => {
    await renderCatalogPage(<ProductGallery images={IMAGES} />, '/en/my-products/x');
    expect(main().getAttribute('alt')).toBe('Tourniquet, front view');
    expect(main().getAttribute('loading')).toBe('eager');
    expect(main().getAttribute('srcset')).toContain(`${IMAGES[0]!.path}/1280.jpeg 1280w`);
    expect(thumbs().map((b) => b.getAttribute('aria-label'))).toEqual([
      'Show image 1 of 3: Tourniquet, front view',
      'Show image 2 of 3: Tourniquet, close-up',
      'Show image 3 of 3: Tourniquet in its packaging',
    ]);
    expect(thumbs().map((b) => b.getAttribute('aria-pressed'))).toEqual(['true', 'false', 'false']);
  });

  it('switches by click and by the arrow keys, Home and End, with one tab stop', async () => {
    await renderCatalogPage(<ProductGallery images={IMAGES} />, '/en/my-products/x');
    await userEvent.click(thumbs()[2]!);
    expect(main().getAttribute('alt')).toBe('Tourniquet in its packaging');
    await userEvent.keyboard('{ArrowRight}');
    expect(main().getAttribute('alt')).toBe('Tourniquet, front view');
    expect(document.activeElement).toBe(thumbs()[0]);
    await userEvent.keyboard('{ArrowLeft}');
    expect(main().getAttribute('alt')).toBe('Tourniquet in its packaging');
    await userEvent.keyboard('{Home}');
    expect(document.activeElement).toBe(thumbs()[0]);
    await userEvent.keyboard('{End}{ArrowLeft}');
    expect(main().getAttribute('alt')).toBe('Tourniquet, close-up');
    expect(thumbs().map((b) => b.tabIndex)).toEqual([-1, 0, -1]);
    expect(thumbs()[1]!.getAttribute('aria-pressed')).toBe('true');
  });

  it('has no thumbnails for one picture, and a placeholder with an empty alt for none', async () => {
    const { unmount } = await renderCatalogPage(<ProductGallery images={IMAGES.slice(0, 1)} />, '/en/my-products/x');
    expect(screen.queryByRole('group')).toBeNull();
    unmount();
    const { container } = await renderCatalogPage(<ProductGallery images={[]} />, '/en/my-products/x');
    const placeholder = container.querySelector('img[data-placeholder]')!;
    expect(placeholder.getAttribute('alt')).toBe('');
  });

  it('speaks the page\'s language', async () => {
    await renderCatalogPage(<ProductGallery images={IMAGES} />, '/fr/my-products/x');
    expect(screen.getByRole('group', { name: FR['catalog.gallery.label'] })).toBeTruthy();
    expect(screen.getAllByRole('button')[1]!.getAttribute('aria-label')).toBe("Afficher l'image 2 sur 3\u00a0: Tourniquet, close-up");
  });
});
