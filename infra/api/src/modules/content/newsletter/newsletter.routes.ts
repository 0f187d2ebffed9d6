import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { API_ERRORS, NewsletterSignupResultSchema, NewsletterSignupSchema, NewsletterTokenQuerySchema } from '@portal/shared/schemas';
import { defineRoute, type RouteRegistry } from '../../../http/route';
import { NEWSLETTER_PAGE_CSP, newsletterPage, newsletterQuestion, type Purpose } from './newsletter-page';
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

  const text = (reply: FastifyReply, code: number) =>
    reply.code(code).type('text/html; charset=utf-8').header('cache-control', 'no-store').header('content-security-policy', NEWSLETTER_PAGE_CSP);

  const links: Array<{ purpose: Purpose; summary: string; done: 'confirmed' | 'unsubscribed' }> = [
    { purpose: 'confirm', summary: 'the confirmation link of the double opt-in mail', done: 'confirmed' },
    { purpose: 'unsubscribe', summary: 'the unsubscribe link every newsletter mail carries', done: 'unsubscribed' },
  ];
  for (const { purpose, summary, done } of links) {
    const name = purpose === 'confirm' ? 'NewsletterConfirmation' : 'NewsletterUnsubscription';
    defineRoute(app, registry, {
      method: 'GET',
      url: `/v1/newsletter/${purpose}`,
      operationId: `ask${name}`,
      summary: `Opens ${summary}: a page with one button that does it (following the link changes nothing)`,
      tags: ['newsletter'],
      auth: 'none',
      querystring: NewsletterTokenQuerySchema,
      config: perIp,
      responses: { 200: html, 400: html },
      handler: async ({ query, request, reply }) => {
        const email = service.linkAddress(purpose, query.token);
        text(reply, email ? 200 : 400);
        return email ? newsletterQuestion(purpose, email, query.token, request.locale) : newsletterPage('invalid', request.locale);
      },
    });

    defineRoute(app, registry, {
      method: 'POST',
      url: `/v1/newsletter/${purpose}`,
      operationId: `post${name}`,
      summary: `The button of ${summary}`,
      tags: ['newsletter'],
      auth: 'none',
      body: NewsletterTokenQuerySchema,
      bodyContentType: 'application/x-www-form-urlencoded',
      config: perIp,
      responses: { 200: html, 400: html },
      handler: async ({ body, request, reply }) => {
        const ok = purpose === 'confirm' ? await service.confirm(body.token) : await service.unsubscribe(body.token);
        text(reply, ok ? 200 : 400);
        return newsletterPage(ok ? done : 'invalid', request.locale);
      },
    });
  }
}
