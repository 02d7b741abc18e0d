/**
 * The email addresses of the recipient-injection attack (issue 10), shared by the Node test (server, real
 * SMTP) and the browser test (the widget's copy of the validator must agree with the server's).
 */

/** Addresses that must never reach an SMTP conversation. */
export const HOSTILE_EMAILS: readonly string[] = [
  'victim:attacker@evil.com',
  '<script>x</script>@example.com',
  'a,b@example.com',
  'a;b@example.com',
  'Victim <attacker@evil.com>',
  'victim@example.com <attacker@evil.com>',
  '"victim@example.com"@evil.com',
  'victim@example.com,attacker@evil.com',
  'victim(comment)@example.com',
  'group: attacker@evil.com;',
  'a\u0000b@example.com',
  'a@exam\u0000ple.com',
  'victim@example.com\r\nRCPT TO:<attacker@evil.com>',
  'victim@example.com\nBcc: attacker@evil.com',
  'a\u0007@example.com',
  'a\uD800@example.com',
  'a@exa\uDC00mple.com',
  'a@example.com\u202E',
  'a@exam\u200Bple.com',
  'a b@example.com',
  'a@b@example.com',
  'a@[127.0.0.1]',
  'a@127.0.0.1',
  'a@localhost',
  'a@example.c',
  'a@example.c0m',
  'a@-example.com',
  'a@example-.com',
  'a@exa_mple.com',
  'a@example..com',
  'a@example.com.',
  'a@ex%61mple.com',
  `${'a'.repeat(65)}@example.com`,
  `a@${'b'.repeat(64)}.com`,
  `a@${Array.from({ length: 26 }, () => 'abcdefghi').join('.')}.com`, // > 254 octets
  '@example.com',
  'a@',
  '',
  '   ',
];

/** Valid addresses typed in other forms, with the one stored form each must be delivered to. */
export const NORMALISED_EMAILS: readonly (readonly [string, string])[] = [
  ['  Ada@Example.COM ', 'ada@example.com'],
  ["o'brien+tag@Example.co.uk", "o'brien+tag@example.co.uk"],
  ['user@bücher.example', 'user@xn--bcher-kva.example'],
  ['user@пример.рф', 'user@xn--e1afmkfd.xn--p1ai'],
  ['user@ＥＸＡＭＰＬＥ.com', 'user@example.com'],
];
