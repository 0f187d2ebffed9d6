import type { FastifyInstance, FastifyRequest } from 'fastify';
import { API_ERRORS, NewsletterSignupResultSchema, NewsletterSignupSchema, NewsletterTokenQuerySchema } from '@portal/shared/schemas';
import { defineRoute, type RouteRegistry } from '../../http/route';
import { newsletterPage } from './newsletter-page';
import type { NewsletterService } from './newsletter.service';

export function registerNewsletterRoutes(app: FastifyInstance, registry: RouteRegistry, service: NewsletterService, rateLimit: { max: number; timeWindow: number }) {
  const perIp = { rateLimit: { ...rateLimit, keyGenerator: (req: FastifyRequest) => `newsletter-ip:${req.ip}` } };
  const html = { description: 'A page in the reader\'s language saying what happened', contentType: 'text/html' };

  defineRoute(app, registry, {
    method: 'POST',
    url: '/v1/newsletter',
    operationId: 'signUpForNewsletter',
    summary: 'Sign up for the newsletter (visitors and customers); a mail asks to confirm',
    description: 'The same answer whether or not the address is subscribed already.',
    tags: ['newsletter'],
    auth: 'optional',
    body: NewsletterSignupSchema,
    config: perIp,
    responses: {
      202: { description: 'A confirmation mail is on its way (when one is due)', schema: NewsletterSignupResultSchema },
      400: { description: `Invalid address (${API_ERRORS.VALIDATION_FAILED})` },
      429: { description: `Too many sign-ups from this address (${API_ERRORS.RATE_LIMITED})` },
    },
    handler: async ({ body, request, reply }) => {
      reply.code(202);
      return service.signUp(body, request.locale);
    },
  });

  defineRoute(app, registry, {
    method: 'GET',
    url: '/v1/newsletter/confirm',
    operationId: 'confirmNewsletter',
    summary: 'The confirmation link of the double opt-in mail',
    tags: ['newsletter'],
    auth: 'none',
    querystring: NewsletterTokenQuerySchema,
    config: perIp,
    responses: { 200: html, 400: html },
    handler: async ({ query, request, reply }) => {
      const ok = await service.confirm(query.token);
      reply.code(ok ? 200 : 400).type('text/html; charset=utf-8').header('cache-control', 'no-store');
      return newsletterPage(ok ? 'confirmed' : 'invalid', request.locale);
    },
  });

  defineRoute(app, registry, {
    method: 'GET',
    url: '/v1/newsletter/unsubscribe',
    operationId: 'unsubscribeNewsletter',
    summary: 'The unsubscribe link every newsletter mail carries',
    tags: ['newsletter'],
    auth: 'none',
    querystring: NewsletterTokenQuerySchema,
    config: perIp,
    responses: { 200: html, 400: html },
    handler: async ({ query, request, reply }) => {
      const ok = await service.unsubscribe(query.token);
      reply.code(ok ? 200 : 400).type('text/html; charset=utf-8').header('cache-control', 'no-store');
      return newsletterPage(ok ? 'unsubscribed' : 'invalid', request.locale);
    },
  });
}
