import { CONTENT } from '../../i18n/content';
import { ZH } from '../../i18n/zh';
import type { RecordTexts } from './types';

const { records } = CONTENT;

/** The record editor's words for a screen that has none of its own: made from its noun. */
export const nounTexts = (noun: string): RecordTexts => ({
  empty: records.empty(noun),
  load: { failed: records.loadFailed(noun) },
  save: (adding) => ({ failed: adding ? ZH.addFailed : ZH.updateFailed }),
  saved: (adding) => (adding ? records.added : records.updated),
  remove: { failed: ZH.deleteFailed },
  removed: records.deleted,
});
