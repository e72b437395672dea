import {
  FRIEND_LINK_FIELDS,
  FRIEND_LINK_RULES,
  type FriendLink,
  type FriendLinkField,
  type SaveFriendLinkBody,
} from '@contracts/content';
import { FormEvent, useEffect, useState } from 'react';
import { Alert, Button, Form, Modal } from 'react-bootstrap';
import { useSaveFriendLinkMutation } from '../api';
import { adminErrorText } from '../errors';
import { refusedField } from '../../../lib/api';
import ErrorSummary from './ErrorSummary';
import { fieldProblems } from './recordValues';
import { useRefusals } from './useRefusals';
import { invalidMarks } from '../../../components/ui/invalidMarks';

/** Each field's control (what its error summary line links to). */
const CONTROL_IDS: Record<FriendLinkField, string> = {
  name: 'friend-name',
  link_url: 'friend-link',
  avatar_url: 'friend-avatar',
  description: 'friend-description',
  description_en: 'friend-description-en',
  sort_order: 'friend-sort',
  status: 'friend-status',
};

/** The server's refusals of a field, in SPEC.md §5's words where it has them. */
const FIELD_TEXTS: Partial<Record<FriendLinkField, string>> = {
  name: FRIEND_LINK_RULES.required,
  link_url: FRIEND_LINK_RULES.badUrl,
  avatar_url: FRIEND_LINK_RULES.badUrl,
  sort_order: '排序必须是数字',
};

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
    description_en: link?.description_en ?? '',
    sort_order: String(link?.sort_order ?? 0),
    status: link?.status ?? 1,
  });
  const { errors, banner: error, formRef, refuse, clear, settle } = useRefusals<FriendLinkField>();
  const [success, setSuccess] = useState<string | null>(null);

  useEffect(() => {
    if (!success) return;
    const timer = setTimeout(onClose, CLOSE_AFTER_SUCCESS_MS);
    return () => clearTimeout(timer);
  }, [success, onClose]);

  // A field edited is no longer said to be wrong; the next save checks it again.
  const set = (field: FriendLinkField) => (value: string | number) => {
    setForm((current) => ({ ...current, [field]: value }));
    settle(field);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const name = form.name.trim();
    const linkUrl = form.link_url.trim();
    const avatarUrl = form.avatar_url.trim();
    const { url, avatar, required, badUrl } = FRIEND_LINK_RULES;
    const problems: Partial<Record<FriendLinkField, string>> = fieldProblems([
      [!name, 'name', required],
      [!linkUrl, 'link_url', required],
      [!!linkUrl && !url.test(linkUrl), 'link_url', badUrl],
      [!!avatarUrl && !avatar.test(avatarUrl), 'avatar_url', badUrl],
      [!/^-?\d+$/.test(form.sort_order.trim()), 'sort_order', '排序必须是数字'],
    ]);
    if (Object.keys(problems).length > 0) return refuse(problems);
    clear();
    const body: SaveFriendLinkBody = {
      ...(link && { id: link.id }),
      name,
      link_url: linkUrl,
      avatar_url: avatarUrl,
      description: form.description.trim(),
      description_en: form.description_en.trim(),
      sort_order: Number(form.sort_order),
      status: form.status,
    };
    const result = await save(body);
    if ('error' in result) {
      const text = adminErrorText(result.error, {
        failed: '操作失败',
        network: '请求保存友链接口失败，请稍后再试',
        fields: FIELD_TEXTS,
      });
      const field = refusedField(result.error, FRIEND_LINK_FIELDS);
      return field ? refuse({ [field]: text }) : refuse({}, text);
    }
    setSuccess(result.data.message || '操作成功');
  };

  const summary = FRIEND_LINK_FIELDS.filter((field) => errors[field] !== undefined).map(
    (field) => ({ id: CONTROL_IDS[field], text: errors[field] ?? '' }),
  );
  // A control's marks and the text saying what is wrong with it.
  const marks = (field: FriendLinkField) =>
    invalidMarks(errors[field] !== undefined && `${CONTROL_IDS[field]}-error`);
  const feedback = (field: FriendLinkField) => (
    <Form.Control.Feedback type="invalid" id={`${CONTROL_IDS[field]}-error`}>
      {errors[field]}
    </Form.Control.Feedback>
  );

  return (
    <Modal
      aria-labelledby="friend-modal-title"
      show
      onHide={onClose}
      backdrop="static"
      keyboard={false}
    >
      <Form ref={formRef} noValidate onSubmit={(e) => void onSubmit(e)}>
        <Modal.Header>
          <Modal.Title id="friend-modal-title">{link ? '编辑友链' : '添加友链'}</Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {summary.length > 0 && <ErrorSummary items={summary} />}
          {error && (
            <Alert variant="danger" role="alert" tabIndex={-1}>
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
            <Form.Control
              value={form.name}
              onChange={(e) => set('name')(e.target.value)}
              {...marks('name')}
            />
            {feedback('name')}
          </Form.Group>
          <Form.Group className="mb-3" controlId="friend-link">
            <Form.Label>链接</Form.Label>
            <Form.Control
              type="url"
              placeholder="https://"
              value={form.link_url}
              onChange={(e) => set('link_url')(e.target.value)}
              {...marks('link_url')}
            />
            {feedback('link_url')}
          </Form.Group>
          <Form.Group className="mb-3" controlId="friend-avatar">
            <Form.Label>头像链接</Form.Label>
            <Form.Control
              placeholder="https:// 或 /站内路径（可选）"
              value={form.avatar_url}
              onChange={(e) => set('avatar_url')(e.target.value)}
              {...marks('avatar_url')}
            />
            {feedback('avatar_url')}
          </Form.Group>
          <Form.Group className="mb-3" controlId="friend-description">
            <Form.Label>描述</Form.Label>
            <Form.Control
              as="textarea"
              rows={2}
              value={form.description}
              onChange={(e) => set('description')(e.target.value)}
              {...marks('description')}
            />
            {feedback('description')}
          </Form.Group>
          <Form.Group className="mb-3" controlId="friend-description-en">
            <Form.Label>英文描述（可选，英文页面显示）</Form.Label>
            <Form.Control
              as="textarea"
              rows={2}
              value={form.description_en}
              onChange={(e) => set('description_en')(e.target.value)}
              {...marks('description_en')}
            />
            {feedback('description_en')}
          </Form.Group>
          <div className="d-flex gap-3">
            <Form.Group className="flex-fill" controlId="friend-sort">
              <Form.Label>排序</Form.Label>
              <Form.Control
                type="number"
                value={form.sort_order}
                onChange={(e) => set('sort_order')(e.target.value)}
                {...marks('sort_order')}
              />
              {feedback('sort_order')}
            </Form.Group>
            <Form.Group className="flex-fill" controlId="friend-status">
              <Form.Label>状态</Form.Label>
              <Form.Select
                value={form.status}
                onChange={(e) => set('status')(Number(e.target.value))}
                {...marks('status')}
              >
                <option value={1}>启用</option>
                <option value={0}>禁用</option>
              </Form.Select>
              {feedback('status')}
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
