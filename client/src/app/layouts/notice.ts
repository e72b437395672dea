/** sessionStorage flag: the home notice was shown in this browser session. */
export const NOTICE_SEEN_KEY = 'homeNoticeShown';

export const noticeSeen = () =>
  typeof sessionStorage !== 'undefined' && sessionStorage.getItem(NOTICE_SEEN_KEY) !== null;

/** The server-rendered copy of the notice (StaticNotice), until the app takes it over. */
export const STATIC_NOTICE_ID = 'portico-notice';

/** The server's copy is on screen (its script showed it and nobody has dismissed it yet). */
export const staticNoticeShown = () =>
  typeof document !== 'undefined' && document.getElementById(STATIC_NOTICE_ID)?.hidden === false;

/**
 * Runs right after the server-rendered notice, before the first paint: shows it unless this
 * session has seen it, marking the session at once (a reload before the app has loaded does not
 * show it again), and makes it modal as the app's is: focus in the dialog, the page behind inert.
 * Its buttons, the backdrop and Escape dismiss it until the app, still
 * loading, takes over (HomeNotice, which releases the page to the app's own modal).
 */
export const STATIC_NOTICE_SCRIPT = `(function(){var n=document.getElementById('${STATIC_NOTICE_ID}'),k='${NOTICE_SEEN_KEY}',r=document.getElementById('root');if(!n)return;try{if(sessionStorage.getItem(k)!==null)return n.remove();sessionStorage.setItem(k,'1')}catch(e){return n.remove()}n.hidden=false;if(r)r.inert=true;n.querySelector('.modal').focus();function close(){n.remove();if(r)r.inert=false}n.addEventListener('click',function(e){var t=e.target;if(t.closest('[data-notice-close]')||t.classList.contains('modal'))close()});document.addEventListener('keydown',function(e){if(e.key==='Escape'&&n.isConnected)close()})})()`;

/** The page behind the server's copy, released when the app's modal takes over or it closes. */
export function releaseStaticNotice(copy: HTMLElement): void {
  copy.remove();
  const root = document.getElementById('root');
  if (root) root.inert = false;
}
