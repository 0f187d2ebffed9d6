import type { FastifyInstance } from 'fastify';
import { IMAGE_ERRORS, IMAGE_FORMATS, IMAGE_WIDTHS, ImageParamsSchema } from '@portal/shared/schemas';
import { AppError } from '../../../errors';
import { defineRoute, type RouteRegistry } from '../../../http/route';
import { isImageFormat, isImageWidth, type ImagesService } from './images.service';

/** The URL names the content (its hash) and the size: what it answers never changes. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

export function registerImageRoutes(app: FastifyInstance, registry: RouteRegistry, service: ImagesService) {
  defineRoute(app, registry, {
    method: 'GET',
    url: '/v1/images/:hash/:variant',
    operationId: 'getImage',
    summary: 'A product image at one of the fixed widths, as WebP or JPEG',
    description: `The paths come from the catalogue's answers (\`image.path\`, \`images[].path\`); \`variant\` is \`<width>.<format>\` with a width of ${IMAGE_WIDTHS.join(', ')} and a format of ${IMAGE_FORMATS.join(', ')}. The hash is the original's sha-256, so an answer is cached for a year (\`immutable\`) and revalidates by ETag.`,
    tags: ['catalog'],
    auth: 'none',
    params: ImageParamsSchema,
    responses: {
      200: { description: 'The image', contentType: 'image/webp' },
      304: { description: 'Not modified (If-None-Match)' },
      400: { description: 'A width or format not offered (IMAGE_BAD_VARIANT), or a malformed hash (VALIDATION_FAILED)' },
      404: { description: 'No product shows an image with this hash (IMAGE_NOT_FOUND)' },
    },
    handler: async ({ request, reply, params: { hash, variant } }) => {
      const { width, format } = variant;
      if (!isImageWidth(width) || !isImageFormat(format)) {
        throw new AppError(400, IMAGE_ERRORS.BAD_VARIANT, `Widths: ${IMAGE_WIDTHS.join(', ')}; formats: ${IMAGE_FORMATS.join(', ')}`);
      }
      const etag = `"${hash}-${width}-${format}"`;
      reply.header('cache-control', IMMUTABLE).header('etag', etag);
      if (request.headers['if-none-match']?.split(/\s*,\s*/).includes(etag)) return reply.code(304).send();
      const image = await service.variant(hash, width, format);
      return reply.type(image.contentType).header('x-cache', image.rendered ? 'miss' : 'hit').send(image.body);
    },
  });
}
