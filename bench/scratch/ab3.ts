import { loadSnapshot } from '../../bench/support/snapshot.js';
import { matchName } from '../../src/engine/name-matcher.js';
import { MODES, NAME_SHARE } from '../../src/engine/modes.js';
const snap = await loadSnapshot();
const e = snap.engine as any;
const Q = ['Vladimir Putin', 'BANCO NACIONAL DE CUBA', 'Quentin Marblewhisk', 'Aerocaribbean Airlines', 'Hizballah',
  'Maria Garcia Lopez', 'Mohammed Ali', 'Rosoboronexport', 'Kim Jong Un', 'Sberbank'];
const mode = MODES.balanced; const floor = Math.min(mode.thresholds.reportingFloor, mode.thresholds.review);
const keep = (s: number) => !(s * NAME_SHARE + 0.2 < floor);
const run = (k: any) => { const t = process.cpuUsage(); for (let i = 0; i < 1000; i++) for (const q of Q) matchName(e.core, e.index, q, mode, e.weightOf, 0xffffffff, k); const c = process.cpuUsage(t); return (c.user + c.system) / 10000; };
const a: number[] = [], b: number[] = [];
for (let r = 0; r < 8; r++) { a.push(run(undefined)); b.push(run(keep)); }
a.sort((x, y) => x - y); b.sort((x, y) => x - y);
console.log('no keep min/med', a[0].toFixed(1), a[4].toFixed(1), ' keep min/med', b[0].toFixed(1), b[4].toFixed(1));
import { planQuery } from '../../src/engine/name-matcher.js';
const t = process.cpuUsage(); for (let i = 0; i < 1000; i++) for (const q of Q) planQuery(q, mode, e.weightOf, e.index.tokens);
const c = process.cpuUsage(t); console.log('planQuery µs', ((c.user + c.system) / 10000).toFixed(1));
const strictT = process.cpuUsage(); for (let i = 0; i < 1000; i++) for (const q of Q) matchName(e.core, e.index, q, MODES.strict, e.weightOf, 0xffffffff, keep);
const c2 = process.cpuUsage(strictT); console.log('strict matchName µs', ((c2.user + c2.system) / 10000).toFixed(1));
