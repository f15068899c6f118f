import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE_DIR } from '../../../test/support/shared.js';
import type { ListEntry, ParsedList } from '../model.js';
import { readUflpaHtml } from './uflpa-html.js';
import { uflpaEntryId } from './uflpa-map.js';

const FOUR = join(import.meta.dirname, 'testdata/uflpa-four-tables.html');
const THREE = join(import.meta.dirname, 'testdata/uflpa-three-tables.html');
const byName = (list: ParsedList, name: string): ListEntry | undefined => list.entries.find((e) => e.name === name);

describe('uflpaEntryId', () => {
  it('is "uflpa-" + 16 hex of SHA-256 over the trimmed, upper-cased, space-collapsed name', () => {
    const expected = createHash('sha256').update('XINJIANG ZHONGHE CO., LTD.').digest('hex').slice(0, 16);
    expect(uflpaEntryId('  Xinjiang   Zhonghe Co., Ltd. ')).toBe(`uflpa-${expected}`);
    // Pinned so a change of the rule (which would re-key every stored match) cannot pass unnoticed.
    expect(uflpaEntryId('Xinjiang Zhonghe Co., Ltd.')).toBe('uflpa-6a047790971aba9f');
  });
});

describe('readUflpaHtml on the four-table fixture', () => {
  let list: ParsedList;
  beforeAll(async () => {
    list = await readUflpaHtml(FOUR);
  });

  it('reads every Name of Entity table, ignoring page noise and the layout table in the footer', () => {
    expect(list.format).toBe('dhs-uflpa-html');
    expect(list.entries).toHaveLength(18);
    expect(list.publishedAt).toBe('2025-01-15');
    expect(list.skipped).toEqual({ 'row without an entity name': 1 });
    expect(list.dropped).toEqual({ 'Effective Date: not a date': 1 });
    expect(list.entries.every((e) => e.listSource === 'dhs-uflpa' && e.kind === 'entity' && e.kindInferred)).toBe(true);
  });

  it('assigns each row the clause of its table heading, not of the intro that names all four', () => {
    const clauseOf = (name: string): string[] | undefined => byName(list, name)?.programs;
    expect(clauseOf('Baoding LYSZD Trade and Business Co., Ltd.')).toEqual(['UFLPA 2(d)(2)(B)(i)']);
    expect(clauseOf('Western Gold Hami Gold Mine Co., Ltd.')).toEqual(['UFLPA 2(d)(2)(B)(ii)']);
    expect(clauseOf('Camel Group Co., Ltd.')).toEqual(['UFLPA 2(d)(2)(B)(iv)']);
    expect(clauseOf('Donghai JA Solar Technology Co., Ltd.')).toEqual(['UFLPA 2(d)(2)(B)(v)']);
  });

  it('pins Hongyuan Green Energy whole: aka and fka aliases, ISO effective date, derived ID', () => {
    expect(byName(list, 'Hongyuan Green Energy Co., Ltd.')).toEqual({
      listSource: 'dhs-uflpa',
      entryId: 'uflpa-35669e067e72c4a7',
      kind: 'entity',
      kindInferred: true,
      name: 'Hongyuan Green Energy Co., Ltd.',
      aliases: [
        { name: 'HY Solar', type: 'aka', quality: 'strong' },
        { name: 'Hoyuan Green Energy Co. Ltd.', type: 'aka', quality: 'strong' },
        { name: 'Wuxi Shangji CNC Co., Ltd.', type: 'fka', quality: 'strong' },
        { name: 'Wuxi Shangji Automation Co., Ltd.', type: 'fka', quality: 'strong' },
        { name: 'Wuxi Shangji Grinding Machine Co., Ltd.', type: 'fka', quality: 'strong' },
      ],
      datesOfBirth: [],
      placesOfBirth: [],
      nationalities: [],
      citizenships: [],
      addresses: [],
      identityDocuments: [],
      programs: ['UFLPA 2(d)(2)(B)(v)'],
      sourceUrl: 'https://www.dhs.gov/uflpa-entity-list',
      extra: {
        effectiveDate: '2025-01-15',
        listedAs:
          'Hongyuan Green Energy Co., Ltd. (also known as HY Solar; and Hoyuan Green Energy Co. Ltd., and formerly known as Wuxi Shangji CNC Co., Ltd.; Wuxi Shangji Automation Co., Ltd.; and Wuxi Shangji Grinding Machine Co., Ltd.)',
      },
    });
  });

  it('merges an entity listed under two clauses into one entry with both programs', () => {
    const dual = list.entries.filter((e) => e.name === 'Synthetic Dual Listing Co., Ltd.');
    expect(dual).toHaveLength(1);
    expect(dual[0].programs).toEqual(['UFLPA 2(d)(2)(B)(ii)', 'UFLPA 2(d)(2)(B)(v)']);
  });

  it('makes named subsidiaries entries of their own, linked to the parent', () => {
    const parent = byName(list, 'Synthetic Holdings Corporation');
    expect(parent?.remarks).toBe(
      'Listed with its subsidiaries ("and its three Zhuhai-based subsidiaries"). The named subsidiaries are listed as separate entries.',
    );
    expect(parent?.extra?.subsidiaries).toBe(
      'Synthetic Zhuhai Alpha Co., Ltd.; Synthetic Zhuhai Beta Technology Co., Ltd.; Synthetic Zhuhai Gamma Co., Ltd.',
    );
    const beta = byName(list, 'Synthetic Zhuhai Beta Technology Co., Ltd.');
    expect(beta).toMatchObject({
      entryId: uflpaEntryId('Synthetic Zhuhai Beta Technology Co., Ltd.'),
      programs: ['UFLPA 2(d)(2)(B)(v)'],
      remarks: 'subsidiary of Synthetic Holdings Corporation',
      extra: { effectiveDate: '2025-01-15', parentEntity: 'Synthetic Holdings Corporation', parentEntryId: parent?.entryId },
    });
    expect(byName(list, 'Synthetic Textile Group Co., Ltd.')?.remarks).toBe('Listed with its subsidiaries ("and its subsidiaries").');
  });

  it('keeps a row whose effective date is unreadable, without the date', () => {
    expect(byName(list, 'Synthetic Undated Trading Co.')?.extra).toEqual({ listedAs: 'Synthetic Undated Trading Co.' });
  });
});

describe('readUflpaHtml on the three-table fixture', () => {
  let list: ParsedList;
  beforeAll(async () => {
    list = await readUflpaHtml(THREE);
  });

  it('finds three tables under other heading markup and skips the unrelated documents table', () => {
    expect(list.entries.map((e) => [e.name, e.programs])).toEqual([
      ['Hetian Haolin Hair Accessories Co. Ltd.', ['UFLPA 2(d)(2)(B)(i)']],
      ['Xinjiang Zhonghe Co., Ltd.', ['UFLPA 2(d)(2)(B)(ii)']],
      ['Synthetic Example Polysilicon Co., Ltd. & Partners', ['UFLPA 2(d)(2)(B)(ii)']],
      ['Camel Group Co., Ltd.', ['UFLPA 2(d)(2)(B)(iv)', 'UFLPA 2(d)(2)(B)(v)']],
      ['Hongyuan Green Energy Co., Ltd.', ['UFLPA 2(d)(2)(B)(v)']],
      ['Synthetic Bad Date Co., Ltd.', ['UFLPA 2(d)(2)(B)(v)']],
    ]);
  });

  it('reads cells split by <br>, <p> and &nbsp;, and columns in either order', () => {
    expect(byName(list, 'Hetian Haolin Hair Accessories Co. Ltd.')).toMatchObject({
      aliases: [
        { name: 'Hotan Haolin Hair Accessories', type: 'aka' },
        { name: 'Hollin Hair Accessories', type: 'aka' },
      ],
      extra: { effectiveDate: '2022-06-21' },
    });
    expect(byName(list, 'Xinjiang Zhonghe Co., Ltd.')?.aliases).toEqual([
      { name: 'Xinjiang Joinworld Co., Ltd.', type: 'aka', quality: 'strong' },
    ]);
    expect(byName(list, 'Camel Group Co., Ltd.')?.extra?.effectiveDate).toBe('2023-08-02');
  });

  it('takes publishedAt from the <time datetime> of the "last reviewed/updated" line', () => {
    expect(list.publishedAt).toBe('2025-01-16');
    expect(list.dropped).toEqual({ 'Effective Date: not a date': 1 });
  });
});

describe('the bundled sample data/sample/uflpa-entity-list.html', () => {
  it('reads 7 entities in two clause tables and carries no page date', async () => {
    const list = await readUflpaHtml(join(SAMPLE_DIR, 'uflpa-entity-list.html'));
    expect(list.entries).toHaveLength(7);
    expect(list.entries.filter((e) => e.programs[0] === 'UFLPA 2(d)(2)(B)(ii)')).toHaveLength(5);
    expect(list.publishedAt).toBeNull();
    expect(list.dropped).toEqual({});
    expect(readFileSync(join(SAMPLE_DIR, 'uflpa-entity-list.html'), 'utf8')).toMatch(/^<!--\s+SAMPLE built from public notice text; NOT a copy/);
  });
});

describe('readUflpaHtml rejections and edge cases', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'uflpa-'));
  });
  const page = (body: string): string => `<!DOCTYPE html>\n<html>\n<body>\n${body}\n</body>\n</html>\n`;
  const table = (rows: string): string =>
    `<table>\n<tr><th>Name of Entity</th><th>Effective Date</th></tr>\n${rows}\n</table>`;
  const write = async (name: string, text: string): Promise<string> => {
    const path = join(dir, name);
    await writeFile(path, text);
    return path;
  };
  const whole = readFileSync(FOUR, 'utf8');
  // Cut inside the (v) table, as an interrupted download would; its <table> opens on `cutLine`.
  const cut = whole.slice(0, whole.lastIndexOf('Donghai JA Solar'));
  const cutLine = cut.split('\n').findLastIndex((l) => l.includes('<table')) + 1;

  it.each([
    ['empty.html', '', 'empty.html:1: file is empty'],
    ['blank.html', ' \n\n ', 'blank.html:1: file is empty'],
    [
      'other-page.html',
      page('<h1>Page not found</h1><table><tr><th>Document</th><th>Date</th></tr><tr><td>x</td><td>y</td></tr></table>'),
      'other-page.html:1: no table with a "Name of Entity" column: not the UFLPA Entity List page',
    ],
    ['no-rows.html', page(`<h2>(ii)</h2>\n${table('')}`), 'no-rows.html:5: the "Name of Entity" tables hold no rows'],
    ['no-html-end.html', whole.replace(/<\/html>\s*$/, ''), /^no-html-end\.html:\d+: truncated: no closing <\/html> tag$/],
    ['cut-in-table.html', cut, `cut-in-table.html:${cutLine}: truncated: this <table> is never closed`],
  ])('rejects %s', async (name, text, message) => {
    const path = await write(name, text);
    await expect(readUflpaHtml(path)).rejects.toThrow(message);
    await expect(readUflpaHtml(path)).rejects.toMatchObject({ name: 'ListFormatError' });
  });

  it('does not count "<table" inside comments or scripts when checking for truncation', async () => {
    const path = await write('comment.html', page(`<!-- <table> -->\n<script>var t = '<table>';</script>\n<h2>(ii)</h2>\n${table('<tr><td>Synthetic A Co.</td><td>May 1, 2024</td></tr>')}`));
    expect((await readUflpaHtml(path)).entries.map((e) => e.name)).toEqual(['Synthetic A Co.']);
  });

  it('loads a table without a clause heading as plain "UFLPA" and counts it', async () => {
    const path = await write('no-clause.html', page(table('<tr><td>Synthetic B Co.</td><td>May 1, 2024</td></tr>')));
    const list = await readUflpaHtml(path);
    expect(list.entries[0].programs).toEqual(['UFLPA']);
    expect(list.dropped).toEqual({ 'clause: no clause heading before the table': 1 });
    expect(list.publishedAt).toBeNull();
  });

  it('joins differing effective dates of a doubly listed entity', async () => {
    const rows = (date: string): string => `<tr><td>Synthetic C Co. (also known as C2)</td><td>${date}</td></tr>`;
    const path = await write('two-dates.html', page(`<h3>(ii)</h3>\n${table(rows('June 1, 2024'))}\n<h3>(v)</h3>\n${table(rows('January 15, 2025'))}`));
    const [entry] = (await readUflpaHtml(path)).entries;
    expect(entry.programs).toEqual(['UFLPA 2(d)(2)(B)(ii)', 'UFLPA 2(d)(2)(B)(v)']);
    expect(entry.extra?.effectiveDate).toBe('2024-06-01; 2025-01-15');
    expect(entry.aliases).toEqual([{ name: 'C2', type: 'aka', quality: 'strong' }]);
  });

  it('reads a "Last Updated" date written as "Month D, YYYY"', async () => {
    const path = await write('updated.html', page(`<h2>(i)</h2>\n${table('<tr><td>Synthetic D Co.</td><td>May 1, 2024</td></tr>')}\n<div>Last Updated: March 3, 2025</div>`));
    expect((await readUflpaHtml(path)).publishedAt).toBe('2025-03-03');
  });
});
