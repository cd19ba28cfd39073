// Engine test fixtures: the demo definition registered again under HTTP sources (so requests are
// visible at the fetch boundary), a signed-in fake server, and small antd helpers.
import { expect } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { defineEntity, type EntityDef } from '@seamline/core';
import { demoOrderEntity } from '../demo/demoEntity';
import { registerEntity } from '../registry';
import { fakeServer } from '../../test/fakeServer';
import { storeSignedIn, USER } from '../../test/session';
import type { SessionUser } from '../../session/types';

/** The demo order as a server-backed entity: /tst/index/test-order, POST scmapi/test-order/save … */
export const testOrder: EntityDef = defineEntity({
  ...demoOrderEntity,
  name: 'test-order',
  table: 'test_order',
  route: { cata: 'tst', opt: 'test-order' },
});
/** A second list, to show that saved searches stay per route. */
export const otherOrder: EntityDef = defineEntity({
  ...demoOrderEntity,
  name: 'other-order',
  table: 'other_order',
  route: { cata: 'tsb', opt: 'other-order' },
});

registerEntity(testOrder);
registerEntity(otherOrder);

export function signedInServer(user: SessionUser = USER) {
  storeSignedIn({ token: 'T1' });
  return fakeServer()
    .on('GET', 'utilsapi/access/user-state', () => user)
    .on('GET', 'mdapi/dictionary/options', () => [
      { value: 'A', label: 'Grade A' },
      { value: 'B', label: 'Grade B' },
    ]);
}

/** The JSON a save posted (the DATA field). */
export const posted = (req: { body: URLSearchParams | null }) => JSON.parse(req.body?.get('DATA') ?? 'null') as Record<string, unknown>;

/** The wrapper of a form field (EntityForm marks each with data-field). */
export const fieldBox = (name: string) => document.querySelector(`[data-field="${name}"]`) as HTMLElement;

export async function findField(name: string) {
  await waitFor(() => expect(fieldBox(name)).toBeTruthy());
  return fieldBox(name);
}

export function typeInto(name: string, value: string) {
  const input = fieldBox(name).querySelector('input, textarea') as HTMLInputElement;
  fireEvent.change(input, { target: { value } });
}

/** Opens an antd Select inside an element and clicks the option with this text. */
export async function choose(container: HTMLElement, optionText: string) {
  fireEvent.mouseDown(container.querySelector('.ant-select-selector')!);
  const options = await screen.findAllByText(optionText, { selector: '.ant-select-item-option-content' });
  fireEvent.click(options[options.length - 1]);
}

export const errorsUnder = (name: string) =>
  [...fieldBox(name).querySelectorAll('.ant-form-item-explain-error')].map((n) => n.textContent);

export { within };
