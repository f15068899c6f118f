/**
 * The engine's answer beyond the name score: evidence and confidence, ranking, request options,
 * the summary, determinism and degenerate input, on hand-built entries among synthetic background
 * names (see test/support/engine-entries.ts for why the background is there).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Engine, Fuzziness, Match, ScreenRequest, ScreenResult } from '../src/engine/index.js';
import { evidenceCeiling, fieldEvidence } from '../src/engine/evidence.js';
import { FUZZINESS_MODES } from '../src/engine/types.js';
import type { DateValue, ListEntry } from '../src/lists/model.js';
import { buildEngineWithBackground, entry } from './support/engine-entries.js';

const day = (d: string): DateValue => ({ text: d, from: d, to: d, precision: 'day', approximate: false });
const year = (y: number): DateValue => ({ text: `${y}`, from: `${y}-01-01`, to: `${y}-12-31`, precision: 'year', approximate: false });
const range = (a: number, b: number): DateValue => ({ text: `${a} to ${b}`, from: `${a}-01-01`, to: `${b}-12-31`, precision: 'range', approximate: false });

/** Individuals with a date of birth: the subjects of the date-of-birth properties. */
const PEOPLE: ListEntry[] = [
  entry('6365', 'BIN LADIN, Usama', {
    datesOfBirth: [day('1957-03-10')], nationalities: ['SA'],
    aliases: [{ name: 'BIN LADIN, Osama bin Muhammad bin Awad', type: 'aka', quality: 'strong' }, { name: 'BIN LADEN, Usama', type: 'fka', quality: 'strong' }],
  }),
  entry('106', 'KARIMOV, Rustam', { datesOfBirth: [day('1980-05-05')], nationalities: ['UZ'], addresses: [{ country: 'UZ', city: 'Tashkent' }] }),
  entry('105', 'JAFARI, Mohammad Javad', { datesOfBirth: [day('1965-01-21')], nationalities: ['IR'], citizenships: ['IQ'] }),
  entry('102', 'KOVALENKO, Aleksandr Sergeyevich', { datesOfBirth: [day('1971-09-02'), day('1972-09-02')], nationalities: ['RU'] }),
  entry('107', 'SHAKHNAZAROV, Konstantin', { datesOfBirth: [year(1962)] }),
  entry('112', 'TARASENKO, Vasyl Petrovych', { datesOfBirth: [range(1958, 1960)], addresses: [{ country: 'UA', city: 'Kyiv' }] }),
  entry('118', 'ODUYA, Emmanuel Chibuike', { datesOfBirth: [day('1977-11-30')], nationalities: ['NG'] }),
  entry('119', 'HAQQANI, Sirajuddin', { datesOfBirth: [day('1973-08-01'), year(1980)], nationalities: ['AF'] }),
];

const NEPTUNE_SDN_IDS = ['109', '3', '20', ...Array.from({ length: 9 }, (_, i) => `${200 + i}`)];

const ENTRIES: ListEntry[] = [
  ...PEOPLE,
  ...NEPTUNE_SDN_IDS.map((id) => entry(id, 'NEPTUNE MARINE', { kind: 'vessel' })),
  entry('s1', 'NEPTUNE MARINE', { listSource: 'ofac-ssi', kind: 'vessel' }),
  entry('b5', 'NEPTUNE MARINE', { listSource: 'bis-entity', kind: 'vessel' }),
  entry('1', 'NEPTUNE MARINE SERVICES', { kind: 'vessel' }),
  entry('i1', 'KASPAROV TRADING', { listSource: 'bis-entity', kind: 'entity', kindInferred: true }),
  entry('i2', 'KASPAROV TRADING', { listSource: 'bis-entity', kind: 'entity', kindInferred: false }),
  // Same name twice: one known by its city only, one by its address country.
  entry('120', 'SAIDOV, Bakhodir', { addresses: [{ city: 'Tashkent' }] }),
  entry('121', 'SAIDOV, Bakhodir', { addresses: [{ country: 'UZ', city: 'Samarkand' }] }),
];

let engine: Engine;

beforeAll(async () => {
  engine = await buildEngineWithBackground(ENTRIES, [{ source: 'ofac-sdn', publishedAt: '2026-11-20T00:00:00Z' }]);
});

const screen = (request: ScreenRequest): ScreenResult => engine.screen({ limit: 50, ...request });
const find = (result: ScreenResult, id: string): Match | undefined => result.matches.find((m) => m.entryId === id);
const conf = (request: ScreenRequest, id: string): number => find(screen(request), id)?.confidence ?? 0;

/** Name spellings of an entry that should all hit it: as listed, reordered, one typo, middle name dropped. */
function spellings(e: ListEntry): string[] {
  const [last, given = ''] = e.name.split(', ');
  const givenWords = given.split(' ').filter(Boolean);
  const typo = last.length > 5 ? `${last.slice(0, -2)}${last.at(-1)}${last.at(-2)}` : last;
  const out = [e.name, `${given} ${last}`, `${given} ${typo}`];
  if (givenWords.length > 1) out.push(`${givenWords[0]} ${last}`);
  return out;
}

function isoShift(date: string, years: number, month?: string, dayOfMonth?: string): string {
  const [y, m, d] = date.split('-');
  return `${Number(y) + years}-${month ?? m}-${dayOfMonth ?? d}`;
}

/** (name, mode, entry) triples where the name alone is reported: the base of the evidence properties. */
function reportedCases(): Array<{ name: string; mode: Fuzziness; e: ListEntry; base: number }> {
  const out: Array<{ name: string; mode: Fuzziness; e: ListEntry; base: number }> = [];
  for (const e of PEOPLE) {
    for (const name of spellings(e)) {
      for (const mode of FUZZINESS_MODES) {
        const base = conf({ name, fuzziness: mode }, e.entryId);
        if (base > 0) out.push({ name, mode, e, base });
      }
    }
  }
  return out;
}

describe('evidence: date of birth', () => {
  it('the properties below run over enough reported (name, mode, entry) cases', () => {
    expect(reportedCases().length).toBeGreaterThanOrEqual(40);
  });

  it('a correct date of birth always raises the confidence', () => {
    for (const { name, mode, e, base } of reportedCases()) {
      const correct = e.datesOfBirth[0].precision === 'day' ? e.datesOfBirth[0].from : isoShift(e.datesOfBirth[0].from, 0, '06', '15');
      expect(conf({ name, fuzziness: mode, dateOfBirth: correct }, e.entryId), `${name} / ${mode} / ${correct}`).toBeGreaterThan(base);
    }
  });

  it('a wrong date of birth (another year) always lowers the confidence', () => {
    for (const { name, mode, e, base } of reportedCases()) {
      for (const shift of [-1, 1, -7, 12]) {
        const wrong = isoShift(shift < 0 ? e.datesOfBirth[0].from : e.datesOfBirth.at(-1)!.to, shift);
        expect(conf({ name, fuzziness: mode, dateOfBirth: wrong }, e.entryId), `${name} / ${mode} / ${wrong}`).toBeLessThan(base);
      }
    }
  });

  it('day and month swapped still raises it, less than the exact date', () => {
    const base = conf({ name: 'Usama bin Ladin' }, '6365');
    const exact = conf({ name: 'Usama bin Ladin', dateOfBirth: '1957-03-10' }, '6365');
    const swapped = conf({ name: 'Usama bin Ladin', dateOfBirth: '1957-10-03' }, '6365');
    expect(base).toBeGreaterThan(0);
    expect(swapped).toBeGreaterThan(base);
    expect(swapped).toBeLessThan(exact);
  });

  it('any of several listed dates counts', () => {
    const base = conf({ name: 'Aleksandr Kovalenko' }, '102');
    expect(conf({ name: 'Aleksandr Kovalenko', dateOfBirth: '1972-09-02' }, '102')).toBeGreaterThan(base);
    expect(conf({ name: 'Sirajuddin Haqqani', dateOfBirth: '1980-02-14' }, '119')).toBeGreaterThan(conf({ name: 'Sirajuddin Haqqani' }, '119'));
  });

  it('a date inside a listed range raises the confidence; one far outside lowers it', () => {
    const base = conf({ name: 'Vasyl Tarasenko' }, '112');
    expect(conf({ name: 'Vasyl Tarasenko', dateOfBirth: '1959-07-01' }, '112')).toBeGreaterThan(base);
    expect(conf({ name: 'Vasyl Tarasenko', dateOfBirth: '1970-07-01' }, '112')).toBeLessThan(base);
  });

  it('an entry without a date of birth is not compared on it', () => {
    const m = find(screen({ name: 'Neptune Marine', dateOfBirth: '1970-01-01' }), '3');
    expect(m?.evidence.map((x) => x.field)).not.toContain('dateOfBirth');
  });

  it('regression: a wrong date of birth in the listed year (another day) lowers the confidence and does not corroborate a block', () => {
    const request = { name: 'Rustam Karimov', dateOfBirth: '1980-11-23' };
    expect(conf(request, '106')).toBeLessThan(conf({ name: 'Rustam Karimov' }, '106'));
    expect(find(screen(request), '106')?.evidence.find((e) => e.field === 'dateOfBirth')).toMatchObject({ detail: 'same year of birth, another date' });
    expect(screen(request).summary.recommendedAction).not.toBe('block');
    let checked = 0;
    for (const { name, mode, e, base } of reportedCases()) {
      if (e.datesOfBirth[0].precision !== 'day') continue;
      const otherDay = isoShift(e.datesOfBirth[0].from, 0, '12', '28');
      expect(conf({ name, fuzziness: mode, dateOfBirth: otherDay }, e.entryId), `${name} / ${mode} / ${otherDay}`).toBeLessThan(base);
      checked++;
    }
    expect(checked).toBeGreaterThanOrEqual(20);
  });
});

describe('evidence: nationality, address, kind', () => {
  it('a matching nationality (or citizenship) raises the confidence; another one lowers it', () => {
    const base = conf({ name: 'Rustam Karimov' }, '106');
    expect(conf({ name: 'Rustam Karimov', nationality: 'UZ' }, '106')).toBeGreaterThan(base);
    expect(conf({ name: 'Rustam Karimov', nationality: 'FR' }, '106')).toBeLessThan(base);
    const jafari = conf({ name: 'Mohammad Javad Jafari' }, '105');
    expect(conf({ name: 'Mohammad Javad Jafari', nationality: 'IQ' }, '105')).toBeGreaterThan(jafari);
  });

  it('an address country is compared with listed address countries only, never with the nationality', () => {
    // Jafari lists nationality IR and citizenship IQ, no address: IR counts once, for nationality.
    const request: ScreenRequest = { name: 'Mohammad Javad Jafari', address: { country: 'IR' } };
    expect(find(screen(request), '105')?.evidence.map((e) => e.field)).not.toContain('address.country');
    expect(conf(request, '105')).toBe(conf({ name: 'Mohammad Javad Jafari' }, '105'));
    // So it corroborates nothing: a name match above block stays a review.
    expect(conf(request, '105')).toBeGreaterThanOrEqual(engine.thresholds.balanced.block);
    expect(screen(request).summary.recommendedAction).toBe('manual-review');
  });

  it('an address country raises or lowers it; a city is compared after normalisation', () => {
    const base = conf({ name: 'Vasyl Tarasenko' }, '112');
    expect(conf({ name: 'Vasyl Tarasenko', address: { country: 'UA' } }, '112')).toBeGreaterThan(base);
    expect(conf({ name: 'Vasyl Tarasenko', address: { country: 'PL' } }, '112')).toBeLessThan(base);
    expect(conf({ name: 'Vasyl Tarasenko', address: { city: 'KYIV' } }, '112')).toBeGreaterThan(base);
  });

  it('a kind mismatch lowers it, less when the list did not state the kind', () => {
    const base = conf({ name: 'Rustam Karimov' }, '106');
    expect(conf({ name: 'Rustam Karimov', kind: 'entity' }, '106')).toBeLessThan(base);
    expect(conf({ name: 'Rustam Karimov', kind: 'individual' }, '106')).toBeGreaterThanOrEqual(base);
    const stated = conf({ name: 'Kasparov Trading', kind: 'individual' }, 'i2');
    const inferred = conf({ name: 'Kasparov Trading', kind: 'individual' }, 'i1');
    expect(inferred).toBeLessThan(conf({ name: 'Kasparov Trading' }, 'i1'));
    expect(inferred).toBeGreaterThan(stated);
  });

  it('has one item per compared field, the name first, without echoing the screened name', () => {
    const request: ScreenRequest = {
      name: 'Rustam Karimov', aliases: ['R. Karimov'], dateOfBirth: '1980-05-05', nationality: 'UZ',
      address: { country: 'UZ', city: 'Tashkent' }, kind: 'individual',
    };
    const m = find(screen(request), '106')!;
    const fields = m.evidence.map((e) => e.field);
    expect(fields[0]).toBe('name');
    expect(new Set(fields).size).toBe(fields.length);
    expect(fields).toEqual(expect.arrayContaining(['name', 'aliases', 'dateOfBirth', 'nationality', 'address.country', 'kind']));
    for (const e of m.evidence) expect(e.detail ?? '').not.toMatch(/karimov|rustam/i);
  });
});

describe('evidence ceiling (what lets the engine skip names that cannot be reported)', () => {
  /** Every combination of the five fields, with values this entry agrees with and values it does not. */
  function requests(e: ListEntry): ScreenRequest[] {
    const dobs = [e.datesOfBirth[0]?.from, '1901-02-03'].filter((d): d is string => Boolean(d));
    const nats = [e.nationalities[0] ?? e.citizenships[0], 'FR'].filter((c): c is string => Boolean(c));
    const countries = [e.addresses[0]?.country, 'PL'].filter((c): c is string => Boolean(c));
    const cities = [e.addresses[0]?.city, 'Lyon'].filter((c): c is string => Boolean(c));
    const out: ScreenRequest[] = [];
    for (let mask = 0; mask < 32; mask++) {
      for (const variant of [0, 1]) {
        const pick = <T>(values: T[]): T => values[Math.min(variant, values.length - 1)];
        const r: ScreenRequest = { name: e.name };
        if (mask & 1) r.dateOfBirth = pick(dobs);
        if (mask & 2) r.nationality = pick(nats);
        if (mask & 4 || mask & 8) r.address = {};
        if (mask & 4) r.address!.country = pick(countries);
        if (mask & 8) r.address!.city = pick(cities);
        if (mask & 16) r.kind = variant === 0 ? e.kind : 'entity';
        out.push(r);
      }
    }
    return out;
  }

  it('bounds what the other fields add, for every combination of fields on every entry', () => {
    for (const e of ENTRIES) {
      for (const r of requests(e)) {
        const added = fieldEvidence(r, e).reduce((sum, item) => sum + item.weight, 0);
        expect(added).toBeLessThanOrEqual(evidenceCeiling(r) + 1e-12);
      }
    }
  });

  it('is reached when every field agrees (it is the least such bound), and is 0 for a name alone', () => {
    const karimov = PEOPLE.find((e) => e.entryId === '106')!;
    const r: ScreenRequest = {
      name: karimov.name, dateOfBirth: '1980-05-05', nationality: 'UZ', address: { country: 'UZ', city: 'Tashkent' }, kind: 'individual',
    };
    const added = fieldEvidence(r, karimov).reduce((sum, item) => sum + item.weight, 0);
    expect(added).toBeCloseTo(evidenceCeiling(r), 12);
    expect(evidenceCeiling({ name: 'x' })).toBe(0);
  });

  it('still reports a name whose weight alone is under the floor when agreeing fields lift it over', () => {
    // Names made weaker by extra tokens the list lacks, until the name alone is just under the floor.
    const extras = ['Qorvath', 'Zilbrand Qorvath', 'Zilbrand Qorvath Mendrix', 'Zilbrand Qorvath Mendrix Tolvey'];
    let lifted = 0;
    for (const e of PEOPLE.filter((p) => p.datesOfBirth[0]?.precision === 'day' && p.nationalities.length > 0)) {
      for (const fuzziness of FUZZINESS_MODES) {
        const floor = engine.thresholds[fuzziness].reportingFloor;
        for (const extra of extras) {
          for (const name of spellings(e).map((n) => `${n} ${extra}`)) {
            const alone = find(screen({ name, fuzziness, threshold: 0 }), e.entryId)?.confidence ?? 0;
            if (!(alone < floor && alone + 0.12 > floor + 0.001)) continue;
            const request: ScreenRequest = { name, fuzziness, dateOfBirth: e.datesOfBirth[0].from, nationality: e.nationalities[0] };
            expect(find(screen(request), e.entryId)?.confidence, `${fuzziness}: ${name}`).toBeCloseTo(alone + 0.12, 3);
            lifted++;
          }
        }
      }
    }
    // The property was exercised, not vacuously true.
    expect(lifted).toBeGreaterThan(0);
  });
});

describe('confidence', () => {
  const REQUESTS: ScreenRequest[] = PEOPLE.flatMap((e) =>
    spellings(e).flatMap((name) => [
      { name },
      { name, fuzziness: 'loose' as const, dateOfBirth: '1957-03-10', nationality: 'SA', kind: 'entity' as const },
      { name, dateOfBirth: e.datesOfBirth[0].from, nationality: e.nationalities[0], address: { country: 'UZ' }, kind: 'individual' as const },
      { name, fuzziness: 'strict' as const, dateOfBirth: '2001-01-01', nationality: 'US', address: { country: 'US', city: 'Boston' } },
    ]),
  );

  it('the evidence weights add up exactly to a confidence within 0..1', () => {
    let checked = 0;
    for (const request of REQUESTS) {
      for (const m of screen(request).matches) {
        const sum = m.evidence.reduce((s, e) => s + e.weight, 0);
        expect(Math.abs(sum - m.confidence), `${request.name} / ${m.entryId}`).toBeLessThan(1e-9);
        expect(m.confidence).toBeGreaterThanOrEqual(0);
        expect(m.confidence).toBeLessThanOrEqual(1);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(50);
  });

  it('regression: with threshold 0 the weights still add up when the negatives exceed the name weight (confidence 0)', () => {
    const request: ScreenRequest = { name: 'Rustam Zzyzx', fuzziness: 'loose', threshold: 0, dateOfBirth: '1950-01-01', nationality: 'RU', kind: 'entity', limit: 1000 };
    const plain = find(engine.screen({ name: 'Rustam Zzyzx', fuzziness: 'loose', threshold: 0, limit: 1000 }), '106')!;
    const m = find(engine.screen(request), '106')!;
    expect(m.confidence).toBe(0);
    // The name keeps its weight; the negative weights give back what exceeds it, and stay negative.
    expect(m.evidence[0].weight).toBe(plain.evidence[0].weight);
    expect(m.evidence.slice(1).every((e) => e.weight < 0)).toBe(true);
    for (const x of engine.screen(request).matches) {
      expect(x.evidence.reduce((s, e) => s + e.weight, 0), x.entryId).toBeCloseTo(x.confidence, 9);
    }
  });
});

describe('ranking and request options', () => {
  it('ranks by confidence, then list (SDN first), then entryId numerically', () => {
    const ids = screen({ name: 'Neptune Marine' }).matches.map((m) => `${m.listSource}/${m.entryId}`);
    const sdn = [...NEPTUNE_SDN_IDS].sort((a, b) => Number(a) - Number(b)).map((id) => `ofac-sdn/${id}`);
    expect(ids).toEqual([...sdn, 'ofac-ssi/s1', 'bis-entity/b5', 'ofac-sdn/1']);
  });

  it('limit cuts the ranked list (default 10)', () => {
    const all = screen({ name: 'Neptune Marine' }).matches;
    expect(engine.screen({ name: 'Neptune Marine' }).matches).toEqual(all.slice(0, 10));
    expect(engine.screen({ name: 'Neptune Marine', limit: 2 }).matches).toEqual(all.slice(0, 2));
  });

  it('lists keeps only the selected lists', () => {
    expect(screen({ name: 'Neptune Marine', lists: ['bis-entity'] }).matches.map((m) => m.entryId)).toEqual(['b5']);
    const two = screen({ name: 'Neptune Marine', lists: ['ofac-ssi', 'bis-entity'] }).matches;
    expect(two.map((m) => m.entryId)).toEqual(['s1', 'b5']);
    expect(screen({ name: 'Neptune Marine', lists: ['state-isn'] }).matches).toEqual([]);
  });

  it('one match per entry, for its best name, in the list spelling', () => {
    const result = screen({ name: 'Osama bin Muhammad bin Awad bin Ladin', fuzziness: 'loose' });
    const matches = result.matches.filter((m) => m.entryId === '6365');
    expect(matches).toHaveLength(1);
    expect(matches[0]).toMatchObject({ matchedName: 'BIN LADIN, Osama bin Muhammad bin Awad', nameType: 'aka', primaryName: 'BIN LADIN, Usama' });
    expect(find(screen({ name: 'Usama bin Laden', fuzziness: 'strict' }), '6365')).toMatchObject({ matchedName: 'BIN LADEN, Usama', nameType: 'fka' });
  });

  it('a match carries the list spelling, freshness and entry details', () => {
    const m = find(screen({ name: 'neptune marine' }), '3')!;
    expect(m).toMatchObject({ listSource: 'ofac-sdn', matchedName: 'NEPTUNE MARINE', primaryName: 'NEPTUNE MARINE', nameType: 'primary', entityType: 'vessel' });
    expect(m.listFreshness).toBe('2026-11-20T00:00:00Z');
    expect(find(screen({ name: 'neptune marine' }), 'b5')!.listFreshness).toBeNull();
  });

  it('aliases in the request are screened too, and the better of name and aliases counts', () => {
    const direct = conf({ name: 'Rustam Karimov' }, '106');
    const m = find(screen({ name: 'Qqzzv Wwxxj', aliases: ['Rustam Karimov'] }), '106')!;
    expect(m.confidence).toBe(direct);
    expect(m.evidence[0]).toMatchObject({ field: 'aliases' });
    expect(m.evidence.find((e) => e.field === 'name')?.weight).toBe(0);
  });
});

describe('summary', () => {
  it('anyMatchAbove is the mode review threshold, or the request threshold', () => {
    for (const mode of FUZZINESS_MODES) {
      expect(screen({ name: 'Rustam Karimov', fuzziness: mode }).summary.anyMatchAbove).toBe(engine.thresholds[mode].review);
    }
    expect(screen({ name: 'Rustam Karimov', threshold: 0.95 }).summary).toEqual({ anyMatchAbove: 0.95, recommendedAction: 'clear' });
    expect(screen({ name: 'Qqzzv Wwxxj' }).summary.recommendedAction).toBe('clear');
  });

  it('manual-review for a name match without corroboration, even above the block threshold', () => {
    const result = screen({ name: 'Rustam Karimov' });
    expect(find(result, '106')!.confidence).toBeGreaterThanOrEqual(engine.thresholds.balanced.block);
    expect(result.summary.recommendedAction).toBe('manual-review');
    expect(screen({ name: 'Rustam Karimov', kind: 'individual' }).summary.recommendedAction).toBe('manual-review');
  });

  it('block needs the name plus a date of birth, nationality or address country that agrees', () => {
    for (const extra of [{ dateOfBirth: '1980-05-05' }, { nationality: 'UZ' }, { address: { country: 'UZ' } }]) {
      expect(screen({ name: 'Rustam Karimov', ...extra }).summary.recommendedAction, JSON.stringify(extra)).toBe('block');
    }
    expect(screen({ name: 'Rustam Karimov', dateOfBirth: '1990-05-05' }).summary.recommendedAction).not.toBe('block');
    expect(screen({ name: 'Rustam Karimov', nationality: 'FR' }).summary.recommendedAction).not.toBe('block');
  });

  it('regression: recommendedAction judges every match, also those the limit cuts off', () => {
    // 120 ranks first (name + city + kind, nothing corroborating); 121 second (nationality agrees with its address).
    const request: ScreenRequest = { name: 'Bakhodir Saidov', nationality: 'UZ', address: { city: 'Tashkent' }, kind: 'individual' };
    expect(engine.screen({ ...request, limit: 2 }).summary.recommendedAction).toBe('block');
    const cut = engine.screen({ ...request, limit: 1 });
    expect(cut.matches.map((m) => m.entryId)).toEqual(['120']);
    expect(cut.summary.recommendedAction).toBe('block');
  });

  it('a weak name match with a correct date of birth is not a block', () => {
    const result = screen({ name: 'Rustam', fuzziness: 'loose', dateOfBirth: '1980-05-05' });
    expect(result.summary.recommendedAction).not.toBe('block');
  });
});

describe('determinism and batches', () => {
  const REQUESTS: ScreenRequest[] = [
    { name: 'Rustam Karimov', dateOfBirth: '1980-05-05' },
    { name: 'Neptune Marine', lists: ['ofac-sdn', 'bis-entity'], limit: 3 },
    { name: 'Usama bin Laden', fuzziness: 'loose', nationality: 'SA' },
    { name: 'Konstantin Shakhnazarov', fuzziness: 'strict' },
    { name: '...' },
    { name: 'Qqzzv Wwxxj', aliases: ['Vasyl Tarasenko'], address: { country: 'UA', city: 'Kyiv' } },
  ];

  it('the same request gives the identical result, whatever was screened in between', () => {
    const first = REQUESTS.map((r) => engine.screen(r));
    const second = [...REQUESTS].reverse().map((r) => engine.screen(r)).reverse();
    expect(second).toEqual(first);
  });

  it('screenBatch equals screen on each item, in order', () => {
    expect(engine.screenBatch(REQUESTS)).toEqual(REQUESTS.map((r) => engine.screen(r)));
    expect(engine.screenBatch([])).toEqual([]);
  });
});

describe('degenerate names', () => {
  const NAMES = [
    '...', '-', 'x', 'X.', '0', '12345', 'a b c d e f g h i j k l m n o p q r s t u v w x y z', 'Q'.repeat(300),
    Array.from({ length: 60 }, (_, i) => `word${i}`).join(' '), '🙂🙂', 'ⅫⅫ', '\u200b', 'the of and', 'LLC',
    'Ab'.repeat(40) + ' ' + 'Cd'.repeat(40),
  ];

  it('never throw, in any mode, and give a well-formed result', () => {
    for (const name of NAMES) {
      for (const mode of FUZZINESS_MODES) {
        const result = engine.screen({ name, fuzziness: mode, aliases: [name] });
        expect(['clear', 'manual-review', 'block'], `${name} / ${mode}`).toContain(result.summary.recommendedAction);
        for (const m of result.matches) expect(m.confidence).toBeGreaterThanOrEqual(engine.thresholds[mode].reportingFloor);
      }
    }
  });

  it('names without letters or digits match nothing', () => {
    for (const name of ['...', '-', '🙂🙂', '\u200b']) {
      for (const mode of FUZZINESS_MODES) expect(engine.screen({ name, fuzziness: mode }).matches, `${name} / ${mode}`).toEqual([]);
    }
  });
});
