/**
 * Migration 0015 (core): `captcha_tokens.used_at` becomes `consumed_at`, the one name of every
 * single-use secret's spent time (server/claim-once.ts spends them all).
 */
import type { Migration } from 'kysely';
import { renameColumnMigration } from './rename-column.ts';

/** Renames the dev captcha tokens' spent-time column. */
export const m0015_captcha_consumed_at: Migration = renameColumnMigration('captcha_tokens', 'used_at', 'consumed_at');
