// What the server answers when a request cannot even be parsed (headers too large, a broken
// request line or header, a request that took too long): node hands the raw socket to this handler
// and the socket is closed after the answer. Fastify's default answer does not say so, so a
// keep-alive client (undici, a proxy's upstream pool) takes the socket as reusable, sends its next
// request on it and meets "other side closed". This answer carries `Connection: close`, in the
// problem format of every other error.
import http from 'node:http';
import type { Socket } from 'node:net';
import { API_ERRORS } from '@portal/shared/schemas';
import { PROBLEM_CONTENT_TYPE } from '../plugins/problem';

function statusOf(err: NodeJS.ErrnoException): number {
  if (err.code === 'ERR_HTTP_REQUEST_TIMEOUT') return 408;
  if (err.code === 'HPE_HEADER_OVERFLOW') return 431;
  return 400;
}

export function clientErrorHandler(err: NodeJS.ErrnoException, socket: Socket): void {
  // A reset socket has nobody to answer.
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const status = statusOf(err);
  const title = http.STATUS_CODES[status] ?? 'Bad Request';
  const body = JSON.stringify({ title, status, code: API_ERRORS.BAD_REQUEST, detail: 'The request could not be read' });
  // As node's own handler: an answer already being written on this socket cannot be followed by
  // another one (it would corrupt the stream); the socket is just closed.
  const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (!socket.writable || inFlight?.headersSent) {
    socket.destroy();
    return;
  }
  const head = `HTTP/1.1 ${status} ${title}\r\nConnection: close\r\nContent-Type: ${PROBLEM_CONTENT_TYPE}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n`;
  // Closed once the answer is out (unread request bytes are not waited for).
  socket.end(head + body, () => socket.destroy());
}
