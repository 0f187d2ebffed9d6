// `npm run ops -- clients create|list|rotate|revoke`: the supplier's integration clients managed by
// the operator (issue 29, decision 045). Parses the arguments, calls the repository as the system,
// and answers the text to print. A secret is shown once, in the answer to create and rotate; only
// its SHA-256 is stored. The entry point (src/clients-cli.ts) opens the database.
import { parseArgs } from 'node:util';
import { INTEGRATION_SCOPES, IntegrationClientNameSchema, type IntegrationScope } from '@portal/shared/schemas';
import * as v from 'valibot';
import { SYSTEM_CALLER } from '../../caller';
import type { Db } from '../../db/client';
import { ClientNameTakenError, createIntegrationClientsRepository, type ClientChangeActor, type IntegrationClient } from './integration-clients.repository';
import { summaryOf } from './summary';

/** The operator's changes are in the audit log too, without a user (issue 44). */
const OPS: ClientChangeActor = { userId: null, via: 'ops' };

export const CLIENTS_USAGE = `Usage: npm run ops -- clients <command> [options]

Commands:
  create <name> --scopes <list>   a new integration client; prints its id and secret (once)
  list [--json]                   every client: id, name, scopes, created, last rotation, revoked
  rotate <id|name> [--overlap <d>]
                                  a new secret (printed once); the old one stays valid for the
                                  overlap (default 24h; 0: ends now; e.g. 30m, 12h, 7d)
  revoke <id|name>                the client's tokens stop working at once; it gets no new one

Options:
  --scopes <list>   comma-separated: ${INTEGRATION_SCOPES.join(', ')}, or "all"
  --json            print JSON instead of text
  -h, --help        this help

The database is the API's (DATABASE_URL, else the PGlite folder under DATA_DIR; stop \`npm start\` first there).`;

/** A refusal the operator can act on: printed without a stack, exit code 1 (2 for usage). */
export class ClientsCommandError extends Error {
  override name = 'ClientsCommandError';
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message);
  }
}

const usage = (message: string): never => {
  throw new ClientsCommandError(`${message}\n\n${CLIENTS_USAGE}`, 2);
};

/** `24h`, `30m`, `7d`, `90s` or `0` as milliseconds. */
export function parseOverlap(text: string): number {
  const match = /^(\d{1,6})([smhd]?)$/.exec(text.trim());
  if (!match) return usage(`--overlap must be a whole number with s, m, h or d (got "${text}")`);
  const unit = { '': 1000, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 }[match[2] as '' | 's' | 'm' | 'h' | 'd'];
  return Number(match[1]) * unit;
}

function parseScopes(text: string | undefined): IntegrationScope[] {
  if (text === undefined) return usage('create needs --scopes');
  if (text.trim() === 'all') return [...INTEGRATION_SCOPES];
  const scopes = text.split(',').map((s) => s.trim()).filter(Boolean);
  const unknown = scopes.filter((s) => !(INTEGRATION_SCOPES as readonly string[]).includes(s));
  if (unknown.length) return usage(`unknown scope ${unknown.join(', ')}`);
  return scopes as IntegrationScope[];
}

const when = (d: Date | null) => (d ? d.toISOString().replace(/\.\d{3}Z$/, 'Z') : '-');
const asJson = summaryOf;

function table(clients: IntegrationClient[]): string {
  if (!clients.length) return 'No integration clients.';
  const rows = [['ID', 'NAME', 'SCOPES', 'CREATED', 'LAST ROTATION', 'REVOKED'], ...clients.map((c) => [c.id, c.name, c.scopes.join(','), when(c.createdAt), when(c.lastRotatedAt), when(c.revokedAt)])];
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  return rows.map((r) => r.map((cell, i) => cell.padEnd(widths[i]!)).join('  ').trimEnd()).join('\n');
}

const SECRET_NOTE = 'The secret is shown this once and stored only as a hash: put it in the client system now.';

/** Runs one `clients` command against `db`; answers what to print on stdout. */
export async function runClientsCommand(argv: string[], db: Db): Promise<string> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: { scopes: { type: 'string' }, overlap: { type: 'string' }, json: { type: 'boolean', default: false }, help: { type: 'boolean', short: 'h', default: false } },
    });
  } catch (err) {
    return usage((err as Error).message);
  }
  const { values: flags, positionals } = parsed;
  const [command, target] = positionals;
  if (flags.help || !command) return flags.help ? CLIENTS_USAGE : usage('clients needs a command');
  const repo = createIntegrationClientsRepository(db);
  const json = (value: unknown) => JSON.stringify(value, null, 2);
  const find = async () => {
    const client = await repo.find(SYSTEM_CALLER, target ?? usage(`${command} needs a client id or name`));
    if (!client) throw new ClientsCommandError(`no integration client "${target}"`);
    return client;
  };

  switch (command) {
    case 'create': {
      const name = v.safeParse(IntegrationClientNameSchema, target ?? usage('create needs a name'));
      if (!name.success) return usage(`the name ${name.issues[0].message.toLowerCase()}`);
      const scopes = parseScopes(flags.scopes);
      try {
        const { client, secret } = await repo.create(SYSTEM_CALLER, { name: name.output, scopes }, OPS);
        if (flags.json) return json({ ...asJson(client), client_secret: secret });
        return [`Created integration client "${client.name}"`, `  client_id:     ${client.id}`, `  client_secret: ${secret}`, `  scopes:        ${client.scopes.join(' ')}`, SECRET_NOTE].join('\n');
      } catch (err) {
        if (err instanceof ClientNameTakenError) throw new ClientsCommandError(err.message);
        throw err;
      }
    }
    case 'list': {
      const clients = await repo.list(SYSTEM_CALLER);
      return flags.json ? json(clients.map(asJson)) : table(clients);
    }
    case 'rotate': {
      const overlap = parseOverlap(flags.overlap ?? '24h');
      const client = await find();
      const rotated = await repo.rotate(SYSTEM_CALLER, client.id, new Date(Date.now() + overlap), undefined, OPS);
      if (!rotated) throw new ClientsCommandError(`the integration client "${client.name}" is revoked: create a new one`);
      if (flags.json) return json({ id: client.id, name: client.name, client_secret: rotated.secret, old_secrets_valid_until: rotated.oldValidUntil.toISOString() });
      return [
        `New secret for "${client.name}" (${client.id})`,
        `  client_secret: ${rotated.secret}`,
        `  the previous secret(s) stay valid until ${when(rotated.oldValidUntil)}`,
        SECRET_NOTE,
      ].join('\n');
    }
    case 'revoke': {
      const client = await find();
      if (!(await repo.revoke(SYSTEM_CALLER, client.id, OPS))) throw new ClientsCommandError(`the integration client "${client.name}" was revoked already`);
      return flags.json ? json({ id: client.id, name: client.name, revoked: true }) : `Revoked "${client.name}" (${client.id}): its tokens stop working now.`;
    }
    default:
      return usage(`unknown clients command "${command}"`);
  }
}
