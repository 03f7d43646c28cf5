import { reservedPassword } from '@contract/enums.ts';
import { t } from '@lingui/core/macro';
import { ApiError } from './api.ts';

/**
 * The spec's form messages (§5), checked in the browser before a request so the user gets an answer at once.
 * The server checks the same rules and its field errors are shown the same way.
 */
export type Errors = Record<string, string | undefined>;

/** Labels are lower-case inside sentences ("Please enter username"); a sentence that starts with one is capitalised. */
const sentence = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

export const required = (value: string, label: string): string | undefined =>
  value === ''
    ? t`Please enter ${label}`
    : value.trim() === ''
      ? sentence(t`${label} cannot be a blank character`)
      : undefined;

export const minLength = (value: string, label: string, min: number): string | undefined =>
  value.length > 0 && value.length < min ? sentence(t`${label} must be at least ${min} characters`) : undefined;

export const notReserved = (password: string): string | undefined =>
  password === reservedPassword ? t`The password cannot be 'admin'` : undefined;

export const matches = (confirm: string, password: string): string | undefined =>
  confirm !== password ? t`The two passwords you entered do not match!` : undefined;

export const sixDigits = (code: string): string | undefined =>
  /^[0-9]{6}$/.test(code) ? undefined : t`The verification code is a 6-digit number`;

export const hasErrors = (errors: Errors): boolean => Object.values(errors).some(Boolean);

/** Server errors that belong to one field even though the server reports them for the whole form. */
const fieldOfError: Record<string, string> = {
  passwordAdmin: 'password',
  passwordMismatch: 'confirmPassword',
  wrongCurrentPassword: 'oldPassword',
  twoFactorInvalid: 'code',
  codeFormat: 'code',
};

/** Splits a failed request into per-field messages and (if nothing names a field) one message for the form. */
export function errorsFrom(error: unknown): { fields: Errors; form?: string } {
  if (!(error instanceof ApiError))
    return { fields: {}, form: t`The request failed. Check your connection and try again.` };
  const fields: Errors = {};
  for (const e of error.errors) fields[e.field.replace(/^\//, '')] ??= e.message;
  const field = fieldOfError[error.error];
  if (field) fields[field] = error.message;
  return hasErrors(fields) ? { fields } : { fields, form: error.message };
}
