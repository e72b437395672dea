import type { SessionInfo } from '../../../contracts/sessions';
import type { Session } from '../../../database/entities';
import { deviceName } from '../device';

/** A session as its owner sees it: never the token hash nor the CSRF secret. */
export function toSessionInfo(session: Session, id: string, current: boolean): SessionInfo {
  return {
    id,
    device: deviceName(session.user_agent),
    ip: session.ip,
    created_at: session.created_at.toISOString(),
    last_seen_at: session.last_seen_at.toISOString(),
    current,
  };
}
