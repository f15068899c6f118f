/**
 * @module The two SAM extract layouts and the header check that tells them apart.
 *
 * V2 (31 columns, since the 2022 switch from DUNS to the SAM Unique Entity ID) has `Unique Entity ID`,
 * `Open Data Flag`, `Blank (Deprecated)` (the old DUNS slot) and `Creation_Date`; the legacy V1 layout
 * (28 columns) has `DUNS` instead and no creation date. Columns are found by header name, not by
 * position, so a reordered or extended header still reads; a missing column rejects the file.
 */
import { ListFormatError } from '../model.js';

export type SamLayout = 'V1' | 'V2';

/** One extract row with its columns named; absent optional columns are empty strings. */
export interface SamRow {
  classification: string;
  name: string;
  prefix: string;
  first: string;
  middle: string;
  last: string;
  suffix: string;
  address1: string;
  address2: string;
  address3: string;
  address4: string;
  city: string;
  state: string;
  country: string;
  zip: string;
  openDataFlag: string;
  /** V1 `DUNS`, or V2 `Blank (Deprecated)` when a row still fills it. */
  duns: string;
  uei: string;
  exclusionProgram: string;
  excludingAgency: string;
  ctCode: string;
  exclusionType: string;
  additionalComments: string;
  activeDate: string;
  terminationDate: string;
  recordStatus: string;
  crossReference: string;
  samNumber: string;
  cage: string;
  npi: string;
  creationDate: string;
}

type Field = keyof SamRow;

/** Header text of each field, shared by both layouts. */
const COMMON_COLUMNS: ReadonlyArray<[Field, string]> = [
  ['classification', 'Classification'],
  ['name', 'Name'],
  ['prefix', 'Prefix'],
  ['first', 'First'],
  ['middle', 'Middle'],
  ['last', 'Last'],
  ['suffix', 'Suffix'],
  ['address1', 'Address 1'],
  ['address2', 'Address 2'],
  ['address3', 'Address 3'],
  ['address4', 'Address 4'],
  ['city', 'City'],
  ['state', 'State / Province'],
  ['country', 'Country'],
  ['zip', 'Zip Code'],
  ['exclusionProgram', 'Exclusion Program'],
  ['excludingAgency', 'Excluding Agency'],
  ['ctCode', 'CT Code'],
  ['exclusionType', 'Exclusion Type'],
  ['additionalComments', 'Additional Comments'],
  ['activeDate', 'Active Date'],
  ['terminationDate', 'Termination Date'],
  ['recordStatus', 'Record Status'],
  ['crossReference', 'Cross-Reference'],
  ['samNumber', 'SAM Number'],
  ['cage', 'CAGE'],
  ['npi', 'NPI'],
];

const LAYOUT_COLUMNS: Record<SamLayout, ReadonlyArray<[Field, string]>> = {
  V1: [...COMMON_COLUMNS, ['duns', 'DUNS']],
  V2: [
    ...COMMON_COLUMNS,
    ['openDataFlag', 'Open Data Flag'],
    ['duns', 'Blank (Deprecated)'],
    ['uei', 'Unique Entity ID'],
    ['creationDate', 'Creation_Date'],
  ],
};

export interface SamHeader {
  layout: SamLayout;
  /** Column index of every field of the layout. */
  index: Readonly<Record<string, number>>;
  width: number;
}

/** Header cells compare without case, spaces and underscores: "State / Province" = "State/Province". */
const norm = (cell: string): string => cell.replace(/^\uFEFF/, '').replace(/[\s_]+/g, '').toLowerCase();

/** Detects the layout from the header row; throws ListFormatError naming what is missing. */
export function readSamHeader(cells: readonly string[], file: string, line: number): SamHeader {
  const position = new Map<string, number>();
  cells.forEach((cell, i) => {
    if (!position.has(norm(cell))) position.set(norm(cell), i);
  });
  const core = ['classification', 'name', 'samnumber'];
  if (!core.some((c) => position.has(c))) {
    throw new ListFormatError(file, line, 'not a SAM Exclusions extract: the header has no Classification, Name or SAM Number column');
  }
  const layout: SamLayout | null = position.has('uniqueentityid') ? 'V2' : position.has('duns') ? 'V1' : null;
  if (layout === null) {
    throw new ListFormatError(file, line, 'missing columns: neither "Unique Entity ID" (V2 layout) nor "DUNS" (V1 layout)');
  }
  const columns = LAYOUT_COLUMNS[layout];
  const missing = columns.filter(([, header]) => !position.has(norm(header))).map(([, header]) => `"${header}"`);
  if (missing.length > 0) {
    throw new ListFormatError(file, line, `missing ${layout} columns: ${missing.join(', ')}`);
  }
  const index: Record<string, number> = {};
  for (const [field, header] of columns) index[field] = position.get(norm(header)) as number;
  return { layout, index, width: cells.length };
}

const ALL_FIELDS: readonly Field[] = [...new Set([...LAYOUT_COLUMNS.V1, ...LAYOUT_COLUMNS.V2].map(([f]) => f))];

/** Names the cells of one record; fields the layout lacks are empty. Values are trimmed. */
export function toSamRow(cells: readonly string[], header: SamHeader): SamRow {
  const row = {} as Record<Field, string>;
  for (const field of ALL_FIELDS) {
    const i = header.index[field];
    row[field] = i === undefined ? '' : (cells[i] ?? '').trim();
  }
  return row;
}
