import { FRIEND_LINK_FIELDS } from '@contracts/content';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay } from 'msw';
import { Provider } from 'react-redux';
import { makeStore } from '../../../app/store';
import { expectRefusalAtControl } from '../../../test/refusals';
import { failure, http, HttpResponse, server } from '../../../test/server';
import FriendLinkModal, { CLOSE_AFTER_SUCCESS_MS } from './FriendLinkModal';

const existing = {
  id: 4,
  name: '老友',
  link_url: 'https://old.example.com',
  avatar_url: '',
  description: '',
  description_en: 'Old friend',
  sort_order: 2,
  status: 1,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
};

const saved = (message: string) => () =>
  HttpResponse.json({ success: true, message, data: existing });

/** Answers add/update_friend_link.php and records the bodies it was sent. */
function setup(link: typeof existing | null, answer: () => Response | Promise<Response>) {
  const bodies: unknown[] = [];
  const record = async ({ request }: { request: Request }) => {
    bodies.push(await request.json());
    return answer();
  };
  server.use(
    http.post('/api/admin/add_friend_link.php', record),
    http.post('/api/admin/update_friend_link.php', record),
  );
  const onClose = jest.fn();
  render(
    <Provider store={makeStore()}>
      <FriendLinkModal link={link} onClose={onClose} />
    </Provider>,
  );
  return { onClose, bodies };
}

const field = (label: string) => screen.getByLabelText(label, { exact: true });
const saveButton = () => screen.getByRole('button', { name: /保存/ });

describe('FriendLinkModal', () => {
  afterEach(() => jest.useRealTimers());

  it('says 添加友链 when adding', () => {
    setup(null, saved(''));
    expect(screen.getByRole('dialog', { name: '添加友链' })).toBeInTheDocument();
  });

  it('edits with the existing values', () => {
    setup(existing, saved(''));
    expect(screen.getByText('编辑友链')).toBeInTheDocument();
    expect(field('名称')).toHaveValue('老友');
    expect(field('英文描述（可选，英文页面显示）')).toHaveValue('Old friend');
    expect(field('排序')).toHaveValue(2);
  });

  it.each([
    [{ name: '', link: 'https://a.example.com' }, '名称', '友链名称和链接不能为空'],
    [{ name: 'n', link: '' }, '链接', '友链名称和链接不能为空'],
    [{ name: 'n', link: 'a.example.com' }, '链接', '友链链接或头像链接格式无效'],
    [
      { name: 'n', link: 'https://a.example.com', avatar: 'avatar.png' },
      '头像链接',
      '友链链接或头像链接格式无效',
    ],
  ])('checks %j before saving: at %s, %s', async (values, label, message) => {
    const { bodies } = setup(null, saved(''));
    if (values.name) await userEvent.type(field('名称'), values.name);
    if (values.link) await userEvent.type(field('链接'), values.link);
    if ('avatar' in values) await userEvent.type(field('头像链接'), values.avatar);
    await userEvent.click(saveButton());
    const control = field(label);
    expect(control).toHaveFocus();
    expect(control).toHaveAttribute('aria-invalid', 'true');
    expect(control).toHaveAccessibleDescription(message);
    expect(screen.getByRole('link', { name: message })).toBeInTheDocument();
    expect(bodies).toEqual([]);
  });

  // Every field the server reads (the DTO is held to FRIEND_LINK_FIELDS by a server unit test).
  it.each(FRIEND_LINK_FIELDS)('shows the server’s refusal of %s at its control', async (name) => {
    setup(existing, () =>
      failure(400, { code: 'request.validation', field: name, message: `${name} is wrong` }),
    );
    await userEvent.click(saveButton());
    await expectRefusalAtControl(screen.getByRole('dialog'));
  });

  it('cannot be closed with Escape and disables save while saving', async () => {
    const { onClose } = setup(existing, async () => {
      await delay(100);
      return saved('')();
    });
    await userEvent.click(saveButton());
    await userEvent.keyboard('{Escape}');
    expect(onClose).not.toHaveBeenCalled();
    expect(saveButton()).toBeDisabled();
    expect(saveButton()).toHaveTextContent('保存中...');
    expect(await screen.findByText('操作成功')).toBeInTheDocument();
  });

  it('saves, shows the server message and closes 1.5 s later', async () => {
    const { onClose, bodies } = setup(existing, saved('友链更新成功'));
    await userEvent.clear(field('排序'));
    await userEvent.type(field('排序'), '-1');
    await userEvent.type(field('描述'), ' 老朋友 ');
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    await user.click(saveButton());
    expect(await screen.findByText('友链更新成功')).toBeInTheDocument();
    expect(bodies).toEqual([
      {
        id: 4,
        name: '老友',
        link_url: 'https://old.example.com',
        avatar_url: '',
        description: '老朋友',
        description_en: 'Old friend',
        sort_order: -1,
        status: 1,
      },
    ]);
    act(() => jest.advanceTimersByTime(CLOSE_AFTER_SUCCESS_MS - 10));
    expect(onClose).not.toHaveBeenCalled();
    act(() => jest.advanceTimersByTime(20));
    expect(onClose).toHaveBeenCalled();
  });

  it.each([
    [
      'the field’s SPEC text',
      () =>
        failure(400, {
          code: 'request.validation',
          field: 'link_url',
          message: 'link URL format is invalid',
        }),
      '友链链接或头像链接格式无效',
    ],
    ['the fallback', () => failure(500), '操作失败'],
    ['a network failure', () => HttpResponse.error(), '请求保存友链接口失败，请稍后再试'],
  ])('shows %s for a failed save and stays open', async (_case, answer, message) => {
    const { onClose } = setup(existing, answer);
    await userEvent.click(saveButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('shows 操作成功 when the server says nothing', async () => {
    setup(existing, saved(''));
    await userEvent.click(saveButton());
    expect(await screen.findByText('操作成功')).toBeInTheDocument();
  });
});
