// The detail page's pictures: the selected image large, and below it one button per image
// (thumbnails). The buttons are a toolbar-like group: Tab reaches the selected one, the arrow keys,
// Home and End move between them and show the image they land on (one tab stop for the row).
import { useRef, useState, type KeyboardEvent } from 'react';
import { useIntl } from 'react-intl';
import type { ProductImage as ProductImageData } from '@portal/shared/schemas/shop';
import { ProductImage } from '@portal/shared/ui';
import classes from './product-gallery.module.css';

export interface ProductGalleryProps {
  images: ProductImageData[];
}

const STEP: Record<string, (i: number, n: number) => number> = {
  ArrowRight: (i, n) => (i + 1) % n,
  ArrowDown: (i, n) => (i + 1) % n,
  ArrowLeft: (i, n) => (i - 1 + n) % n,
  ArrowUp: (i, n) => (i - 1 + n) % n,
  Home: () => 0,
  End: (_i, n) => n - 1,
};

export function ProductGallery({ images }: ProductGalleryProps) {
  const intl = useIntl();
  const [selected, setSelected] = useState(0);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const current = images[selected] ?? images[0];

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const step = STEP[event.key];
    if (!step) return;
    event.preventDefault();
    const next = step(index, images.length);
    setSelected(next);
    buttons.current[next]?.focus();
  };

  return (
    <div className={classes.gallery} data-testid="product-gallery">
      <div className={classes.main}>
        {/* The page opens on this picture: no lazy loading. */}
        <ProductImage image={current} sizes="(min-width: 62em) 40vw, 100vw" loading="eager" />
      </div>
      {images.length > 1 ? (
        <div role="group" aria-label={intl.formatMessage({ id: 'catalog.gallery.label' })} className={classes.thumbs}>
          {images.map((image, i) => (
            <button
              key={image.path}
              ref={(el) => {
                buttons.current[i] = el;
              }}
              type="button"
              className={classes.thumb}
              aria-pressed={i === selected}
              aria-label={intl.formatMessage({ id: 'catalog.gallery.show' }, { index: i + 1, count: images.length, alt: image.alt })}
              tabIndex={i === selected ? 0 : -1}
              onClick={() => setSelected(i)}
              onKeyDown={(e) => onKeyDown(e, i)}
            >
              {/* The button's label names the picture; the thumbnail itself adds nothing. */}
              <ProductImage image={image} sizes="6rem" alt="" />
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}
