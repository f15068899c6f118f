#!/usr/bin/env node
/**
 * @module The command-line entry (`rps`, or `npx tsx src/cli/main.ts` from a checkout).
 * Each command group lives in its own file and registers itself here.
 *
 * Exit status: 0 success, 1 the command ran and something failed, 2 usage or configuration error.
 */
import { readFileSync, realpathSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { Command, CommanderError } from 'commander';
import { ConfigError } from '../config.js';
import { UpdateUsageError } from '../lists/update/update-lists.js';
import { registerAccountsCommand } from './accounts-command.js';
import { registerAuditCommand } from './audit-command.js';
import { registerKeysCommand } from './keys-command.js';
import { registerListsCommand } from './lists-command.js';
import { registerScreenCommand } from './screen-command.js';
import { registerSessionCommand } from './session-command.js';

export function buildProgram(): Command {
  const program = new Command('rps')
    .description('US restricted-party screening: list management and service administration')
    .version(packageVersion())
    .showHelpAfterError('(run with --help for usage)')
    // Before registering: subcommands copy the setting when they are created.
    .exitOverride();
  registerListsCommand(program);
  registerSessionCommand(program);
  registerAccountsCommand(program);
  registerKeysCommand(program);
  registerScreenCommand(program);
  registerAuditCommand(program);
  return program;
}

function packageVersion(): string {
  const text = readFileSync(new URL('../../package.json', import.meta.url), 'utf8');
  return (JSON.parse(text) as { version: string }).version;
}

export async function main(argv: readonly string[] = process.argv): Promise<number> {
  const program = buildProgram();
  try {
    await program.parseAsync(argv as string[]);
    return typeof process.exitCode === 'number' ? process.exitCode : 0;
  } catch (error) {
    // Commander has already printed its message (or the help) when it throws.
    if (error instanceof CommanderError) return error.exitCode === 0 ? 0 : 2;
    if (error instanceof ConfigError || error instanceof UpdateUsageError) {
      process.stderr.write(`error: ${error.message}\n`);
      return 2;
    }
    process.stderr.write(`error: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}\n`);
    return 1;
  }
}

/** Runs only as the entry point (also through the npm bin symlink), not when imported by a test. */
function isEntryPoint(): boolean {
  const script = process.argv[1];
  if (script === undefined) return false;
  try {
    return import.meta.url === pathToFileURL(realpathSync(script)).href;
  } catch {
    return false;
  }
}

if (isEntryPoint()) process.exitCode = await main();
