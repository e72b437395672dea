/** A list cell's text as written, with its English translation under it when there is one. */
export default function WithEnglish({ text, english }: { text: string; english: string }) {
  return (
    <>
      {text}
      {english && (
        <span className="d-block small text-body-secondary" lang="en">
          {english}
        </span>
      )}
    </>
  );
}
