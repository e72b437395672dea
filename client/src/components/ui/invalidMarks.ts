/**
 * The marks of a form control that may be refused, to spread onto a Form.Control or Form.Select:
 * Bootstrap's red border, `aria-invalid`, and `aria-describedby` naming the element that says what
 * is wrong (`errorId`, given only while the control is refused) and then any help text's.
 */
export function invalidMarks(
  errorId: string | null | undefined | false,
  ...helpIds: (string | null | undefined | false)[]
) {
  const describedBy = [errorId, ...helpIds].filter(Boolean).join(' ');
  return {
    isInvalid: Boolean(errorId),
    'aria-invalid': errorId ? true : undefined,
    'aria-describedby': describedBy || undefined,
  };
}
