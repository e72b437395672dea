/** sessionStorage flag: the home notice was shown in this browser session. */
export const NOTICE_SEEN_KEY = 'homeNoticeShown';

export const noticeSeen = () =>
  typeof sessionStorage !== 'undefined' && sessionStorage.getItem(NOTICE_SEEN_KEY) !== null;
