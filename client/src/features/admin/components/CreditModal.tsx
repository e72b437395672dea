import { ADMIN_CREDIT_REASONS } from '@contracts/credit';
import type { GrantCreditBody } from '@contracts/credit';
import type { AdminUser } from '@contracts/users';
import { USERS } from '../i18n/users';
import FormModal from './FormModal';
import RefusableField from './RefusableField';
import { useCreditGrant } from './useCreditGrant';

const TEXTS = USERS.credit;

/** Gives a user credit (an amount until an expiry, for a reason), audited. */
export default function CreditModal({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const form = useCreditGrant(user);
  const { refusal, edited } = form;
  return (
    <FormModal
      id="credit-modal"
      title={TEXTS.title(user.username)}
      refusal={refusal && !refusal.field ? refusal.text : null}
      done={form.done}
      busy={form.isLoading}
      submit={{ idle: TEXTS.submit, busy: TEXTS.submitting }}
      onSubmit={form.onSubmit}
      onClose={onClose}
    >
      <p className="small text-body-secondary">{TEXTS.intro}</p>
      <RefusableField
        form="credit"
        field="amount"
        label={TEXTS.amount}
        type="number"
        step="0.001"
        min="0.001"
        value={form.amount}
        refusal={refusal}
        onChange={(value) => {
          form.setAmount(value);
          edited('amount');
        }}
      />
      <RefusableField
        form="credit"
        field="expires_at"
        label={TEXTS.expiresAt}
        type="datetime-local"
        value={form.expiresAt}
        refusal={refusal}
        onChange={(value) => {
          form.setExpiresAt(value);
          edited('expires_at');
        }}
      />
      <RefusableField
        form="credit"
        field="reason"
        label={TEXTS.reason}
        value={form.reason}
        refusal={refusal}
        options={ADMIN_CREDIT_REASONS.map((value) => (
          <option key={value} value={value}>
            {TEXTS.reasons[value]}
          </option>
        ))}
        onChange={(value) => {
          form.setReason(value as GrantCreditBody['reason']);
          edited('reason');
        }}
      />
      <RefusableField
        form="credit"
        field="note"
        label={TEXTS.note}
        className=""
        maxLength={200}
        value={form.note}
        refusal={refusal}
        onChange={(value) => {
          form.setNote(value);
          edited('note');
        }}
      />
    </FormModal>
  );
}
