import type { SessionInfo } from '@contracts/sessions';
import { Badge, Button, ListGroup, Spinner } from 'react-bootstrap';

export interface SessionListTexts {
  thisDevice: string;
  unknownDevice: string;
  lastSeen: (time: string) => string;
  signedInAt: (time: string) => string;
  signOut: string;
}

interface Props {
  sessions: SessionInfo[];
  texts: SessionListTexts;
  /** A server timestamp in the screen's language. */
  time: (iso: string) => string;
  onSignOut: (session: SessionInfo) => void;
  /** The session whose sign-out is under way. */
  pendingId?: string;
}

/** The signed-in sessions of the user centre and the back office: the current one marked. */
export default function SessionList({ sessions, texts, time, onSignOut, pendingId }: Props) {
  return (
    <ListGroup className="mb-3" data-testid="sessions">
      {sessions.map((session) => (
        <ListGroup.Item
          key={session.id}
          className="d-flex align-items-center gap-3"
          data-current={session.current || undefined}
        >
          <div className="flex-grow-1 min-w-0">
            <div className="fw-semibold text-break">
              {session.device ?? texts.unknownDevice}
              {session.current && (
                <Badge bg="success" className="ms-2 align-text-bottom">
                  {texts.thisDevice}
                </Badge>
              )}
            </div>
            <div className="small text-body-secondary text-break">
              {[session.ip, texts.lastSeen(time(session.last_seen_at))].filter(Boolean).join(' · ')}
            </div>
            <div className="small text-body-secondary">
              {texts.signedInAt(time(session.created_at))}
            </div>
          </div>
          {!session.current && (
            <Button
              variant="outline-danger"
              size="sm"
              className="flex-shrink-0"
              disabled={pendingId !== undefined}
              aria-label={`${texts.signOut}: ${session.device ?? texts.unknownDevice}`}
              onClick={() => onSignOut(session)}
            >
              {pendingId === session.id && (
                <Spinner size="sm" className="me-1" aria-hidden="true" />
              )}
              {texts.signOut}
            </Button>
          )}
        </ListGroup.Item>
      ))}
    </ListGroup>
  );
}
