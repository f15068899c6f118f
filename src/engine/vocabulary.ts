/**
 * @module Word lists the normaliser needs: legal forms, honorifics, particles, stop words and
 * transliteration variants of common given names.
 *
 * Why tables rather than rules: these are closed, well-known sets, and each entry is a decision a
 * compliance reviewer can read. Legal forms and particles become *weak* tokens: they still count
 * a little (so "Siemens AG" prefers "Siemens AG" over "Siemens Inc"), but they can never make a
 * match alone. Honorifics and stop words are dropped.
 */

/**
 * Multi-word legal forms, written in tokens *after* single words were canonicalised (company -> co,
 * limited -> ltd), so "Joint Stock Co." and "JOINT-STOCK COMPANY" both become "jsc". Longest first.
 */
export const LEGAL_FORM_PHRASES: ReadonlyArray<readonly [string, readonly string[]]> = [
  ['ooo', ['obshchestvo', 's', 'ogranichennoy', 'otvetstvennostyu']],
  ['ooo', ['obshchestvo', 's', 'ogranichennoi', 'otvetstvennostiu']],
  ['oao', ['otkrytoe', 'aktsionernoe', 'obshchestvo']],
  ['zao', ['zakrytoe', 'aktsionernoe', 'obshchestvo']],
  ['pao', ['publichnoe', 'aktsionernoe', 'obshchestvo']],
  ['gmbh', ['gesellschaft', 'mit', 'beschrankter', 'haftung']],
  ['pjsc', ['public', 'joint', 'stock', 'co']],
  ['ojsc', ['open', 'joint', 'stock', 'co']],
  ['cjsc', ['closed', 'joint', 'stock', 'co']],
  ['llc', ['ltd', 'liability', 'co']],
  ['llp', ['ltd', 'liability', 'partnership']],
  ['plc', ['public', 'ltd', 'co']],
  ['ltd', ['private', 'ltd', 'co']],
  ['jsc', ['joint', 'stock', 'co']],
  ['jsc', ['jointstock', 'co']],
  ['ao', ['aktsionernoe', 'obshchestvo']],
  ['lp', ['ltd', 'partnership']],
  ['sa', ['sociedad', 'anonima']],
  ['sa', ['societe', 'anonyme']],
  ['fze', ['free', 'zone', 'est']],
  ['fzco', ['free', 'zone', 'co']],
  ['ltd', ['private', 'ltd']],
  ['spzoo', ['sp', 'z', 'o', 'o']],
];

/** Single-token legal forms and their canonical spelling (so "Limited" == "Ltd"). */
export const LEGAL_FORMS: ReadonlyMap<string, string> = new Map([
  ['llc', 'llc'], ['llp', 'llp'], ['lp', 'lp'], ['plc', 'plc'], ['pjsc', 'pjsc'], ['ojsc', 'ojsc'],
  ['cjsc', 'cjsc'], ['jsc', 'jsc'], ['ltd', 'ltd'], ['limited', 'ltd'], ['ltda', 'ltd'], ['co', 'co'],
  ['company', 'co'], ['corp', 'corp'], ['corporation', 'corp'], ['inc', 'inc'], ['incorporated', 'inc'],
  ['gmbh', 'gmbh'], ['ag', 'ag'], ['aktiengesellschaft', 'ag'], ['sa', 'sa'], ['sarl', 'sarl'], ['srl', 'srl'],
  ['spa', 'spa'], ['bv', 'bv'], ['nv', 'nv'], ['ab', 'ab'], ['oy', 'oy'], ['as', 'as'], ['asa', 'asa'],
  ['kg', 'kg'], ['kgaa', 'kgaa'], ['pte', 'pte'], ['pty', 'pty'], ['ooo', 'ooo'], ['oao', 'oao'], ['zao', 'zao'],
  ['pao', 'pao'], ['ao', 'ao'], ['tov', 'tov'], ['fze', 'fze'], ['fzco', 'fzco'], ['fzc', 'fzc'], ['fzllc', 'fzllc'],
  ['spzoo', 'spzoo'], ['sas', 'sas'], ['sl', 'sl'], ['bhd', 'bhd'], ['sdn', 'sdn'], ['tbk', 'tbk'], ['pt', 'pt'],
  ['cv', 'cv'], ['eood', 'eood'], ['ood', 'ood'], ['doo', 'doo'], ['dd', 'dd'], ['kft', 'kft'], ['zrt', 'zrt'],
  ['sro', 'sro'], ['as', 'as'], ['aps', 'aps'], ['holding', 'holding'], ['holdings', 'holding'], ['group', 'group'],
  ['gie', 'gie'], ['sae', 'sae'], ['wll', 'wll'], ['est', 'est'], ['establishment', 'est'], ['firm', 'firm'],
  ['enterprise', 'enterprise'], ['enterprises', 'enterprise'], ['trading', 'trading'], ['international', 'international'],
  ['intl', 'international'], ['industries', 'industries'], ['industry', 'industries'], ['bank', 'bank'],
]);

/** Titles and honorifics that say nothing about identity. Dropped. */
export const HONORIFICS: ReadonlySet<string> = new Set([
  'mr', 'mrs', 'ms', 'miss', 'mx', 'dr', 'prof', 'professor', 'sir', 'dame', 'lord', 'lady', 'rev', 'reverend',
  'sheikh', 'shaikh', 'sheik', 'shaykh', 'haji', 'hajji', 'hadji', 'mullah', 'mulla', 'maulana', 'mawlawi', 'maulvi',
  'sayyid', 'sayed', 'syed', 'imam', 'ayatollah', 'hojatoleslam', 'general', 'gen', 'colonel', 'col', 'major', 'maj',
  'captain', 'capt', 'lieutenant', 'lt', 'admiral', 'adm', 'brigadier', 'commander', 'cmdr', 'sergeant', 'sgt',
  'president', 'minister', 'senator', 'judge', 'his', 'her', 'excellency', 'hon', 'honorable', 'honourable', 'jr',
  'sr', 'junior', 'senior', 'ii', 'iii', 'iv', 'esq', 'phd', 'md', 'herr', 'frau', 'monsieur', 'madame', 'mme', 'don',
  'dona', 'senor', 'senora', 'gospodin',
]);

/** Name particles: part of the name, but shared by too many names to identify anyone. Weak. */
export const PARTICLES: ReadonlySet<string> = new Set([
  'al', 'el', 'bin', 'ben', 'ibn', 'bint', 'binti', 'abu', 'abou', 'umm', 'ould', 'van', 'von', 'der', 'den', 'de',
  'del', 'della', 'di', 'da', 'dos', 'das', 'du', 'la', 'le', 'los', 'las', 'y', 'e', 'mac', 'ter', 'ten', 'st',
]);

/** Words that carry no identity in organisation names. Dropped (only when other tokens remain). */
export const STOP_WORDS: ReadonlySet<string> = new Set(['the', 'of', 'and', 'for', 'in', 'on', 'at', 'a', 'an', 'to', 'und', 'et']);

/**
 * Transliteration variants of frequent given names, mapped to one canonical spelling, so that
 * Mohammed / Muhammad / Mokhammed and Aleksandr / Alexander / Oleksandr are the same token.
 */
const VARIANT_GROUPS: ReadonlyArray<readonly string[]> = [
  ['muhammad', 'mohammed', 'mohammad', 'mohamed', 'mohamad', 'muhammed', 'muhamad', 'muhamed', 'mohammod', 'mohamud',
    'mukhammad', 'mukhammed', 'mokhammed', 'mohd', 'mehmet', 'mehmed', 'mahammad', 'magomed', 'muhamet', 'mohummed'],
  ['ahmad', 'ahmed', 'akhmad', 'akhmed', 'ahmet', 'achmed', 'ahamed'],
  ['mahmoud', 'mahmud', 'mahmood', 'makhmud', 'mahmut'],
  ['abdul', 'abdel', 'abd', 'abdal', 'abdol', 'abdoul', 'abdelt'],
  ['abdullah', 'abdallah', 'abdulla', 'abdollah', 'abdoullah'],
  ['abdulrahman', 'abdelrahman', 'abdurrahman', 'abdurahman', 'abdalrahman', 'abdolrahman'],
  ['yusuf', 'yousef', 'youssef', 'yusef', 'yosef', 'yousuf', 'youcef', 'jusuf', 'yussuf'],
  ['hussein', 'husayn', 'hussain', 'husain', 'hossein', 'hosein', 'husein', 'hüseyin', 'huseyin'],
  ['hassan', 'hasan', 'hassen', 'hasen'],
  ['hasani', 'hassani'],
  ['ali', 'aly'],
  ['omar', 'umar', 'omer'],
  ['osama', 'usama', 'usamah', 'ousama'],
  ['khalid', 'khaled', 'halid', 'khaleed'],
  ['ibrahim', 'ebrahim', 'ibragim', 'ibrahem'],
  ['ismail', 'ismael', 'ismayil', 'esmail'],
  ['yahya', 'yahia', 'yehia', 'yahiya'],
  ['mustafa', 'mustapha', 'moustafa', 'mostafa'],
  ['said', 'saeed', 'sayid', 'saied', 'saiid'],
  ['qasim', 'kasim', 'qassim', 'qassem', 'kassem', 'gasim'],
  ['karim', 'kareem', 'kerim'],
  ['rahman', 'rehman', 'rakhman'],
  ['abbas', 'abas'],
  ['hamid', 'hameed', 'hamed'],
  ['jamal', 'gamal', 'djamal', 'jamaal'],
  ['jafar', 'jaafar', 'jafer', 'dzhafar'],
  ['aleksandr', 'alexander', 'alexandr', 'aleksander', 'oleksandr', 'alexandre', 'alejandro', 'alessandro', 'aleksandar'],
  ['sergei', 'sergey', 'serguei', 'serhiy', 'serhii', 'sergiy', 'sergej'],
  ['yuri', 'yury', 'yuriy', 'iurii', 'yurii', 'jurij', 'juri'],
  ['dmitry', 'dmitri', 'dmitriy', 'dmytro', 'dmitrii'],
  ['andrei', 'andrey', 'andrii', 'andriy', 'andrej'],
  ['alexei', 'alexey', 'aleksei', 'aleksey', 'oleksiy', 'oleksii', 'aleksej'],
  ['mikhail', 'michail', 'mykhailo', 'mihail'],
  ['nikolai', 'nikolay', 'mykola', 'nicolai', 'nikolaj'],
  ['vladimir', 'volodymyr', 'wladimir', 'vladimyr'],
  ['evgeny', 'yevgeny', 'evgeniy', 'yevgeniy', 'yevhen', 'evgenii', 'eugene'],
  ['arkady', 'arkadiy', 'arkadii', 'arkadi'],
  ['ekaterina', 'yekaterina', 'katerina', 'kateryna'],
  ['natalia', 'natalya', 'nataliya', 'natalija'],
  ['tatiana', 'tatyana', 'tetiana', 'tatjana'],
  ['yulia', 'yuliya', 'iuliia', 'julia'],
  ['olga', 'olha'],
  ['viktor', 'victor', 'wiktor'],
  ['pyotr', 'petr', 'piotr', 'petro', 'peter'],
  ['grigory', 'grigoriy', 'hryhoriy', 'gregory'],
  ['georgy', 'georgiy', 'heorhiy', 'georgii', 'george', 'georgi'],
  ['ilya', 'ilia', 'illia'],
  ['igor', 'ihor'],
  ['oleg', 'oleh'],
  ['kim', 'gim'],
  ['lee', 'yi', 'rhee'],
  ['park', 'pak', 'bak'],
  ['choe', 'choi'],
  ['jong', 'jeong', 'chong'],
  ['zhang', 'chang'],
  ['li', 'lee'],
];

export const NAME_VARIANTS: ReadonlyMap<string, string> = (() => {
  const map = new Map<string, string>();
  for (const group of VARIANT_GROUPS) for (const v of group) if (!map.has(v)) map.set(v, group[0]);
  return map;
})();

/** Every word of the closed vocabularies, including the words legal-form phrases are made of. */
export const VOCABULARY: ReadonlySet<string> = new Set([
  ...LEGAL_FORMS.keys(),
  ...HONORIFICS,
  ...PARTICLES,
  ...STOP_WORDS,
  ...LEGAL_FORM_PHRASES.flatMap(([, parts]) => parts.filter((p) => p.length >= 3)),
  'company', 'limited', 'joint', 'stock', 'closed', 'open', 'public', 'private', 'liability',
]);

/** Words of legal-form phrases, recognised through a typo so that phrase folding still works. */
export const PHRASE_WORDS: readonly string[] = [
  'joint', 'stock', 'closed', 'public', 'private', 'liability', 'partnership', 'obshchestvo', 'aktsionernoe',
  'ogranichennoy', 'ogranichennoi', 'otvetstvennostyu', 'otvetstvennostiu', 'sociedad', 'anonima', 'societe', 'anonyme',
];
