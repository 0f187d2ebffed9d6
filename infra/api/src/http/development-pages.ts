// Who may open a development page (the mailbox, the development access point): the machine itself
// (a browser on localhost, the e2e tests) or a staff session, since `npm start` may listen where
// others reach it. Such pages exist only outside production.
import type { FastifyRequest } from 'fastify';

const LOOPBACK = /^(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|::1|::ffff:127\.\d{1,3}\.\d{1,3}\.\d{1,3})$/;

/**
 * The machine itself: the connection comes from a loopback address and no proxy forwarded it (a
 * reverse proxy on the same machine connects from loopback on behalf of everyone).
 */
export function fromThisMachine(request: FastifyRequest): boolean {
  const forwarded = request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined;
  return !forwarded && LOOPBACK.test(request.socket.remoteAddress ?? '');
}

/** This machine or a staff session. */
export function mayOpenDevelopmentPage(request: FastifyRequest): boolean {
  return fromThisMachine(request) || request.caller.kind === 'staff';
}
