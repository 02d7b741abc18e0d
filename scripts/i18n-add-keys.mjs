#!/usr/bin/env node
// Adds translations of new keys to the locale packs (react-internals/i18n/packs/<tag>.ts) from a JSON
// file of { group: { <tag>: { key: text } } }: only keys that are in the English table (DEFAULT_STRINGS)
// and not yet in the pack, so it can run before and after the branch that adds the keys is merged.
// Usage: node --import tsx scripts/i18n-add-keys.mjs react-internals/i18n/incoming/oauth-idp.json
import { readFileSync, writeFileSync } from 'node:fs';
import { DEFAULT_STRINGS } from '../react-internals/strings.ts';

const file = process.argv[2];
if (!file) throw new Error('usage: scripts/i18n-add-keys.mjs <translations.json>');
const groups = JSON.parse(readFileSync(file, 'utf8'));
const ANCHOR = '} as const satisfies LocalePack;';
for (const [group, byLocale] of Object.entries(groups)) {
  if (group.startsWith('_')) continue;
  for (const [locale, texts] of Object.entries(byLocale)) {
    const path = `react-internals/i18n/packs/${locale}.ts`;
    let source = readFileSync(path, 'utf8');
    const pack = (await import(`../${path}`)).default;
    const add = Object.entries(texts).filter(([key]) => Object.hasOwn(DEFAULT_STRINGS, key) && !Object.hasOwn(pack, key));
    const waiting = Object.keys(texts).filter((key) => !Object.hasOwn(DEFAULT_STRINGS, key));
    if (add.length > 0) {
      const quote = (text) => `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
      const lines = add.map(([key, text]) => `  '${key}': ${quote(text)},\n`);
      source = source.replace(ANCHOR, `  // ${group} keys.\n${lines.join('')}${ANCHOR}`);
      writeFileSync(path, source);
    }
    console.log(`${locale} ${group}: ${add.length} added, ${waiting.length} waiting for the English table`);
  }
}
