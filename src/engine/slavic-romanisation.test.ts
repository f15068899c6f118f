import { describe, expect, it } from 'vitest';
import { patronymicReadings, patronymicStem, sameCyrillic } from './slavic-romanisation.js';
import { EAST_SLAVIC_GIVEN_FORMS, NAME_VARIANTS } from './vocabulary.js';

describe('sameCyrillic: two Latin spellings of one Cyrillic word by the published tables', () => {
  it('reads ё as the lists write it (e) and as Swedish, German and Czech write it (jo, io)', () => {
    expect(sameCyrillic('fjodorov', 'fedorov')).toBe(true);
    expect(sameCyrillic('seleznjov', 'seleznev')).toBe(true);
    expect(sameCyrillic('potjomkin', 'potemkin')).toBe(true);
  });

  it('reads each system\'s letters for one Cyrillic letter as the English ones (tj, tsch, cz = ch; sj, sch, sz = sh; w = v; c = ts)', () => {
    expect(sameCyrillic('vjatjeslavovitj', 'vyacheslavovich')).toBe(true);
    expect(sameCyrillic('wjatscheslawowitsch', 'vyacheslavovich')).toBe(true);
    expect(sameCyrillic('szczerbakow', 'shcherbakov')).toBe(true);
    expect(sameCyrillic('rjazancev', 'ryazantsev')).toBe(true);
    expect(sameCyrillic('sjtjerbakov', 'shcherbakov')).toBe(true);
    expect(sameCyrillic('schtscherbakow', 'shcherbakov')).toBe(true);
  });

  it('writes the final й and the soft sign as nothing or as y / j, and a consonant once or twice', () => {
    expect(sameCyrillic('dmitrij', 'dmitry')).toBe(true);
    expect(sameCyrillic('iljin', 'ilyin')).toBe(true);
    expect(sameCyrillic('genadij', 'gennady')).toBe(true);
  });

  it('tells other names apart: another vowel, another consonant, an ending added, a й inside the word', () => {
    expect(sameCyrillic('smolin', 'solin')).toBe(false);
    expect(sameCyrillic('ivanov', 'ivanova')).toBe(false);
    expect(sameCyrillic('markey', 'marko')).toBe(false);
    expect(sameCyrillic('kaidar', 'kadar')).toBe(false);
    expect(sameCyrillic('lopes', 'lopez')).toBe(false);
    expect(sameCyrillic('sasha', 'sasa')).toBe(false);
  });
});

describe('patronymicReadings: a patronymic in another form read as the Russian one', () => {
  const variantOf = (w: string): string | undefined => NAME_VARIANTS.get(w) ?? EAST_SLAVIC_GIVEN_FORMS.get(w);
  const spellingsOf = (c: string): readonly string[] => [...NAME_VARIANTS].filter(([, v]) => v === c).map(([k]) => k);

  it('finds the stem and the gender of each system\'s ending', () => {
    expect(patronymicStem('mikalajevitj')).toEqual({ stem: 'mikala', feminine: 0 });
    expect(patronymicStem('oleksandrivna')).toEqual({ stem: 'oleksandr', feminine: 1 });
    expect(patronymicStem('viktaravich')).toEqual({ stem: 'viktar', feminine: 0 });
    expect(patronymicStem('ivanov')).toBeNull();
  });

  it('reads a Belarusian or Ukrainian given name in the stem as the Russian one, keeping the gender', () => {
    expect(patronymicReadings('mikalaevich', variantOf, spellingsOf)).toContain('nikolaevich');
    expect(patronymicReadings('hennadiyovych', variantOf, spellingsOf)).toContain('gennadievich');
    expect(patronymicReadings('oleksandrivna', variantOf, spellingsOf)).toContain('aleksandrovna');
    expect(patronymicReadings('oleksandrivna', variantOf, spellingsOf)).not.toContain('aleksandrovich');
    expect(patronymicReadings('zzzovich', variantOf, spellingsOf)).toEqual([]);
  });
});
