import { createRequire } from 'node:module';
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import type * as ZxcvbnCommon from '@zxcvbn-ts/language-common';
import type * as ZxcvbnEn from '@zxcvbn-ts/language-en';

// NIST 800-63B §3.1.1.2: no composition rules, but refuse passwords found in lists of common,
// expected or compromised values. zxcvbn-ts carries those lists (common passwords, names,
// English words, keyboard walks) and estimates how many guesses the rest would take.

/** zxcvbn's score 3: more than 10^8 guesses, "safely unguessable" online and against a slow hash. */
const MIN_SCORE = 3;

export const PASSWORD_REFUSALS = {
  common: 'This password is too common. Choose a longer or less predictable one.',
  repeated: 'This password repeats the same characters. Choose a longer or less predictable one.',
  sequence:
    'This password follows a sequence or keyboard pattern (like 12345 or qwerty). Choose a longer or less predictable one.',
  personal:
    'The password must not contain the email address or name of its account. Choose a different one.',
  service:
    'The password must not contain the name of Carebook or of your clinic. Choose a different one.',
  guessable: 'This password is too easy to guess. Choose a longer or less predictable one.',
} as const;

let factory: ZxcvbnFactory | undefined;
/**
 * Built on first use: the dictionaries are 1.6 MB of JavaScript, a quarter of a second to load,
 * which a server start should not pay before anyone sets a password. They are read then, from
 * node_modules (the server bundle leaves them out), synchronously so the check stays a plain
 * function.
 */
function estimator() {
  if (factory) return factory;
  const load = createRequire(import.meta.url);
  const zxcvbnCommon = load('@zxcvbn-ts/language-common') as typeof ZxcvbnCommon;
  const zxcvbnEn = load('@zxcvbn-ts/language-en') as typeof ZxcvbnEn;
  factory = new ZxcvbnFactory({
    dictionary: { ...zxcvbnCommon.dictionary, ...zxcvbnEn.dictionary },
    graphs: zxcvbnCommon.adjacencyGraphs,
    translations: zxcvbnEn.translations,
  });
  return factory;
}

export interface PasswordOwner {
  email: string;
  name?: string | null;
  /** The names of the account's clinics: a guesser who knows where it works tries them first. */
  clinicNames?: readonly string[];
}

/** The product's name: the first word anyone guessing a Carebook password tries. */
const SERVICE_NAME = 'carebook';

/** Digits and signs written for the letters they look like ("C4reb00k"). */
const LOOKALIKES: Record<string, string> = {
  '0': 'o',
  '3': 'e',
  '4': 'a',
  '@': 'a',
  '5': 's',
  $: 's',
  '7': 't',
  '8': 'b',
  '!': 'i',
  '|': 'l',
};

/**
 * A text as the letters it spells, lower case, with nothing between them: "Care-Book 2026",
 * "CAREB00K" and "care book" all read "carebook". A "1" may stand for an i or an l, so both
 * readings are given. Digits that spell nothing are dropped.
 */
function lettersOnly(text: string): string[] {
  const read = (one: string) =>
    [...text.toLowerCase()]
      .map((c) => (c === '1' ? one : (LOOKALIKES[c] ?? c)))
      .filter((c) => /\p{L}/u.test(c))
      .join('');
  return [...new Set([read('i'), read('l')])];
}

/** Words many clinics' names share: refusing each outright would refuse good passphrases. */
const GENERIC_CLINIC_WORDS = new Set([
  'associates',
  'care',
  'center',
  'centre',
  'clinic',
  'clinics',
  'community',
  'dental',
  'family',
  'group',
  'health',
  'healthcare',
  'hospital',
  'medical',
  'medicine',
  'practice',
  'surgery',
  'wellness',
]);

/**
 * Names a password must not contain at all: the product's, each clinic's whole name (with or
 * without its spaces) and the words that make a clinic's name its own ("Riverside", "Lakeview").
 * The words many clinics share ("Family", "Clinic") go to the estimator as known words instead,
 * so "family-picnic-in-june" stays a good passphrase while "family2026" is scored as the guess
 * it is.
 */
function serviceWords(owner: PasswordOwner): { whole: string[]; parts: string[] } {
  const names = (owner.clinicNames ?? []).map((n) => n.trim().toLowerCase()).filter(Boolean);
  const words = names.flatMap((n) => n.split(/[^\p{L}\p{N}]+/u)).filter((w) => w.length >= 4);
  const whole = [
    SERVICE_NAME,
    ...names,
    ...names.map((n) => n.replace(/\s+/g, '')),
    ...words.filter((w) => !GENERIC_CLINIC_WORDS.has(w)),
  ];
  const parts = words.filter((w) => GENERIC_CLINIC_WORDS.has(w));
  return { whole: [...new Set(whole.filter((w) => w.length >= 4))], parts: [...new Set(parts)] };
}

/** The words of the account's identity a guesser would try first: whole email, local part, name. */
function personalWords(owner: PasswordOwner): string[] {
  const email = owner.email.trim().toLowerCase();
  const local = email.split('@')[0] ?? '';
  const name = (owner.name ?? '').trim().toLowerCase();
  const words = [email, local, name, name.replace(/\s+/g, '')];
  // Parts of the local part and of the name too ("ada.park" -> "ada", "park"), when long enough
  // to mean something; the mail domain is left out on purpose, it is the same for a whole clinic.
  for (const part of [...local.split(/[._+-]/), ...name.split(/\s+/)]) words.push(part);
  return [...new Set(words.filter((w) => w.length >= 4))];
}

/**
 * Why this password may not be set for this account, as a sentence a person can act on, or null
 * when it may. The length limits are the contract's (`newPasswordField`); this adds what a schema
 * cannot know: the lists, the account's own details, and guessability.
 */
export function passwordRefusal(password: string, owner: PasswordOwner): string | null {
  const lowered = password.toLowerCase();
  const personal = personalWords(owner);
  if (personal.some((word) => lowered.includes(word))) return PASSWORD_REFUSALS.personal;
  const service = serviceWords(owner);
  const spellings = lettersOnly(password);
  if (service.whole.some((word) => spellings.some((s) => s.includes(lettersOnly(word)[0]!))))
    return PASSWORD_REFUSALS.service;
  const result = estimator().check(password, [...personal, SERVICE_NAME, ...service.parts]);
  if (result.score >= MIN_SCORE) return null;
  // The weakest part of the password decides which advice helps; a known word of the account
  // or its clinic is named first, since it is what a guesser who knows them tries first.
  const known = result.sequence.filter(
    (m) => m.pattern === 'dictionary' && m.dictionaryName === 'userInputs',
  );
  if (known.some((m) => personal.includes(String(m.matchedWord))))
    return PASSWORD_REFUSALS.personal;
  if (known.length > 0) return PASSWORD_REFUSALS.service;
  const patterns = new Set(result.sequence.map((match) => match.pattern));
  if (patterns.has('repeat')) return PASSWORD_REFUSALS.repeated;
  if (patterns.has('sequence') || patterns.has('spatial')) return PASSWORD_REFUSALS.sequence;
  if (patterns.has('dictionary')) return PASSWORD_REFUSALS.common;
  return PASSWORD_REFUSALS.guessable;
}
