/**
 * @module `accounts show <id>` and `accounts set <id> ...`: the operator's view and controls of an
 * account (subscriptions, active-key limit, monthly-limit cap). Works on the configured store
 * (Redis with REDIS_URL, else the embedded store in DATA_DIR) while servers run; they pick up
 * changes within 30 s (their key cache bound). Never prints a token or a key hash.
 */
import { InvalidArgumentError, type Command } from 'commander';
import { loadConfig } from '../config.js';
import { checkAccountChanges, newAccount, updateAccount, type AccountChanges } from '../identity/accounts.js';
import { toApiKeyRecord } from '../identity/key-records.js';
import type { ApiKeyRecord } from '../identity/types.js';
import { accountDefaultsOf, openStore } from '../state/create-state.js';
import { stateOptionsFromConfig } from '../state/state-options.js';
import type { Account, Store } from '../store/types.js';
import { PROCESS_IO, type CliIo } from './session-command.js';
import { formatTable } from './text-table.js';

interface SetFlags {
  subscriptions?: string[];
  keyLimit?: number;
  monthlyCap?: number;
  json?: boolean;
}

export function registerAccountsCommand(program: Command, io: CliIo = PROCESS_IO): void {
  const accounts = program.command('accounts').description('show and change accounts of the identity API');
  accounts
    .command('show')
    .description('print an account and its API keys (never tokens)')
    .argument('<id>', 'account ID')
    .option('--json', 'print as JSON')
    .action((id: string, flags: { json?: boolean }) => withStore(io, (store, defaults) => show(io, store, id, defaults, flags.json)));
  accounts
    .command('set')
    .description('change an account (created with the defaults when it does not exist yet)')
    .argument('<id>', 'account ID')
    .option('--subscriptions <ids>', 'service IDs the keys may call, comma-separated, or "*"', splitIds)
    .option('--key-limit <n>', 'most active keys at once (0 stops new keys)', wholeNumber)
    .option('--monthly-cap <n>', 'highest monthlyLimit a key may be given', wholeNumber)
    .option('--json', 'print as JSON')
    .action((id: string, flags: SetFlags, command: Command) => set(io, id, flags, command));
}

type Defaults = ReturnType<typeof accountDefaultsOf>;

async function withStore(io: CliIo, run: (store: Store, defaults: Defaults) => Promise<void>): Promise<void> {
  const options = stateOptionsFromConfig(loadConfig(io.env));
  const store = await openStore(options);
  try {
    await run(store, accountDefaultsOf(options));
  } finally {
    await store.close();
  }
}

async function set(io: CliIo, id: string, flags: SetFlags, command: Command): Promise<void> {
  const changes: AccountChanges = {
    ...(flags.subscriptions !== undefined && { subscriptions: flags.subscriptions }),
    ...(flags.keyLimit !== undefined && { keyLimit: flags.keyLimit }),
    ...(flags.monthlyCap !== undefined && { monthlyLimitCap: flags.monthlyCap }),
  };
  if (Object.keys(changes).length === 0) command.error('error: give at least one of --subscriptions, --key-limit, --monthly-cap', { exitCode: 2 });
  const problems = checkAccountChanges(changes);
  if (problems.length > 0) command.error(`error: ${problems.join('; ')}`, { exitCode: 2 });
  await withStore(io, async (store, defaults) => {
    await updateAccount(store, id, changes, defaults, new Date());
    await show(io, store, id, defaults, flags.json);
  });
}

async function show(io: CliIo, store: Store, id: string, defaults: Defaults, json = false): Promise<void> {
  const now = new Date();
  const stored = await store.getAccount(id);
  const account = stored ?? newAccount(id, defaults, now);
  const keys = (await store.listKeys(id)).map((key) => toApiKeyRecord(key, now));
  if (json) {
    io.out(`${JSON.stringify({ account, exists: stored !== null, keys }, null, 2)}\n`);
    return;
  }
  io.out(`${accountLines(account, stored !== null).join('\n')}\n`);
  io.out(keys.length === 0 ? 'no API keys\n' : `\n${keyTable(keys)}\n`);
}

function accountLines(account: Account, exists: boolean): string[] {
  return [
    `account        ${account.accountId}${exists ? '' : '  (not created yet: these are the defaults)'}`,
    `subscriptions  ${account.subscriptions.join(', ')}`,
    `key limit      ${account.keyLimit} active keys`,
    `monthly cap    ${account.monthlyLimitCap} calls per service per month`,
    ...(exists ? [`created        ${account.createdAt}`] : []),
  ];
}

/** One row per key; `lastUsed` adds the LAST USED column (known in list answers only). */
export function keyTable(keys: readonly ApiKeyRecord[], lastUsed = false): string {
  return formatTable<ApiKeyRecord>(
    [
      { header: 'KEY ID', value: (k) => k.keyId },
      { header: 'NAME', value: (k) => k.name },
      { header: 'PREFIX', value: (k) => k.prefix },
      { header: 'STATUS', value: (k) => k.status },
      { header: 'SERVICES', value: (k) => k.allowedServiceIds.join(',') },
      { header: 'MONTHLY', value: (k) => k.monthlyLimit },
      { header: 'EXPIRES', value: (k) => k.expiresAt },
      ...(lastUsed ? [{ header: 'LAST USED', value: (k: ApiKeyRecord) => k.lastUsedAt ?? 'never' }] : []),
    ],
    keys,
  );
}

export function splitIds(value: string): string[] {
  return value.split(',').map((v) => v.trim()).filter((v) => v !== '');
}

export function wholeNumber(value: string): number {
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(Number(value))) throw new InvalidArgumentError('must be a whole number');
  return Number(value);
}
