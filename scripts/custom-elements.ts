#!/usr/bin/env node
// Writes dist/custom-elements.json (the Custom Elements Manifest, schema 2.1.0) and the VS Code
// custom data (dist/vscode.html-custom-data.json, dist/vscode.css-custom-data.json) from the tables
// the elements themselves use: the element rows (elements/definitions.ts) with their texts
// (definitions-docs.ts), the design tokens (react-internals/theme.ts) and the parts
// (react-internals/parts.ts). Run by scripts/build-types.mjs; `--print` writes nothing and prints
// the manifest.
import { mkdirSync, writeFileSync } from 'node:fs';
import { AUTH_ELEMENT_DEFINITIONS, COMMON_PROPERTIES, EVENTS } from '../elements/definitions.ts';
import { ELEMENT_DOCS, EVENT_DOCS } from '../elements/definitions-docs.ts';
import { PARTS } from '../react-internals/parts.ts';
import { THEME_TOKEN_DOCS } from '../react-internals/theme-docs.ts';
import { THEME_TOKENS, type ThemeProperty } from '../react-internals/theme.ts';

/** The manifest's module of the element classes (the side-effect-free entry). */
const CLASS_MODULE = 'dist/index.js';
/** The module that registers the tags. */
const DEFINE_MODULE = 'dist/auth-elements.js';

const syntaxOf = (token: string): string =>
  token.endsWith('-radius') || token.endsWith('-width') || token.endsWith('-height') ? '<length>' : token === '--auth-font-family' ? '*' : '<color>';

/** The manifest, built from the tables. */
export function buildManifest() {
  const cssProperties = Object.entries(THEME_TOKENS).map(([name, value]) => ({
    name,
    syntax: syntaxOf(name),
    default: value,
    description: THEME_TOKEN_DOCS[name as ThemeProperty],
  }));
  const cssParts = Object.entries(PARTS).map(([name, description]) => ({ name, description }));
  const declarations = AUTH_ELEMENT_DEFINITIONS.map((def) => {
    const doc = ELEMENT_DOCS[def.tag];
    if (!doc) throw new Error(`no texts for <${def.tag}> in elements/definitions-docs.ts`);
    const properties = [...COMMON_PROPERTIES, ...def.properties];
    const propDoc = (name: string) => {
      const d = doc.properties[name];
      if (!d) throw new Error(`no text for <${def.tag}>.${name} in elements/definitions-docs.ts`);
      return d;
    };
    return {
      kind: 'class',
      name: def.className,
      tagName: def.tag,
      customElement: true,
      summary: doc.summary,
      description: doc.description,
      superclass: { name: 'AuthElement', module: CLASS_MODULE },
      members: properties.map((p) => ({
        kind: 'field',
        name: p.name,
        type: { text: propDoc(p.name).type },
        description: propDoc(p.name).description,
        ...(p.attribute ? { attribute: p.attribute } : {}),
      })),
      attributes: [
        ...properties
          .filter((p) => p.attribute)
          .map((p) => ({
            name: p.attribute,
            type: { text: p.kind === 'object' ? 'string (JSON)' : 'string' },
            description: propDoc(p.name).description,
            fieldName: p.name,
          })),
        {
          name: 'data-screen',
          type: { text: 'string' },
          description: 'Set by the element: the current screen (Main, OTPAuthenticate, ...), for styling and tests.',
        },
      ],
      events: EVENTS.map((name) => ({
        name,
        type: { text: EVENT_DOCS[name]?.type ?? 'CustomEvent' },
        description:
          name === 'auth-event' ? `${EVENT_DOCS[name]?.description} This element sends: ${doc.eventTypes.join(', ')}.` : (EVENT_DOCS[name]?.description ?? ''),
      })),
      cssParts,
      cssProperties,
      slots: [],
    };
  });
  return {
    schemaVersion: '2.1.0',
    readme: 'README.md',
    modules: [
      {
        kind: 'javascript-module',
        path: CLASS_MODULE,
        declarations,
        exports: AUTH_ELEMENT_DEFINITIONS.map((def) => ({
          kind: 'js',
          name: def.className,
          declaration: { name: def.className, module: CLASS_MODULE },
        })),
      },
      {
        kind: 'javascript-module',
        path: DEFINE_MODULE,
        declarations: [],
        exports: AUTH_ELEMENT_DEFINITIONS.map((def) => ({
          kind: 'custom-element-definition',
          name: def.tag,
          declaration: { name: def.className, module: CLASS_MODULE },
        })),
      },
    ],
  };
}

/** VS Code's HTML custom data (tags and attributes) from the manifest. */
export function htmlCustomData(manifest: ReturnType<typeof buildManifest>) {
  return {
    version: 1.1,
    tags: manifest.modules[0]!.declarations.map((d) => ({
      name: d.tagName,
      description: `${d.summary}\n\n${d.description}\n\nEvents: ${d.events.map((e) => e.name).join(', ')}. Parts: ${d.cssParts.map((p) => p.name).join(', ')}.`,
      attributes: d.attributes.map((a) => ({ name: a.name, description: a.description })),
      references: [{ name: 'README', url: 'https://www.npmjs.com/package/auth-elements' }],
    })),
  };
}

/** VS Code's CSS custom data (the tokens, and ::part() of each part). */
export function cssCustomData() {
  return {
    version: 1.1,
    properties: Object.entries(THEME_TOKENS).map(([name, value]) => ({
      name,
      description: `${THEME_TOKEN_DOCS[name as ThemeProperty]} Default: ${value}`,
    })),
    pseudoElements: Object.entries(PARTS).map(([name, description]) => ({
      name: `::part(${name})`,
      description: `Auth Elements: ${description}`,
    })),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const manifest = buildManifest();
  if (process.argv.includes('--print')) {
    console.log(JSON.stringify(manifest, null, 2));
  } else {
    mkdirSync('dist', { recursive: true });
    writeFileSync('dist/custom-elements.json', `${JSON.stringify(manifest, null, 2)}\n`);
    writeFileSync('dist/vscode.html-custom-data.json', `${JSON.stringify(htmlCustomData(manifest), null, 2)}\n`);
    writeFileSync('dist/vscode.css-custom-data.json', `${JSON.stringify(cssCustomData(), null, 2)}\n`);
    console.error(`custom-elements: ${manifest.modules[0]!.declarations.length} elements -> dist/custom-elements.json, dist/vscode.*-custom-data.json`);
  }
}
