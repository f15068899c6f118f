/** Test helper (version-archive.test.ts): archives one list version, to be killed mid-write. */
import { readOfacLegacySet } from '../ofac/legacy-csv.js';
import { listVersion } from '../versions.js';
import { VersionArchive } from './version-archive.js';

const [dir, lists] = process.argv.slice(2);
const set = await readOfacLegacySet({ family: 'sdn', primary: `${lists}/sdn.csv`, add: `${lists}/add.csv`, alt: `${lists}/alt.csv`, comments: `${lists}/sdn_comments.csv` });
process.send?.('parsed');
const archive = new VersionArchive(dir);
await archive.record('ofac-sdn', listVersion(set.entries), set.entries, new Date());
process.send?.('written');
