import { FRIEND_LINK_RULES, type FriendLink, type SaveFriendLinkBody } from '@contracts/content';
import { FormEvent, useEffect, useState } from 'react';
import { Alert, Button, Form, Modal } from 'react-bootstrap';
import { useSaveFriendLinkMutation } from '../api';
import { adminErrorText } from '../errors';

/** How long the success message stays before the modal closes (SPEC.md §9). */
export const CLOSE_AFTER_SUCCESS_MS = 1500;

interface Props {
  /** The link to edit, or null to add one. */
  link: FriendLink | null;
  onClose: () => void;
}

/** Add (添加友链) or edit (编辑友链); only its buttons close it while the form is open. */
export default function FriendLinkModal({ link, onClose }: Props) {
  const [save, { isLoading }] = useSaveFriendLinkMutation();
  const [form, setForm] = useState({
    name: link?.name ?? '',
    link_url: link?.link_url ?? '',
    avatar_url: link?.avatar_url ?? '',
    description: link?.description ?? '',
    sort_order: String(link?.sort_order ?? 0),
    status: link?.status ?? 1,
  });
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);

  useEffect(() => {
    if (!success) return;
    const timer = setTimeout(onClose, CLOSE_AFTER_SUCCESS_MS);
    return () => clearTimeout(timer);
  }, [success, onClose]);

  const set = (field: keyof typeof form) => (value: string | number) =>
    setForm((current) => ({ ...current, [field]: value }));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const name = form.name.trim();
    const linkUrl = form.link_url.trim();
    const avatarUrl = form.avatar_url.trim();
    if (!name || !linkUrl) return setError(FRIEND_LINK_RULES.required);
    const { url, avatar } = FRIEND_LINK_RULES;
    if (!url.test(linkUrl) || (avatarUrl && !avatar.test(avatarUrl))) {
      return setError(FRIEND_LINK_RULES.badUrl);
    }
    if (!/^-?\d+$/.test(form.sort_order.trim())) return setError('排序必须是数字');
    setError(null);
    const body: SaveFriendLinkBody = {
      ...(link && { id: link.id }),
      name,
      link_url: linkUrl,
      avatar_url: avatarUrl,
      description: form.description.trim(),
      sort_order: Number(form.sort_order),
      status: form.status,
    };
    const result = await save(body);
    if ('error' in result) {
      setError(
        adminErrorText(result.error, {
          failed: '操作失败',
          network: '请求保存友链接口失败，请稍后再试',
          fields: {
            name: '友链名称和链接不能为空',
            link_url: '友链链接或头像链接格式无效',
            avatar_url: '友链链接或头像链接格式无效',
          },
        }),
      );
      return;
    }
    setSuccess(result.data.message || '操作成功');
  };

  return (
    <Modal show onHide={onClose} backdrop="static" keyboard={false}>
      <Form noValidate onSubmit={(e) => void onSubmit(e)}>
        <Modal.Header>
          <Modal.Title>{link ? '编辑友链' : '添加友链'}</Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {error && (
            <Alert variant="danger" role="alert">
              {error}
            </Alert>
          )}
          {success && (
            <Alert variant="success" role="status">
              {success}
            </Alert>
          )}
          <Form.Group className="mb-3" controlId="friend-name">
            <Form.Label>名称</Form.Label>
            <Form.Control value={form.name} onChange={(e) => set('name')(e.target.value)} />
          </Form.Group>
          <Form.Group className="mb-3" controlId="friend-link">
            <Form.Label>链接</Form.Label>
            <Form.Control
              type="url"
              placeholder="https://"
              value={form.link_url}
              onChange={(e) => set('link_url')(e.target.value)}
            />
          </Form.Group>
          <Form.Group className="mb-3" controlId="friend-avatar">
            <Form.Label>头像链接</Form.Label>
            <Form.Control
              placeholder="https:// 或 /站内路径（可选）"
              value={form.avatar_url}
              onChange={(e) => set('avatar_url')(e.target.value)}
            />
          </Form.Group>
          <Form.Group className="mb-3" controlId="friend-description">
            <Form.Label>描述</Form.Label>
            <Form.Control
              as="textarea"
              rows={2}
              value={form.description}
              onChange={(e) => set('description')(e.target.value)}
            />
          </Form.Group>
          <div className="d-flex gap-3">
            <Form.Group className="flex-fill" controlId="friend-sort">
              <Form.Label>排序</Form.Label>
              <Form.Control
                type="number"
                value={form.sort_order}
                onChange={(e) => set('sort_order')(e.target.value)}
              />
            </Form.Group>
            <Form.Group className="flex-fill" controlId="friend-status">
              <Form.Label>状态</Form.Label>
              <Form.Select
                value={form.status}
                onChange={(e) => set('status')(Number(e.target.value))}
              >
                <option value={1}>启用</option>
                <option value={0}>禁用</option>
              </Form.Select>
            </Form.Group>
          </div>
        </Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" onClick={onClose} disabled={isLoading}>
            取消
          </Button>
          <Button type="submit" disabled={isLoading || success !== null}>
            {isLoading ? '保存中...' : '保存'}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
