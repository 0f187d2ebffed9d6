// A product's picture as every page shows it (catalogue cards, the detail gallery, the cart): a
// <picture> offering WebP and JPEG at the widths the image API renders, so the browser downloads the
// size it needs; width and height reserve the space before it loads (no layout shift). Without an
// image, a neutral placeholder graphic with an empty alt (it says nothing about the product).
import type { CSSProperties } from 'react';
import { imageSrcSet, imageUrl } from '../../schemas/image-urls';
import type { ProductImage as ProductImageData } from '../../schemas/product';

/** Props of ProductImage. */
export interface ProductImageProps {
  /** The image from the API (`image`, `images[n]`, a cart line's `image`); null or absent: the placeholder. */
  image: ProductImageData | null | undefined;
  /** The `sizes` attribute: how wide the image is drawn at each viewport width, e.g. `(min-width: 62em) 33vw, 100vw`. */
  sizes: string;
  /** `lazy` (default) below the fold; `eager` for the picture the page opens on. */
  loading?: 'lazy' | 'eager';
  /** Replaces the image's alt text: `''` where the picture only repeats what a label beside it says. */
  alt?: string;
  className?: string;
  style?: CSSProperties;
}

const PLACEHOLDER_WIDTH = 4;
const PLACEHOLDER_HEIGHT = 3;
/** A grey frame with a simple picture sign, drawn inline (the page's CSP allows data: images). */
const PLACEHOLDER_SRC =
  'data:image/svg+xml,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 300"><rect width="400" height="300" fill="#f1f3f5"/>' +
      '<g fill="none" stroke="#adb5bd" stroke-width="8" stroke-linejoin="round"><rect x="150" y="105" width="100" height="90" rx="8"/>' +
      '<path d="M150 175 L185 145 L210 165 L225 152 L250 175"/><circle cx="222" cy="128" r="8"/></g></svg>',
  );

const fill = (style?: CSSProperties): CSSProperties => ({ display: 'block', width: '100%', height: 'auto', objectFit: 'contain', ...style });

/** One product image, responsive; the placeholder when there is none. */
export function ProductImage({ image, sizes, loading = 'lazy', alt, className, style }: ProductImageProps) {
  if (!image) {
    return (
      <img
        src={PLACEHOLDER_SRC}
        alt=""
        width={PLACEHOLDER_WIDTH * 100}
        height={PLACEHOLDER_HEIGHT * 100}
        className={className}
        style={fill({ aspectRatio: `${PLACEHOLDER_WIDTH} / ${PLACEHOLDER_HEIGHT}`, ...style })}
        data-placeholder=""
      />
    );
  }
  return (
    <picture>
      <source type="image/webp" srcSet={imageSrcSet(image.path, 'webp')} sizes={sizes} />
      <img
        src={imageUrl(image.path, 640, 'jpeg')}
        srcSet={imageSrcSet(image.path, 'jpeg')}
        sizes={sizes}
        alt={alt ?? image.alt}
        width={image.width}
        height={image.height}
        loading={loading}
        decoding="async"
        className={className}
        style={fill({ aspectRatio: `${image.width} / ${image.height}`, ...style })}
      />
    </picture>
  );
}
