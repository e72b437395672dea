/**
 * Until the app has taken over a server-rendered page, its forms are plain HTML: a submit would
 * send the browser to the page's own address with the fields in the query (a password included).
 * The page's first script, in its head (server/src/modules/pages/page-renderer.ts), holds every
 * submit while `<html>` has no `data-hydrated`, keeps the last one (`porticoHeld`) and notes the
 * fields the visitor typed in or picked from (`porticoTouched`). Once the app has taken over,
 * `takeOverPage` tells it what those fields hold, marks the page (which lets later submits
 * through; tests wait for the mark too) and sends the held submit, so the first press works.
 */
export function takeOverPage(): void {
  const early = window as EarlyWindow;
  for (const field of new Set(early.porticoTouched ?? [])) {
    if (!(field instanceof Element) || !field.isConnected) continue;
    if (field instanceof HTMLSelectElement) {
      field.dispatchEvent(new Event('change', { bubbles: true }));
    } else if (
      field instanceof HTMLTextAreaElement ||
      (field instanceof HTMLInputElement && !UNTYPED.has(field.type))
    ) {
      replayTyping(field);
    }
  }
  early.porticoTouched = undefined;
  document.documentElement.dataset.hydrated = 'true';
  const held = early.porticoHeld;
  early.porticoHeld = undefined;
  // Sent once React has rendered what the replayed fields told it: their updates wait for the end
  // of the effects this runs in, and a submit now would read the rendered (empty) state.
  if (held) setTimeout(() => held.form.isConnected && held.form.requestSubmit(submitterOf(held)));
}

/** What the page's first script noted before the app took over. */
interface EarlyWindow {
  porticoTouched?: EventTarget[];
  porticoHeld?: { form: HTMLFormElement; submitter: HTMLElement | null };
}

/**
 * Inputs whose state is not typed text. A box ticked before the app took over stays ticked on the
 * page but not in the app's state: React hears those through clicks, which cannot be replayed
 * without ticking the box again.
 */
const UNTYPED = new Set(['checkbox', 'radio', 'file', 'hidden', 'submit', 'button', 'reset']);

/**
 * React took the typed text for the field's current value when it hydrated, while its state still
 * holds what the server rendered: the next render would put that back. To have `onChange` called
 * with the typed text, the field is set to something else through the element (which React
 * watches), then back to the typed text past React's watch (the prototype's setter), and told of
 * an `input`.
 */
function replayTyping(field: HTMLInputElement | HTMLTextAreaElement): void {
  const typed = field.value;
  field.value = typed === '' ? ' ' : '';
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set?.call(field, typed);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

/** The held submit's button, when it still is one of its form's submit buttons. */
function submitterOf(held: NonNullable<EarlyWindow['porticoHeld']>): HTMLElement | undefined {
  const { form, submitter } = held;
  const isSubmit =
    (submitter instanceof HTMLButtonElement || submitter instanceof HTMLInputElement) &&
    submitter.type === 'submit' &&
    submitter.form === form;
  return isSubmit ? submitter : undefined;
}
