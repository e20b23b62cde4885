/** The 10 recovery codes, shown once right after 2FA is turned on (the server keeps only their hashes). */
import { COPY_CONFIRMATION_MS } from '../../../shared/constants';
import { Button } from '../../components/Button';
import { Notice } from '../../components/Notice';
import { useCopyConfirmation } from '../../lib/use-copy-confirmation';

export function RecoveryCodesPanel({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const copy = useCopyConfirmation(COPY_CONFIRMATION_MS);
  return (
    <section className="mt-2 flex flex-col gap-4 rounded-2xl bg-surface px-5 py-6 shadow-card">
      <Notice tone="success">Two-factor authentication is on.</Notice>
      <div>
        <h2 className="text-lg font-semibold">Save your recovery codes</h2>
        <p className="mt-1 text-sm text-muted">
          If you lose your phone, each code signs you in or confirms a withdrawal once. They are shown only now: keep
          them somewhere safe, away from your phone.
        </p>
      </div>
      <ol
        className="grid grid-cols-2 gap-2 rounded-xl bg-surface-2 p-3 font-mono text-[15px]"
        data-testid="recovery-codes"
      >
        {codes.map((code) => (
          <li key={code} className="rounded-lg px-2 py-1.5 text-center tracking-wider">
            {code}
          </li>
        ))}
      </ol>
      <Button variant="secondary" onClick={() => void copy.copy(codes.join('\n'))}>
        Copy codes
      </Button>
      <div aria-live="polite" className="empty:hidden">
        {copy.state === 'copied' && <Notice tone="success">Recovery codes copied</Notice>}
        {copy.state === 'failed' && <Notice tone="error">Could not copy. Please write the codes down.</Notice>}
      </div>
      <Button onClick={onDone}>I have saved them</Button>
    </section>
  );
}
