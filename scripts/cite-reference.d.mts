/** The method page a source file belongs to (`otps`, `webauthn`, ...), or null. */
export declare function methodOf(file: string): string | null;
/** The element page a source file belongs to (`auth-login`, ...), or null. */
export declare function elementOf(file: string): string | null;
/** The docs/reference page (and anchor) one `SPEC §N` / `DESIGN §N` citation points to. */
export declare function target(
  doc: 'SPEC' | 'DESIGN',
  section: number,
  ctx: { file: string; method: string | null; element: string | null; after: string; line: string },
): string;
/** One file's text with its citations rewritten, the counts by form, and each rewrite. */
export declare function rewrite(
  text: string,
  file: string,
): { text: string; counts: Record<string, number>; rewrites: { line: number; from: string; to: string }[] };
/** The repository's source files (tracked and new), relative, with `/` separators. */
export declare function sourceFiles(root?: string): string[];
/** GitHub's anchors of a Markdown text's headings. */
export declare function anchorsOf(markdown: string): Set<string>;
