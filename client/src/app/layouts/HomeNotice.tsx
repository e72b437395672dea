import { useEffect, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { useI18n } from '../../i18n';
import { NOTICE_SEEN_KEY } from './notice';

/** The site announcement; loaded on demand since most page views never show it. */
export default function HomeNotice({ notice, onClosed }: { notice: string; onClosed: () => void }) {
  const { t } = useI18n();
  const [show, setShow] = useState(true);
  useEffect(() => {
    sessionStorage.setItem(NOTICE_SEEN_KEY, '1');
  }, []);
  const close = () => setShow(false);
  return (
    <Modal
      show={show}
      onHide={close}
      onExited={onClosed}
      centered
      aria-labelledby="home-notice-title"
    >
      <Modal.Header closeButton>
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
