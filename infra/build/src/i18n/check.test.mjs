import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { checkWorkspace, discoverApps } from './check.mjs';
import { validRepo, writeRepo } from './fixture-repo.mjs';

const CLI = fileURLToPath(new URL('./cli.mjs', import.meta.url));
const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

const roots = [];
/** A fixture workspace: the valid one with `changes` applied (undefined removes a file). */
function repo(changes = {}) {
  const files = { ...validRepo(), ...changes };
  for (const [path, content] of Object.entries(changes)) if (content === undefined) delete files[path];
  const root = writeRepo(files);
  roots.push(root);
  return root;
}
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

/** The problems of a workspace as `kind: message` lines, which read well in a failing diff. */
function problemsOf(root) {
  return checkWorkspace(root).problems.map((p) => `${p.kind}: ${p.message}`);
}

describe('portal-i18n check on fixture workspaces', () => {
  it('finds the shell, the remotes and the shared messages, with the run-time layering', () => {
    const root = repo();
    const { apps, sharedDir } = discoverApps(root);
    expect(sharedDir).toMatch(/shared\/src\/i18n\/messages$/);
    expect(apps.map((a) => [a.name, a.layers.length])).toEqual([
      ['shell', 1],
      ['mfe-orders', 2],
    ]);
  });

  it('passes a complete, consistent workspace (so every failure below is caused by its one change)', () => {
    const result = checkWorkspace(repo());
    expect(result.problems).toEqual([]);
    expect(result.checkedDirs).toHaveLength(3);
    // footer: table id + copyright; my-orders: formatMessage + titleId + introId; routes: titleKey.
    expect(result.idUses).toBe(6);
  });

  it('fails when nl.json lacks a key of en.json', () => {
    const root = repo({ 'shell/src/messages/nl.json': { 'title.my_orders': 'Mijn bestellingen', 'footer.copyright': '© {year} MedTac' } });
    expect(problemsOf(root)).toEqual(['missing-key: "nav.about" is in en.json but missing in nl.json']);
  });

  it('fails when fr.json has a key en.json lacks, or a whole locale file is missing', () => {
    const root = repo({
      'mfe-orders/src/messages/fr.json': {
        'orders.myOrders.intro': 'Vous avez {count, plural, one {# commande} other {# commandes}}. <b>Suivez</b>-les.',
        'orders.stale': 'Ancien texte',
      },
      'mfe-orders/src/messages/nl.json': undefined,
    });
    expect(problemsOf(root)).toEqual([
      'missing-file: nl.json file is missing',
      'extra-key: "orders.stale" is in fr.json but not in en.json',
    ]);
  });

  it('fails when a translation renames a placeholder', () => {
    const root = repo({ 'shell/src/messages/fr.json': { 'title.my_orders': 'Mes commandes', 'nav.about': 'À propos', 'footer.copyright': '© {annee} MedTac' } });
    expect(problemsOf(root)).toEqual(['placeholder-mismatch: "footer.copyright" uses {annee} in fr.json but {year} in en.json']);
  });

  it('fails when a translation drops a rich-text tag or a plural argument', () => {
    const root = repo({ 'mfe-orders/src/messages/nl.json': { 'orders.myOrders.intro': 'U hebt bestellingen. Volg ze op.' } });
    expect(problemsOf(root)).toEqual([
      'placeholder-mismatch: "orders.myOrders.intro" uses no placeholders in nl.json but <b>, {count} in en.json',
    ]);
  });

  it('fails when a message is not valid ICU, in English or in a translation', () => {
    const root = repo({
      'shared/src/i18n/messages/nl.json': { 'ui.close': 'Sluiten', 'validation.tooBig.string': 'Maximaal {count, plural, one {# teken}}' },
      'shell/src/messages/en.json': { 'title.my_orders': 'My orders {', 'nav.about': 'About us', 'footer.copyright': '© {year} MedTac' },
    });
    const problems = problemsOf(root);
    expect(problems).toHaveLength(2);
    expect(problems[0]).toMatch(/^invalid-icu: "validation.tooBig.string" is not valid ICU \(MISSING_OTHER_CLAUSE\)/);
    expect(problems[1]).toMatch(/^invalid-icu: "title.my_orders" is not valid ICU/);
  });

  it('fails when a remote page uses an id that exists in none of its, the shell’s or shared messages', () => {
    const root = repo({
      'mfe-orders/src/pages/order-detail.tsx': [
        "import { PageIntro } from '@portal/shared/ui';",
        'export default function OrderDetailPage() {',
        '  return <PageIntro titleId="title.order" introId="orders.myOrders.intro" />;',
        '}',
      ].join('\n'),
    });
    const { problems } = checkWorkspace(root);
    expect(problems).toHaveLength(1);
    expect(problems[0].kind).toBe('unknown-id');
    expect(problems[0].file).toMatch(/mfe-orders\/src\/pages\/order-detail\.tsx:3$/);
    expect(problems[0].message).toContain('"title.order"');
  });

  it('does not let the shell use a remote’s messages (the shell does not load them)', () => {
    const root = repo({
      'shell/src/pages/home.tsx': "import { FormattedMessage } from 'react-intl';\nexport const Home = () => <FormattedMessage id=\"orders.myOrders.intro\" />;\n",
    });
    expect(problemsOf(root)).toEqual([
      'unknown-id: message id "orders.myOrders.intro" (shell) exists in none of shell/src/messages or shared/src/i18n/messages (en.json)',
    ]);
  });

  it('resolves ids from a table rendered with .map, and fails on an unknown one', () => {
    const footer = validRepo()['shell/src/layouts/footer.tsx'].replace("id: 'nav.about' }", "id: 'nav.about' }, { to: '/faq', id: 'nav.faq' }");
    const root = repo({ 'shell/src/layouts/footer.tsx': footer });
    expect(problemsOf(root)).toEqual([
      'unknown-id: message id "nav.faq" (shell) exists in none of shell/src/messages or shared/src/i18n/messages (en.json)',
    ]);
  });
});

describe('portal-i18n check as a command', () => {
  it('exits 1 with a readable list of the problems', () => {
    const root = repo({ 'shell/src/messages/nl.json': { 'title.my_orders': 'Mijn bestellingen', 'footer.copyright': '© {aantal} MedTac' } });
    const run = spawnSync(process.execPath, [CLI, 'check', '--root', root], { encoding: 'utf8' });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('shell/src/messages/nl.json\n');
    expect(run.stderr).toContain('[missing-key] "nav.about" is in en.json but missing in nl.json');
    expect(run.stderr).toContain('[placeholder-mismatch] "footer.copyright" uses {aantal} in nl.json but {year} in en.json');
    expect(run.stderr).toContain('portal-i18n check: 2 problem(s)');
  });

  it('exits 0 on a valid workspace', () => {
    const run = spawnSync(process.execPath, [CLI, 'check', '--root', repo()], { encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/^portal-i18n check: OK \(3 messages folders, 3 source files, 6 message id uses\)/);
  });
});

describe('the portal itself', () => {
  it('has complete, consistent messages and no unknown message id in any app', () => {
    const { problems, checkedDirs, idUses } = checkWorkspace(REPO_ROOT);
    // shared + shell + five remotes + quick order's scan texts (decision 075) + the shell's recall banner
    // texts (decision 077) + the cart's scan field texts (decision 082) + the orders remote's failed
    // deliveries and UDI export texts (decision 089), and the pages really were scanned.
    expect(checkedDirs).toHaveLength(12);
    expect(idUses).toBeGreaterThan(50);
    expect(problems.map((p) => `${p.file} [${p.kind}] ${p.message}`)).toEqual([]);
  });
});
