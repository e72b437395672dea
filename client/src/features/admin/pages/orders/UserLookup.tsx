import { useState } from 'react';
import { Button, Form, InputGroup } from 'react-bootstrap';
import { useAdminUsersQuery } from '../../api';
import { adminErrorText } from '../../errors';
import { ORDERS } from '../../i18n/orders';

/** Finds users by username or email (the user list's search) and hands back the one picked. */
export default function UserLookup({
  picked,
  onPick,
}: {
  picked: string;
  onPick: (id: number) => void;
}) {
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  const { data, error, isFetching } = useAdminUsersQuery(
    { page: 1, search },
    { skip: search === '' },
  );
  const users = data?.data.users ?? [];
  const find = () => setSearch(text.trim());

  return (
    <Form.Group className="mb-3" controlId="order-user-lookup">
      <Form.Label>{ORDERS.lookup.label}</Form.Label>
      <InputGroup>
        <Form.Control
          placeholder={ORDERS.lookup.placeholder}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key !== 'Enter') return;
            e.preventDefault();
            find();
          }}
        />
        <Button variant="outline-secondary" onClick={find} disabled={isFetching}>
          {ORDERS.lookup.find}
        </Button>
      </InputGroup>
      {error && (
        <Form.Text className="text-danger-emphasis">
          {adminErrorText(error, { failed: ORDERS.lookup.failed })}
        </Form.Text>
      )}
      {search && data && users.length === 0 && <Form.Text>{ORDERS.lookup.none(search)}</Form.Text>}
      {users.length > 0 && (
        // Plain markup: the built stylesheet keeps only classes written out in the source.
        <div
          className="list-group mt-2 admin-scroll-box"
          role="group"
          aria-label={ORDERS.lookup.results}
        >
          {users.map((user) => (
            <button
              key={user.id}
              type="button"
              className={`list-group-item list-group-item-action${String(user.id) === picked ? ' active' : ''}`}
              aria-pressed={String(user.id) === picked}
              onClick={() => onPick(user.id)}
            >
              {ORDERS.lookup.user(user.username, user.id)}
            </button>
          ))}
        </div>
      )}
    </Form.Group>
  );
}
