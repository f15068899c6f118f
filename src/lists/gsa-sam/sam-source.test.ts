import { describe, expect, it } from 'vitest';
import { extractDateFromFileName } from './sam-source.js';

describe('extractDateFromFileName (Julian YYDDD)', () => {
  it.each([
    ['SAM_Exclusions_Public_Extract_V2_24344.ZIP', '2024-12-09'],
    ['SAM_Exclusions_Public_Extract_V2_24345.CSV', '2024-12-10'],
    ['SAM_Exclusions_Public_Extract_V2_23001.csv', '2023-01-01'],
    ['SAM_Exclusions_Public_Extract_V2_24366.zip', '2024-12-31'],
  ])('%s -> %s', (name, iso) => expect(extractDateFromFileName(name)).toBe(iso));

  it.each([
    'SAM_Exclusions_Public_Extract_V2.csv',
    'SAM_Exclusions_Public_Extract_V2_SAMPLE.csv',
    'SAM_Exclusions_Public_Extract_V2_23366.ZIP',
    'SAM_Exclusions_Public_Extract_V2_24000.ZIP',
  ])('%s has no usable date', (name) => expect(extractDateFromFileName(name)).toBeNull());
});
