import { act, fireEvent, render, screen } from '@testing-library/react';
import { useEffect, useState } from 'react';
import { SEARCH_DEBOUNCE_MS, useDebouncedValue } from './useDebouncedValue';

function Search({ onSearch }: { onSearch: (text: string) => void }) {
  const [text, setText] = useState('');
  const debounced = useDebouncedValue(text);
  useEffect(() => onSearch(debounced), [debounced, onSearch]);
  return <input aria-label="search" value={text} onChange={(e) => setText(e.target.value)} />;
}

describe('useDebouncedValue', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('waits 300 ms after the last change before passing the value on', () => {
    expect(SEARCH_DEBOUNCE_MS).toBe(300);
    const onSearch = jest.fn();
    render(<Search onSearch={onSearch} />);
    expect(onSearch).toHaveBeenLastCalledWith('');
    onSearch.mockClear();
    const input = screen.getByRole('textbox', { name: 'search' });
    for (const text of ['h', 'ha', 'has', 'hash']) {
      fireEvent.change(input, { target: { value: text } });
      act(() => jest.advanceTimersByTime(200));
    }
    expect(onSearch).not.toHaveBeenCalled();
    act(() => jest.advanceTimersByTime(99));
    expect(onSearch).not.toHaveBeenCalled();
    act(() => jest.advanceTimersByTime(1));
    expect(onSearch.mock.calls).toEqual([['hash']]);
  });
});
