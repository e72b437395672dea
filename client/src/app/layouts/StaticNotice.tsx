import { STATIC_NOTICE_ID } from './notice';

interface Props {
  notice: string;
  title: string;
  close: string;
  cancel: string;
  confirm: string;
}

/**
 * The home notice as the server renders it, outside the app's root and hidden until the script
 * that follows it (STATIC_NOTICE_SCRIPT) shows it, so it is part of the first paint rather than
 * popping up over the page once the app has loaded. Bootstrap's modal markup, as HomeNotice shows
 * it: the app swaps one for the other without a visible change.
 */
export default function StaticNotice({ notice, title, close, cancel, confirm }: Props) {
  return (
    <div id={STATIC_NOTICE_ID} hidden>
      <div className="modal-backdrop show" />
      <div
        className="modal d-block"
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${STATIC_NOTICE_ID}-title`}
        tabIndex={-1}
      >
        <div className="modal-dialog modal-dialog-centered">
          <div className="modal-content">
            <div className="modal-header">
              <div className="modal-title h4" id={`${STATIC_NOTICE_ID}-title`}>
                {title}
              </div>
              <button type="button" className="btn-close" aria-label={close} data-notice-close />
            </div>
            <div className="modal-body portico-pre-wrap">{notice}</div>
            <div className="modal-footer">
              <button type="button" className="btn btn-secondary" data-notice-close>
                {cancel}
              </button>
              <button type="button" className="btn btn-primary" data-notice-close>
                {confirm}
              </button>
            </div>
          </div>
        </div>
      </div>
    </div>
  );
}
