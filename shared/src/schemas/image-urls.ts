// The sizes the image API renders and the URLs of its variants. No valibot here: the design
// system's ProductImage uses it, and every page loads the design system.

/** The widths (px) the image API renders; any other width is refused (IMAGE_ERRORS.BAD_VARIANT). */
export const IMAGE_WIDTHS = [160, 320, 640, 1280] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];
/** The formats the image API renders: WebP for browsers, JPEG for the rest (mail, PDF readers). */
export const IMAGE_FORMATS = ['webp', 'jpeg'] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];
/** The URL of one rendered variant of an image. */
export const imageUrl = (path: string, width: ImageWidth, format: ImageFormat) => `${path}/${width}.${format}`;
/** A `srcset` with every width of IMAGE_WIDTHS in one format. */
export const imageSrcSet = (path: string, format: ImageFormat) => IMAGE_WIDTHS.map((w) => `${imageUrl(path, w, format)} ${w}w`).join(', ');
