// The OpenAPI examples of the token endpoint for the integration clients (issue 29 "Documentation"):
// the client-credentials grant, the one an ERP uses. defineRoute checks each against its route's
// schema at start-up. The demo client, "Demo ERP", is the one `npm start` prints.
import type { ClientTokenResponse } from '@portal/shared/schemas';

const CLIENT_ID = 'a3f5c1d7-6e28-4b90-8c4a-2d7e9f1b3c65';
const SCOPE = 'stock:write orders:read';

/** The form fields (HTTP Basic may carry the id and secret instead). The secret is made up. */
export const CLIENT_CREDENTIALS_EXAMPLE = {
  grant_type: 'client_credentials',
  client_id: CLIENT_ID,
  client_secret: 'q7N2vXcR4tLw9sKp1ZbYhE6mJf3UaGd8oTi0WnVe5Rk',
  scope: SCOPE,
};

const b64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const issuedAt = 1795596000;

/** An access token as the API signs it (HS256, `at+jwt`), with a made-up signature. */
const ACCESS_TOKEN = [
  b64url({ alg: 'HS256', typ: 'at+jwt' }),
  b64url({ org: null, role: 'integration', scope: SCOPE, client_name: 'Demo ERP', sub: `client:${CLIENT_ID}`, iss: 'portal-api', aud: 'portal', iat: issuedAt, jti: 'hV3kT9qLmX2cR7aB', exp: issuedAt + 900 }),
  'tB1r8yQ2wVn4ZkP6sGdJ0xLmC5hE9uRfA3oYiK7bNcM',
].join('.');

export const CLIENT_TOKEN_EXAMPLE: ClientTokenResponse = { access_token: ACCESS_TOKEN, token_type: 'Bearer', expires_in: 900, scope: SCOPE };
