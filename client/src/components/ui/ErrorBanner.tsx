/** One banner for one or more failures; nothing when there are none. */
export default function ErrorBanner({ messages }: { messages: (string | null | undefined)[] }) {
  const shown = [...new Set(messages.filter((m): m is string => Boolean(m)))];
  if (shown.length === 0) return null;
  return (
    <div className="alert alert-danger" role="alert">
      {shown.length === 1 ? (
        shown[0]
      ) : (
        <ul className="mb-0 ps-3">
          {shown.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
