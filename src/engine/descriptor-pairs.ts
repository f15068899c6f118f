/**
 * @module Organisation descriptors written in another language beside their English equivalent, as
 * the US lists write one entry's names both ways (a transliterated Russian, Belarusian, Ukrainian or
 * Persian alias beside an English one): mined from the US lists snapshot (../shared/data/snapshot,
 * 9341 organisations) by scripts/gen-descriptor-pairs.ts, read from
 *   SAM_Exclusions_Public_Extract_V2.csv (sha256 c156be1bf04ba92c…)
 *   add.csv (sha256 d5906f90b2d02778…)
 *   alt.csv (sha256 f8c1cab56b08fb83…)
 *   cons_add.csv (sha256 96c5baf0dd9081da…)
 *   cons_alt.csv (sha256 27f46913036603cb…)
 *   cons_comments.csv (sha256 ca3e37e4d78952e6…)
 *   cons_prim.csv (sha256 7027f6656b7815e3…)
 *   consolidated.csv (sha256 80e780b91b7b50e1…)
 *   dpl.txt (sha256 b4d9a287f8527af7…)
 *   sdn.csv (sha256 210ca6b4a8187a34…)
 *   sdn_comments.csv (sha256 852b79d8126e70f3…)
 * GENERATED: do not edit; run the script again. Each row: the word in another language and its
 * English equivalent, as the engine reads them, and the number of distinct names (distinctive words
 * shared by two names of one entry) that pair them.
 */

/** [word in another language, English word, support]. */
export const DESCRIPTOR_PAIRS: ReadonlyArray<readonly [string, string, number]> = [
  ['akademika', 'academician', 3],
  ['bonyad', 'foundation', 3],
  ['byuro', 'bureau', 18],
  ['byuro', 'design', 18],
  ['grupo', 'armed', 3],
  ['gruppa', 'group', 4],
  ['harakat', 'movement', 6],
  ['ihracat', 'import', 3],
  ['imeni', 'named', 7],
  ['imeni', 'research', 6],
  ['inzhiniring', 'engineering', 4],
  ['issledovatelsky', 'research', 5],
  ['ithalat', 'import', 3],
  ['khayriyya', 'foundation', 4],
  ['khayriyya', 'humanitarian', 3],
  ['kholdinga', 'management', 4],
  ['kommerchesky', 'joint', 3],
  ['kommerchesky', 'stock', 3],
  ['konstruktorskoe', 'bureau', 10],
  ['konstruktorskoe', 'design', 10],
  ['konstruktorskoye', 'bureau', 6],
  ['konstruktorskoye', 'design', 6],
  ['kontsern', 'concern', 7],
  ['lizing', 'leasing', 3],
  ['mashinostroitelny', 'building', 5],
  ['mashinostroitelny', 'plant', 6],
  ['menedzhment', 'management', 6],
  ['muassasat', 'foundation', 3],
  ['muassasat', 'humanitarian', 3],
  ['nauchno', 'production', 16],
  ['nauchno', 'scientific', 16],
  ['obedinenie', 'associates', 4],
  ['obyedineniye', 'associates', 10],
  ['obyedineniye', 'production', 7],
  ['predpriyatie', 'enterprise', 5],
  ['predpriyatie', 'production', 5],
  ['predpriyatiye', 'enterprise', 5],
  ['predpriyatiye', 'state', 3],
  ['proizvodstvennaya', 'production', 3],
  ['proizvodstvennoe', 'production', 9],
  ['proizvodstvennoe', 'scientific', 6],
  ['proizvodstvennoye', 'associates', 8],
  ['proizvodstvennoye', 'production', 10],
  ['proizvodstvenny', 'production', 3],
  ['pteltd', 'group', 3],
  ['qaida', 'jihad', 3],
  ['qaida', 'organization', 4],
  ['sanaye', 'industries', 4],
  ['sarafi', 'money', 3],
  ['siman', 'cement', 5],
  ['sudostroitelny', 'plant', 7],
  ['sudostroitelny', 'shipbuilding', 7],
  ['tejarat', 'trading', 3],
  ['ticaret', 'foreign', 7],
  ['ticaret', 'trade', 8],
  ['torgovo', 'trading', 3],
  ['treid', 'trade', 3],
  ['tsentr', 'center', 9],
  ['tsentralnoye', 'central', 3],
  ['tsentralnoye', 'design', 3],
  ['upravlyayushchaya', 'holding', 4],
  ['upravlyayushchaya', 'management', 5],
  ['wilayat', 'province', 3],
  ['wilayat', 'state', 3],
  ['zavod', 'factory', 17],
  ['zavod', 'plant', 28],
];
