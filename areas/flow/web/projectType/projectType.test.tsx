// The project-type screen (/sys/page/project-type): its fields in the two-column grid labelled from
// the definition; a required field left empty stops the save before any request; the node status
// is picked from the chosen flow's statuses and the document posts the pair.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { setLang } from '@seamline/web/engine';
import { renderApp, USER, posted, signedInServer, choose } from '@seamline/web/testing';
import { PROCESS_OPTIONS_PATH } from './ProjectTypeScreen';

vi.setConfig({ testTimeout: 90_000 });
beforeEach(() => setLang('en'));

const ADMIN = { ...USER, user_type: 'ADMIN' };
const SLOW = { timeout: 60_000 };
const SAVE = 'crossapi/superdesignapi/project-type/save';

describe('the project-type screen', () => {
  it('labels its fields, posts nothing while a required one is empty, then saves the flow and its status', async () => {
    const server = signedInServer(ADMIN as never)
      .on('GET', PROCESS_OPTIONS_PATH, () => [
        { code: 'PR_APPR', name: 'PR approval', nodes: [{ seq: 10, status_code: 'COUNTERSIGN', text: 'Countersign', color: 'orange' }] },
      ])
      .on('POST', SAVE, () => ({ id: 'pt1', version: 1, code: 'STD', name: 'Standard', flow: 'PR_APPR', node_status: 'COUNTERSIGN' }));
    renderApp('/sys/page/project-type');
    fireEvent.click(await screen.findByTestId('pt-save', undefined, SLOW));
    expect((await screen.findAllByText('This field is required')).length).toBe(2);
    expect(server.calls(SAVE)).toHaveLength(0);
    for (const label of ['Code', 'Name', 'Approval flow', 'Node status', 'Comment']) expect(screen.getByText(label, { selector: 'label' })).toBeTruthy();

    const input = (name: string) => document.getElementById(`project-type_${name}`) as HTMLInputElement;
    fireEvent.change(input('code'), { target: { value: 'STD' } });
    fireEvent.change(input('name'), { target: { value: 'Standard' } });
    await choose(screen.getByTestId('pt-flow').closest('.ant-form-item') as HTMLElement, 'PR approval (PR_APPR)');
    // A status option is its tag and its code.
    fireEvent.mouseDown(screen.getByTestId('pt-node-status').closest('.ant-form-item')!.querySelector('.ant-select-selector')!);
    fireEvent.click(await screen.findByText('COUNTERSIGN', { selector: '.ant-select-item-option-content span' }));
    fireEvent.click(screen.getByTestId('pt-save'));
    await waitFor(() => expect(server.calls(SAVE)).toHaveLength(1));
    expect(posted(server.calls(SAVE)[0]!)).toMatchObject({ code: 'STD', name: 'Standard', flow: 'PR_APPR', node_status: 'COUNTERSIGN' });
  });
});
