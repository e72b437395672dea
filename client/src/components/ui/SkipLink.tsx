import type { MouseEvent } from 'react';

/** The id of each layout's `<main>`, the skip link's target. */
export const MAIN_ID = 'main';

/**
 * "Skip to content": the first thing a keyboard reaches, shown only while focused. It moves the
 * focus into `<main>` (which takes it with tabIndex -1) without putting a hash in the router's
 * address; before the app has taken the page over it is a plain in-page link.
 */
export default function SkipLink({ label }: { label: string }) {
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    const main = document.getElementById(MAIN_ID);
    if (!main) return;
    event.preventDefault();
    main.focus();
    main.scrollIntoView?.({ block: 'start' });
  };
  return (
    <a href={`#${MAIN_ID}`} className="visually-hidden-focusable portico-skip" onClick={skip}>
      {label}
    </a>
  );
}
