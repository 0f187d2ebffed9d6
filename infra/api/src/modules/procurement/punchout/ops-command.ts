// `npm run ops -- punchout create|list|revoke`: the procurement identities with which a buyer's
// procurement system reaches the punchout (issue 34, decision 052), managed by the operator. The
// secret is shown once, in the answer to create (generated unless given); only its argon2 hash is
// stored. The entry point (src/clients-cli.ts) opens the database.
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { hashProcurementSecret } from '../identities';
import type { Db } from '../../../db/client';
import { memberships, organisations, users } from '../links';
import { PROCUREMENT_PROTOCOLS, procurementIdentities, type ProcurementProtocol } from '../tables';

export const PUNCHOUT_USAGE = `Usage: npm run ops -- punchout <command> [options]

Commands:
  create --org <name|id> --user <email> --protocol cxml|oci --identity <id> --return-origin <origin>
         [--domain <cXML credential domain>] [--secret <secret>]
                       a procurement identity; prints its secret (once; generated unless given)
  list [--json]        every identity: id, organisation, protocol, domain, identity, user, origins, revoked
  revoke <id>          refuses the identity from now on (setup, OCI, start URLs not yet used)

Options:
  --return-origin <origin>  where carts may be sent back (scheme://host[:port]); repeat for several
  --domain <domain>         cXML only: the Sender credential's domain, e.g. NetworkID or DUNS
  --json                    print JSON instead of text
  -h, --help                this help

The database is the API's (DATABASE_URL, else the PGlite folder under DATA_DIR; stop \`npm start\` first there).`;

export class PunchoutCommandError extends Error {
  override name = 'PunchoutCommandError';
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message);
  }
}

const usage = (message: string): never => {
  throw new PunchoutCommandError(`${message}\n\n${PUNCHOUT_USAGE}`, 2);
};

/** `https://buyer.example:8443/any/path` → `https://buyer.example:8443`; only http(s) origins. */
export function parseOrigin(text: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return usage(`--return-origin "${text}" is not a URL`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return usage(`--return-origin "${text}" must be http(s)`);
  return url.origin;
}

/** Runs one `punchout` command against `db`; answers what to print on stdout. */
export async function runPunchoutCommand(argv: string[], db: Db): Promise<string> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        org: { type: 'string' },
        user: { type: 'string' },
        protocol: { type: 'string' },
        domain: { type: 'string' },
        identity: { type: 'string' },
        secret: { type: 'string' },
        'return-origin': { type: 'string', multiple: true },
        json: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
  } catch (err) {
    return usage((err as Error).message);
  }
  const { values: flags, positionals } = parsed;
  const [command, target] = positionals;
  if (flags.help || !command) return flags.help ? PUNCHOUT_USAGE : usage('punchout needs a command');
  const json = (value: unknown) => JSON.stringify(value, null, 2);

  switch (command) {
    case 'create': {
      const protocol = flags.protocol as ProcurementProtocol | undefined;
      if (!protocol || !(PROCUREMENT_PROTOCOLS as readonly string[]).includes(protocol)) return usage('create needs --protocol cxml or oci');
      if (protocol === 'cxml' && !flags.domain) return usage('a cXML identity needs --domain (the Sender credential domain)');
      if (protocol === 'oci' && flags.domain) return usage('an OCI identity has no --domain');
      const identity = flags.identity?.trim() || usage('create needs --identity');
      const origins = (flags['return-origin'] ?? []).map(parseOrigin);
      if (!origins.length) return usage('create needs at least one --return-origin');
      if (!flags.org || !flags.user) return usage('create needs --org and --user');
      const byId = /^[0-9a-f-]{36}$/i.test(flags.org);
      const [owner] = await db
        .select({ organisationId: organisations.id, organisation: organisations.name, userId: users.id })
        .from(organisations)
        .innerJoin(memberships, and(eq(memberships.organisationId, organisations.id), isNull(memberships.deactivatedAt)))
        .innerJoin(users, and(eq(users.id, memberships.userId), sql`lower(${users.email}) = lower(${flags.user})`))
        .where(byId ? eq(organisations.id, flags.org) : eq(organisations.name, flags.org))
        .limit(1);
      if (!owner) throw new PunchoutCommandError(`no active member ${flags.user} of the organisation "${flags.org}"`);
      const secret = flags.secret ?? randomBytes(24).toString('base64url');
      if (secret.length < 8) return usage('--secret must be at least 8 characters');
      const [row] = await db
        .insert(procurementIdentities)
        .values({ organisationId: owner.organisationId, userId: owner.userId, protocol, domain: flags.domain ?? null, identity, secretHash: await hashProcurementSecret(secret), returnOrigins: origins })
        .onConflictDoNothing()
        .returning({ id: procurementIdentities.id });
      if (!row) throw new PunchoutCommandError(`an identity ${protocol} ${flags.domain ?? ''} ${identity} exists already`);
      if (flags.json) return json({ id: row.id, organisation: owner.organisation, protocol, domain: flags.domain ?? null, identity, secret, return_origins: origins });
      return [
        `Created ${protocol} identity for "${owner.organisation}" (${row.id})`,
        protocol === 'cxml' ? `  Sender credential  domain="${flags.domain}" Identity=${identity}` : `  OCI USERNAME       ${identity}`,
        `  secret             ${secret}`,
        `  return origins     ${origins.join(' ')}`,
        'The secret is shown this once and stored only as a hash: put it in the procurement system now.',
      ].join('\n');
    }
    case 'list': {
      const rows = await db
        .select({ id: procurementIdentities.id, organisation: organisations.name, protocol: procurementIdentities.protocol, domain: procurementIdentities.domain, identity: procurementIdentities.identity, user: users.email, origins: procurementIdentities.returnOrigins, revokedAt: procurementIdentities.revokedAt })
        .from(procurementIdentities)
        .innerJoin(organisations, eq(organisations.id, procurementIdentities.organisationId))
        .innerJoin(users, eq(users.id, procurementIdentities.userId))
        .orderBy(asc(organisations.name), asc(procurementIdentities.createdAt));
      if (flags.json) return json(rows.map((r) => ({ ...r, revokedAt: r.revokedAt?.toISOString() ?? null })));
      if (!rows.length) return 'No procurement identities.';
      return rows.map((r) => `${r.id}  ${r.organisation}  ${r.protocol}  ${r.domain ?? '-'}  ${r.identity}  ${r.user}  ${r.origins.join(',')}${r.revokedAt ? `  REVOKED ${r.revokedAt.toISOString()}` : ''}`).join('\n');
    }
    case 'revoke': {
      if (!target || !/^[0-9a-f-]{36}$/i.test(target)) return usage('revoke needs an identity id (see list)');
      const [row] = await db.update(procurementIdentities).set({ revokedAt: sql`now()` }).where(and(eq(procurementIdentities.id, target), isNull(procurementIdentities.revokedAt))).returning({ id: procurementIdentities.id });
      if (!row) throw new PunchoutCommandError(`no identity ${target} that is not revoked already`);
      return flags.json ? json({ id: target, revoked: true }) : `Revoked ${target}: its setup requests, OCI calls and unused start URLs are refused from now on.`;
    }
    default:
      return usage(`unknown punchout command "${command}"`);
  }
}
