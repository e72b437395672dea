import { useCallback, useRef, useState, type ReactNode } from 'react';
import { Button, Modal } from 'react-bootstrap';
import { COMMON } from '../i18n/common';
import { CONTENT } from '../i18n/content';

interface Question {
  text: string;
  /** The confirming button's label, e.g. 删除. */
  action: string;
}

/**
 * The back office's own confirmation, instead of the browser's `window.confirm`: a modal in the
 * admin's theme and language that a screen reader announces as a dialog. `confirm` resolves true
 * when the admin presses the action, false on 取消, Escape or a click outside; render `dialog`
 * once in the screen.
 */
export function useConfirm(): {
  confirm: (text: string, action?: string) => Promise<boolean>;
  dialog: ReactNode;
} {
  const [question, setQuestion] = useState<Question | null>(null);
  const settle = useRef<(ok: boolean) => void>(() => {});

  const confirm = useCallback(
    (text: string, action: string = COMMON.confirm) =>
      new Promise<boolean>((resolve) => {
        settle.current(false);
        settle.current = resolve;
        setQuestion({ text, action });
      }),
    [],
  );
  const answer = (ok: boolean) => {
    settle.current(ok);
    settle.current = () => {};
    setQuestion(null);
  };

  const dialog = (
    <Modal
      show={question !== null}
      onHide={() => answer(false)}
      centered
      aria-labelledby="admin-confirm-title"
    >
      <Modal.Header closeButton>
        <Modal.Title as="h2" className="h5" id="admin-confirm-title">
          {CONTENT.confirmTitle}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>{question?.text}</Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={() => answer(false)}>
          {COMMON.cancel}
        </Button>
        <Button variant="danger" onClick={() => answer(true)}>
          {question?.action}
        </Button>
      </Modal.Footer>
    </Modal>
  );
  return { confirm, dialog };
}
