import type { AdminUser } from '@contracts/users';
import { COMMON } from '../i18n/common';
import { USERS } from '../i18n/users';
import FormModal from './FormModal';
import RefusableField from './RefusableField';
import { useBalanceAdjust } from './useBalanceAdjust';

/** Credits or debits a user's balance (a signed amount in yuan) with a reason, audited. */
export default function BalanceModal({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const { amount, setAmount, reason, setReason, refusal, done, isLoading, onSubmit, edited } =
    useBalanceAdjust(user);
  return (
    <FormModal
      id="balance-modal"
      title={USERS.balance.title(user.username)}
      refusal={refusal && !refusal.field ? refusal.text : null}
      done={done}
      busy={isLoading}
      submit={{ idle: USERS.balance.submit, busy: USERS.balance.submitting }}
      onSubmit={onSubmit}
      onClose={onClose}
    >
      <RefusableField
        form="balance"
        field="amount"
        label={USERS.balance.amount}
        type="number"
        step="0.001"
        value={amount}
        refusal={refusal}
        onChange={(value) => {
          setAmount(value);
          edited('amount');
        }}
      />
      <RefusableField
        form="balance"
        field="reason"
        label={COMMON.reason}
        className=""
        maxLength={500}
        value={reason}
        refusal={refusal}
        onChange={(value) => {
          setReason(value);
          edited('reason');
        }}
      />
    </FormModal>
  );
}
