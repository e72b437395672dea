import { useEffect, useLayoutEffect, useRef, useState } from 'react';
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
  const [show, setShow] = useState(() => rendered !== null || !noticeSeen());
  const [shownAtStart] = useState(show);
  const tookOver = useRef(false);
  useLayoutEffect(() => {
    if (!rendered || tookOver.current) return;
    // This render may have been interrupted (a lazy module's retry is), and the server's copy
    // dismissed meanwhile: then the visitor has closed the notice already. (The ref keeps a
    // second run of this effect, as StrictMode makes in development, from reading its own
    // removal as that.)
    if (!rendered.isConnected) setShow(false);
    releaseStaticNotice(rendered);
    tookOver.current = true;
  }, [rendered]);
  useEffect(() => {
    if (shownAtStart) sessionStorage.setItem(NOTICE_SEEN_KEY, '1');
    else onClosed();
  }, [shownAtStart, onClosed]);
  const close = () => setShow(false);
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
