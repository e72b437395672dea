/** sessionStorage flag: the home notice was shown in this browser session. */
export const NOTICE_SEEN_KEY = 'homeNoticeShown';

export const noticeSeen = () =>
  typeof sessionStorage !== 'undefined' && sessionStorage.getItem(NOTICE_SEEN_KEY) !== null;

/** The server-rendered copy of the notice (StaticNotice), until the app takes it over. */
export const STATIC_NOTICE_ID = 'portico-notice';

/**
 * Runs right after the server-rendered notice, before the first paint: shows it unless this
 * session has seen it, and lets its buttons, the backdrop and Escape dismiss it until the app,
 * still loading, takes over (HomeNotice). A dismissal marks the session like the app's does.
 */
export const STATIC_NOTICE_SCRIPT = `(function(){var n=document.getElementById('${STATIC_NOTICE_ID}'),k='${NOTICE_SEEN_KEY}';if(!n)return;try{if(sessionStorage.getItem(k)!==null)return n.remove()}catch(e){return n.remove()}n.hidden=false;function close(){n.remove();try{sessionStorage.setItem(k,'1')}catch(e){}}n.addEventListener('click',function(e){var t=e.target;if(t.closest('[data-notice-close]')||t.classList.contains('modal'))close()});document.addEventListener('keydown',function(e){if(e.key==='Escape'&&n.isConnected)close()})})()`;
