import { useLayoutEffect, useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { useI18n } from '../../i18n';
import { NOTICE_SEEN_KEY, noticeSeen, releaseStaticNotice, STATIC_NOTICE_ID } from './notice';

/**
 * The site announcement; loaded on demand since most page views never show it. On a
 * server-rendered home page it takes over the copy the server rendered (StaticNotice) in place,
 * without animating in again, or closes at once if that copy was dismissed before it got there.
 */
export default function HomeNotice({ notice, onClosed }: { notice: string; onClosed: () => void }) {
  const { t } = useI18n();
  const [rendered] = useState(() => document.getElementById(STATIC_NOTICE_ID));
  // Decided when the app commits, not when it renders: the visitor may close the server's copy in
  // between (a render can wait for a lazy module's retry), and a modal that opened only to close
  // again would take the focus from wherever the visitor went on to type. Until then (and when it
  // is not due) there is no modal at all.
  const [show, setShow] = useState<boolean | null>(null);
  const decided = useRef(false);
  useLayoutEffect(() => {
    // The ref keeps a second run of this effect, as StrictMode makes in development, from reading
    // its own removal of the server's copy as the visitor's.
    if (decided.current) return;
    decided.current = true;
    const due = rendered ? rendered.isConnected : !noticeSeen();
    if (rendered) releaseStaticNotice(rendered);
    if (!due) return onClosed();
    sessionStorage.setItem(NOTICE_SEEN_KEY, '1');
    setShow(true);
  }, [rendered, onClosed]);
  const close = () => setShow(false);
  if (show === null) return null;
  return (
    <Modal
      show={show}
      onHide={close}
      onExited={onClosed}
      centered
      animation={rendered === null}
      aria-labelledby="home-notice-title"
    >
      <Modal.Header closeButton closeLabel={t('site.close')}>
        <Modal.Title id="home-notice-title">{t('notice.title')}</Modal.Title>
      </Modal.Header>
      <Modal.Body className="portico-pre-wrap">{notice}</Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={close}>
          {t('notice.cancel')}
        </Button>
        <Button variant="primary" onClick={close}>
          {t('notice.confirm')}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
