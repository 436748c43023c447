/**
 * Names and emails are printed by `larder keys list` and `larder accounts list` and shown on
 * the dashboard: they hold printable characters only. Control characters (C0, DEL, C1: a
 * terminal reads ESC sequences), format characters (bidi overrides) and line or paragraph
 * separators are refused.
 */
const UNPRINTABLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u;
const UNPRINTABLE_ALL = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu;

export function isPrintable(text: string): boolean {
  return !UNPRINTABLE.test(text);
}

/** The text with every unprintable character written as a `\u{...}` escape, for terminals. */
export function escapeUnprintable(text: string): string {
  return text.replace(UNPRINTABLE_ALL, (c) => `\\u{${c.codePointAt(0)!.toString(16)}}`);
}
