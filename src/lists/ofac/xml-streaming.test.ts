/**
 * Proves the OFAC XML readers stream: a ~100 MB sdn.xml-shaped file, generated on the fly into a
 * temporary file, is scanned by streamXml while the heap grows by a small fraction of the file size
 * (a document tree, or the file held as a string, would take it several times over), and read by
 * readOfacClassicXml while keeping nothing but the entries it returns.
 */
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, describe, expect, it } from 'vitest';
import { readOfacClassicXml } from './classic-xml.js';
import { streamXml } from './xml-stream.js';

const TARGET_BYTES = 100 * 1024 * 1024;

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

/**
 * An SDN-style individual and an SSI-style entity shaped like real records of consolidated.xml
 * (uid 18741 has 4 a.k.a.s, 4 ids and 2 addresses; the file averages 2.1 kB of XML per record),
 * every name and number made unique by `i`.
 */
function entries(i: number): string {
  const aka = (uid: string, last: string, first?: string): string => `      <aka>
        <uid>${uid}</uid>
        <type>a.k.a.</type>
        <category>strong</category>
        <lastName>${last}</lastName>${first ? `\n        <firstName>${first}</firstName>` : ''}
      </aka>
`;
  const id = (uid: string, type: string, number: string, country?: string): string => `      <id>
        <uid>${uid}</uid>
        <idType>${type}</idType>
        <idNumber>${number}</idNumber>${country ? `\n        <idCountry>${country}</idCountry>` : ''}
      </id>
`;
  const item = (element: string, field: string, value: string, uid: string): string => `      <${element}>
        <uid>${uid}</uid>
        <${field}>${value}</${field}>
        <mainEntry>true</mainEntry>
      </${element}>
`;
  const address = (uid: string, street: string, city: string, country: string): string => `      <address>
        <uid>${uid}</uid>
        <address1>${street}</address1>
        <city>${city}</city>
        <country>${country}</country>
      </address>
`;
  const j = i + 1;
  return `  <sdnEntry>
    <uid>${i}</uid>
    <firstName>Firstname${i} Middle</firstName>
    <lastName>LASTNAME-${i}</lastName>
    <sdnType>Individual</sdnType>
    <programList>
      <program>SDGT</program>
      <program>IRGC</program>
    </programList>
    <idList>
${id(`${i}1`, 'Passport', `P${i}`, 'Iran')}${id(`${i}2`, 'National ID No.', `00${i}`, 'Iran')}${id(`${i}3`, 'Gender', 'Male')}    </idList>
    <akaList>
${aka(`${i}4`, `ALIAS-${i}`, `Aliasfirst${i}`)}${aka(`${i}5`, `OTHER-ALIAS-${i}`, `Second${i}`)}${aka(`${i}6`, `THIRD-${i}`)}    </akaList>
    <addressList>
${address(`${i}7`, `${i} Test Street`, 'Tehran', 'Iran')}    </addressList>
    <nationalityList>
${item('nationality', 'country', 'Iran', `${i}8`)}    </nationalityList>
    <dateOfBirthList>
${item('dateOfBirthItem', 'dateOfBirth', `${(i % 28) + 1} Jan 1970`, `${i}9`)}${item('dateOfBirthItem', 'dateOfBirth', '1971', `${i}10`)}    </dateOfBirthList>
    <placeOfBirthList>
${item('placeOfBirthItem', 'placeOfBirth', 'Tehran, Iran', `${i}11`)}    </placeOfBirthList>
  </sdnEntry>
  <sdnEntry>
    <uid>${j}</uid>
    <lastName>TEST AUCTION LIMITED LIABILITY COMPANY ${j}</lastName>
    <sdnType>Entity</sdnType>
    <remarks>For more information on directives, please visit the following link: http://www.treasury.gov/resource-center/sanctions/Programs/Pages/ukraine.aspx#directives.</remarks>
    <programList>
      <program>RUSSIA-EO14024</program>
      <program>UKRAINE-EO13662</program>
    </programList>
    <idList>
${id(`${j}1`, 'Registration ID', `10277002${j}`, 'Russia')}${id(`${j}2`, 'Website', `www.test-${j}.example`)}${id(`${j}3`, 'Executive Order 13662 Directive Determination -', 'Subject to Directive 1')}${id(`${j}4`, 'Secondary sanctions risk:', 'Ukraine-/Russia-Related Sanctions Regulations, 31 CFR 589.201 and/or 589.209')}    </idList>
    <akaList>
${aka(`${j}5`, `LLC TEST ${j}`)}${aka(`${j}6`, `TESTOV OOO ${j}`)}${aka(`${j}7`, `OBSHCHESTVO S OGRANICHENNOI OTVETSTVENNOSTYU TEST ${j}`)}${aka(`${j}8`, `TEST LIMITED LIABILITY COMPANY ${j}`)}    </akaList>
    <addressList>
${address(`${j}9`, `d.${j} shosse Entuziastov`, 'Moscow', 'Russia')}${address(`${j}10`, `Room ${j}, ground floor, 32 Leninsky Ave`, 'Moscow', 'Russia')}    </addressList>
  </sdnEntry>
`;
}

/** Writes the file through a stream (never holding it) and returns its record count. */
async function writeSyntheticSdnXml(path: string, targetBytes: number): Promise<number> {
  const out = createWriteStream(path);
  out.write('<?xml version="1.0" standalone="yes"?>\n<sdnList xmlns="https://sanctionslistservice.ofac.treas.gov/api/PublicationPreview/exports/XML">\n');
  let written = 0;
  let count = 0;
  while (written < targetBytes) {
    let batch = '';
    for (let k = 0; k < 500; k += 1, count += 2) batch += entries(count + 1);
    written += batch.length;
    if (!out.write(batch)) await once(out, 'drain');
  }
  out.end(`  <publshInformation>\n    <Publish_Date>12/24/2025</Publish_Date>\n    <Record_Count>${count}</Record_Count>\n  </publshInformation>\n</sdnList>\n`);
  await once(out, 'finish');
  return count;
}

interface HeapUse {
  /** Highest heapUsed growth seen while the work ran (garbage included). */
  peak: number;
  /** heapUsed growth after a full GC, with the work's result still referenced. */
  retained: number;
  seconds: number;
}

async function measureHeap<T>(work: () => Promise<T>): Promise<[T, HeapUse]> {
  gc();
  const before = process.memoryUsage().heapUsed;
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().heapUsed);
  }, 5);
  const started = performance.now();
  const result = await work();
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  gc();
  const retained = process.memoryUsage().heapUsed - before;
  return [result, { peak: Math.max(peak - before, retained), retained, seconds }];
}

const mb = (n: number): string => (n / 1e6).toFixed(1);

describe('the OFAC XML readers stream a ~100 MB sdn.xml', () => {
  let dir: string | undefined;
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('holds only the current record while parsing, and only the entries afterwards', async () => {
    dir = await mkdtemp(join(tmpdir(), 'ofac-xml-100mb-'));
    const path = join(dir, 'sdn.xml');
    const count = await writeSyntheticSdnXml(path, TARGET_BYTES);
    const { size } = await stat(path);

    // The XML layer alone: a visitor that keeps nothing must run in a small, fixed heap.
    let seen = 0;
    const [, scan] = await measureHeap(() =>
      streamXml(path, 'sdnList', {
        open: () => undefined,
        close: (p) => {
          if (p.length === 2 && p[1] === 'sdnEntry') seen += 1;
        },
      }),
    );
    // The reader: everything it keeps is the entries it returns.
    const [list, read] = await measureHeap(() => readOfacClassicXml(path));

    console.info(
      `[ofac-xml streaming] ${mb(size)} MB, ${count} records. streamXml: ${scan.seconds.toFixed(2)} s, ` +
        `peak heap growth ${mb(scan.peak)} MB. readOfacClassicXml: ${read.seconds.toFixed(2)} s, peak ` +
        `${mb(read.peak)} MB, retained with the entries ${mb(read.retained)} MB ` +
        `(${(read.retained / count).toFixed(0)} B per record)`,
    );
    expect(seen).toBe(count);
    expect(scan.peak).toBeLessThan(size * 0.25);
    expect(list.entries).toHaveLength(count);
    expect(list.declaredCount).toBe(count);
    expect(list.entries[count - 1]).toMatchObject({ entryId: String(count), listSource: 'ofac-sdn', kind: 'entity' });
    // A record costs ~1.7 kB as a ListEntry (names, 3-4 aliases, addresses, documents); a reader that
    // kept the 64 KiB chunks its strings were cut from would cost ~50% more.
    expect(read.retained / count).toBeLessThan(2200);
    expect(read.peak - read.retained).toBeLessThan(size * 0.4);
  });
});
