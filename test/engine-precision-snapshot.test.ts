/**
 * Precision classes of issue #14 on the real list snapshot (../shared/data/snapshot): one describe
 * block per class, each checked on several real listed names of that class (pinned by the
 * publishers' entry IDs), through the whole engine with the real lists' rarity.
 */
import { beforeAll, expect, it } from 'vitest';
import { buildEngine, type Engine } from '../src/engine/index.js';
import { caseJoins } from '../src/engine/name-matcher.js';
import { loadListSet } from '../src/lists/catalog.js';
import { SNAPSHOT_DIR, describeShared } from './support/shared.js';
import { snapshotFlags } from './support/snapshot-flags.js';

let engine: Engine;

const { expectFlags } = snapshotFlags(() => engine);

describeShared('precision classes on the real snapshot', () => {
  beforeAll(async () => {
    engine = await buildEngine(await loadListSet({ dir: SNAPSHOT_DIR }));
  });

  describeShared('class: the given names of a listed person without any of the surname name someone else', () => {
    it('a query matching only the given names of "SURNAME, Given Names" stays clear in balanced', () => {
      expectFlags([
        ['Trevor Williams', 'ofac-sdn/23209'], // FORREST, Trevor William
        ['Christopher Vincent', 'ofac-sdn/34980'], // KINAHAN, Christopher Vincent
        ['Hector Manuel', 'ofac-sdn/10622'], // BELTRAN SANCHEZ, Hector Manuel
        ['JONG Man', 'ofac-sdn/22992'], // KIM, Jong Man
        ["MUN Ch'o'l", 'ofac-sdn/21745'], // KIM, Mun Chol
      ], ['strict', 'balanced'], false);
    });

    it('with the surname (any order, a middle name left out, a typo) the same people are still flagged in balanced and loose', () => {
      expectFlags([
        ['Trevor William Forrest', 'ofac-sdn/23209'], ['Forrest Trevor', 'ofac-sdn/23209'],
        ['Christopher Kinahan', 'ofac-sdn/34980'], ['Hector Manuel Beltran Sanchez', 'ofac-sdn/10622'],
        ['Kim Jong Man', 'ofac-sdn/22992'], ['Mun Chol Kim', 'ofac-sdn/21745'], ['Trevor William Forest', 'ofac-sdn/23209'],
      ], ['balanced', 'loose'], true);
    });
  });

  describeShared('class: a list name of one word found inside a longer query', () => {
    it('a person named with a listed one-word vessel name and another name stays clear in balanced', () => {
      expectFlags([
        ['Lauren Smith', 'ofac-sdn/40886'], // LAUREN
        ['Amber Lewis', 'ofac-sdn/15052'], // AMBER
        ['James Baxter', 'ofac-sdn/48416'], // BAXTER
        ['Steven Snow', 'ofac-sdn/15089'], // SNOW
      ], ['strict', 'balanced'], false);
    });

    it('the one word alone, or with weak words only, is still flagged in every mode', () => {
      expectFlags([
        ['Lauren', 'ofac-sdn/40886'], ['AMBER', 'ofac-sdn/15052'], ['Baxter', 'ofac-sdn/48416'], ['SNOW', 'ofac-sdn/15089'],
      ], ['strict', 'balanced', 'loose'], true);
    });
  });

  describeShared('class: a Korean or Chinese surname and one syllable, romanised, is matched syllable for syllable', () => {
    it('a listed syllable spelt one letter otherwise is another name: clear in strict and balanced', () => {
      expectFlags([
        ['KIM Hun', 'ofac-sdn/28036'], // KIM, Kun
        ['Sang KIM', 'ofac-sdn/23508'], ['KIM Sang', 'ofac-sdn/23508'], // KIM, Song
        ['YUN Jin', 'ofac-sdn/39497'], // YU, Jin
        ['KANG Mun', 'ofac-sdn/22989'], // KANG, Min
      ], ['strict', 'balanced'], false);
    });

    it('the same syllables as listed, in either order, are flagged in every fuzzy mode', () => {
      expectFlags([
        ['Kim Kun', 'ofac-sdn/28036'], ['Song Kim', 'ofac-sdn/23508'], ['Jin Yu', 'ofac-sdn/39497'], ['KANG Min', 'ofac-sdn/22989'],
      ], ['balanced', 'loose'], true);
    });

    it('a typo that makes no listed syllable is still a typo, found in balanced', () => {
      expectFlags([
        ['Shi Liong', 'bis-entity/5feca4001e74ceb65836ab95f4898da9de1cb7ae'], // Shi Lirong
        ['TIAN Ynyin', 'ofac-sdn/28263'], // TIAN, Yinyin
      ], ['balanced', 'loose'], true);
    });
  });

  describeShared('class (recall): a given name and a surname in capitals run together, the case change the only space', () => {
    it('is found in balanced and loose, the surname first or last', () => {
      expectFlags([
        ['ShefitXHAFERI', 'ofac-sdn/7811'], ['MuhametXHEMAJLI', 'ofac-sdn/7813'], ['AbdiSAMAD', 'ofac-sdn/39360'],
        ['Qais AbdulKARIM', 'ofac-non-sdn/9716'], ['Hsueh LungWEI', 'ofac-sdn/11292'], ['WEIHsueh Kang', 'ofac-sdn/6714'],
        ["Ahmad'ALI", 'ofac-sdn/21908'],
      ], ['balanced', 'loose'], true);
    });

    it('a short prefix, or a typo\'s lower-case letters inside a word in capitals, is no case change to split at', () => {
      for (const name of ['McGuire', 'DeLuca', "O'Brien", 'MacArthur', 'COnmANY', 'BOCHUANG CsgRAMIC INC.', 'HERwdANDEZ MORENO']) {
        expect(caseJoins(name)).toBe(name);
      }
      expect(caseJoins('ShefitXHAFERI')).toBe('Shefit XHAFERI');
      expect(caseJoins('WEIHsueh Kang')).toBe('WEI Hsueh Kang');
    });
  });

  describeShared('class (recall): a common name with its middle name or patronymic left out', () => {
    it('the surname and the first given name, exactly, are flagged in balanced and loose', () => {
      expectFlags([
        ['PETROV Sergey', 'ofac-sdn/35697'], ['Sergey Petrov', 'ofac-sdn/35697'], // PETROV, Sergey Valeriyevich
        ['NOVIKOV Dmitriy', 'ofac-sdn/35235'], ['SOKOLOV Aleksandr', 'ofac-sdn/41038'], ['KUZNETSOV Dmitry', 'ofac-sdn/35471'],
        ['SALEH Ahmed', 'ofac-sdn/17928'], // SALEH, Ahmed Ali
      ], ['balanced', 'loose'], true);
    });

    it('the first given name left out, a given name of syllables split, or Han syllables, stay clear in balanced', () => {
      expectFlags([
        ['Francisco Lopez', 'ofac-sdn/24705'], // LOPEZ, Jose Francisco
        ['KIM Min', 'ofac-sdn/23092'], // KIM, Min Chol
        ['瑜 李', 'ofac-sdn/11284'], // LI, Cheng Yu
      ], ['strict', 'balanced'], false);
    });
  });

  describeShared('class (recall): the Arabic article with a typo, hyphenated to its word', () => {
    it('is read as the article before a word the lists write with it, in balanced and loose', () => {
      expectFlags([
        ['iL-LIBI Abd al-Muhsin', 'ofac-sdn/7150'], ["Ai-SHA'IR Ali", 'ofac-sdn/33292'], ['L-QUTMAH Akram', 'ofac-sdn/22109'],
        ['Av-HARAMAIN : THE NETHERLANDS BRANCH', 'ofac-sdn/8262'], ["Ax-KUBAYSI 'Umar", 'ofac-sdn/22463'],
      ], ['balanced', 'loose'], true);
    });

    it('another short hyphenated prefix (a Korean syllable) is not made an article', () => {
      const top = engine.screen({ name: 'Kim Il-Sung', fuzziness: 'balanced', limit: 5, threshold: 0.5 }).matches;
      expect(top.some((m) => /\bAL\b/i.test(m.matchedName))).toBe(false);
    });
  });

  describeShared('class: a person listed "First Middle Last" matched without the first name', () => {
    const STONE = 'state-debarred/bd4dbb7ce5c7c68c7ac64484bfba98de6bea9a8f'; // Joel Robert Stone
    const BROWNING = 'state-debarred/e0853cdb37995114caee61629890d3ac34c0fa19'; // Steven Paul Browning
    const MILLER = 'state-debarred/ec88aaecbd1eedc38e29d760d2b2e8359eba2b5e'; // Scott Michael Miller

    it('the middle name and the surname (another person\'s first name and surname) stay clear in balanced', () => {
      expectFlags([['Robert Stone', STONE], ['Paul Brown', BROWNING], ['Michaela Miller', MILLER]], ['strict', 'balanced'], false);
    });

    it('the first name and the surname, the middle name left out, are still flagged in balanced and loose', () => {
      expectFlags([['Joel Stone', STONE], ['Steven Browning', BROWNING], ['Joel Robert Stone', STONE]], ['balanced', 'loose'], true);
    });
  });

  describeShared('class: a person listed "SURNAME, First Later" matched by the surname and a later given name without the first', () => {
    it('a later given name (a middle name, the father\'s name of an Arabic nasab) and the surname name someone else: clear in strict and balanced', () => {
      expectFlags([
        ['Mahmud Gharib', 'ofac-sdn/7889'], // GHARIB, Fadil Mahmud
        ['Rashid Naji', 'ofac-sdn/2685'], // NAJI, Talal Muhammad Rashid
        ['Mohamad Mansour', 'ofac-sdn/39959'], // MANSOUR, Adel Mohamad
        ['Pierre Zegarra Martinez', 'ofac-sdn/20149'], // ZEGARRA MARTINEZ, Guillermo Jean Pierre
        ['Hussein al-Tikriti', 'ofac-sdn/8187'], // AL-TIKRITI, Ali Saddam Hussein (Ali Saddam is one name: Hussein is the grandfather)
      ], ['strict', 'balanced'], false);
    });

    it('the first given name and the surname, or a first initial the reading drops ("A."), are still flagged in balanced and loose', () => {
      expectFlags([
        ['Fadil Gharib', 'ofac-sdn/7889'], ['Talal Rashid Naji', 'ofac-sdn/2685'], ['Adel Mansour', 'ofac-sdn/39959'],
        ['Guillermo Zegarra Martinez', 'ofac-sdn/20149'], ['KOGAN A. Borisovich', 'ofac-sdn/35645'], // KOGAN, Alexander Borisovich
        ['PRIGOZHIN Y. Viktorovich', 'ofac-sdn/21171'], // PRIGOZHIN, Yevgeniy Viktorovich ("Y." is read as the Spanish "y")
      ], ['balanced', 'loose'], true);
    });

    it('the name after a first element the lists drop themselves (Muhammad, Ali, Abdul, Jose, Maria, Juan) or a title (Seyed, Hafiz, Qari), or a later name the entry writes first or as the surname: still flagged', () => {
      expectFlags([
        ['Shawqi Islambouli', 'ofac-sdn/2682'], // ISLAMBOULI, Mohammad Shawqi
        ['Abdullah Saleh', 'ofac-sdn/17387'], // SALEH, Ali Abdullah
        ['Mohamad Saleh', 'ofac-sdn/12992'], // SALEH, Ali Mohamad
        ['Hussein Abbas', 'ofac-sdn/8307'], // ABBAS, Abdul Hussein
        ['Rahman Makki', 'ofac-sdn/12295'], // MAKKI, Hafiz Abdul Rahman
        ['Yaqoob Sheikh', 'ofac-sdn/15417'], // SHEIKH, Qari Muhammad Yaqoob
        ['Alejandro Gil Garcia', 'ofac-sdn/7169'], // GIL GARCIA, Jose Alejandro
        ['Antonieta Fregoso Amezquita', 'ofac-sdn/7167'], // FREGOSO AMEZQUITA, Maria Antonieta
        ['Carlos Ramirez Abadia', 'ofac-sdn/6718'], // RAMIREZ ABADIA, Juan Carlos
        ['Mahmoud Mohaddes', 'ofac-sdn/16142'], // MOHADDES, Seyed Mahmoud
        ['Pierre Mupenzi', 'ofac-sdn/11387'], // MUPENZI, General Pierre Bernard
        ['Nashwan al-Yafi\'i', 'ofac-sdn/23054'], // AL-YAFI'I, Wali Nashwan; also AL-YAFI'I, Nashwan al-Wali
        ['ILLIASSOU Djibbo', 'ofac-sdn/32391'], // DJIBO, Halid Illiassou; also ILLIASSOU, Djibbo (a weak a.k.a.)
        ['Javier Arellano Felix', 'ofac-sdn/8235'], // ARELLANO FELIX, Francisco Javier; also ARELLANO FELIX, Javier
      ], ['balanced', 'loose'], true);
    });

    it('a later name written first or as the surname in a name of the entry folded into another spelling of the same words: still flagged', () => {
      expectFlags([
        ['Yaacoub BAKER', 'ofac-sdn/42160'], // BAKER, Rami Yaacoub; RAMI, Yaacoub Baker (the same words: one row)
        ['Abdullah AL-MAMUN', 'ofac-sdn/33953'], // also ABDULLAH AL MAMUN, Chowdhury
        ['Faraj AHMAD', 'ofac-sdn/10007'], // also NAJMUDDIN, Faraj Ahmad
        ['S. Hasan AHMED', 'ofac-sdn/8215'], // also ADNAN, Ahmed S. Hasan
        ['Salah ABDALLAH', 'ofac-sdn/6907'], // also THIRWAT, Salah Shihata
      ], ['balanced', 'loose'], true);
    });

    it('a first initial of the first given name as written in any of the entry\'s spellings, a spelling folded into another row too: still flagged', () => {
      expectFlags([
        ['Y. Viktorovich GLADKIKH', 'ofac-sdn/35256'], // GLADKIKH, Yevgeniy Viktorovich, folded into the "Evgeny" row
        ['Y. Borisovna ALTABAEVA', 'ofac-sdn/28354'],
        ['E. Igorevich MOZHAEV', 'ofac-sdn/48606'], // Yegor
      ], ['balanced', 'loose'], true);
    });

    it('a person the entry also names by a kunya (Abu Musab, Abou Mossab): still flagged by a later given name', () => {
      expectFlags([
        ['Abou Moussa ABD AL-WADOUB', 'ofac-sdn/10612'], // ABD AL-WADOUB, Abdou Moussa; ABDELOUADOUD, Abou Mossab...
        ['ABD AL-WADOUB, Abou Moussa', 'ofac-sdn/10612'],
      ], ['balanced', 'loose'], true);
    });

    it('a later given name another name of the entry writes first or as the surname in another spelling, or as one word ("Najm Eddine", "NAJMUDDIN"): still flagged', () => {
      expectFlags([
        ['Faraj NAJMUDDIN', 'ofac-sdn/10007'], // FARRAJ, Fateh Najm Eddine; NAJMUDDIN, Faraj Ahmad
      ], ['balanced', 'loose'], true);
    });
  });

  describeShared('class: one part of a given name the entry writes hyphenated in one of its names, written apart in another', () => {
    it('is another given name in every spelling of it: clear in strict and balanced', () => {
      expectFlags([
        ['Hossein Mohseni Ejei', 'ofac-sdn/12252'], // MOHSENI-EJEI, Qolam-Hossein; MOHSENI EJEI, Gholam Hossein
        ['Chol Min', 'ofac-sdn/21305'], // MIN, Byong-chol; MIN, Byong Chol
      ], ['strict', 'balanced'], false);
    });

    it('the part after a generic first element (the lists name "BORGHEI, Amir-Mansour" "BORGHEI, Mansour" too), the whole name, or a part written as an initial: still flagged in balanced and loose', () => {
      expectFlags([
        ['Akbar Pour-Ebrahim', 'ofac-sdn/29787'], ['Reza Ashtiani', 'ofac-sdn/27855'], // ASHTIANI, Mohammad-Reza; ASHTIANI, Mohammed Reza Gharayi
        ['Malik al-Houthi', 'ofac-sdn/17927'], // AL-HOUTHI, Abdul-Malik; AL HOUTHI, Abdul Malik
        ['Gholam Hossein Mohseni Ejei', 'ofac-sdn/12252'], ['Amir Mansour Borghei', 'ofac-sdn/30362'],
        ['PUREBRAHIM A. Akbar', 'ofac-sdn/29787'], // "A." is read as the article "a"
        ['KIM Y. Jong', 'ofac-sdn/21444'], // KIM, Yo Jong ("Y." is read as the Spanish "y")
      ], ['balanced', 'loose'], true);
    });

    it('a generic first element (Muhammad, Ali, Abdul, Amir) alone with the surname is the person\'s first name and surname, a middle name left out: still flagged', () => {
      expectFlags([
        ['Muhammad ZADRAN', 'ofac-sdn/16519'], // ZADRAN, Muhammad Omar; JADRAN, Mohammad-Omar
        ['Abdul AL-HOUTHI', 'ofac-sdn/17927'], // AL HOUTHI, Abdul Malik; AL-HOUTHI, Abdul-Malik
        ['Ali POUREBRAHIM', 'ofac-sdn/29787'], ['Ali Pour-Ebrahim', 'ofac-sdn/29787'], // POUR-EBRAHIM, Ali-Akbar
        ['Amir Borghei', 'ofac-sdn/30362'], // BORGHEI, Amir-Mansour; BORGHEI, Seyyed Amir Mansour
      ], ['balanced', 'loose'], true);
    });
  });

  describeShared('class: a Han or Hangul given name written with its syllables in another order than listed, or only one of them listed', () => {
    it('is another given name: clear in strict and balanced', () => {
      expectFlags([
        ['은정 김', 'ofac-sdn/20157'], // KIM, Jong Un
        ['광수 김', 'ofac-sdn/22286'], // KIM, Su-Kwang
        ['민석 최', 'ofac-sdn/23001'], // CH'OE, So'k-min
        ['훈성 김', 'ofac-sdn/27212'], // KIM, Song Hun
      ], ['strict', 'balanced'], false);
    });

    it('a given name of which the list name has one syllable and lacks the other is another given name: clear in strict and balanced', () => {
      expectFlags([
        ['정수 은영 김', 'ofac-sdn/20157'], // KIM, Jong Un: 은영 "Un Yong" shares only "Un"
        ['경수 준혁 김', 'ofac-sdn/23007'], // KIM, Kyong Hyok
        ['정수 성호 김', 'ofac-sdn/48269'], // JONG, Song Ho
        ['유진 류', 'ofac-sdn/17616'], // RYU, Jin: "Yu" is inside "Ryu", but that is the query's own surname 류
      ], ['strict', 'balanced'], false);
    });

    it('the syllables in the listed order, the name in one word or two, are flagged in every mode', () => {
      expectFlags([
        ['김정은', 'ofac-sdn/20157'], ['김 정은', 'ofac-sdn/20157'], ['정은 김', 'ofac-sdn/20157'],
        ['수광 김', 'ofac-sdn/22286'], ['최석민', 'ofac-sdn/23001'], ['성훈 김', 'ofac-sdn/27212'],
        ['류진', 'ofac-sdn/17616'], ['진 류', 'ofac-sdn/17616'], ['리수용', 'ofac-sdn/21735'], ['최룡해', 'ofac-sdn/23213'], ['김여정', 'ofac-sdn/21444'], ['최춘식', 'ofac-sdn/19498'],
      ], ['strict', 'balanced', 'loose'], true);
    });
  });

  describeShared('class: a Han or Hangul query with a whole syllable word (another given name or surname) the listed name lacks', () => {
    const GUIHUA = 'ofac-sdn/30343'; // LI, Guihua
    const JIAN_DAI = 'state-debarred/343ac24ed6c1c3a627918e1ffdc0af5cf1bc8548'; // Jian Dai
    const FAN_YANG = 'ofac-sdn/44788'; // FAN, Yang
    const YUHUA = 'ofac-sdn/23469'; // YUHUA, Shi
    const YONGKIL = 'ofac-sdn/33936'; // YI, Yo'ng-kil
    it('is another person: clear in strict and balanced', () => {
      expectFlags([
        ['明 桂花 李', GUIHUA], ['华 健 戴', JIAN_DAI], ['阳 帆 黄', FAN_YANG], ['丽娟 玉华 史', YUHUA], ['영길 동수 이', YONGKIL],
      ], ['strict', 'balanced'], false);
    });

    it('the listed syllables alone are flagged in balanced and loose', () => {
      expectFlags([['桂花 李', GUIHUA], ['健 戴', JIAN_DAI], ['帆 杨', FAN_YANG], ['玉华 石', YUHUA], ['영길 이', YONGKIL]], ['balanced', 'loose'], true);
    });
  });

  describeShared('class: a listed given name or Slavic surname with a feminine ending added (Luisa for Luis, Lebedeva for Lebedev)', () => {
    const LUIS = 'ofac-sdn/6704'; // LOPEZ, Luis
    const VALENTIN = 'ofac-sdn/7672'; // CORIC, Valentin
    const IVAN = 'ofac-sdn/36757'; // ABRAMOV, Ivan Nikolayevich
    const LEBEDEV = 'ofac-sdn/35663'; // LEBEDEV, Yevgeny Viktorovich
    it('is another person: clear in strict and balanced', () => {
      expectFlags([['Luisa Lopez', LUIS], ['Ivana Abramov', IVAN], ['Yevgeny Lebedeva', LEBEDEV]], ['strict', 'balanced'], false);
    });

    it('the listed forms are flagged in balanced and loose', () => {
      expectFlags([['Luis Lopez', LUIS], ['Valentin Coric', VALENTIN], ['Ivan Abramov', IVAN], ['Yevgeny Lebedev', LEBEDEV]], ['balanced', 'loose'], true);
    });
  });

  describeShared('class: a query "First Middle Last" whose first given name a listed "First Last" (no comma) lacks', () => {
    const CHAN = 'state-debarred/aed3185db067dcb6e9f4fdcf2a2a874b02ab84bd'; // John Chan
    const POWELL = 'bis-denied/dpl-66a54f7870a26177'; // DAVID POWELL
    it('is another person (the middle name and surname are the listed first name and surname): clear in strict and balanced', () => {
      expectFlags([['Brian John Chan', CHAN], ['Kevin David Powell', POWELL], ['John David Powell', POWELL]], ['strict', 'balanced'], false);
    });

    it('the listed first name and surname are flagged in balanced and loose', () => {
      expectFlags([['John Chan', CHAN], ['David Powell', POWELL], ['Powell David', POWELL]], ['balanced', 'loose'], true);
    });
  });

  describeShared('class (recall): a typo inside a long word of organisation names that folds (COMERCIAL, ASSOCIATION, INTERNATIONAL)', () => {
    it('is still that word: the organisation is found in balanced and loose', () => {
      expectFlags([
        ['COMERCpAL JOANA S.A. DE C.V.', 'ofac-sdn/10651'], ['GRUPO COMEaRCIAL SAN BLAS S.A. DE C.V.', 'ofac-sdn/13015'],
        ['PALESTINIAN SASOCIATION IN AUSTRIA', 'ofac-sdn/7918'], ['COMERCIAL CIMEX SA', 'ofac-sdn/551'],
        ['ETCO INTERNATINAL COMMODITIES LTD', 'ofac-sdn/767'], ['COMERCIAL IBEROAMERICANA SA', 'ofac-sdn/540'],
      ], ['balanced', 'loose'], true);
    });
  });

  describeShared('class: Han syllables written as words of their own joined into one listed Latin word', () => {
    it('a one-character given name and a one-character surname are two names, not one word: clear in every mode', () => {
      expectFlags([
        ['军 鞠', 'ofac-sdn/12915'], // JUNJU, Abdullah
        ['想 贺', 'ofac-sdn/23176'], // XIANGHE TRADE CO., LTD.
        ['红 颜', 'ofac-sdn/16319'], // HANGZHOU HONGYAN TRADING CO., LTD
        ['楠 杨', 'ofac-non-sdn/32084'], // ZHEJIANG NANYANG TECHNOLOGY COMPANY LIMITED
      ], ['strict', 'balanced', 'loose'], false);
    });

    it('the syllables of one written word still join: a given name of two characters meets the listed joined given name', () => {
      expectFlags([
        ['夏峰兵', 'ofac-sdn/45350'], ['峰兵 夏', 'ofac-sdn/45350'], ['夏 峰兵', 'ofac-sdn/45350'], // XIA, Fengbing
        ['张宏波', 'ofac-sdn/40140'], ['宏波 张', 'ofac-sdn/40140'], // ZHANG, Hongbo
      ], ['balanced', 'loose'], true);
    });
  });

  describeShared('class: a romanised Korean surname and syllable read as one listed word or as initials', () => {
    it('joined into a company or other word, or read as the initials of a given name: clear in strict and balanced', () => {
      expectFlags([
        ['SIN Yong', 'ofac-sdn/9345'], // CHANGGWANG SINYONG CORPORATION
        ['CHOE Myong', 'ofac-sdn/23705'], // CHONMYONG SHIPPING CO (a letter changed inside the join)
        ['HYON Gwang', 'ofac-sdn/9525'], // KOREA RYONGWANG TRADING CORPORATION
        ['Je RI', 'ofac-sdn/39296'], // JERI, Abdullahi
        ['RI Su', 'ofac-sdn/24997'], // RI, Song Un (S. U.)
        ['PAK Song', 'bis-entity/255214caf724219463f61ad6ce3ffb93ab454092'], // Mark Ong ("PAK" is read "park")
        ['PAK Tong', 'bis-entity/255214caf724219463f61ad6ce3ffb93ab454092'],
        ['RYOM bong', 'ofac-sdn/19596'], // RYO MYONG
        ['Chin HUANG', 'bis-entity/c794d5488289c1329cefbc81614a7207658aa873'], // Chi-Chuang Electronics Company Ltd
      ], ['strict', 'balanced'], false);
    });

    it('the listed names themselves, syllable for syllable or joined whole, are still flagged in balanced and loose', () => {
      expectFlags([
        ['Changgwang Sinyong', 'ofac-sdn/9345'], ['Chonmyong Shipping', 'ofac-sdn/23705'], ['Abdullahi Jeri', 'ofac-sdn/39296'],
        ['RI Song Un', 'ofac-sdn/24997'], ['Song Un RI', 'ofac-sdn/24997'], ['Mark Ong', 'bis-entity/255214caf724219463f61ad6ce3ffb93ab454092'],
        ['Ryo Myong', 'ofac-sdn/19596'], ['Chong Bong', 'ofac-sdn/19588'], ['Hwa Song', 'ofac-sdn/23514'], ['Sin Yong Il', 'ofac-sdn/23087'],
        ['Pak Tong Sok', 'ofac-sdn/23478'], ['Pak Tongsok', 'ofac-sdn/23478'], ['Hyon Gwang Il', 'ofac-sdn/19534'], ['Choe Myong Hyon', 'ofac-sdn/27209'],
      ], ['balanced', 'loose'], true);
    });

    it('a two-syllable given name written joined ("Ri Jaeil" for "RI, Jae Il") is the listed name: flagged in balanced and loose', () => {
      expectFlags([
        ['Ri Jaeil', 'ofac-sdn/20127'], ['Jaeil Ri', 'ofac-sdn/20127'], ['Kim Suil', 'ofac-sdn/26944'], ['Choe Puil', 'ofac-sdn/20120'],
        ['Choi Buil', 'ofac-sdn/20120'], ['Ri Chaeil', 'ofac-sdn/20127'], ['Ri Suyong', 'ofac-sdn/21735'], ['Yu Puung', 'ofac-sdn/47701'],
      ], ['balanced', 'loose'], true);
    });
  });

  describeShared('class: an East-Asian given name written hyphenated, listed without a comma, its surname at either end', () => {
    const CHU = 'state-isn/3b2fcb7430298a721fb8b6994fa4ad290ed62a00'; // Chu Kyu-Chang ("Chang" is a surname too)
    const JANG = 'state-isn/1ccb22aa2055d471295f6ec5622c794dbe0242ea'; // Jang Myong-Jin ("Jin" is a surname too)
    it('one syllable of the hyphenated given name with the surname is another given name: clear in strict and balanced', () => {
      expectFlags([['Kyu CHU', CHU], ['Chang CHU', CHU], ['JANG Myong', JANG], ['Jin JANG', JANG]], ['strict', 'balanced'], false);
    });

    it('the whole given name, hyphenated, spaced or joined, in either order, is still flagged in balanced and loose', () => {
      expectFlags([
        ['Chu Kyu-Chang', CHU], ['Kyu-Chang CHU', CHU], ['Kyu Chang Chu', CHU], ['CHU Kyuchang', CHU],
        ['Jang Myong-Jin', JANG], ['Myong Jin Jang', JANG], ['JANG Myongjin', JANG],
      ], ['balanced', 'loose'], true);
    });
  });

  describeShared('class: one name of a listed three- or four-word name swapped for a common given name or surname', () => {
    it('the common name unmatched while a listed word is left out: another person, clear in strict and balanced', () => {
      expectFlags([
        ['Ignacio Garcia VILLAREAL', 'ofac-sdn/9335'], // CORONEL VILLAREAL, Ignacio
        ["Michael 'Adnan AL-HAMIDAWI", 'ofac-sdn/28690'], // AL-HAMIDAWI, Shaykh 'Adnan
        ['Maria Marcela Michael Pilar PEREZ MONTERO', 'ofac-sdn/11469'], // PEREZ MONTERO, Maria Marcela del Pilar
        ['Abdul Naser DIB Thompson MALT', 'ofac-sdn/11540'], // DIB EL MALT, Abdul Naser
        ['Daniel Ali Reza TAMARZADEH ZAVIEH JAKKI', 'ofac-sdn/46250'], // TAMARZADEH ZAVIEH JAKKI, Shahram Ali Reza
      ], ['strict', 'balanced'], false);
    });

    it('the listed name whole, with a word left out, or with a typo in the word instead, is still flagged in balanced and loose', () => {
      expectFlags([
        ['Ignacio Coronel Villareal', 'ofac-sdn/9335'], ['Ignacio VILLAREAL', 'ofac-sdn/9335'],
        ['Shaykh Adnan Al-Hamidawi', 'ofac-sdn/28690'], ['Adnan AL-HAMIDAWI', 'ofac-sdn/28690'],
        ['Maria Marcela del Pilar Perez Montero', 'ofac-sdn/11469'], ['Maria Marcela PEREZ MONTERO', 'ofac-sdn/11469'],
        ['Abdul Naser Dib El Malt', 'ofac-sdn/11540'], ['Shahram Ali Reza Tamarzadeh', 'ofac-sdn/46250'],
        ['Jorge Guillermi Gonzalez Cardenas', 'ofac-sdn/15018'], ['Jorge GONZALEZ CARDENAS', 'ofac-sdn/15018'],
      ], ['balanced', 'loose'], true);
    });
  });

  describeShared('class: a word in Arabic script read as one consonant (its vowels unwritten)', () => {
    it('the one consonant is no initial of a listed word: clear in strict and balanced', () => {
      expectFlags([
        ['عطاء المهنا', 'ofac-sdn/24706'], // MAHAN TRAVEL ("t" for TRAVEL)
        ['إباء الراشد', 'ofac-sdn/21913'], // RASHID, Badr ("b" for Badr)
        ['إباء آل العسكري', 'ofac-sdn/9749'], // BLUE SKY INDUSTRY CORPORATION
      ], ['strict', 'balanced'], false);
    });

    it('the listed names, in Arabic or Latin script, are still flagged in balanced and loose', () => {
      expectFlags([
        ['بدر الراشد', 'ofac-sdn/21913'], ['بدر راشد', 'ofac-sdn/21913'], ['Badr Rashid', 'ofac-sdn/21913'],
        ['Mahan Travel', 'ofac-sdn/24706'],
      ], ['balanced', 'loose'], true);
    });
  });
});
