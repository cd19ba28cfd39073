// What the system area's definitions share: texts in both languages, and the head of a definition
// whose records come from the admin routes (utilsapi/sys/…) and whose screen is under /sys.
import { entityHead, type Label } from '@seamline/core';

export const L = (en: string, zh: string): Label => ({ en, zh });

export const adminEntityHead = (name: string, table: string, label: Label) => entityHead({ area: 'system', prefix: 'utilsapi/sys', cata: 'sys' }, name, table, label);
