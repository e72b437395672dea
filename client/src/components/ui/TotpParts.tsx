import type { TotpSetup } from '@contracts/two-factor';
import { useState } from 'react';
import { Button } from 'react-bootstrap';

/** A new authenticator secret: its QR code beside the secret in groups of four, to type in. */
export function TotpQr({ setup, alt }: { setup: TotpSetup; alt: string }) {
  return (
    <div className="d-flex flex-wrap align-items-center gap-3 mb-3">
      <img src={setup.qr_code} alt={alt} width={180} height={180} className="bg-white rounded" />
      <code className="text-break user-select-all" data-testid="totp-secret">
        {setup.secret.replace(/(.{4})/g, '$1 ').trim()}
      </code>
    </div>
  );
}

export interface RecoveryCodeTexts {
  title: string;
  intro: string;
  copy: string;
  copied: string;
  saved: string;
}

/** The recovery codes, shown once: a list to copy, and the button that puts them away. */
export function RecoveryCodeList({
  codes,
  texts,
  onSaved,
}: {
  codes: string[];
  texts: RecoveryCodeTexts;
  onSaved: () => void;
}) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <>
      <h3 className="h6">{texts.title}</h3>
      <p>{texts.intro}</p>
      <ul className="list-unstyled recovery-codes font-monospace mb-3" data-testid="recovery-codes">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <Button variant="outline-secondary" className="me-2" onClick={() => void copy()}>
        {texts.copy}
      </Button>
      <Button onClick={onSaved}>{texts.saved}</Button>
      {copied && (
        <span className="ms-2 small" role="status">
          {texts.copied}
        </span>
      )}
    </>
  );
}
