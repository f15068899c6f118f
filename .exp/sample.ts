import { loadListSet } from '../src/lists/catalog.js';
const set = await loadListSet({ dir: '/nonexistent' });
for (const e of set.entries.filter(e => e.kind === 'individual' && e.datesOfBirth.length && e.nationalities.length).slice(0, 5)) console.log(e.listSource, e.entryId, e.name, JSON.stringify(e.datesOfBirth.map(d => d.text)), e.nationalities);
for (const e of set.entries.filter(e => e.kind === 'entity').slice(0, 5)) console.log(e.listSource, e.entryId, e.name, e.addresses[0]?.country);
console.log(JSON.stringify(set.catalog[0]));
