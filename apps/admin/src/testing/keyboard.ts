import { fireEvent } from '@testing-library/react';

/**
 * Presses Enter in a field as a browser does, which jsdom does not: the keydown, then, unless a handler
 * prevented its default, the form's implicit submission (HTML: a click on the form's default button, its
 * first submit button). A textarea takes Enter as a new line. Resolves whether the form was submitted.
 */
export function pressEnter(field: HTMLElement): boolean {
  const proceeds = fireEvent.keyDown(field, { key: 'Enter', code: 'Enter', keyCode: 13 });
  if (!proceeds || !(field instanceof HTMLInputElement) || !field.form) return false;
  const form = field.form;
  const button = form.querySelector<HTMLElement>('button[type="submit"], input[type="submit"]');
  if (!button) return false;
  let submitted = false;
  const seen = () => {
    submitted = true;
  };
  form.addEventListener('submit', seen);
  button.click();
  form.removeEventListener('submit', seen);
  return submitted;
}
