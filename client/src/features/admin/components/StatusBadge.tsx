import { Badge } from 'react-bootstrap';
import { COMMON } from '../i18n/common';

/** 启用 (green) for 1, 禁用 (red) for anything else. */
export default function StatusBadge({ status }: { status: number }) {
  return status === 1 ? (
    <Badge bg="success">{COMMON.enabled}</Badge>
  ) : (
    <Badge bg="danger">{COMMON.disabled}</Badge>
  );
}
