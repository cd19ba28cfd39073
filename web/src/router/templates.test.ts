// The template registry: the most specific registration wins; nothing registered → null.
import { afterEach, describe, expect, it } from 'vitest';
import { clearTemplates, registerTemplate, resolveTemplate } from './templates';

const screen = () => Promise.resolve({ default: () => null });

afterEach(() => clearTemplates());

describe('template registry', () => {
  it('resolves nothing before anything is registered', () => {
    expect(resolveTemplate('index', 'sys', 'user')).toBeNull();
  });

  it('prefers cata+opt, then opt, then cata, then the generic screen', () => {
    registerTemplate('index', undefined, undefined, screen);
    registerTemplate('index', 'sys', undefined, screen);
    registerTemplate('index', undefined, 'user', screen);
    registerTemplate('index', 'sys', 'user', screen);
    const generic = resolveTemplate('index', 'mdapi', 'x');
    const byCata = resolveTemplate('index', 'sys', 'x');
    const byOpt = resolveTemplate('index', 'mdapi', 'user');
    const exact = resolveTemplate('index', 'sys', 'user');
    expect(new Set([generic, byCata, byOpt, exact]).size).toBe(4);
    expect(resolveTemplate('page', 'sys', 'user')).toBeNull();
  });
});
