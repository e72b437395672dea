import { act, render, screen } from '@testing-library/react';
import { COPY_FEEDBACK_MS, useCopy } from './useCopy';

function CopyButton({ text }: { text: string }) {
  const { state, copy } = useCopy();
  return (
    <button type="button" onClick={() => void copy(text)}>
      {state}
    </button>
  );
}

const writeText = jest.fn<Promise<void>, [string]>();

beforeAll(() => {
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
});

beforeEach(() => {
  jest.useFakeTimers();
  writeText.mockReset();
});

afterEach(() => jest.useRealTimers());

const press = () =>
  act(async () => {
    screen.getByRole('button').click();
    await Promise.resolve();
  });

it('says it copied, then offers to copy again', async () => {
  writeText.mockResolvedValue(undefined);
  render(<CopyButton text="curl https://example.test" />);
  await press();
  expect(writeText).toHaveBeenCalledWith('curl https://example.test');
  expect(screen.getByRole('button')).toHaveTextContent('copied');
  act(() => jest.advanceTimersByTime(COPY_FEEDBACK_MS - 1));
  expect(screen.getByRole('button')).toHaveTextContent('copied');
  act(() => jest.advanceTimersByTime(1));
  expect(screen.getByRole('button')).toHaveTextContent('idle');
});

it('says when the clipboard refused, for a moment too', async () => {
  writeText.mockRejectedValue(new Error('denied'));
  render(<CopyButton text="x" />);
  await press();
  expect(screen.getByRole('button')).toHaveTextContent('failed');
  act(() => jest.advanceTimersByTime(COPY_FEEDBACK_MS));
  expect(screen.getByRole('button')).toHaveTextContent('idle');
});

it('counts the moment from the latest copy', async () => {
  writeText.mockResolvedValue(undefined);
  render(<CopyButton text="x" />);
  await press();
  act(() => jest.advanceTimersByTime(COPY_FEEDBACK_MS - 100));
  await press();
  act(() => jest.advanceTimersByTime(COPY_FEEDBACK_MS - 100));
  expect(screen.getByRole('button')).toHaveTextContent('copied');
});
