/**
 * Text rules shared by the server's form reader, the schemas and the mail templates.
 */

/** True when `value` holds a C0 control character other than tab, line feed and carriage return, or DEL. */
export function hasControlCharacters(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if ((c < 32 && c !== 9 && c !== 10 && c !== 13) || c === 127) return true;
  }
  return false;
}

/** True when `value` spans more than one line (a name, a subject, a header value must not). */
export function isMultiline(value: string): boolean {
  return /[\r\n\u2028\u2029\u0085]/.test(value);
}

/** One line: line breaks (of every kind) and tabs become single spaces. */
export function oneLine(value: string): string {
  return value.replace(/[\r\n\t\u2028\u2029\u0085]+/g, " ").trim();
}
