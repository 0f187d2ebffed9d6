// Validates many XML documents against ISO Schematron rules in one Java run per rule set: the rules
// are compiled to XSLT once (SchXslt, as ../shared/conformance/validate does) and cached by content,
// then Saxon transforms a whole directory. One document per `validate` call costs ~10 s of JVM start
// and stylesheet loading; a batch of twenty costs about the same. The Peppol rules need XSLT 2
// (functions, keys, XInclude), which no JavaScript Schematron runner supports.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { create } from 'xmlbuilder2';

const run = promisify(execFile);

/** `<project root>/../shared/conformance`: beside the clone in CI, /work/shared in a worktree. */
export const CONFORMANCE_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../../../../../shared/conformance');
export const PEPPOL_BILLING_RULES = {
  cen: join(CONFORMANCE_DIR, 'peppol/billing/sch/CEN-EN16931-UBL.sch'),
  peppol: join(CONFORMANCE_DIR, 'peppol/billing/sch/PEPPOL-EN16931-UBL.sch'),
};

/** Peppol BIS Ordering 3 rules the portal's outgoing documents are checked against: Order Response (T76), Despatch Advice (T16). */
export const PEPPOL_ORDERING_RULES = {
  orderResponse: join(CONFORMANCE_DIR, 'peppol/ordering/sch/PEPPOLBIS-T76.sch'),
  despatchAdvice: join(CONFORMANCE_DIR, 'peppol/ordering/sch/PEPPOLBIS-T16.sch'),
};

const SAXON_JAR = '/usr/share/java/Saxon-HE.jar';
const SVRL = 'http://purl.oclc.org/dsdl/svrl';

export interface FailedAssertion {
  id: string;
  flag: string;
  text: string;
  location: string;
}

export interface SchematronReport {
  /** Per document name: the failed assertions and successful reports, all flags. */
  results: Map<string, FailedAssertion[]>;
  seconds: number;
}

/** The Java class path with Saxon-HE; the install step (infra/scripts/install.mjs) puts it there. */
function classPath(): string {
  if (!existsSync(SAXON_JAR)) {
    throw new Error(`Saxon-HE not found at ${SAXON_JAR}: apt-get install libsaxonhe-java default-jre-headless (npm test installs it as root)`);
  }
  const resolver = readdirSync('/usr/share/java').find((f) => /^xmlresolver.*\.jar$/.test(f));
  return [SAXON_JAR, ...(resolver ? [join('/usr/share/java', resolver)] : [])].join(':');
}

async function saxon(args: string[]) {
  // Bounded heap: two of these may run beside the other suites on a two-core machine.
  await run('java', ['-Xmx768m', '-cp', classPath(), 'net.sf.saxon.Transform', ...args], { maxBuffer: 16 * 1024 * 1024 });
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? filesUnder(join(dir, e.name)) : [join(dir, e.name)])).sort();
}

/** The rules compiled to XSLT, cached by the content of the rules' folder and of the compiler. */
export async function compileSchematron(sch: string): Promise<string> {
  const compiler = join(CONFORMANCE_DIR, 'schxslt');
  const hash = createHash('sha256');
  for (const file of [sch, ...filesUnder(dirname(sch)), ...filesUnder(compiler)]) hash.update(file).update(readFileSync(file));
  const cache = process.env.SCHEMATRON_CACHE ?? join(tmpdir(), 'schematron-cache');
  mkdirSync(cache, { recursive: true });
  const compiled = join(cache, `${basename(sch, '.sch')}-portal-${hash.digest('hex').slice(0, 16)}.xsl`);
  if (!existsSync(compiled)) {
    // Written aside and renamed: two test processes compiling at once never read half a file.
    const partial = `${compiled}.${process.pid}.tmp`;
    await saxon(['-xi:on', `-s:${sch}`, `-xsl:${join(compiler, 'pipeline-for-svrl.xsl')}`, `-o:${partial}`]);
    renameSync(partial, compiled);
  }
  return compiled;
}

/** What the SVRL reader needs of xmlbuilder2's DOM elements (the API package has no DOM types). */
interface SvrlElement {
  localName: string;
  namespaceURI: string | null;
  textContent: string | null;
  getAttribute(name: string): string | null;
}

function assertions(svrl: string): FailedAssertion[] {
  const elements = create(svrl)
    .filter(() => true, false, true)
    .map((b) => b.node as unknown as SvrlElement)
    .filter((e) => e.namespaceURI === SVRL);
  return elements
    .filter((e) => e.localName === 'failed-assert' || e.localName === 'successful-report')
    .map((e) => ({
      id: e.getAttribute('id') ?? '-',
      flag: e.getAttribute('flag') ?? 'error',
      text: (e.textContent ?? '').replace(/\s+/g, ' ').trim(),
      location: e.getAttribute('location') ?? '',
    }));
}

/** Runs `sch` over every document (name → XML) in one Saxon run. */
export async function validateBatch(sch: string, documents: Map<string, string>): Promise<SchematronReport> {
  const started = performance.now();
  const compiled = await compileSchematron(sch);
  const work = mkdtempSync(join(tmpdir(), 'schematron-'));
  try {
    const input = join(work, 'in');
    const output = join(work, 'out');
    mkdirSync(input);
    mkdirSync(output);
    for (const [name, xml] of documents) writeFileSync(join(input, name), xml);
    await saxon([`-s:${input}`, `-xsl:${compiled}`, `-o:${output}`]);
    const results = new Map<string, FailedAssertion[]>();
    for (const name of documents.keys()) {
      const svrl = join(output, name);
      if (!existsSync(svrl)) throw new Error(`no validation report for ${name}`);
      results.set(name, assertions(readFileSync(svrl, 'utf8')));
    }
    return { results, seconds: (performance.now() - started) / 1000 };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

export const fatal = (found: FailedAssertion[]) => found.filter((a) => a.flag === 'fatal');
