/**
 * The admin console's pure parts (issue 31), in Node: the search box's operands, JSON and settings
 * editing, the audit log's query, the template and chart data, and the string table's fill-ins.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { auditQuery } from './pages/Audit.tsx';
import { methodSeries, type StatsDay } from './pages/Overview.tsx';
import { fromText, settingsOf, toText } from './pages/Settings.tsx';
import { templateChoices } from './pages/Templates.tsx';
import { parseJsonObject } from './pages/User.tsx';
import { textOperands } from './pages/Users.tsx';
import { ADMIN_STRINGS_EN, t } from './strings.ts';
import { field, listOf } from './ui.tsx';

describe('admin console helpers', () => {
  it('the search box is one query_fuzzy operand; a phone number is searched by its digits', () => {
    assert.deepEqual(textOperands('  '), []);
    assert.deepEqual(textOperands(' ada@example.com '), [{ filter_name: 'query_fuzzy', filter_value: 'ada@example.com' }]);
    assert.deepEqual(textOperands('+1 (555) 010-0199'), [{ filter_name: 'query_fuzzy', filter_value: '+15550100199' }]);
    assert.deepEqual(textOperands('Ada Lovelace'), [{ filter_name: 'query_fuzzy', filter_value: 'Ada Lovelace' }]);
  });

  it('metadata must be a JSON object; the message names the field', () => {
    assert.deepEqual(parseJsonObject('trusted_metadata', '{"plan":"pro"}'), { value: { plan: 'pro' } });
    assert.deepEqual(parseJsonObject('trusted_metadata', ''), { value: {} });
    const bad = parseJsonObject('trusted_metadata', '{"plan":');
    assert.ok('error' in bad && bad.error.startsWith('trusted_metadata: not valid JSON'));
    assert.deepEqual(parseJsonObject('untrusted_metadata', '[1]'), { error: 'untrusted_metadata: must be a JSON object.' });
  });

  it('settings round-trip through their text; rate limits are edited by their max', () => {
    assert.equal(toText(['https://a.example', 'https://b.example']), 'https://a.example\nhttps://b.example');
    assert.deepEqual(fromText('allowed_origins', 'lines', ' https://a.example \n\n'), { value: ['https://a.example'] });
    assert.deepEqual(fromText('session_max_minutes', 'number', '60'), { value: 60 });
    assert.ok('error' in fromText('session_max_minutes', 'number', 'sixty'));
    assert.ok('error' in fromText('mfa', 'json', '{'));
    assert.deepEqual(
      settingsOf({
        status_code: 200,
        project: { project_id: 'p' },
        settings: { products: ['otp'], rate_limits: { otp_send: { max: 5, window_seconds: 60 } } },
      }),
      { products: ['otp'], rate_limits: { otp_send: { max: 5 } } },
    );
  });

  it('the audit query leaves empty filters out and sends since as ISO time', () => {
    const q = new URLSearchParams(auditQuery({ action: ' user.delete ', actor: '', target: '', since: '2030-01-02T03:04' }, 'c1'));
    assert.equal(q.get('action'), 'user.delete');
    assert.equal(q.has('actor'), false);
    assert.equal(q.get('start_time'), new Date('2030-01-02T03:04').toISOString());
    assert.equal(q.get('cursor'), 'c1');
  });

  it('templates list kinds and their locales; charts have one series per method seen', () => {
    assert.deepEqual(
      templateChoices({
        templates: [
          { kind: 'login_otp', locales: [{ locale: 'en' }, { locale: 'fr' }] },
          { kind: 'reset', locales: ['en'] },
        ],
      }),
      { kinds: ['login_otp', 'reset'], locales: { login_otp: ['en', 'fr'], reset: ['en'] } },
    );
    const day = (date: string, by: Record<string, number>): StatsDay => ({
      date,
      sign_ups: 0,
      sign_ups_by_method: {},
      sign_ins: 0,
      sign_ins_by_method: by,
      active_sessions: 0,
      failures: 0,
      lockouts: 0,
    });
    assert.deepEqual(methodSeries([day('d1', { otp: 2 }), day('d2', { password: 1, otp: 1 })], 'sign_ins_by_method'), [
      { label: 'otp', values: [2, 1] },
      { label: 'password', values: [0, 1] },
    ]);
  });

  it('answers are read by their named list or first array; strings fill their marks', () => {
    assert.deepEqual(listOf({ status_code: 200, signing_keys: [{ kid: 'k1' }] }, 'signing_keys'), [{ kid: 'k1' }]);
    assert.deepEqual(listOf({ other: [{ a: 1 }, 'x'] }, 'missing'), [{ a: 1 }]);
    assert.equal(field({ client_name: 'Acme', n: 3 }, 'name', 'client_name'), 'Acme');
    assert.equal(t('usersResults', { count: 2, total: 10 }), '2 of 10 users');
    // Every mark a text uses is a plain word (a pack translates around it).
    for (const text of Object.values(ADMIN_STRINGS_EN)) assert.doesNotMatch(text, /\{[^a-z}]/);
  });
});
