// `npm start`'s demo punchout identities (decision 052): the hospital's procurement system as a cXML
// sender and as an OCI user, both signing in as the hospital's punchout user, with the demo secret
// printed beside the demo accounts (docs/punchout.md). Kept across restarts: the secret and the
// return origins are put back when they differ. Never in production (env.ts refuses it there).
import { verify } from '@node-rs/argon2';
import { and, eq, sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import { hashProcurementSecret } from '../identities';
import type { Db } from '../../../db/client';
import { memberships, users } from '../links';
import { procurementIdentities, type ProcurementProtocol } from '../tables';
import { DEMO_PUNCHOUT_USER } from './demo-user';

export const DEMO_CXML = { domain: 'NetworkID', identity: 'DEMO-HOSPITAL-PROCUREMENT' } as const;
export const DEMO_OCI_USER = 'demo-hospital-oci';

export interface DemoPunchout {
  cxml: { domain: string; identity: string };
  ociUser: string;
  secret: string;
  returnOrigins: string[];
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The demo punchout identities (printed at start); null when there are none. */
    demoPunchout: DemoPunchout | null;
  }
}

async function ensureIdentity(db: Db, who: { protocol: ProcurementProtocol; domain: string | null; identity: string }, owner: { organisationId: string; userId: string }, secret: string, returnOrigins: string[]) {
  const [found] = await db
    .select()
    .from(procurementIdentities)
    .where(and(eq(procurementIdentities.protocol, who.protocol), sql`coalesce(${procurementIdentities.domain}, '') = ${who.domain ?? ''}`, eq(procurementIdentities.identity, who.identity)));
  if (!found) {
    await db
      .insert(procurementIdentities)
      .values({ ...who, ...owner, secretHash: await hashProcurementSecret(secret), returnOrigins })
      .onConflictDoNothing();
    return;
  }
  // An operator's revocation is left as it is.
  if (found.revokedAt) return;
  const secretOk = await verify(found.secretHash, secret).catch(() => false);
  const originsOk = found.returnOrigins.join(',') === returnOrigins.join(',');
  if (!secretOk || !originsOk) {
    await db
      .update(procurementIdentities)
      .set({ ...(secretOk ? {} : { secretHash: await hashProcurementSecret(secret) }), returnOrigins })
      .where(eq(procurementIdentities.id, found.id));
  }
}

/** On the root: the demo identities, when the environment asks for them and the demo punchout user exists. */
export const demoPunchoutIdentities = fp(
  async (app) => {
    const env = app.apiEnv;
    let demo: DemoPunchout | null = null;
    if (env.demoPunchout) {
      const db = app.database.db;
      const [owner] = await db
        .select({ userId: users.id, organisationId: memberships.organisationId })
        .from(users)
        .innerJoin(memberships, eq(memberships.userId, users.id))
        .where(eq(users.email, DEMO_PUNCHOUT_USER))
        .limit(1);
      if (owner) {
        const secret = env.demoPunchoutSecret;
        await ensureIdentity(db, { protocol: 'cxml', ...DEMO_CXML }, owner, secret, env.demoPunchoutReturnOrigins);
        await ensureIdentity(db, { protocol: 'oci', domain: null, identity: DEMO_OCI_USER }, owner, secret, env.demoPunchoutReturnOrigins);
        demo = { cxml: { ...DEMO_CXML }, ociUser: DEMO_OCI_USER, secret, returnOrigins: env.demoPunchoutReturnOrigins };
      } else {
        app.log.warn(`demo punchout: no user ${DEMO_PUNCHOUT_USER} (a database seeded before it existed); no demo punchout identity`);
      }
    }
    app.decorate('demoPunchout', demo);
  },
  { name: 'demo-punchout-identities', dependencies: ['config', 'database'] },
);
