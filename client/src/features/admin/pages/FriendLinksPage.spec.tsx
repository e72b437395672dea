import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay } from 'msw';
import { Provider } from 'react-redux';
import { makeStore } from '../../../app/store';
import { CLOSE_AFTER_SUCCESS_MS } from '../components/record-manager/timing';
import { failure, http, HttpResponse, ok, server } from '../../../test/server';
import FriendLinksPage from './FriendLinksPage';

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

/** Lists `existing`, answers add/update_friend_link.php and records the bodies it was sent. */
function setup(answer: () => Response | Promise<Response>) {
  const bodies: unknown[] = [];
  const record = async ({ request }: { request: Request }) => {
    bodies.push(await request.json());
    return answer();
  };
  server.use(
    http.get('/api/admin/get_friend_links.php', () => ok([existing])),
    http.post('/api/admin/add_friend_link.php', record),
    http.post('/api/admin/update_friend_link.php', record),
  );
  render(
    <Provider store={makeStore()}>
      <FriendLinksPage />
    </Provider>,
  );
  return { bodies };
}

/** Opens the form: to add a link (添加友链), or to edit `existing`. */
async function open(how: 'add' | 'edit') {
  const name = how === 'add' ? '添加友链' : '编辑';
  await userEvent.click(await screen.findByRole('button', { name }));
  return screen.findByRole('dialog', { name: how === 'add' ? '添加友链' : '编辑友链' });
}

const field = (label: string) => screen.getByLabelText(label, { exact: true });
const saveButton = () => screen.getByRole('button', { name: /保存/ });

describe('FriendLinksPage', () => {
  afterEach(() => jest.useRealTimers());

  it('lists the links with their avatar, status and times', async () => {
    setup(saved(''));
    const row = (await screen.findByText('老友')).closest('tr')!;
    const cell = (label: string) => row.querySelector(`td[data-label="${label}"]`);
    expect(cell('头像')).toHaveTextContent('无');
    expect(within(cell('链接') as HTMLElement).getByRole('link')).toHaveAttribute(
      'href',
      existing.link_url,
    );
    expect(cell('状态')).toHaveTextContent('启用');
    expect(cell('创建时间')).not.toHaveTextContent('-');
    expect(cell('更新时间')).not.toBeNull();
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'ID',
      '名称',
      '头像',
      '链接',
      '描述',
      '排序',
      '状态',
      '创建时间',
      '更新时间',
      '操作',
    ]);
  });

  it('says 添加友链 when adding', async () => {
    setup(saved(''));
    expect(await open('add')).toBeInTheDocument();
  });

  it('edits with the existing values', async () => {
    setup(saved(''));
    await open('edit');
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
    const { bodies } = setup(saved(''));
    await open('add');
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

  it('cannot be closed with Escape and disables save while saving', async () => {
    setup(async () => {
      await delay(100);
      return saved('')();
    });
    const dialog = await open('edit');
    expect(within(dialog).queryByRole('button', { name: 'Close' })).toBeNull();
    await userEvent.keyboard('{Escape}');
    expect(field('名称')).toHaveValue('老友');
    await userEvent.click(saveButton());
    await userEvent.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: '编辑友链' })).toBe(dialog);
    expect(saveButton()).toBeDisabled();
    expect(saveButton()).toHaveTextContent('保存中...');
    expect(await within(dialog).findByText('操作成功')).toBeInTheDocument();
  });

  it('saves, shows the server message and closes 1.5 s later', async () => {
    const { bodies } = setup(saved('友链更新成功'));
    const dialog = await open('edit');
    await userEvent.clear(field('排序'));
    await userEvent.type(field('排序'), '-1');
    await userEvent.type(field('描述'), ' 老朋友 ');
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    await user.click(saveButton());
    expect(await within(dialog).findByText('友链更新成功')).toBeInTheDocument();
    expect(saveButton()).toBeDisabled();
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
    expect(within(dialog).getByText('友链更新成功')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(20));
    expect(screen.queryByText('友链更新成功')).toBeNull();
    act(() => jest.advanceTimersByTime(1000));
    expect(screen.queryByRole('dialog')).toBeNull();
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
    setup(answer);
    const dialog = await open('edit');
    await userEvent.click(saveButton());
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(message);
    expect(dialog).toBeInTheDocument();
  });

  it('shows 操作成功 when the server says nothing', async () => {
    setup(saved(''));
    const dialog = await open('edit');
    await userEvent.click(saveButton());
    expect(await within(dialog).findByText('操作成功')).toBeInTheDocument();
  });

  it('deletes after asking, and says so until dismissed', async () => {
    setup(saved(''));
    server.use(
      http.get('/api/admin/delete_friend_link.php', () =>
        HttpResponse.json({ success: true, message: '友链删除成功' }),
      ),
    );
    await userEvent.click(await screen.findByRole('button', { name: '删除' }));
    const question = await screen.findByRole('dialog', { name: '请确认' });
    expect(question).toHaveTextContent('确定要删除此友链吗？');
    await userEvent.click(within(question).getByRole('button', { name: '删除' }));
    const banner = await screen.findByRole('status');
    expect(banner).toHaveTextContent('友链删除成功');
    await userEvent.click(within(banner).getByRole('button', { name: 'Close alert' }));
    expect(screen.queryByText('友链删除成功')).toBeNull();
  });
});
