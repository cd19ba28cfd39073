// Rules of account fields both sides apply (the sign-up, invitation and profile forms and the server).
import type { ValidationRule } from '@seamline/core';

/**
 * Usernames: the spec's 'english' characters plus the dot — existing accounts are named like
 * 'brand.admin' — 2 to 64 of them. Compared case-insensitively everywhere.
 */
export const USERNAME_RULE: ValidationRule = {
  type: 'regex',
  pattern: '^[A-Za-z0-9_.@-]{2,64}$',
  message: {
    en: 'Letters, digits, dot, underscore, @ and hyphen; 2 to 64 characters',
    zh: '字母、数字、点、下划线、@ 和连字符，2 到 64 位',
  },
};

/** Company codes: capital English (spec §5), at most 30 characters. */
export const COMPANY_CODE_MAX = 30;
