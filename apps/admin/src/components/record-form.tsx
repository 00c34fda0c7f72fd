import { Form } from 'antd';
import type { ComponentProps, KeyboardEvent } from 'react';

/** Inputs that are buttons: Enter on them presses them, which must keep working (the 创建 button itself). */
const BUTTON_TYPES = new Set(['button', 'submit', 'reset', 'image']);

/**
 * Keeps Enter in a field from submitting its form. A browser submits a form when Enter is pressed in one
 * of its inputs (implicit submission), so a stray Enter created a half-filled record. Only the default
 * action is prevented: a select or date picker has already taken its Enter to choose, a tag input to add
 * a tag; a textarea keeps Enter for new lines; a chosen button is still pressed by Enter; an input method
 * still confirms its text with it.
 */
export function keepEnterInField(event: KeyboardEvent<HTMLFormElement>): void {
  if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
  const { target } = event;
  if (target instanceof HTMLInputElement && !BUTTON_TYPES.has(target.type)) event.preventDefault();
}

/**
 * The form of a record (a model, a company, a contact, a folder, a package, an order…): antd's Form, where
 * creating or saving needs the button and Enter in a field does not submit (docs/product.md §5). Every
 * form that writes a record is one; the sign-in form, where Enter signs in, is not.
 */
export function RecordForm<Values = unknown>({ onKeyDown, ...props }: ComponentProps<typeof Form<Values>>) {
  return (
    <Form<Values>
      {...props}
      onKeyDown={(event) => {
        onKeyDown?.(event);
        keepEnterInField(event);
      }}
    />
  );
}
