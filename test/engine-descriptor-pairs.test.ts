/**
 * Organisations written with their descriptors in another language (issue #27): the table of
 * descriptor pairs mined from the US lists' parallel names (src/engine/descriptor-pairs.ts, generated
 * by scripts/gen-descriptor-pairs.ts) lets a transliterated descriptor meet its English equivalent and
 * the reverse. Invented organisations among the synthetic background, several of them sharing each
 * descriptor so that descriptors weigh as the generic words they are on the lists.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Engine, Fuzziness } from '../src/engine/index.js';
import { DESCRIPTOR_PAIRS } from '../src/engine/descriptor-pairs.js';
import { aka, buildEngineWithBackground, entry } from './support/engine-entries.js';

const org = (id: string, name: string, ...aliases: string[]) => entry(id, name, { kind: 'entity', aliases: aka(...aliases) });

describe('the mined descriptor table', () => {
  it('pairs transliterated Russian and Persian descriptors with their English equivalents', () => {
    const pairs = new Set(DESCRIPTOR_PAIRS.map(([foreign, english]) => `${foreign}=${english}`));
    expect(['predpriyatie=enterprise', 'zavod=plant', 'byuro=bureau', 'kontsern=concern', 'sanaye=industries'].filter((p) => !pairs.has(p))).toEqual([]);
  });

  it('keeps only pairs seen in several distinct names, one side an English word and the other not', () => {
    expect(DESCRIPTOR_PAIRS.every(([, , support]) => support >= 3)).toBe(true);
    expect(DESCRIPTOR_PAIRS.some(([foreign]) => ['plant', 'factory', 'enterprise', 'group'].includes(foreign))).toBe(false);
  });
});

describe('descriptors written in another language, in organisations\' names', () => {
  let engine: Engine;
  beforeAll(async () => {
    engine = await buildEngineWithBackground([
      org('d1', 'JSC SCIENTIFIC PRODUCTION ENTERPRISE TRAVEKSOR', 'NPP TRAVEKSOR'),
      org('d2', 'SCIENTIFIC PRODUCTION ENTERPRISE MELQUARD'),
      org('d3', 'SCIENTIFIC PRODUCTION ENTERPRISE ORBENTAL'),
      org('d4', 'KORVINATSK SHIPBUILDING PLANT'),
      org('d5', 'ZELMORAN PLANT'),
      org('d6', 'VASTRENKO PLANT'),
      org('d7', 'DOBRYLASH ZAVOD'),
      org('d8', 'PLAVRENSK ZAVOD'),
      org('d9', 'GRESHOLM ZAVOD'),
      org('d10', 'KHOLMIDAR DESIGN BUREAU'),
      org('d11', 'TRESKAVIN DESIGN BUREAU'),
    ]);
  }, 120_000);

  const confidence = (name: string, mode: Fuzziness, id: string): number =>
    engine.screen({ name, kind: 'entity', fuzziness: mode, limit: 20 }).matches.find((m) => m.entryId === id)?.confidence ?? 0;
  const flagged = (name: string, mode: Fuzziness, id: string): boolean => confidence(name, mode, id) >= engine.thresholds[mode].review;

  it('a Russian name with its descriptors in Cyrillic meets the English name (balanced and loose)', () => {
    for (const mode of ['balanced', 'loose'] as const) {
      expect(flagged('Научно-производственное предприятие «Травексор»', mode, 'd1'), mode).toBe(true);
      expect(flagged('Судостроительный завод «Корвинатск»', mode, 'd4'), mode).toBe(true);
      expect(flagged('Конструкторское бюро Холмидар', mode, 'd10'), mode).toBe(true);
    }
  });

  it('an English descriptor meets the transliterated one the list writes', () => {
    for (const mode of ['balanced', 'loose'] as const) {
      expect(flagged('Dobrylash Plant', mode, 'd7'), mode).toBe(true);
      expect(flagged('Zelmoran Zavod', mode, 'd5'), mode).toBe(true);
    }
  });

  it('the descriptors alone never name the organisation, and strict reads no translation', () => {
    expect(flagged('Научно-производственное предприятие «Листорамб»', 'balanced', 'd1')).toBe(false);
    expect(flagged('Судостроительный завод «Корвинатск»', 'strict', 'd4')).toBe(false);
    expect(flagged('Korvinatsk Zavod', 'balanced', 'd7')).toBe(false);
  });
});
