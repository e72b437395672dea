import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { useConfirm } from './useConfirm';

function Deleter() {
  const { confirm, dialog } = useConfirm();
  const [answer, setAnswer] = useState('none');
  return (
    <>
      <button
        onClick={async () => setAnswer(String(await confirm('确定要删除此广告吗？', '删除')))}
      >
        删除广告
      </button>
      <output>{answer}</output>
      {dialog}
    </>
  );
}

const ask = async () => {
  await userEvent.click(screen.getByRole('button', { name: '删除广告' }));
  return screen.findByRole('dialog', { name: '请确认' });
};

describe('useConfirm', () => {
  it('asks in a modal of its own and answers true for the action', async () => {
    render(<Deleter />);
    const dialog = await ask();
    expect(dialog).toHaveTextContent('确定要删除此广告吗？');
    await userEvent.click(screen.getByRole('button', { name: '删除' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('true'));
  });

  it.each([
    ['取消', () => userEvent.click(screen.getByRole('button', { name: '取消' }))],
    ['Escape', () => userEvent.keyboard('{Escape}')],
  ])('answers false for %s', async (_how, dismiss) => {
    render(<Deleter />);
    await ask();
    await dismiss();
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('false'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
