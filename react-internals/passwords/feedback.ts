/**
 * zxcvbn's feedback in the widget's language (docs/reference/methods/passwords.md#validation). The
 * provider's strength-check answer carries the feedback as English sentences (zxcvbn-ts's English
 * catalogue, which the server scores with); each sentence is one stable id of that catalogue, kept
 * here with its English text, so the widget shows the string table's text for the id. A sentence
 * outside the catalogue (a newer server) is shown as it came, marked English (WCAG 3.1.2).
 */
import type { StringKey } from '../strings.ts';

/** English texts of the feedback ids: zxcvbn-ts's catalogue (warnings, suggestions) and the server's length limit. */
export const PASSWORD_FEEDBACK_STRINGS = {
  'password.warning.straightRow': 'Straight rows of keys on your keyboard are easy to guess.',
  'password.warning.keyPattern': 'Short keyboard patterns are easy to guess.',
  'password.warning.simpleRepeat': 'Repeated characters like "aaa" are easy to guess.',
  'password.warning.extendedRepeat': 'Repeated character patterns like "abcabcabc" are easy to guess.',
  'password.warning.sequences': 'Common character sequences like "abc" are easy to guess.',
  'password.warning.recentYears': 'Recent years are easy to guess.',
  'password.warning.dates': 'Dates are easy to guess.',
  'password.warning.topTen': 'This is a heavily used password.',
  'password.warning.topHundred': 'This is a frequently used password.',
  'password.warning.common': 'This is a commonly used password.',
  'password.warning.similarToCommon': 'This is similar to a commonly used password.',
  'password.warning.wordByItself': 'Single words are easy to guess.',
  'password.warning.namesByThemselves': 'Single names or surnames are easy to guess.',
  'password.warning.commonNames': 'Common names and surnames are easy to guess.',
  'password.warning.userInputs': 'There should not be any personal or page related data.',
  'password.warning.pwned': 'Your password was exposed by a data breach on the Internet.',
  'password.warning.tooLong': 'Passwords are limited to {bytes} bytes.',
  'password.suggestion.l33t': "Avoid predictable letter substitutions like '@' for 'a'.",
  'password.suggestion.reverseWords': 'Avoid reversed spellings of common words.',
  'password.suggestion.allUppercase': 'Capitalize some, but not all letters.',
  'password.suggestion.capitalization': 'Capitalize more than the first letter.',
  'password.suggestion.dates': 'Avoid dates and years that are associated with you.',
  'password.suggestion.recentYears': 'Avoid recent years.',
  'password.suggestion.associatedYears': 'Avoid years that are associated with you.',
  'password.suggestion.sequences': 'Avoid common character sequences.',
  'password.suggestion.repeated': 'Avoid repeated words and characters.',
  'password.suggestion.longerKeyboardPattern': 'Use longer keyboard patterns and change typing direction multiple times.',
  'password.suggestion.anotherWord': 'Add more words that are less common.',
  'password.suggestion.useWords': 'Use multiple words, but avoid common phrases.',
  'password.suggestion.noNeed': 'You can create strong passwords without using symbols, numbers, or uppercase letters.',
  'password.suggestion.pwned': 'If you use this password elsewhere, you should change it.',
} as const satisfies Record<string, string>;

type FeedbackKey = keyof typeof PASSWORD_FEEDBACK_STRINGS;

let byEnglish: Map<string, FeedbackKey> | undefined;

/** The id of one feedback sentence as the server sent it, with its placeholders' values; null outside the catalogue. */
export function feedbackId(sentence: string): { key: FeedbackKey & StringKey; vars: Record<string, string> } | null {
  byEnglish ??= new Map(Object.entries(PASSWORD_FEEDBACK_STRINGS).map(([k, v]) => [v, k as FeedbackKey]));
  const key = byEnglish.get(sentence.trim());
  if (key) return { key, vars: {} };
  const tooLong = /^Passwords are limited to (\d+) bytes\.$/.exec(sentence.trim());
  return tooLong?.[1] ? { key: 'password.warning.tooLong', vars: { bytes: tooLong[1] } } : null;
}
