import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as adminApi from '../api';
import FriendLinkModal, { CLOSE_AFTER_SUCCESS_MS } from './FriendLinkModal';

jest.mock('../api', () => ({ useSaveFriendLinkMutation: jest.fn() }));
const mocked = adminApi as jest.Mocked<typeof adminApi>;

const existing = {
  id: 4,
  name: '老友',
  link_url: 'https://old.example.com',
  avatar_url: '',
  description: '',
  sort_order: 2,
  status: 1,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
};

function setup(save: jest.Mock, link: typeof existing | null = null, isLoading = false) {
  mocked.useSaveFriendLinkMutation.mockReturnValue([save, { isLoading }] as never);
  const onClose = jest.fn();
  render(<FriendLinkModal link={link} onClose={onClose} />);
  return onClose;
}

const field = (label: string) => screen.getByLabelText(label, { exact: true });
const saveButton = () => screen.getByRole('button', { name: /保存/ });

describe('FriendLinkModal', () => {
  afterEach(() => jest.useRealTimers());

  it('says 添加友链 when adding', () => {
    setup(jest.fn());
    expect(screen.getByText('添加友链')).toBeInTheDocument();
  });

  it('edits with the existing values', () => {
    setup(jest.fn(), existing);
    expect(screen.getByText('编辑友链')).toBeInTheDocument();
    expect(field('名称')).toHaveValue('老友');
    expect(field('排序')).toHaveValue(2);
  });

  it.each([
    [{ name: '', link: 'https://a.example.com' }, '友链名称和链接不能为空'],
    [{ name: 'n', link: '' }, '友链名称和链接不能为空'],
    [{ name: 'n', link: 'a.example.com' }, '友链链接或头像链接格式无效'],
    [
      { name: 'n', link: 'https://a.example.com', avatar: 'avatar.png' },
      '友链链接或头像链接格式无效',
    ],
  ])('checks %j before saving: %s', async (values, message) => {
    const save = jest.fn();
    setup(save);
    if (values.name) await userEvent.type(field('名称'), values.name);
    if (values.link) await userEvent.type(field('链接'), values.link);
    if ('avatar' in values) await userEvent.type(field('头像链接'), values.avatar);
    await userEvent.click(saveButton());
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(save).not.toHaveBeenCalled();
  });

  it('cannot be closed with Escape and disables save while saving', async () => {
    const onClose = setup(jest.fn(), null, true);
    await userEvent.keyboard('{Escape}');
    expect(onClose).not.toHaveBeenCalled();
    expect(saveButton()).toBeDisabled();
    expect(saveButton()).toHaveTextContent('保存中...');
  });

  it('saves, shows the server message and closes 1.5 s later', async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const save = jest.fn().mockResolvedValue({ data: { success: true, message: '友链更新成功' } });
    const onClose = setup(save, existing);
    await user.clear(field('排序'));
    await user.type(field('排序'), '-1');
    await user.click(saveButton());
    expect(save).toHaveBeenCalledWith({
      id: 4,
      name: '老友',
      link_url: 'https://old.example.com',
      avatar_url: '',
      description: '',
      sort_order: -1,
      status: 1,
    });
    expect(await screen.findByText('友链更新成功')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(CLOSE_AFTER_SUCCESS_MS - 10));
    expect(onClose).not.toHaveBeenCalled();
    act(() => jest.advanceTimersByTime(20));
    expect(onClose).toHaveBeenCalled();
  });

  it.each([
    [
      { status: 400, data: { success: false, message: '友链名称和链接不能为空' } },
      '友链名称和链接不能为空',
    ],
    [{ status: 500, data: {} }, '操作失败'],
    [{ status: 'FETCH_ERROR', error: 'TypeError' }, '请求保存友链接口失败，请稍后再试'],
  ])('shows a failed save %j as %s and stays open', async (error, message) => {
    const save = jest.fn().mockResolvedValue({ error });
    const onClose = setup(save, existing);
    await userEvent.click(saveButton());
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('shows 操作成功 when the server says nothing', async () => {
    setup(jest.fn().mockResolvedValue({ data: { success: true, message: '' } }), existing);
    await userEvent.click(saveButton());
    expect(await screen.findByText('操作成功')).toBeInTheDocument();
  });
});
