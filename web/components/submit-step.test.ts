// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { isSubmitChord, SUBMIT_ATTRIBUTE, submitStep } from './shortcut-keys';

const key = (
  k: string,
  mods: Partial<Record<'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey', boolean>> = {},
) => ({
  key: k,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  shiftKey: false,
  ...mods,
});

function mount(html: string): HTMLElement {
  document.body.innerHTML = html;
  return document.body;
}
const byId = (id: string) => document.getElementById(id);

describe('isSubmitChord', () => {
  it('is Ctrl+Enter or ⌘Enter, not Enter alone nor Alt+Ctrl+Enter', () => {
    expect(isSubmitChord(key('Enter', { ctrlKey: true }))).toBe(true);
    expect(isSubmitChord(key('Enter', { metaKey: true }))).toBe(true);
    expect(isSubmitChord(key('Enter'))).toBe(false);
    expect(isSubmitChord(key('Enter', { ctrlKey: true, altKey: true }))).toBe(false);
    expect(isSubmitChord(key('k', { ctrlKey: true }))).toBe(false);
  });
});

describe('submitStep', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('submits the form the focus is in, with its submit button', () => {
    mount(`<form id="f"><textarea id="t"></textarea><button type="button">Cancel</button>
      <button id="go" type="submit">Add note</button></form>`);
    const step = submitStep(byId('t'));
    expect(step).toEqual({ kind: 'form', form: byId('f'), submitter: byId('go') });
  });

  it('does nothing while the submit button is disabled or its call is under way', () => {
    mount(`<form><textarea id="t"></textarea><button type="submit" disabled>Assign</button></form>`);
    expect(submitStep(byId('t'))).toBeNull();
    mount(
      `<form><textarea id="t"></textarea><button type="submit" data-loading="true">Assign</button></form>`,
    );
    expect(submitStep(byId('t'))).toBeNull();
    mount(
      `<form><textarea id="t"></textarea><button type="submit" aria-disabled="true">Assign</button></form>`,
    );
    expect(submitStep(byId('t'))).toBeNull();
  });

  it('does nothing in a form without a submit button, or outside any form or dialog', () => {
    mount(`<form><input id="i"><button type="button">Search</button></form><p id="p">text</p>`);
    expect(submitStep(byId('i'))).toBeNull();
    expect(submitStep(byId('p'))).toBeNull();
    expect(submitStep(null)).toBeNull();
  });

  it("presses a confirmation dialog's marked button, unless it is busy", () => {
    mount(
      `<div role="dialog"><button id="cancel">Cancel</button><button id="ok" ${SUBMIT_ATTRIBUTE}>Confirm</button></div>`,
    );
    expect(submitStep(byId('cancel'))).toEqual({ kind: 'button', button: byId('ok') });
    byId('ok')?.setAttribute('data-loading', 'true');
    expect(submitStep(byId('cancel'))).toBeNull();
  });

  it('leaves a dialog without a marked button alone (the command palette)', () => {
    mount(`<div role="dialog"><input id="i"><button>Close</button></div>`);
    expect(submitStep(byId('i'))).toBeNull();
  });
});
