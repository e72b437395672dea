import { Badge } from 'react-bootstrap';

/** 启用 (green) for 1, 禁用 (red) for anything else. */
export default function StatusBadge({ status }: { status: number }) {
  return status === 1 ? <Badge bg="success">启用</Badge> : <Badge bg="danger">禁用</Badge>;
}
