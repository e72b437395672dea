import { CONFIRM_TWO_FACTOR_FIELDS } from '@contracts/two-factor';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { makeStore } from '../../../app/store';
import { expectRefusedControl } from '../../../test/refusals';
import { failure, http, ok, server } from '../../../test/server';
import StepUpForm from './StepUpForm';

function show(onConfirmed = jest.fn()) {
  render(
    <Provider store={makeStore()}>
      <StepUpForm stepUp={{ passkeys: false }} onConfirmed={onConfirmed} onCancel={jest.fn()} />
    </Provider>,
  );
  return onConfirmed;
}

describe('StepUpForm', () => {
  it('confirms with a code, then lets the call be repeated', async () => {
    const sent: unknown[] = [];
    server.use(
      http.post('/api/user/confirm_two_factor.php', async ({ request }) => {
        sent.push(await request.json());
        return ok(null, 'confirmed');
      }),
    );
    const onConfirmed = show();
    await userEvent.type(screen.getByLabelText('Authentication code'), ' 123456 ');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(sent).toEqual([{ code: '123456' }]);
    expect(onConfirmed).toHaveBeenCalledTimes(1);
  });

  // Every field confirm_two_factor.php reads lands where it can be seen: the code at its input, a
  // passkey's answer (no control of its own) above the form.
  it.each(CONFIRM_TWO_FACTOR_FIELDS)('shows the server’s refusal of %s', async (field) => {
    server.use(
      http.post('/api/user/confirm_two_factor.php', () =>
        failure(400, { code: 'request.validation', field, message: 'x' }),
      ),
    );
    const onConfirmed = show();
    await userEvent.type(screen.getByLabelText('Authentication code'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    if (field === 'code') await expectRefusedControl(document.getElementById('step-up-code'));
    else expect(await screen.findByRole('alert')).toHaveTextContent('A field is invalid.');
    expect(onConfirmed).not.toHaveBeenCalled();
  });
});
