// The allocation states as tags (CAP-02 labels, CAP-04 colours): six states, six distinct colours
// from core's capacity map, the spec's labels in both languages.
import { describe, expect, it } from 'vitest';
import { act, render } from '@testing-library/react';
import { CAPACITY_COLORS } from '@seamline/core';
import { I18nextProvider } from 'react-i18next';
import { i18n, setLang } from '@seamline/web/engine';
import { StateTag } from './StateTag';

const STATES = ['0', '10', '20', '30', '40', '100'];

function tags() {
  const { container, unmount } = render(
    <I18nextProvider i18n={i18n}>
      {STATES.map((s) => (
        <StateTag key={s} value={s} />
      ))}
    </I18nextProvider>,
  );
  const found = Array.from(container.querySelectorAll('[data-testid="cap-state-line"]')).map((el) => ({ state: el.getAttribute('data-state'), text: el.textContent, cls: el.className }));
  unmount();
  return found;
}

describe('allocation state tags', () => {
  it('shows the spec’s five states plus closed, each in its own colour, in English and Chinese', () => {
    act(() => setLang('en'));
    const en = tags();
    expect(en.map((t) => t.text)).toEqual(['Not received', 'Pending', 'Allocated', 'Submitted', 'Daily-allocated', 'Closed']);
    const colours = STATES.map((s) => CAPACITY_COLORS[s as keyof typeof CAPACITY_COLORS]);
    expect(new Set(colours).size).toBe(6);
    en.forEach((t, i) => expect(t.cls).toContain(`ant-tag-${colours[i]}`));
    act(() => setLang('zh'));
    expect(tags().map((t) => t.text)).toEqual(['未接收', '待分配', '已分配', '已提交', '已日分配', '已关闭']);
  });
});
