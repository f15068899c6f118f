/**
 * @module Word lists the normaliser needs: legal forms, honorifics, particles, stop words and
 * transliteration variants of common given names.
 *
 * Why tables rather than rules: these are closed, well-known sets, and each entry is a decision a
 * compliance reviewer can read. Legal forms and particles become *weak* tokens: they still count
 * a little (so "Siemens AG" prefers "Siemens AG" over "Siemens Inc"), but they can never make a
 * match alone. Honorifics and stop words are dropped.
 */
import { ELF_DOTTED_FORMS, ELF_END_DOTTED_FORMS, ELF_LEGAL_FORMS, ELF_LEGAL_FORM_PHRASES } from './legal-forms-elf.js';

/**
 * Multi-word legal forms, written in tokens *after* single words were canonicalised (company -> co,
 * limited -> ltd), so "Joint Stock Co." and "JOINT-STOCK COMPANY" both become "jsc". Longest first.
 */
const HAND_LEGAL_FORM_PHRASES: ReadonlyArray<readonly [string, readonly string[]]> = [
  ['llc', ['obshchestvo', 's', 'ogranichennoy', 'otvetstvennostyu']],
  ['llc', ['obshchestvo', 's', 'ogranichennoi', 'otvetstvennostiu']],
  ['jsc', ['otkrytoe', 'aktsionernoe', 'obshchestvo']],
  ['jsc', ['zakrytoe', 'aktsionernoe', 'obshchestvo']],
  ['jsc', ['publichnoe', 'aktsionernoe', 'obshchestvo']],
  ['jsc', ['privatne', 'aktsionerne', 'tovarystvo']],
  ['jsc', ['publichne', 'aktsionerne', 'tovarystvo']],
  ['gmbh', ['gesellschaft', 'mit', 'beschrankter', 'haftung']],
  ['jsc', ['public', 'joint', 'stock', 'co']],
  ['jsc', ['open', 'joint', 'stock', 'co']],
  ['jsc', ['closed', 'joint', 'stock', 'co']],
  ['jsc', ['private', 'joint', 'stock', 'co']],
  ['jsc', ['private', 'jsc']],
  ['llc', ['ltd', 'liability', 'co']],
  ['llp', ['ltd', 'liability', 'partnership']],
  ['plc', ['public', 'ltd', 'co']],
  ['ltd', ['private', 'ltd', 'co']],
  ['jsc', ['joint', 'stock', 'co']],
  ['jsc', ['public', 'jointstock', 'co']],
  ['jsc', ['open', 'jointstock', 'co']],
  ['jsc', ['closed', 'jointstock', 'co']],
  ['jsc', ['jointstock', 'co']],
  ['jsc', ['aktsionernoe', 'obshchestvo']],
  ['lp', ['ltd', 'partnership']],
  ['sa', ['sociedad', 'anonima']],
  ['sa', ['societe', 'anonyme']],
  ['fze', ['free', 'zone', 'est']],
  ['fzco', ['free', 'zone', 'co']],
  ['ltd', ['private', 'ltd']],
  ['ltd', ['pvt', 'ltd']],
  ['spzoo', ['sp', 'z', 'o', 'o']],
  ['spzoo', ['sp', 'z', 'oo']],
  // Romance, Polish and Hungarian forms spelt out, as registries write them.
  ['srl', ['societatea', 'cu', 'raspundere', 'limitata']],
  ['srl', ['societa', 'a', 'responsabilita', 'limitata']],
  ['srl', ['sociedad', 'de', 'responsabilidad', 'limitada']],
  ['sarl', ['societe', 'a', 'responsabilite', 'limitee']],
  ['spa', ['societa', 'per', 'azioni']],
  ['sas', ['societe', 'par', 'actions', 'simplifiee']],
  ['sas', ['societa', 'in', 'accomandita', 'semplice']],
  ['snc', ['societa', 'in', 'nome', 'collettivo']],
  ['snc', ['societe', 'en', 'nom', 'collectif']],
  ['sac', ['sociedad', 'anonima', 'cerrada']],
  ['sa', ['sociedade', 'anonima']],
  ['ltd', ['sociedade', 'limitada']],
  ['spzoo', ['spolka', 'z', 'ograniczona', 'odpowiedzialnoscia']],
  ['ska', ['spolka', 'komandytowo', 'akcyjna']],
  ['spk', ['spolka', 'komandytowa']],
  ['spk', ['sp', 'k']],
  ['spj', ['spolka', 'jawna']],
  ['spj', ['sp', 'j']],
  ['sa', ['spolka', 'akcyjna']],
  ['sro', ['spol', 's', 'ro']],
  // Initialisms written with spaces, not dots ("ACME S A", "Foo s l"): folded at the end of a name only.
  ['sarl', ['s', 'a', 'r', 'l']], ['srl', ['s', 'r', 'l']], ['spa', ['s', 'p', 'a']], ['sas', ['s', 'a', 's']],
  ['sro', ['s', 'r', 'o']], ['llc', ['l', 'l', 'c']], ['jsc', ['j', 's', 'c']], ['sa', ['s', 'a']], ['sl', ['s', 'l']],
  ['bv', ['b', 'v']], ['nv', ['n', 'v']], ['ag', ['a', 'g']],
  // Russian state enterprises as English-language lists write them (FSUE = ФГУП, SUE = ГУП).
  ['fgup', ['federal', 'state', 'unitary', 'enterprise']],
  ['gup', ['state', 'unitary', 'enterprise']],
  // Mexican S.A. de C.V.: ISO 20275's "de C.V." folds first, then the whole (normalise.ts folds twice).
  ['sadecv', ['sa', 'decv']],
  ['kft', ['korlatolt', 'felelossegu', 'tarsasag']],
  ['zrt', ['zartkoruen', 'mukodo', 'reszvenytarsasag']],
  ['nyrt', ['nyilvanosan', 'mukodo', 'reszvenytarsasag']],
];

/**
 * Single-token legal forms and their canonical spelling (so "Limited" == "Ltd"), by hand: the forms
 * (and words such as group, trading, holding) that lists write most, each folded to the spelling that
 * identifies the form across languages. ISO 20275 adds the rest (LEGAL_FORMS below); where both
 * have a word, this table's spelling wins.
 */
export const HAND_LEGAL_FORMS: ReadonlyMap<string, string> = new Map([
  ['llc', 'llc'], ['llp', 'llp'], ['lp', 'lp'], ['plc', 'plc'], ['jsc', 'jsc'], ['ltd', 'ltd'], ['limited', 'ltd'], ['ltda', 'ltd'], ['co', 'co'],
  ['company', 'co'], ['corp', 'corp'], ['corporation', 'corp'], ['inc', 'inc'], ['incorporated', 'inc'],
  ['gmbh', 'gmbh'], ['ag', 'ag'], ['aktiengesellschaft', 'ag'], ['sa', 'sa'], ['sarl', 'sarl'], ['srl', 'srl'],
  ['spa', 'spa'], ['bv', 'bv'], ['nv', 'nv'], ['ab', 'ab'], ['oy', 'oy'], ['as', 'as'], ['asa', 'asa'],
  ['kg', 'kg'], ['kgaa', 'kgaa'], ['pte', 'pte'], ['pty', 'pty'],
  // Russian and Ukrainian forms are the same legal forms as their English names. Open, closed and
  // public joint-stock companies are one form for identity: lists and registries switch between them
  // (OAO Gazprom, Gazprom PJSC), and a weak token cannot make a match alone anyway.
  ['ooo', 'llc'], ['tov', 'llc'], ['oao', 'jsc'], ['zao', 'jsc'], ['pao', 'jsc'], ['ao', 'jsc'], ['pat', 'jsc'],
  ['ojsc', 'jsc'], ['cjsc', 'jsc'], ['pjsc', 'jsc'], ['fsue', 'fgup'], ['fgup', 'fgup'], ['sac', 'sac'], ['snc', 'snc'], ['ska', 'ska'], ['spk', 'spk'],
  ['spj', 'spj'], ['nyrt', 'nyrt'], ['pvt', 'pvt'], ['industria', 'industries'], ['industrie', 'industries'], ['industrial', 'industries'],
  ['ind', 'industries'], ['fze', 'fze'], ['fzco', 'fzco'], ['fzc', 'fzc'], ['fzllc', 'fzllc'],
  ['spzoo', 'spzoo'], ['sas', 'sas'], ['sl', 'sl'], ['bhd', 'bhd'], ['sdn', 'sdn'], ['tbk', 'tbk'], ['pt', 'pt'],
  ['cv', 'cv'], ['eood', 'eood'], ['ood', 'ood'], ['doo', 'doo'], ['dd', 'dd'], ['kft', 'kft'], ['zrt', 'zrt'],
  ['sro', 'sro'], ['as', 'as'], ['aps', 'aps'], ['holding', 'holding'], ['holdings', 'holding'], ['group', 'group'],
  ['gie', 'gie'], ['sae', 'sae'], ['wll', 'wll'], ['est', 'est'], ['establishment', 'est'], ['firm', 'firm'],
  ['enterprise', 'enterprise'], ['enterprises', 'enterprise'], ['trading', 'trading'], ['international', 'international'],
  ['intl', 'international'], ['industries', 'industries'], ['industry', 'industries'], ['bank', 'bank'],
  // The Arabic and Persian word for company as the lists romanise it (ISO 20275 transliterated names:
  // Sharikat, Sharika), the same weak token as its Arabic-script form (ARABIC_LEGAL_WORDS).
  ['sharikat', 'co'], ['sharika', 'co'], ['sherkat', 'co'], ['sherkate', 'co'], ['shirkat', 'co'],
]);

/** Every single-token legal form: ISO 20275's (legal-forms-elf.ts, generated) and the hand table's, which wins. */
export const LEGAL_FORMS: ReadonlyMap<string, string> = new Map([...ELF_LEGAL_FORMS, ...HAND_LEGAL_FORMS]);

/**
 * Multi-word legal forms in canonical tokens: the hand table's. ISO 20275's (ELF_LEGAL_FORM_PHRASES,
 * written in words as read, before folding) join them in normalise.ts, once their words are classified.
 */
export const LEGAL_FORM_PHRASES: ReadonlyArray<readonly [string, readonly string[]]> = HAND_LEGAL_FORM_PHRASES;
export { ELF_LEGAL_FORM_PHRASES };

/**
 * Legal-form words that a query glues to the name beside them ("IMPERIYA 19-31OOO", "OBSHCHESTVORT-
 * BIOTEKHPROM"): split off again (normalise.ts gluedLegalForm). At the end of a word: the Russian and
 * English abbreviations no list word ends in; at either end: the long Russian and Ukrainian words.
 * Not "inc" (zinc), "corp" (Bancorp, Fincorp: brand names), "tov" (Rostov), nor the vowel-ended
 * OAO, ZAO, PAO: a typo or a romanised syllable ends a word in them too ("KITOaO" is KITOKO).
 */
export const GLUED_LEGAL_FORM_ENDS: readonly string[] = ['ooo', 'llc', 'ltd', 'jsc', 'gmbh', 'plc'];
export const GLUED_LEGAL_FORM_WORDS: readonly string[] = ['obshchestvo', 'aktsionernoe', 'tovarystvo'];

/**
 * Legal forms written as two dotted letters ("C.A.", "S.A.", "N.V."): glued to the word before them
 * ("ALFA ONEC.A.") they are split off, written apart at the end ("Mikron a. s.") they are joined
 * (normalise.ts latinWords). With ISO 20275's (ELF_DOTTED_FORMS).
 */
export const DOTTED_LEGAL_FORMS: ReadonlySet<string> = new Set(['ca', 'sa', 'nv', 'bv', 'ag', 'as', 'ab', 'oy', 'kg', 'sl', 'cv', 'lp', 'dd', ...ELF_DOTTED_FORMS]);

/**
 * Two-letter legal forms written with one dot that are words of names elsewhere ("Rt." of the
 * Hungarian Részvénytársaság; RT-CAPITAL): a legal form only as the last word of a name, dot and
 * all ("Atomflot Rt."). From ISO 20275 (ELF_END_DOTTED_FORMS); normalise.ts rawWords reads them.
 */
export const END_DOTTED_LEGAL_FORMS: ReadonlySet<string> = new Set(ELF_END_DOTTED_FORMS);

/** Titles and honorifics that say little about identity. Weak tokens. */
export const HONORIFICS: ReadonlySet<string> = new Set([
  'mr', 'mrs', 'ms', 'miss', 'mx', 'dr', 'prof', 'professor', 'sir', 'dame', 'lord', 'lady', 'rev', 'reverend',
  'sheikh', 'shaikh', 'sheik', 'shaykh', 'haji', 'hajji', 'hadji', 'mullah', 'mulla', 'maulana', 'mawlawi', 'maulvi',
  'sayyid', 'sayed', 'syed', 'imam', 'ayatollah', 'hojatoleslam', 'colonel', 'col',
  'captain', 'capt', 'lieutenant', 'lt', 'admiral', 'adm', 'brigadier', 'commander', 'cmdr', 'sergeant', 'sgt',
  'senator', 'his', 'her', 'excellency', 'hon', 'honorable', 'honourable', 'jr',
  'sr', 'ii', 'iii', 'iv', 'esq', 'phd', 'md', 'herr', 'frau', 'monsieur', 'madame', 'mme', 'senor', 'senora', 'gospodin',
]);

/**
 * One title in its spellings (HONORIFICS and GIVEN_NAME_TITLES list them apart), to its first form, and the
 * kunya "Abu" (Arabic "father of", ALA-LC abū; French-style abou): a weak a.k.a. of a title and one name
 * ("MULLAH X", "X, Shaykh", "Abu X") is written whole whichever spelling the title takes (engine.ts
 * weakAliasScore). From the romanisations of the Arabic and Persian words themselves (شيخ shaykh, حاج
 * hajj, ملا mulla, مولوي mawlawi, أبو abu); a title not here is its own form.
 */
export const TITLE_FORMS: ReadonlyMap<string, string> = new Map([
  ...['sheikh', 'shaikh', 'sheik', 'shaykh', 'shekh', 'cheikh'].map((w) => [w, 'sheikh'] as const),
  ...['haji', 'hajji', 'hadji', 'hajj', 'haj', 'alhaj', 'alhajj', 'al-hajj'].map((w) => [w, 'haji'] as const),
  ...['mullah', 'mulla', 'molla', 'mollah', 'moulla'].map((w) => [w, 'mullah'] as const),
  ...['mawlawi', 'maulvi', 'molavi', 'maulavi', 'moulavi', 'mowlawi', 'mawlavi'].map((w) => [w, 'mawlawi'] as const),
  ...['dr', 'doctor'].map((w) => [w, 'dr'] as const),
  ...['abu', 'abou', 'abo'].map((w) => [w, 'abu'] as const),
  ...['umm', 'um', 'oum'].map((w) => [w, 'umm'] as const),
]);

/** Words written before a person's name as a title or kunya (TITLE_FORMS, HONORIFICS, GIVEN_NAME_TITLES). */
export function titleForm(word: string): string | undefined {
  const form = TITLE_FORMS.get(word);
  if (form !== undefined) return form;
  return HONORIFICS.has(word) || GIVEN_NAME_TITLES.has(word) ? word : undefined;
}

/** Name particles: part of the name, but shared by too many names to identify anyone. Weak. */
export const PARTICLES: ReadonlySet<string> = new Set([
  'al', 'el', 'bin', 'ben', 'ibn', 'bint', 'binti', 'abu', 'abou', 'umm', 'ould', 'van', 'von', 'der', 'den', 'de',
  'del', 'della', 'di', 'da', 'dos', 'das', 'du', 'la', 'le', 'los', 'las', 'y', 'e', 'mac', 'ter', 'ten', 'st',
]);

/**
 * The particles a word written in an abjad can be (normalise.ts abjadWord and the name table read
 * them): the article or family al (ال, آل), bin (بن, ابن, בן) and abu (ابو). An abjad word is read
 * as a name or one of these, never as a Latin legal form, title or other particle: transliterated
 * without its short vowels it only looks like one (سارا Sara "sr" is no Senior, عسل Asal "sl" no S.L.).
 */
export const ABJAD_PARTICLES: ReadonlySet<string> = new Set(['al', 'bin', 'abu']);

/** Particles written two ways for one word: ibn = bin ("son of"), el = al (the article). */
export const PARTICLE_SPELLINGS: ReadonlyMap<string, string> = new Map([['ibn', 'bin'], ['el', 'al']]);

/**
 * Vessel-type prefixes (M/V, MT, SS...): they say what the thing is, not which one. Weak, like titles.
 * "M/V" reaches here as "mv" (a slash between single letters joins them).
 */
export const VESSEL_PREFIXES: ReadonlySet<string> = new Set(['mv', 'mt', 'ms', 'ss', 'fv', 'rv', 'tb', 'nm', 'mts', 'lpg', 'lng']);

/**
 * Abbreviations of words frequent in organisation names, written out (Bros. = Brothers, Mfg. =
 * Manufacturing). Both sides fold, so "Delancourt Bros. Mfg." meets "Delancourt Brothers Manufacturing".
 */
export const WORD_ABBREVIATIONS: ReadonlyMap<string, string> = new Map([
  ['bros', 'brothers'], ['mfg', 'manufacturing'], ['mfrs', 'manufacturers'], ['mgmt', 'management'], ['mgt', 'management'],
  ['assoc', 'associates'], ['assn', 'associates'], ['association', 'associates'], ['svcs', 'services'], ['srvcs', 'services'],
  ['engg', 'engineering'], ['natl', 'national'], ['dept', 'department'], ['govt', 'government'], ['univ', 'university'],
  ['inst', 'institute'], ['cia', 'compania'], ['cie', 'compagnie'], ['com', 'comercio'], ['comercial', 'comercio'],
  ['intl', 'international'], ['us', 'usa'],
]);

/**
 * Multi-word names of places and words that lists also write as one (United States = US = USA).
 * Strong tokens: they are part of the name. Written in tokens after single-word folding.
 */
export const NAME_PHRASES: ReadonlyArray<readonly [string, readonly string[]]> = [
  ['usa', ['united', 'states', 'of', 'america']],
  ['usa', ['united', 'states', 'america']],
  ['usa', ['united', 'states']],
  ['uk', ['united', 'kingdom']],
  ['uae', ['united', 'arab', 'emirates']],
  ['fratelli', ['f', 'lli']],
];

/** Number words, read as digits so "Forty-Four" = "44" and "Three Percenters" = "3 Percenters". */
export const NUMBER_UNITS: ReadonlyMap<string, number> = new Map([
  ['zero', 0], ['one', 1], ['two', 2], ['three', 3], ['four', 4], ['five', 5], ['six', 6], ['seven', 7], ['eight', 8],
  ['nine', 9], ['ten', 10], ['eleven', 11], ['twelve', 12], ['thirteen', 13], ['fourteen', 14], ['fifteen', 15],
  ['sixteen', 16], ['seventeen', 17], ['eighteen', 18], ['nineteen', 19],
]);
export const NUMBER_TENS: ReadonlyMap<string, number> = new Map([
  ['twenty', 20], ['thirty', 30], ['forty', 40], ['fourty', 40], ['fifty', 50], ['sixty', 60], ['seventy', 70],
  ['eighty', 80], ['ninety', 90],
]);
/** Ordinals as written with digits ("First" = "1st"). */
export const ORDINALS: ReadonlyMap<string, string> = new Map([
  ['first', '1st'], ['second', '2nd'], ['third', '3rd'], ['fourth', '4th'], ['fifth', '5th'], ['sixth', '6th'],
  ['seventh', '7th'], ['eighth', '8th'], ['ninth', '9th'], ['tenth', '10th'],
]);

/**
 * Words written in their own script that transliteration would garble, replaced before it.
 * Legal forms: transliterated letter by letter they become nonsense ("shps" for Georgian LLC, "v m"
 * for Hebrew Ltd). Longest first.
 */
export const NATIVE_LEGAL_FORMS: ReadonlyArray<readonly [string, string]> = [
  ['股份有限公司', 'Co Ltd'], ['有限责任公司', 'LLC'], ['有限責任公司', 'LLC'], ['有限公司', 'Co Ltd'], ['公司', 'Co'],
  ['株式会社', 'Co Ltd'], ['有限会社', 'Ltd'], ['주식회사', 'Co Ltd'], ['유한회사', 'Ltd'],
  ['ՍՊԸ', 'LLC'], ['ՓԲԸ', 'JSC'], ['ԲԲԸ', 'JSC'], ['შპს', 'LLC'], ['בע"מ', 'Ltd'], ['בע״מ', 'Ltd'],
  ['ကုမ္ပဏီလီမိတက်', 'Co Ltd'],
];

/**
 * Legal forms and descriptor words written in Arabic script (Arabic, Persian), as whole words: each
 * becomes the canonical weak token the Latin word of the same meaning folds to (HAND_LEGAL_FORMS), so
 * شركة X meets X Company as X Co Ltd meets X Company. Sources: ISO 20275 ELF code list v1.5 (Arabic
 * local names and abbreviations of Bahrain, Jordan, Kuwait, Qatar, Saudi Arabia, UAE: شركة, المحدودة,
 * ذات المسؤولية المحدودة = ذ.م.م, مساهمة, ش.م.ع / ش.م.خ); the Persian forms of the Iranian commercial
 * code (شرکت, با مسئولیت محدود, سهامی); the descriptors the Latin table makes weak, by their dictionary
 * sense (مؤسسة establishment, مجموعة / گروه group, صناعات / صنایع industries, بنك / بانک bank, تجارة
 * trading). A word also matches with the article ال or the preposition ل / لل glued before it.
 */
export const ARABIC_LEGAL_WORDS: ReadonlyMap<string, string> = new Map([
  ['شركة', 'co'], ['شركه', 'co'], ['شرکت', 'co'], ['شركت', 'co'], ['كمبني', 'co'], ['کمپنی', 'co'], ['كومباني', 'co'],
  ['المحدودة', 'ltd'], ['محدودة', 'ltd'], ['محدود', 'ltd'], ['لميتد', 'ltd'], ['ليمتد', 'ltd'],
  ['مساهمة', 'jsc'], ['سهامی', 'jsc'], ['سهامي', 'jsc'],
  ['مؤسسة', 'est'], ['موسسة', 'est'],
  ['مجموعة', 'group'], ['مجموعه', 'group'], ['گروه', 'group'],
  ['صناعات', 'industries'], ['صنایع', 'industries'], ['صنائع', 'industries'], ['صناعية', 'industries'], ['صنعتی', 'industries'],
  ['بنك', 'bank'], ['بانک', 'bank'], ['بانك', 'bank'],
  ['تجارة', 'trading'], ['تجارية', 'trading'], ['بازرگانی', 'trading'],
  ['قابضة', 'holding'], ['هلدینگ', 'holding'],
  ['دولية', 'international'], ['الدولية', 'international'], ['بین‌المللی', 'international'], ['بینالمللی', 'international'],
]);

/**
 * Titles and honorifics written in Arabic script (Arabic, Persian, Urdu, Pashto usage), as whole words:
 * each becomes the Latin honorific the lists write (HONORIFICS: weak), so ملا عبد X meets "X, Abd,
 * Mullah" as "Mullah Abd X" does. Transliterated without their vowels they were strong words the list
 * lacks ("mla", "shykh"). By their dictionary sense and the Latin forms the lists use (Mullah, Sheikh,
 * Mawlawi, Maulana, Dr). Not سيد nor حاج / حاجی: the lists write them as name words too (Seyed,
 * Sayid, Hajj), which they keep strong, and the word read as a name finds those.
 */
export const ARABIC_TITLES: ReadonlyMap<string, string> = new Map([
  ['ملا', 'mullah'], ['شيخ', 'sheikh'], ['شیخ', 'sheikh'], ['مولوي', 'mawlawi'], ['مولوی', 'mawlawi'], ['مولانا', 'maulana'],
  ['دكتور', 'dr'], ['دکتر', 'dr'],
]);

/**
 * Words that say what kind of organisation a name is, written in Arabic script, as the English word the
 * lists write for them (the descriptor, not the name: شبکه حقانی is HAQQANI NETWORK, زندان X is X
 * PRISON). By their dictionary sense; Persian مؤسسه is the lists' Institute where Arabic مؤسسة is
 * an establishment (ARABIC_LEGAL_WORDS). Words the lists keep romanised as often as they translate
 * them are not here: the word read as a name would be lost (Jabhat, Sarafi, Bonyad, Sepah, Kata'ib).
 */
export const ARABIC_DESCRIPTORS: ReadonlyMap<string, string> = new Map([
  ['شبكة', 'network'], ['شبکه', 'network'], ['شبكه', 'network'],
  ['زندان', 'prison'], ['سجن', 'prison'],
  ['خبرگزاری', 'news agency'], ['وكالة', 'agency'], ['آژانس', 'agency'],
  ['مليشيا', 'militia'], ['ميليشيا', 'militia'], ['میلیشیا', 'militia'],
  ['مكتب', 'office'], ['دفتر', 'office'],
  ['صرافة', 'exchange'],
  ['فرقة', 'division'], ['لشکر', 'division'], ['لواء', 'brigade'], ['تیپ', 'brigade'],
  ['معهد', 'institute'], ['مؤسسه', 'institute'], ['موسسه', 'institute'],
  ['مركز', 'center'], ['مرکز', 'center'],
  ['تحقیقات', 'research'], ['تحقيقات', 'research'], ['بحوث', 'research'], ['أبحاث', 'research'], ['ابحاث', 'research'], ['پژوهشکده', 'research institute'],
  ['سازمان', 'organization'], ['منظمة', 'organization'],
  ['دانشگاه', 'university'], ['جامعة', 'university'],
  ['مجتمع', 'complex'], ['کارخانه', 'factory'], ['مصنع', 'factory'],
]);

/** Multi-word and abbreviated Arabic-script legal forms (ISO 20275, as above), replaced before the words. */
export const ARABIC_LEGAL_PHRASES: ReadonlyArray<readonly [RegExp, string]> = [
  [/(?:ال)?شركة\s+ذات\s+المسؤولية\s+المحدودة/gu, ' llc '], [/ذات\s+المسؤولية\s+المحدودة/gu, ' llc '],
  [/ذ\.\s*م\.\s*م\.?/gu, ' llc '], [/ش\.\s*م\.\s*[عخ]\.?/gu, ' jsc '],
  [/با\s*مس[ئی]ولیت\s+محدود/gu, ' llc '],
];

/**
 * Common given names in Arabic and Hebrew script, by their usual Latin spelling. Vowels are not
 * written in these scripts, so letter-by-letter transliteration gives "mhmd" for Muhammad and "msh"
 * for Moshe, too short a skeleton to match; the name itself is known. (Arabic hamza forms of alif are
 * read as plain alif before lookup.)
 */
export const ABJAD_NAMES: ReadonlyMap<string, string> = new Map([
  ['محمد', 'muhammad'], ['احمد', 'ahmad'], ['علي', 'ali'], ['عبد', 'abd'], ['عبدالله', 'abdullah'], ['حسن', 'hassan'],
  ['حسين', 'hussein'], ['محمود', 'mahmoud'], ['مصطفى', 'mustafa'], ['ابراهيم', 'ibrahim'], ['اسماعيل', 'ismail'],
  ['يوسف', 'yusuf'], ['عمر', 'omar'], ['خالد', 'khalid'], ['سعيد', 'said'], ['صالح', 'saleh'], ['عثمان', 'othman'],
  ['فاطمة', 'fatima'], ['عائشة', 'aisha'], ['مريم', 'maryam'], ['زينب', 'zainab'], ['عباس', 'abbas'], ['جمال', 'jamal'],
  ['كريم', 'karim'], ['حميد', 'hamid'], ['قاسم', 'qasim'], ['ياسين', 'yasin'], ['سلمان', 'salman'], ['سلطان', 'sultan'],
  ['ناصر', 'nasser'], ['جعفر', 'jafar'], ['يحيى', 'yahya'], ['اسامة', 'osama'], ['طارق', 'tariq'], ['فيصل', 'faisal'],
  ['منصور', 'mansour'], ['سليمان', 'suleiman'], ['موسى', 'musa'], ['عيسى', 'isa'], ['هاشم', 'hashim'], ['رشيد', 'rashid'],
  ['امين', 'amin'], ['حمزة', 'hamza'], ['بكر', 'bakr'], ['الله', 'allah'], ['الرحمن', 'rahman'],
  // Names an unvowelled spelling shows as two consonants ("mr", "md", "th"): too little for the
  // skeleton, and in strict (no skeleton matching) their only reading.
  ['عامر', 'amer'], ['عمار', 'ammar'], ['عماد', 'imad'], ['طه', 'taha'], ['اسماء', 'asma'], ['اسراء', 'isra'], ['سارة', 'sarah'], ['عزيز', 'aziz'],
  ['משה', 'moshe'], ['דוד', 'david'], ['יוסף', 'yosef'], ['אברהם', 'avraham'], ['יצחק', 'yitzhak'], ['יעקב', 'yaakov'],
  ['שרה', 'sarah'], ['רחל', 'rachel'], ['לאה', 'leah'], ['רבקה', 'rivka'], ['שלמה', 'shlomo'], ['אהרון', 'aharon'],
  ['אהרן', 'aharon'], ['יהודה', 'yehuda'], ['דניאל', 'daniel'], ['מיכאל', 'michael'], ['בנימין', 'binyamin'],
  ['ישראל', 'israel'], ['חיים', 'chaim'], ['מרדכי', 'mordechai'], ['אליהו', 'eliyahu'], ['שמואל', 'shmuel'],
  ['נתן', 'natan'], ['יונתן', 'yonatan'], ['אריה', 'arieh'], ['כהן', 'cohen'], ['לוי', 'levi'], ['מזרחי', 'mizrahi'],
  ['פרץ', 'peretz'], ['אבי', 'avi'], ['עמית', 'amit'], ['יעל', 'yael'], ['נועה', 'noa'], ['מרים', 'miriam'],
]);

/**
 * Korean surnames by their usual Latin spelling: syllable-by-syllable romanisation writes 이 as "i"
 * and 박 as "bag"; passports and lists write Lee and Park. Applied to the first syllable only.
 */
export const HANGUL_SURNAMES: ReadonlyMap<string, string> = new Map([
  ['이', 'lee'], ['박', 'park'], ['김', 'kim'], ['최', 'choe'], ['정', 'jong'], ['강', 'kang'], ['조', 'cho'], ['윤', 'yun'],
  ['장', 'jang'], ['임', 'lim'], ['한', 'han'], ['오', 'oh'], ['서', 'so'], ['신', 'shin'], ['권', 'kwon'], ['황', 'hwang'],
  ['안', 'ahn'], ['송', 'song'], ['류', 'ryu'], ['유', 'yu'], ['홍', 'hong'], ['전', 'jon'], ['고', 'ko'], ['문', 'mun'],
  ['양', 'yang'], ['손', 'son'], ['배', 'pae'], ['백', 'paek'], ['허', 'ho'], ['남', 'nam'], ['노', 'no'], ['하', 'ha'],
  ['곽', 'kwak'], ['성', 'song'], ['차', 'cha'], ['주', 'ju'], ['우', 'u'], ['구', 'ku'], ['리', 'ri'],
]);

/**
 * Given names that are the same name in another language or a familiar form (Bill / William, Juan /
 * John, Bibi / Benjamin). Not folded: they are different spellings of different strength, so the
 * matcher lets them meet at a fixed similarity below an exact match (name-matcher.ts).
 */
export const GIVEN_NAME_EQUIVALENTS: ReadonlyArray<readonly string[]> = [
  ['william', 'bill', 'billy', 'will', 'willy', 'wilhelm', 'guillaume', 'guillermo', 'guglielmo', 'willem'],
  ['robert', 'bob', 'bobby', 'rob', 'robbie', 'roberto'],
  ['richard', 'dick', 'rick', 'ricky', 'ricardo', 'riccardo'],
  ['james', 'jim', 'jimmy', 'jamie', 'jaime', 'giacomo'],
  ['john', 'johnny', 'jack', 'jon', 'juan', 'jean', 'johann', 'johannes', 'hans', 'giovanni', 'joao', 'jan', 'ivan', 'sean', 'ioannis'],
  ['michael', 'mike', 'mick', 'miguel', 'michel', 'michele', 'michal', 'mikhail', 'mikael'],
  ['thomas', 'tom', 'tommy', 'tomas', 'tommaso'],
  ['joseph', 'joe', 'joey', 'jose', 'giuseppe', 'josef', 'jozef'],
  ['theodore', 'ted', 'teddy', 'theo', 'fyodor', 'fedor', 'teodor'],
  ['edward', 'ed', 'eddie', 'ted', 'ned', 'eduardo', 'edouard'],
  ['benjamin', 'ben', 'benny', 'bibi', 'binyamin'],
  ['barack', 'barry'],
  ['aleksandr', 'alex', 'sasha', 'sandro'],
  ['charles', 'charlie', 'chuck', 'carlos', 'karl', 'carl', 'carlo'],
  ['frederick', 'fred', 'freddie', 'fritz', 'friedrich', 'federico', 'frederic'],
  ['henry', 'hank', 'harry', 'heinrich', 'enrique', 'henri', 'enrico'],
  ['nicholas', 'nick', 'nicolas', 'nikolai', 'nicola', 'niklas'],
  ['pyotr', 'pete', 'pedro', 'pierre', 'pietro', 'petros'],
  ['paul', 'pablo', 'paolo', 'pavel', 'paulo'],
  ['stephen', 'steve', 'steven', 'stefan', 'esteban', 'stepan', 'stefano', 'etienne'],
  ['georgy', 'jorge', 'giorgio', 'georges'],
  ['anthony', 'tony', 'antonio', 'anton', 'antoine'],
  ['daniel', 'dan', 'danny', 'daniele'],
  ['david', 'dave', 'davide'],
  ['samuel', 'sam', 'sammy'],
  ['matthew', 'matt', 'mateo', 'matteo', 'matthias', 'matvei'],
  ['andrei', 'andy', 'andres', 'andreas', 'andre', 'andrzej', 'andrew'],
  ['jacob', 'jake', 'jakob', 'jacopo', 'yakov', 'yaakov'],
  ['francis', 'frank', 'francisco', 'francesco', 'francois', 'franz'],
  ['joshua', 'josh'],
  ['christopher', 'chris', 'cristobal'],
  ['timothy', 'tim'],
  ['lawrence', 'larry', 'lorenzo', 'laurent'],
  ['ekaterina', 'kate', 'katie', 'catherine', 'catalina', 'caterina', 'katharina', 'katya'],
  ['elizabeth', 'liz', 'beth', 'elisabeth', 'elisabetta'],
  ['margaret', 'maggie', 'peggy', 'margarita', 'marguerite'],
  ['mary', 'maria', 'marie'],
  ['vladimir', 'volodya', 'vova'],
  ['mikhail', 'misha'],
  ['dmitry', 'dima'],
  ['evgeny', 'zhenya'],
  ['ivan', 'vanya'],
  ['alexei', 'alyosha', 'lyosha'],
  ['natalia', 'natasha'],
  ['tatiana', 'tanya'],
];

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
  ['aleksandr', 'alexander', 'alexandr', 'aleksander', 'oleksandr', 'alexandre', 'alejandro', 'alessandro', 'aleksandar',
    'alexandros', 'aleksandros', 'aliaksandr', 'aljaksandr'],
  ['sergei', 'sergey', 'serguei', 'serhiy', 'serhii', 'sergiy', 'sergej', 'siarhei', 'siarhey', 'sjarhej', 'serhij'],
  ['yuri', 'yury', 'yuriy', 'iurii', 'yurii', 'jurij', 'juri', 'jury', 'juryj'],
  ['dmitry', 'dmitri', 'dmitriy', 'dmytro', 'dmitrii', 'dimitrios', 'dzmitry', 'dzmitriy', 'dzmitryj'],
  ['andrei', 'andrey', 'andrii', 'andriy', 'andrej'],
  ['alexei', 'alexey', 'aleksei', 'aleksey', 'oleksiy', 'oleksii', 'aleksej', 'aliaksei', 'aliaksey', 'aljaksej'],
  ['mikhail', 'michail', 'mykhailo', 'mihail'],
  ['nikolai', 'nikolay', 'mykola', 'nicolai', 'nikolaj', 'nikolaos'],
  ['vladimir', 'volodymyr', 'wladimir', 'vladimyr'],
  ['evgeny', 'yevgeny', 'evgeniy', 'yevgeniy', 'yevhen', 'evgenii', 'eugene'],
  ['arkady', 'arkadiy', 'arkadii', 'arkadi'],
  ['ekaterina', 'yekaterina', 'katerina', 'kateryna'],
  ['natalia', 'natalya', 'nataliya', 'natalija'],
  ['tatiana', 'tatyana', 'tetiana', 'tatjana'],
  ['yulia', 'yuliya', 'iuliia', 'julia'],
  ['olga', 'olha'],
  ['gennady', 'gennadiy', 'gennadii', 'gennadi'],
  ['anatoly', 'anatoliy', 'anatolii', 'anatolij', 'anatol'],
  ['leonid', 'leanid'],
  ['vladislav', 'vladyslav'],
  ['viktor', 'victor', 'wiktor', 'viktar'],
  ['pyotr', 'petr', 'piotr', 'petro', 'peter'],
  ['grigory', 'grigoriy', 'hryhoriy', 'gregory'],
  ['georgy', 'georgiy', 'heorhiy', 'georgii', 'george', 'georgi', 'georgios'],
  ['ilya', 'ilia', 'illia'],
  ['igor', 'ihor', 'ihar'],
  ['oleg', 'oleh'],
  ['vasily', 'vasiliy', 'vasilii', 'vasyl', 'wassili', 'vasil'],
  ['pavel', 'pavlo', 'paval'],
  ['valery', 'valeriy', 'valerii', 'valeryi'],
  ['vitaly', 'vitaliy', 'vitalii'],
  ['fyodor', 'fedor', 'fiodar', 'fedir'],
  ['yakov', 'yakiv', 'yakau'],
  ['semyon', 'semen', 'siamion'],
  ['konstantin', 'kostiantyn', 'kanstantsin', 'kostyantyn'],
  ['maksim', 'maxim', 'maksym'],
  ['kirill', 'kyrylo', 'kiryl'],
  ['artem', 'artyom', 'artsiom'],
  ['vyacheslav', 'viacheslav', 'viachaslau', 'vjatjeslav'],
  ['stepan', 'stsiapan'],
  ['kim', 'gim'],
  ['lee', 'yi', 'rhee'],
  ['park', 'pak', 'bak'],
  ['choe', 'choi'],
  ['jong', 'jeong', 'chong'],
  ['zhang', 'chang'],
  ['li', 'lee'],
];

/**
 * Ukrainian and Belarusian forms of Russian given names whose first letter differs from the Russian
 * one (Ukrainian Hennadiy, Belarusian Uladzimir, Zmitser, Mikalai, Yauhen, Ryhor, Volha, Aleh,
 * Henadz, Uladzislau), as the national romanisations write them (Ukraine: Cabinet of Ministers
 * Resolution No. 55 of 2010; Belarus: the 2007 instruction on names in Latin letters, as passports
 * write them). Read as the Russian name on the query side only (name-matcher.ts): folded in the
 * index, a listed "Henadz" would lose its H for an initial.
 */
export const EAST_SLAVIC_GIVEN_FORMS: ReadonlyMap<string, string> = new Map([
  ['hennadiy', 'gennady'], ['hennadii', 'gennady'], ['hennadij', 'gennady'], ['henadz', 'gennady'],
  ['uladzimir', 'vladimir'], ['uladzimer', 'vladimir'], ['zmitser', 'dmitry'], ['zmicier', 'dmitry'],
  ['mikalai', 'nikolai'], ['mikalaj', 'nikolai'], ['yauhen', 'evgeny'], ['jauhen', 'evgeny'],
  ['ryhor', 'grigory'], ['volha', 'olga'], ['aleh', 'oleg'], ['uladzislau', 'vladislav'],
]);

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
  'societa', 'societatea', 'raspundere', 'limitata', 'responsabilita', 'responsabilidad', 'limitada', 'responsabilite', 'limitee',
  'sociedade', 'spolka', 'ograniczona', 'odpowiedzialnoscia', 'komandytowa', 'komandytowo', 'akcyjna', 'korlatolt',
  'felelossegu', 'tarsasag', 'reszvenytarsasag',
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
  // Burmese: names have no surname and are built from a few hundred syllables, so each is shared by
  // millions and almost every name is its own combination (the lists write "OO, Myo Myint"; real
  // people are "Myint Oo", "Maung Oo"). The syllables most frequent in names of Myanmar, from its
  // naming convention (Wikipedia "Burmese name"; a 2014 Rangoon university roster of 584 names,
  // viss.wordpress.com "Burmese personal names"), with Maung, an honorific written as a name word.
  // Every syllable of a name, not only its first: a syllable the list has and the query
  // lacks must cost as little as one the query has ("KYAW Win" for "KYAW, Win Paing" is the listed
  // name with its last syllable left out, as "Myint Oo" for "OO, Myo Myint" is one without its first).
  'aung', 'maung', 'myint', 'oo', 'kyaw', 'win', 'zaw', 'soe', 'tun', 'htun', 'thein', 'naing', 'hlaing', 'myo',
  'khin', 'than', 'tin', 'hla', 'san', 'nyunt', 'thant', 'htay', 'htet', 'mya', 'moe', 'lwin', 'thet', 'nyein', 'wai',
  'thura', 'swe', 'shwe', 'phyo', 'hein', 'thu', 'kyi', 'sein', 'hnin', 'wint', 'yin', 'pyae', 'thaung', 'htoo',
  'paing', 'phyu', 'nwe', 'aye', 'cho', 'zin', 'khaing', 'myat', 'thaw', 'ngwe', 'tint', 'htwe', 'sithu', 'wunna',
  'naung', 'nay', 'nyi', 'sone', 'thiha', 'kaung', 'chit', 'htut', 'pyi', 'thiri', 'sandar', 'khaing',
]);

/** The weight cap of a common name: about the rarity of a token found in 1 of 30 list names. */
export const COMMON_NAME_WEIGHT = 3.5;

/**
 * Words written first in a listed person's given name that are forms of address, not the name
 * (name-structure.ts leadingGivenName reads the word after them as the first given name): Burmese U,
 * Daw and Ma (Burmese names have no surname; the list writes "SONE, U Aung Pyae" and lists "SONE,
 * Aung Pyae" too), and the Arabic, Persian and South Asian titles the lists write before the name
 * (Seyyed, Hajj, Hafiz, Qari, Mufti...) that HONORIFICS does not already make weak.
 */
export const GIVEN_NAME_TITLES: ReadonlySet<string> = new Set([
  'u', 'daw', 'ma', 'seyed', 'seyyed', 'hajj', 'haj', 'alhaj', 'alhajj', 'hafiz', 'qari', 'mufti', 'molavi', 'mawlawi',
  'ustadz', 'ustaz', 'chaudhry', 'choudhry', 'hakim', 'hakeem', 'general', 'doctor', 'rtd',
]);

/**
 * First elements of compound given names by which their bearers are not called, the next element
 * being the name in use: Muhammad / Ahmad / Ali (Mohammad Javad -> Javad, Ali Asghar -> Asghar), Abdul
 * (Abd al-Aziz -> Aziz), Amir (Amir-Mansour -> Mansour), Malik, José / Juan / María (José Antonio ->
 * Antonio, María Guadalupe -> Guadalupe). Chosen from the lists themselves: the first given words that
 * two entries or more also list without (the person's surname and later given names only), out of
 * the entries with a comma name of two given words or more (muhammad 29 of 286, ali 7 of 97, abdul
 * 7 of 131, jose 6 of 71, ahmad 3 of 69, maria 3 of 30, juan 2 of 34, amir 2 of 14, malik 2 of 5;
 * Aleksandr 0 of 153, Sergei 0 of 120). Gholam / Qolam / Ghulam (0 of 13), Jesus (0 of 17),
 * Francisco (1 of 15) and Luis (1 of 38) are names of their own.
 */
export const GENERIC_FIRST_GIVEN: ReadonlySet<string> = new Set([
  'muhammad', 'muh', 'mhd', 'ahmad', 'ali', 'abdul', 'amir', 'malik', 'jose', 'juan', 'maria',
]);
