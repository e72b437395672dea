import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import AdminPagination from './AdminPagination';

const numbers = () =>
  screen
    .getAllByRole('listitem')
    .map((item) => item.textContent)
    .filter((t) => /^\d+$/.test(t ?? ''));

describe('AdminPagination', () => {
  it('is hidden when there is only one page', () => {
    const { container } = render(<AdminPagination page={1} totalPages={1} onChange={jest.fn()} />);
    expect(container).toBeEmptyDOMElement();
  });

  it.each([
    [1, 10, ['1', '2', '3', '4', '5']],
    [5, 10, ['3', '4', '5', '6', '7']],
    [10, 10, ['6', '7', '8', '9', '10']],
    [2, 3, ['1', '2', '3']],
  ])('shows a window of 5 around page %i of %i', (page, total, expected) => {
    render(<AdminPagination page={page} totalPages={total} onChange={jest.fn()} />);
    expect(numbers()).toEqual(expected);
    const current = screen.getByText(String(page));
    expect(current).toHaveAttribute('aria-current', 'page');
    // Current, not disabled: it is no disabled control and its item is not greyed out.
    expect(current.closest('li')).not.toHaveClass('disabled');
    expect(screen.queryByRole('button', { name: String(page) })).toBeNull();
  });

  it('moves with 上一页 / 下一页, disabled at the ends', async () => {
    const onChange = jest.fn();
    const { rerender } = render(<AdminPagination page={1} totalPages={4} onChange={onChange} />);
    expect(screen.getByRole('button', { name: '上一页' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: '下一页' }));
    expect(onChange).toHaveBeenLastCalledWith(2);
    rerender(<AdminPagination page={4} totalPages={4} onChange={onChange} />);
    expect(screen.getByRole('button', { name: '下一页' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: '上一页' }));
    expect(onChange).toHaveBeenLastCalledWith(3);
    await userEvent.click(screen.getByRole('button', { name: '2' }));
    expect(onChange).toHaveBeenLastCalledWith(2);
  });
});
