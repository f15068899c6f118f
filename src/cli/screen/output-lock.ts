/**
 * @module One run per output file: two runs appending to the same file would interleave batches and
 * corrupt the checkpoint. The lock is `<output>.lock` holding the owner's pid; a lock left by a
 * process that no longer exists (killed, crashed) is taken over.
 */
import { readFile, rm, writeFile } from 'node:fs/promises';
import { ScreenUsageError } from './screen-records.js';

export type ReleaseLock = () => Promise<void>;

export async function lockOutput(output: string): Promise<ReleaseLock> {
  const path = `${output}.lock`;
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      await writeFile(path, `${process.pid}\n`, { flag: 'wx' });
      return () => rm(path, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const owner = Number.parseInt(await readFile(path, 'utf8').catch(() => ''), 10);
    if (Number.isInteger(owner) && owner > 0 && isAlive(owner)) {
      throw new ScreenUsageError(`another run (pid ${owner}) is writing ${output}; wait for it or stop it first`);
    }
    await rm(path, { force: true });
  }
  throw new ScreenUsageError(`cannot lock ${output}: ${path} keeps reappearing`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
