import { describe, expect, it } from 'vitest';
import { DropCounter } from '../model.js';
import { aliasFromRemark, parseRemarks, splitRemarks } from './remarks.js';

describe('splitRemarks', () => {
  it('splits on ; but not inside parentheses, and drops the final full stop', () => {
    // Shape of ent_num 11313 (ROBOW, Mukhtar), whose parenthesised note holds its own semicolons.
    const text =
      'DOB 1969; POB Xudur, Somalia; (Following data derived from a passport: Alt. DOB: 10 October 1969; ' +
      "National ID No.: 1372584, Kenya); a.k.a. 'ABU MANSUR'.";
    expect(splitRemarks(text)).toEqual([
      'DOB 1969',
      'POB Xudur, Somalia',
      '(Following data derived from a passport: Alt. DOB: 10 October 1969; National ID No.: 1372584, Kenya)',
      "a.k.a. 'ABU MANSUR'",
    ]);
  });

  it('falls back to a plain split when a parenthesis is never closed', () => {
    expect(splitRemarks('Registration ID 1 (Iran; DOB 1970; POB Tehran.')).toEqual([
      'Registration ID 1 (Iran',
      'DOB 1970',
      'POB Tehran',
    ]);
  });
});

describe('parseRemarks', () => {
  it('reads the person facts of an individual', () => {
    const drops = new DropCounter();
    const facts = parseRemarks(
      'DOB 10 Dec 1948; alt. DOB circa 1950; POB Moscow, Russia; alt. POB Minsk, Belarus; nationality Russia; ' +
        'alt. nationality Korea, North; citizen Belarus; Citizenship Germany; Gender Male.',
      drops,
    );
    expect(facts.datesOfBirth.map((d) => [d.text, d.from, d.to, d.approximate])).toEqual([
      ['10 Dec 1948', '1948-12-10', '1948-12-10', false],
      ['circa 1950', '1950-01-01', '1950-12-31', true],
    ]);
    expect(facts.placesOfBirth).toEqual(['Moscow, Russia', 'Minsk, Belarus']);
    expect(facts.nationalities).toEqual(['RU', 'KP']);
    expect(facts.citizenships).toEqual(['BY', 'DE']);
    expect(facts.gender).toBe('male');
    expect(drops.total).toBe(0);
  });

  it('drops and counts unusable values, keeping the rest', () => {
    const drops = new DropCounter();
    const facts = parseRemarks(
      'DOB 0017 May 1970; DOB 1971; nationality possibly Palestinian; Gender Unknown; Passport A1 issued 45 Foo 2001',
      drops,
    );
    expect(facts.datesOfBirth.map((d) => d.text)).toEqual(['1971']);
    expect(facts.nationalities).toEqual([]);
    expect(facts.gender).toBeUndefined();
    expect(facts.identityDocuments).toEqual([{ type: 'Passport', number: 'A1' }]);
    expect(drops.counts).toEqual({
      'dateOfBirth: invalid date': 1,
      'nationality: unknown country': 1,
      'gender: unknown value': 1,
      'identityDocument.issueDate: invalid date': 1,
    });
  });

  it('never takes an Object.prototype key for a country', () => {
    const drops = new DropCounter();
    const facts = parseRemarks('nationality constructor; citizen __proto__', drops);
    expect(facts.nationalities).toEqual([]);
    expect(facts.citizenships).toEqual([]);
    expect(drops.counts).toEqual({ 'nationality: unknown country': 1, 'citizenship: unknown country': 1 });
  });

  it('does not read a vessel\'s "Nationality of Registration" as a nationality', () => {
    const drops = new DropCounter();
    expect(parseRemarks('Nationality of Registration Korea, North', drops).nationalities).toEqual([]);
    expect(drops.total).toBe(0);
  });

  it('reads identity documents with country, dates and notes', () => {
    const facts = parseRemarks(
      'Passport G025057 (Egypt) issued 23 Jun 1999 expires 05 Feb 2004; alt. Passport G025057 (Egypt); ' +
        'National ID No. 216040 (Yemen); Cedula No. 6068015 (Colombia); C.U.R.P. AIMM67125HCHRRG06 (Mexico) issued 1968; ' +
        'R.F.C. DIB-771110-HQ1 (Mexico); Tax ID No. 7707083893 (Russia); SSN 523-33-8386 (United States); ' +
        'Registration ID 14063277; SWIFT/BIC BNCUCUHH; Vessel Registration Identification IMO 7406784; MMSI 572469210; ' +
        "Aircraft Manufacturer's Serial Number (MSN) 1023409321; Matricula Mercantil No 818178-2 (Cali); " +
        'Digital Currency Address - XBT 12QtD5BFwRsdNsAZY76UVE1xyCGNTojH9h; Website www.example.ir',
      new DropCounter(),
    );
    expect(facts.identityDocuments).toEqual([
      { type: 'Passport', number: 'G025057', country: 'EG', issueDate: '1999-06-23', expiryDate: '2004-02-05' },
      { type: 'National ID No.', number: '216040', country: 'YE' },
      { type: 'Cedula No.', number: '6068015', country: 'CO' },
      { type: 'C.U.R.P.', number: 'AIMM67125HCHRRG06', country: 'MX', issueDate: '1968' },
      { type: 'R.F.C.', number: 'DIB-771110-HQ1', country: 'MX' },
      { type: 'Tax ID No.', number: '7707083893', country: 'RU' },
      { type: 'SSN', number: '523-33-8386', country: 'US' },
      { type: 'Registration ID', number: '14063277' },
      { type: 'SWIFT/BIC', number: 'BNCUCUHH' },
      { type: 'Vessel Registration Identification', number: 'IMO 7406784' },
      { type: 'MMSI', number: '572469210' },
      { type: "Aircraft Manufacturer's Serial Number (MSN)", number: '1023409321' },
      { type: 'Matricula Mercantil No', number: '818178-2', note: 'Cali' },
      { type: 'Digital Currency Address - XBT', number: '12QtD5BFwRsdNsAZY76UVE1xyCGNTojH9h' },
    ]);
  });

  it('keeps prose after "issued" as a note and ignores prose without a number', () => {
    const drops = new DropCounter();
    const facts = parseRemarks(
      'Passport 4117921 issued under the name Dilawar Khan Zain Khan; Passport and National ID were issued in Ulm, Germany',
      drops,
    );
    expect(facts.identityDocuments).toEqual([
      { type: 'Passport', number: '4117921', note: 'issued under the name Dilawar Khan Zain Khan' },
    ]);
    expect(drops.counts).toEqual({ 'identityDocument: no number': 1 });
  });

  it('collects a.k.a., f.k.a. and n.k.a. names', () => {
    const facts = parseRemarks(
      "a.k.a. 'BNC'; f.k.a. \"OLD NAME\"; n.k.a. 'NEW NAME'; a.k.a. 'WEAK ONE' (low quality)",
      new DropCounter(),
    );
    expect(facts.aliases).toEqual([
      { name: 'BNC', type: 'aka', quality: 'weak' },
      { name: 'OLD NAME', type: 'fka', quality: 'weak' },
      { name: 'NEW NAME', type: 'nka', quality: 'weak' },
      { name: 'WEAK ONE', type: 'aka', quality: 'weak' },
    ]);
  });
});

describe('aliasFromRemark', () => {
  it.each([
    // Apostrophes inside names, as in the real remarks.
    ["'ABU 'ABD AL-'AZIZ'", "ABU 'ABD AL-'AZIZ"],
    ["'PEOPLE'S ARMY'", "PEOPLE'S ARMY"],
    ["''ABD AL-MUHSI'", "'ABD AL-MUHSI"],
    ["''FOOPIE''", 'FOOPIE'],
    ["'ABU-AL-KARKH', 'Yusuf'", 'ABU-AL-KARKH, Yusuf'],
    ['UNQUOTED NAME', 'UNQUOTED NAME'],
  ])('%s -> %s', (body, name) => {
    expect(aliasFromRemark('aka', body)?.name).toBe(name);
  });

  it('returns null for an empty name', () => {
    expect(aliasFromRemark('aka', "''")).toBeNull();
  });
});
