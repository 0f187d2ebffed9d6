// The deploy journeys' server starts once the main one answers, from the same web server command
// (portal-server.ts), and Playwright waits only for the main one: the deploy journeys wait for theirs.
import { expect, type APIRequestContext } from '@playwright/test';
import { DEPLOY_SERVER } from '../portal-server.config';

/** Resolves once the deploy server answers `/api/ready` (its publish and seed done); the hook's timeout bounds the wait. */
export async function deployServerReady(request: APIRequestContext): Promise<void> {
  await expect
    .poll(async () => (await request.get(`${DEPLOY_SERVER.baseUrl}/api/ready`).catch(() => null))?.status(), {
      message: `the deploy server at ${DEPLOY_SERVER.baseUrl}`,
      timeout: 0,
    })
    .toBe(200);
}
