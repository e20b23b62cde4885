/**
 * What the Unverified Users list does on the phone's cards and at a desk's table alike (docs/product.md
 * sections 2, 4, 8): the queue, and Details, Reject with a reason and Verify on a submission, with the
 * details and reject sheets those open.
 */
import { useState } from 'react';
import type { UnverifiedUser } from '../../../shared/api/identity';
import { useUnverifiedUsers } from './api/unverified-users';
import { useVerifyUser } from './api/verify-user';
import { RejectUserSheet } from './RejectUserSheet';
import { VerificationDetailsSheet } from './VerificationDetailsSheet';

export function useUnverifiedReview() {
  const list = useUnverifiedUsers();
  const decide = useVerifyUser();
  const [shown, setShown] = useState<UnverifiedUser | null>(null);
  const [rejecting, setRejecting] = useState<UnverifiedUser | null>(null);

  const verify = (user: UnverifiedUser) => {
    setShown(null);
    decide.mutate({ userId: user.user_id, status: 'verified' });
  };
  const askReason = (user: UnverifiedUser) => {
    setShown(null);
    setRejecting(user);
  };
  const deciding = (user: UnverifiedUser) => decide.isPending && decide.variables.userId === user.user_id;
  const sheets = (
    <>
      <VerificationDetailsSheet user={shown} onClose={() => setShown(null)} onVerify={verify} onReject={askReason} />
      <RejectUserSheet
        user={rejecting}
        onClose={() => setRejecting(null)}
        onReject={(user, reason) => decide.mutate({ userId: user.user_id, status: 'unverified', reason })}
      />
    </>
  );
  return { list, show: setShown, reject: setRejecting, verify, deciding, sheets };
}
