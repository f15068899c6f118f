/**
 * @module The checkpoint file of a bulk run (see result-sink.ts): what it holds, reading it, and
 * deciding whether the current command may continue it. A run continues only the same input bytes
 * with the same screening settings; anything else would mix two different screenings in one file.
 * The server URL is deliberately not part of it: a server may move between an interruption and the rerun.
 */
import { readFile } from 'node:fs/promises';
import type { RowDefaults } from './prepare-rows.js';
import { ScreenUsageError, type InputFormat, type OutputFormat } from './screen-records.js';

export interface CheckpointInput {
  path: string;
  size: number;
  sha256: string;
  rows: number;
}

export interface RunSettings {
  inputFormat: InputFormat;
  outputFormat: OutputFormat;
  defaults: RowDefaults;
  /** CSV input: the delimiter the rows were read with. */
  delimiter?: string;
}

export interface Tally {
  rows: number;
  clear: number;
  manualReview: number;
  block: number;
  errors: number;
  /** Rows screened with an invalid optional field left out (absent from older checkpoints). */
  warnings?: number;
  /** Matches kept from driving the action by a live false-positive decision (absent from older checkpoints). */
  suppressed?: number;
}

export interface Checkpoint {
  version: 1;
  input: CheckpointInput;
  settings: RunSettings;
  /** Input rows whose output rows are in the file, counted from the first row. */
  rowsDone: number;
  /** Length of the output file covering exactly those rows. */
  outputBytes: number;
  tally: Tally;
  complete: boolean;
  updatedAt: string;
}

export async function readCheckpoint(path: string): Promise<Checkpoint | null> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  try {
    const parsed = JSON.parse(text) as Checkpoint;
    if (parsed.version !== 1 || !Number.isInteger(parsed.rowsDone) || !Number.isInteger(parsed.outputBytes)) {
      throw new Error('unknown layout');
    }
    return parsed;
  } catch {
    throw new ScreenUsageError(`${path} is not a checkpoint this version can read; pass --restart to start over`);
  }
}

/** Why the checkpoint cannot be continued by this command, or null when it can. */
export function resumeProblem(checkpoint: Checkpoint, input: CheckpointInput, settings: RunSettings): string | null {
  if (checkpoint.input.sha256 !== input.sha256 || checkpoint.input.size !== input.size) {
    return `the input file changed since the checkpoint of ${checkpoint.updatedAt}`;
  }
  if (canonical(checkpoint.settings) !== canonical(settings)) {
    return `it was written with other settings (${describe(checkpoint.settings)}; now ${describe(settings)})`;
  }
  return null;
}

function describe(settings: RunSettings): string {
  const defaults = Object.entries(settings.defaults).map(([k, v]) => `${k}=${Array.isArray(v) ? v.join(',') : String(v)}`);
  return [`input ${settings.inputFormat}`, `output ${settings.outputFormat}`, ...defaults].join(', ');
}

/** JSON with sorted keys and no undefined members, so equal settings compare equal. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_, v: unknown) =>
    v !== null && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).filter(([, x]) => x !== undefined).sort(([a], [b]) => (a < b ? -1 : 1)))
      : v,
  );
}
