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
  ['llc', ['obshchestvo', 's', 'ogranichennoy', 'otvetstvennostyu']],
  ['llc', ['obshchestvo', 's', 'ogranichennoi', 'otvetstvennostiu']],
  ['ojsc', ['otkrytoe', 'aktsionernoe', 'obshchestvo']],
  ['cjsc', ['zakrytoe', 'aktsionernoe', 'obshchestvo']],
  ['pjsc', ['publichnoe', 'aktsionernoe', 'obshchestvo']],
  ['gmbh', ['gesellschaft', 'mit', 'beschrankter', 'haftung']],
  ['pjsc', ['public', 'joint', 'stock', 'co']],
  ['ojsc', ['open', 'joint', 'stock', 'co']],
  ['cjsc', ['closed', 'joint', 'stock', 'co']],
  ['llc', ['ltd', 'liability', 'co']],
  ['llp', ['ltd', 'liability', 'partnership']],
  ['plc', ['public', 'ltd', 'co']],
  ['ltd', ['private', 'ltd', 'co']],
  ['jsc', ['joint', 'stock', 'co']],
  ['pjsc', ['public', 'jointstock', 'co']],
  ['ojsc', ['open', 'jointstock', 'co']],
  ['cjsc', ['closed', 'jointstock', 'co']],
  ['jsc', ['jointstock', 'co']],
  ['jsc', ['aktsionernoe', 'obshchestvo']],
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
  ['kg', 'kg'], ['kgaa', 'kgaa'], ['pte', 'pte'], ['pty', 'pty'],
  // Russian and Ukrainian forms are the same legal forms as their English names.
  ['ooo', 'llc'], ['tov', 'llc'], ['oao', 'ojsc'], ['zao', 'cjsc'], ['pao', 'pjsc'], ['ao', 'jsc'], ['pat', 'pjsc'], ['fze', 'fze'], ['fzco', 'fzco'], ['fzc', 'fzc'], ['fzllc', 'fzllc'],
  ['spzoo', 'spzoo'], ['sas', 'sas'], ['sl', 'sl'], ['bhd', 'bhd'], ['sdn', 'sdn'], ['tbk', 'tbk'], ['pt', 'pt'],
  ['cv', 'cv'], ['eood', 'eood'], ['ood', 'ood'], ['doo', 'doo'], ['dd', 'dd'], ['kft', 'kft'], ['zrt', 'zrt'],
  ['sro', 'sro'], ['as', 'as'], ['aps', 'aps'], ['holding', 'holding'], ['holdings', 'holding'], ['group', 'group'],
  ['gie', 'gie'], ['sae', 'sae'], ['wll', 'wll'], ['est', 'est'], ['establishment', 'est'], ['firm', 'firm'],
  ['enterprise', 'enterprise'], ['enterprises', 'enterprise'], ['trading', 'trading'], ['international', 'international'],
  ['intl', 'international'], ['industries', 'industries'], ['industry', 'industries'], ['bank', 'bank'],
]);

/** Titles and honorifics that say little about identity. Weak tokens. */
export const HONORIFICS: ReadonlySet<string> = new Set([
  'mr', 'mrs', 'ms', 'miss', 'mx', 'dr', 'prof', 'professor', 'sir', 'dame', 'lord', 'lady', 'rev', 'reverend',
  'sheikh', 'shaikh', 'sheik', 'shaykh', 'haji', 'hajji', 'hadji', 'mullah', 'mulla', 'maulana', 'mawlawi', 'maulvi',
  'sayyid', 'sayed', 'syed', 'imam', 'ayatollah', 'hojatoleslam', 'colonel', 'col',
  'captain', 'capt', 'lieutenant', 'lt', 'admiral', 'adm', 'brigadier', 'commander', 'cmdr', 'sergeant', 'sgt',
  'senator', 'his', 'her', 'excellency', 'hon', 'honorable', 'honourable', 'jr',
  'sr', 'ii', 'iii', 'iv', 'esq', 'phd', 'md', 'herr', 'frau', 'monsieur', 'madame', 'mme', 'senor', 'senora', 'gospodin',
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

/**
 * Names common in the world's population that the lists rarely carry, so list rarity overrates
 * them ("Smith" is rare on OFAC's list and the most frequent US surname). Their weight is capped at
 * COMMON_NAME_WEIGHT. Sources: the most frequent surnames and given names of the US census, Latin
 * America, China, Korea, India, the Arab world and Russia; common knowledge, not a dataset copy.
 */
export const COMMON_NAMES: ReadonlySet<string> = new Set([
  // surnames
  'smith', 'johnson', 'williams', 'brown', 'jones', 'miller', 'davis', 'wilson', 'anderson', 'taylor', 'thomas',
  'moore', 'jackson', 'martin', 'lee', 'thompson', 'white', 'harris', 'clark', 'lewis', 'robinson', 'walker', 'young',
  'allen', 'king', 'wright', 'scott', 'hill', 'green', 'adams', 'nelson', 'baker', 'hall', 'campbell', 'mitchell',
  'carter', 'roberts', 'phillips', 'evans', 'turner', 'parker', 'collins', 'edwards', 'stewart', 'morris', 'murphy',
  'cook', 'rogers', 'morgan', 'cooper', 'peterson', 'reed', 'bailey', 'bell', 'kelly', 'howard', 'ward', 'cox',
  'richardson', 'wood', 'watson', 'brooks', 'bennett', 'gray', 'james', 'hughes', 'price', 'sanders', 'myers', 'long',
  'ross', 'foster', 'garcia', 'rodriguez', 'martinez', 'hernandez', 'lopez', 'gonzalez', 'perez', 'sanchez',
  'ramirez', 'torres', 'flores', 'rivera', 'gomez', 'diaz', 'reyes', 'cruz', 'morales', 'ortiz', 'gutierrez',
  'chavez', 'ramos', 'ruiz', 'alvarez', 'mendoza', 'castillo', 'jimenez', 'moreno', 'romero', 'herrera', 'medina',
  'aguilar', 'vargas', 'castro', 'guzman', 'fernandez', 'silva', 'santos', 'pereira', 'oliveira', 'souza', 'costa',
  'rodrigues', 'ferreira', 'almeida', 'nguyen', 'tran', 'le', 'pham', 'hoang', 'phan', 'vu', 'dang', 'bui', 'do',
  'wang', 'li', 'zhang', 'liu', 'chen', 'yang', 'huang', 'zhao', 'wu', 'zhou', 'xu', 'sun', 'ma', 'zhu', 'hu', 'guo',
  'he', 'lin', 'gao', 'luo', 'zheng', 'liang', 'xie', 'song', 'tang', 'han', 'feng', 'deng', 'cao', 'peng', 'zeng',
  'xiao', 'tian', 'dong', 'pan', 'yuan', 'cai', 'jiang', 'yu', 'du', 'ye', 'cheng', 'wei', 'su', 'lu', 'ding', 'ren',
  'kim', 'park', 'choi', 'jung', 'kang', 'cho', 'yoon', 'jang', 'lim', 'shin', 'oh', 'seo', 'kwon', 'hwang', 'ahn',
  'singh', 'kumar', 'sharma', 'patel', 'shah', 'gupta', 'khan', 'das', 'reddy', 'rao', 'ali', 'ahmad', 'muhammad',
  'hassan', 'hussein', 'ibrahim', 'abdullah', 'mahmoud', 'yusuf', 'omar', 'said', 'saleh', 'salem', 'nasser',
  'ivanov', 'smirnov', 'kuznetsov', 'popov', 'vasiliev', 'petrov', 'sokolov', 'mikhailov', 'novikov', 'fedorov',
  'ivanova', 'smirnova', 'kuznetsova', 'popova', 'petrova', 'muller', 'schmidt', 'schneider', 'fischer', 'weber',
  'meyer', 'wagner', 'becker', 'schulz', 'hoffmann', 'rossi', 'russo', 'ferrari', 'esposito', 'bianchi', 'romano',
  'dubois', 'bernard', 'durand', 'petit', 'leroy', 'moreau', 'simon', 'laurent', 'michel', 'yilmaz', 'kaya', 'demir',
  'sahin', 'celik', 'tanaka', 'suzuki', 'sato', 'takahashi', 'watanabe', 'ito', 'nakamura', 'kobayashi',
  // given names
  'john', 'james', 'robert', 'michael', 'william', 'david', 'richard', 'joseph', 'charles', 'christopher', 'daniel',
  'matthew', 'anthony', 'mark', 'donald', 'steven', 'stephen', 'paul', 'andrew', 'joshua', 'kenneth', 'kevin',
  'brian', 'george', 'timothy', 'ronald', 'edward', 'jason', 'jeffrey', 'ryan', 'jacob', 'gary', 'nicholas', 'eric',
  'jonathan', 'larry', 'justin', 'scott', 'brandon', 'benjamin', 'samuel', 'frank', 'gregory', 'raymond',
  'alexander', 'patrick', 'jack', 'dennis', 'jerry', 'tyler', 'aaron', 'henry', 'peter', 'mary', 'patricia',
  'jennifer', 'linda', 'elizabeth', 'barbara', 'susan', 'jessica', 'sarah', 'karen', 'nancy', 'lisa', 'betty',
  'margaret', 'sandra', 'ashley', 'kimberly', 'emily', 'donna', 'michelle', 'dorothy', 'carol', 'amanda', 'melissa',
  'deborah', 'stephanie', 'rebecca', 'laura', 'sharon', 'cynthia', 'kathleen', 'amy', 'shirley', 'angela', 'helen',
  'anna', 'brenda', 'emma', 'nicole', 'samantha', 'katherine', 'christine', 'julia', 'maria', 'jose', 'juan', 'carlos',
  'luis', 'jorge', 'miguel', 'pedro', 'manuel', 'francisco', 'antonio', 'javier', 'fernando', 'ricardo', 'alejandro',
  'rafael', 'sergio', 'eduardo', 'roberto', 'andres', 'diego', 'pablo', 'ana', 'carmen', 'rosa', 'lucia', 'sofia',
  'isabel', 'elena', 'andrea', 'paula', 'laura', 'martina', 'valentina', 'camila', 'gabriela', 'daniela', 'adriana',
  'wei', 'fang', 'na', 'min', 'jing', 'li', 'qiang', 'lei', 'jun', 'yan', 'jie', 'tao', 'ming', 'chao', 'xiu',
  'ying', 'hui', 'hua', 'ping', 'hong', 'ling', 'jian', 'hao', 'yi', 'bin', 'hai', 'xin', 'yong', 'fei', 'lan',
  'ahmad', 'mahmoud', 'mustafa', 'khalid', 'hamid', 'karim', 'fatima', 'aisha', 'maryam', 'zainab', 'sara',
  'ivan', 'sergei', 'aleksandr', 'dmitry', 'andrei', 'alexei', 'mikhail', 'nikolai', 'vladimir', 'olga', 'natalia',
  'tatiana', 'elena', 'irina', 'svetlana', 'anastasia', 'raj', 'amit', 'rahul', 'priya', 'sunil', 'anil', 'vijay',
]);

/** The weight cap of a common name: about the rarity of a token found in 1 of 30 list names. */
export const COMMON_NAME_WEIGHT = 3.5;
