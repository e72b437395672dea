import { Alert } from 'react-bootstrap';

/** The outcome of an action, as a banner: green when it worked, red when it did not. */
export interface Notice {
  ok: boolean;
  text: string;
}

/**
 * A notice (nothing when there is none). Success is announced politely (status), failure at once
 * (alert); with `onClose` the reader can dismiss it.
 */
export default function NoticeBanner({
  notice,
  onClose,
  id,
}: {
  notice: Notice | null;
  onClose?: () => void;
  id?: string;
}) {
  if (!notice) return null;
  return (
    <Alert
      id={id}
      variant={notice.ok ? 'success' : 'danger'}
      role={notice.ok ? 'status' : 'alert'}
      dismissible={onClose !== undefined}
      onClose={onClose}
    >
      {notice.text}
    </Alert>
  );
}
