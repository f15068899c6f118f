import { describe, expect, it } from 'vitest';
import { parseDocument } from 'htmlparser2';
import { lineLocator } from './uflpa-dom.js';
import { clauseMarkers, findEntityTables } from './uflpa-tables.js';

describe('clauseMarkers', () => {
  it.each([
    ['Entities described in UFLPA section 2(d)(2)(B)(ii)', ['ii']],
    ['(i) Entities that mine, produce, or manufacture goods', ['i']],
    ['Entities under section 2(d)(2)(B)(iv) and (v)', ['iv', 'v']],
  ])('reads %s', (text, expected) => expect(clauseMarkers(text)).toEqual(expected));

  it.each([
    'UFLPA Entity List',
    'Section 2(d)(2)(B) of the Act',
    'lists: (i) mining; (ii) government work; (iv) sourcing; and (v) export',
  ])('finds no clause heading in %s', (text) => expect(clauseMarkers(text)).toBeNull());
});

describe('findEntityTables', () => {
  const tables = (html: string): ReturnType<typeof findEntityTables> =>
    findEntityTables(parseDocument(html, { withStartIndices: true }), lineLocator(html));

  it('lets a table caption override the preceding heading and reports row lines', () => {
    const html = [
      '<h2>(ii)</h2>',
      '<table><caption>Entities, section 2(d)(2)(B)(iv)</caption>',
      '<tr><th>Name of Entity</th><th>Effective Date</th></tr>',
      '<tr><td>Synthetic A</td><td>May 1, 2024</td></tr>',
      '</table>',
    ].join('\n');
    expect(tables(html)).toEqual([
      { line: 2, rows: [{ nameText: 'Synthetic A', dateText: 'May 1, 2024', clauses: ['iv'], line: 4 }] },
    ]);
  });

  it('reads an entity table nested in a layout table, and only its own rows', () => {
    const html =
      '<table><tr><td><h3>(v)</h3><table><tr><th>Name of the Entity</th></tr><tr><td>Synthetic B</td></tr></table></td></tr></table>';
    expect(tables(html)).toEqual([{ line: 1, rows: [{ nameText: 'Synthetic B', dateText: '', clauses: ['v'], line: 1 }] }]);
  });
});
