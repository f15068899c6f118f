/**
 * @module `audit reconstruct --request-id ID --input body.json --url URL`: asks a running service to
 * rebuild a screening against the list versions it was screened against (POST
 * .../audit/{requestId}/reconstruct) and prints whether the answer is identical, the versions and
 * the rebuilt answer's outcome. The body file is sent byte for byte (a /screen record hashes the
 * bytes received). The API key comes from a variable or a file, never from the command line;
 * nothing printed contains the key or the screened name.
 *
 * Exit status: 0 identical, 1 rebuilt but not identical or refused by the server, 2 usage.
 */
import { readFile } from 'node:fs/promises';
import { InvalidArgumentError, type Command } from 'commander';
import { readApiKey } from './screen-command.js';
import { ScreenUsageError } from './screen/screen-records.js';
import { PROCESS_IO, type CliIo } from './session-command.js';
import { formatTable } from './text-table.js';

interface ReconstructFlags {
  requestId: string;
  input: string;
  url: string;
  apiKeyEnv?: string;
  apiKeyFile?: string;
  timeout: number;
  json?: boolean;
}

interface Reply {
  requestId: string;
  screenedAt: string;
  reconstructedAt: string;
  listsVersion: string;
  engineVersion: { original: string; now: string };
  identical: boolean;
  answer: { matches: unknown[]; summary: { recommendedAction: string }; coverage: { lists: { source: string; version: string | null }[] } };
}

const HELP = `
Sends --input byte for byte as the body: for a POST /screen the exact body that was sent (its
SHA-256 must equal the audit record's bodySha256), for a batch slot the slot's entity (compared as
canonical JSON). A .msgpack or .mpk file is sent as application/msgpack, anything else as JSON.
The API key is read from the variable named by --api-key-env (default RPS_API_KEY) or from
--api-key-file, never from the command line. One quota unit; the call is audited on its own.

Prints whether the rebuilt answer is identical to the one sent (SHA-256 of its bytes against the
record's answerSha256), the listsVersion and each list's version it was rebuilt against, and the
engine version then and now (a different engine may answer differently). --json prints the reply.

Exit status: 0 identical, 1 not identical or refused (404 no such record for this key's account,
409 body differs, 410 list version no longer archived), 2 usage error.

Example:
  export RPS_API_KEY=svc_live_...
  rps audit reconstruct --request-id 3f2c...-uuid --input body.json --url http://127.0.0.1:8080`;

export function registerAuditCommand(program: Command, io: CliIo = PROCESS_IO, setExitCode = (code: number) => void (process.exitCode = code)): void {
  const audit = program.command('audit').description('audit trail: rebuild a screening against the lists it was screened against');
  audit.command('reconstruct').description('rebuild a screening from its original body and say whether the answer is identical')
    .requiredOption('--request-id <uuid>', 'the requestId of the screening (or batch slot)', uuid)
    .requiredOption('-i, --input <file>', 'the original request body (a batch slot: its entity)')
    .requiredOption('--url <url>', 'server base URL, e.g. http://127.0.0.1:8080')
    .option('--api-key-env <name>', 'environment variable holding the API key (default: RPS_API_KEY)')
    .option('--api-key-file <path>', 'file holding the API key')
    .option('--timeout <seconds>', 'for the call (loading an old list set takes seconds)', seconds, 300)
    .option('--json', 'print the reply as JSON')
    .addHelpText('after', HELP)
    .action(async (flags: ReconstructFlags) => setExitCode(await reconstruct(flags, io)));
}

async function reconstruct(flags: ReconstructFlags, io: CliIo): Promise<number> {
  let apiKey: string;
  let body: Buffer;
  try {
    apiKey = await readApiKey(flags, io);
    body = await readFile(flags.input);
  } catch (error) {
    if (!(error instanceof ScreenUsageError) && (error as NodeJS.ErrnoException).code === undefined) throw error;
    io.err(`error: ${error instanceof ScreenUsageError ? error.message : `cannot read ${flags.input}: ${(error as NodeJS.ErrnoException).code}`}\n`);
    return 2;
  }
  const base = flags.url.replace(/\/+$/, '').replace(/\/sanctions-screening\/v1$/, '');
  const response = await fetch(`${base}/sanctions-screening/v1/audit/${flags.requestId}/reconstruct`, {
    method: 'POST',
    headers: { authorization: `Bearer ${apiKey}`, 'content-type': /\.(msgpack|mpk)$/i.test(flags.input) ? 'application/msgpack' : 'application/json', accept: 'application/json', 'user-agent': 'rps-audit' },
    body,
    signal: AbortSignal.timeout(flags.timeout * 1000),
  });
  const reply = (await response.json().catch(() => null)) as Reply | { error?: { code: string; message: string } } | null;
  if (response.status !== 200 || reply === null || !('identical' in reply)) {
    const error = reply !== null && 'error' in reply ? reply.error : undefined;
    io.err(`error: ${response.status} ${error?.code ?? ''} ${error?.message ?? ''}`.trimEnd() + '\n');
    return 1;
  }
  io.out(flags.json === true ? `${JSON.stringify(reply, null, 2)}\n` : summary(reply));
  return reply.identical ? 0 : 1;
}

function summary(r: Reply): string {
  const engine = r.engineVersion.original === r.engineVersion.now
    ? `${r.engineVersion.now} (unchanged)` : `${r.engineVersion.original} then, ${r.engineVersion.now} now (changed)`;
  const facts: [string, string][] = [
    ['identical', r.identical ? 'yes: the rebuilt answer hashes to the answer sent' : 'NO: the rebuilt answer differs from the answer sent'],
    ['requestId', r.requestId],
    ['screenedAt', r.screenedAt],
    ['reconstructedAt', r.reconstructedAt],
    ['listsVersion', r.listsVersion],
    ['engineVersion', engine],
    ['recommendedAction', `${r.answer.summary.recommendedAction} (${r.answer.matches.length} matches)`],
  ];
  const head = formatTable<[string, string]>([{ header: 'RECONSTRUCTION', value: (f) => f[0] }, { header: '', value: (f) => f[1] }], facts);
  const lists = formatTable<{ source: string; version: string | null }>(
    [{ header: 'LIST', value: (l) => l.source }, { header: 'VERSION', value: (l) => l.version ?? '-' }], r.answer.coverage.lists);
  return `${head}\n\n${lists}\n`;
}

function uuid(value: string): string {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value)) throw new InvalidArgumentError('must be a requestId (UUID)');
  return value.toLowerCase();
}

function seconds(value: string): number {
  const parsed = Number(value);
  if (!/^\d+$/.test(value) || parsed < 1 || parsed > 3600) throw new InvalidArgumentError('must be a whole number from 1 to 3600');
  return parsed;
}
