/**
 * zxcvbn-ts's dictionaries (common passwords, English words), loaded at the first password check or
 * client-secret check rather than at start: importing them cost about 0.2 s of CPU (they decompress on
 * load), paid by every server start and test process whether or not a password is ever checked. The
 * packages are CommonJS, so a require() keeps the checks synchronous.
 */
import { createRequire } from 'node:module';

type Common = typeof import('@zxcvbn-ts/language-common');
type English = typeof import('@zxcvbn-ts/language-en');

const require = createRequire(import.meta.url);
let common: Common | null = null;
let english: English | null = null;

/** @zxcvbn-ts/language-common: the ranked common-password list and keyboard graphs, loaded once. */
export function commonDictionary(): Common {
  common ??= require('@zxcvbn-ts/language-common') as Common;
  return common;
}

/** @zxcvbn-ts/language-en: English words, names and the feedback texts, loaded once. */
export function englishDictionary(): English {
  english ??= require('@zxcvbn-ts/language-en') as English;
  return english;
}
