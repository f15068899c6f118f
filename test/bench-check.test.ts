/**
 * `npm run bench:check` guards the adversarial ratio (issue 12): the costliest adversarial screening
 * over the median screening of the normal mix must stay within 20x, whatever the baseline holds.
 * Runs bench/check.ts itself on crafted results (--no-run), as `npm run bench:check -- --no-run` would.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PROJECT_DIR } from './support/shared.js';

const dir = mkdtempSync(join(tmpdir(), 'rps-bench-check-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const committed = JSON.parse(readFileSync(join(PROJECT_DIR, 'bench/baseline.json'), 'utf8'));

/** bench:check on results equal to the committed baseline but for the adversarial ratio. */
function check(worstRatio: number, baselineRatio: number | null): { status: number | null; out: string } {
  const figure = (value: number) => ({ label: 'costliest adversarial screening / median screening (balanced)', value, unit: 'x', target: 20, pass: value <= 20 });
  const baseline = { ...committed, figures: { ...committed.figures } };
  if (baselineRatio === null) delete baseline.figures['adversarial.worstRatio'];
  else baseline.figures['adversarial.worstRatio'] = figure(baselineRatio);
  const results = { ...committed, figures: { ...committed.figures, 'adversarial.worstRatio': figure(worstRatio) } };
  writeFileSync(join(dir, 'baseline.json'), JSON.stringify(baseline));
  writeFileSync(join(dir, 'engine.json'), JSON.stringify(results));
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'bench/check.ts', '--no-run', '--results', join(dir, 'engine.json'), '--baseline', join(dir, 'baseline.json')], {
    cwd: PROJECT_DIR, encoding: 'utf8',
  });
  return { status: run.status, out: `${run.stdout}${run.stderr}` };
}

describe('bench:check and the adversarial ratio', () => {
  it('the committed baseline records the ratio and its limit', () => {
    // Its value is what was measured (README, "Bounded work per screening"); the limit is what fails.
    expect(committed.figures['adversarial.worstRatio']).toMatchObject({ unit: 'x', target: 20 });
    expect(committed.figures['adversarial.worstRatio'].value).toBeGreaterThan(0);
  });

  it('fails above 20x, even when the baseline was as bad', () => {
    const over = check(25, 25);
    expect(over.status, over.out).toBe(1);
    expect(over.out).toMatch(/OVER THE LIMIT \(> 20 x\)/);
    expect(over.out).toMatch(/over their limit: adversarial\.worstRatio/);
    expect(check(20.5, null).status).toBe(1);
  });

  it('passes at or under 20x, even when the baseline was far lower (judged by the limit)', () => {
    const under = check(18, 9);
    expect(under.status, under.out).toBe(0);
    expect(under.out).toMatch(/ok \(limit 20 x\)/);
    expect(check(20, null).status).toBe(0);
  });
});
