/**
 * @module What each list is: display name, publisher and the page a user can check it on.
 * The file formats and download URLs that feed them live with their readers and in registry.ts.
 */
import type { ListSource } from './model.js';

export interface ListSourceInfo {
  source: ListSource;
  name: string;
  publisher: string;
  /** Human-readable page of the list at its publisher. */
  sourceUrl: string;
}

export const LIST_INFO: Readonly<Record<ListSource, ListSourceInfo>> = Object.freeze({
  'ofac-sdn': {
    source: 'ofac-sdn',
    name: 'Specially Designated Nationals and Blocked Persons List (SDN)',
    publisher: 'U.S. Department of the Treasury, Office of Foreign Assets Control',
    sourceUrl: 'https://ofac.treasury.gov/specially-designated-nationals-and-blocked-persons-list-sdn-human-readable-lists',
  },
  'ofac-ssi': {
    source: 'ofac-ssi',
    name: 'Sectoral Sanctions Identifications List (SSI)',
    publisher: 'U.S. Department of the Treasury, Office of Foreign Assets Control',
    sourceUrl: 'https://ofac.treasury.gov/consolidated-sanctions-list-non-sdn-lists/sectoral-sanctions-identifications-ssi-list',
  },
  'ofac-fse': {
    source: 'ofac-fse',
    name: 'Foreign Sanctions Evaders List (FSE)',
    publisher: 'U.S. Department of the Treasury, Office of Foreign Assets Control',
    sourceUrl: 'https://ofac.treasury.gov/consolidated-sanctions-list-non-sdn-lists/foreign-sanctions-evaders-fse-list',
  },
  'ofac-non-sdn': {
    source: 'ofac-non-sdn',
    name: 'Other Non-SDN Lists (NS-MBS, CAPTA, NS-CMIC, NS-PLC)',
    publisher: 'U.S. Department of the Treasury, Office of Foreign Assets Control',
    sourceUrl: 'https://ofac.treasury.gov/consolidated-sanctions-list-non-sdn-lists',
  },
  'bis-entity': {
    source: 'bis-entity',
    name: 'Entity List',
    publisher: 'U.S. Department of Commerce, Bureau of Industry and Security',
    sourceUrl: 'https://www.bis.gov/entity-list',
  },
  'bis-denied': {
    source: 'bis-denied',
    name: 'Denied Persons List',
    publisher: 'U.S. Department of Commerce, Bureau of Industry and Security',
    sourceUrl: 'https://www.bis.gov/denied-persons-list',
  },
  'bis-unverified': {
    source: 'bis-unverified',
    name: 'Unverified List',
    publisher: 'U.S. Department of Commerce, Bureau of Industry and Security',
    sourceUrl: 'https://www.bis.gov/unverified-list',
  },
  'bis-meu': {
    source: 'bis-meu',
    name: 'Military End-User List',
    publisher: 'U.S. Department of Commerce, Bureau of Industry and Security',
    sourceUrl: 'https://www.bis.gov/military-end-user-meu-list',
  },
  'state-debarred': {
    source: 'state-debarred',
    name: 'AECA/ITAR Debarred Parties',
    publisher: 'U.S. Department of State, Directorate of Defense Trade Controls',
    sourceUrl: 'https://www.pmddtc.state.gov/ddtc_public/ddtc_public?id=ddtc_kb_article_page&sys_id=c22d1833dbb8d300d0a370131f9619f0',
  },
  'state-isn': {
    source: 'state-isn',
    name: 'Nonproliferation Sanctions',
    publisher: 'U.S. Department of State, Bureau of International Security and Nonproliferation',
    sourceUrl: 'https://www.state.gov/key-topics-bureau-of-international-security-and-nonproliferation/nonproliferation-sanctions/',
  },
  'gsa-sam': {
    source: 'gsa-sam',
    name: 'SAM.gov Exclusions',
    publisher: 'U.S. General Services Administration',
    sourceUrl: 'https://sam.gov/content/exclusions',
  },
  'dhs-uflpa': {
    source: 'dhs-uflpa',
    name: 'UFLPA Entity List',
    publisher: 'U.S. Department of Homeland Security, Forced Labor Enforcement Task Force',
    sourceUrl: 'https://www.dhs.gov/uflpa-entity-list',
  },
});
