import { act, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ZH_ERRORS } from '../features/admin/i18n/zh';
import { en } from '../i18n/en';
import { zh } from '../i18n/zh';

/** The catch-all texts of a malformed field, in the back office and in either public language. */
const CATCH_ALL = [
  ZH_ERRORS['request.validation'],
  en.errors['request.validation'],
  zh.errors['request.validation'],
];

/**
 * After a save refused for one field: the focus is on a visible control marked invalid, the text
 * under it is the field's own (not the catch-all), and the error summary's link for that text
 * leads back to it. Returns the control and its text.
 */
export async function expectRefusalAtControl(form: HTMLElement = document.body) {
  const summary = await within(form).findByRole('alert', { name: /^未能保存/ });
  const control = document.activeElement as HTMLElement;
  expect(form).toContainElement(control);
  expect(control.matches('input, select, textarea')).toBe(true);
  expect(control).toBeVisible();
  expect(control).toBeEnabled();
  expect(control).toHaveAttribute('aria-invalid', 'true');
  const describedBy = (control.getAttribute('aria-describedby') ?? '').split(' ')[0];
  const text = document.getElementById(describedBy)?.textContent ?? '';
  expect(text).not.toBe('');
  expect(CATCH_ALL).not.toContain(text);
  act(() => summary.focus());
  expect(control).not.toHaveFocus();
  await userEvent.click(within(summary).getByRole('link', { name: text }));
  expect(control).toHaveFocus();
  return { control, text };
}

/**
 * After a save refused for the field of `control` (a form with no summary): the control takes the
 * focus, is visible and marked invalid, and the first text it is described by is the field's own
 * (not the catch-all). Returns that text.
 */
export async function expectRefusedControl(control: HTMLElement | null) {
  expect(control).not.toBeNull();
  await waitFor(() => expect(control).toHaveFocus());
  expect(control).toBeVisible();
  expect(control).toHaveAttribute('aria-invalid', 'true');
  const describedBy = (control!.getAttribute('aria-describedby') ?? '').split(' ')[0];
  const text = document.getElementById(describedBy)?.textContent ?? '';
  expect(text).not.toBe('');
  expect(CATCH_ALL).not.toContain(text);
  return text;
}
