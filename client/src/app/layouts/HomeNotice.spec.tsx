import { render, screen } from '@testing-library/react';
import { useLayoutEffect } from 'react';
import HomeNotice from './HomeNotice';
import { NOTICE_SEEN_KEY, STATIC_NOTICE_ID } from './notice';

/** The server's copy as its script leaves it on screen: shown, the session marked. */
function serverCopy(): HTMLElement {
  const copy = document.createElement('div');
  copy.id = STATIC_NOTICE_ID;
  document.body.append(copy);
  sessionStorage.setItem(NOTICE_SEEN_KEY, '1');
  return copy;
}

/** Renders before HomeNotice and acts in its layout effect, after HomeNotice rendered. */
function Meanwhile({ act }: { act: () => void }) {
  useLayoutEffect(act, [act]);
  return null;
}

describe('HomeNotice', () => {
  beforeEach(() => {
    sessionStorage.clear();
    document.body.innerHTML = '';
  });

  it('never takes focus when the server copy was dismissed after it rendered', () => {
    const copy = serverCopy();
    const search = document.createElement('input');
    document.body.append(search);
    search.focus();
    const focused: EventTarget[] = [];
    document.addEventListener('focusin', (event) => focused.push(event.target!));
    const onClosed = jest.fn();

    // The visitor closes the server's copy between the app's render and its commit, then types.
    render(
      <>
        <Meanwhile act={() => copy.remove()} />
        <HomeNotice notice="Hello" onClosed={onClosed} />
      </>,
    );

    expect(focused).toEqual([]);
    expect(document.activeElement).toBe(search);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(onClosed).toHaveBeenCalledTimes(1);
  });

  it('takes over a server copy still on screen, releasing the page behind', async () => {
    const copy = serverCopy();
    const root = document.createElement('div');
    root.id = 'root';
    root.inert = true;
    document.body.append(root);

    render(<HomeNotice notice="Hello" onClosed={jest.fn()} />);

    expect(await screen.findByRole('dialog')).toHaveTextContent('Hello');
    expect(copy.isConnected).toBe(false);
    expect(root.inert).toBe(false);
  });

  it('shows once per session when there is no server copy', async () => {
    render(<HomeNotice notice="Hello" onClosed={jest.fn()} />);
    expect(await screen.findByRole('dialog')).toHaveTextContent('Hello');
    expect(sessionStorage.getItem(NOTICE_SEEN_KEY)).toBe('1');
  });

  it('closes at once when this session has seen it', () => {
    sessionStorage.setItem(NOTICE_SEEN_KEY, '1');
    const onClosed = jest.fn();
    render(<HomeNotice notice="Hello" onClosed={onClosed} />);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(onClosed).toHaveBeenCalledTimes(1);
  });
});
