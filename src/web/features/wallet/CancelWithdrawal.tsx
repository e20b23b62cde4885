/**
 * The owner's cancel of a pending withdrawal (`POST /api-v1/withdraw/cancel/`): a button on
 * the record, then a sheet that says what comes back before anything is sent.
 */
import { useState } from 'react';
import type { TransactionItem } from '../../../shared/api/wallet';
import { formatAmount } from '../../../shared/format';
import { Button } from '../../components/Button';
import { Notice } from '../../components/Notice';
import { BottomSheet } from '../../components/Overlay';
import { errorMessage } from '../../lib/api';
import { useI18n } from '../../lib/i18n';
import { newIdempotencyKey } from '../../lib/submission-key';
import { useCancelWithdrawal } from './api/money-moves';
import { aroundSlot, SLOT } from './localized';

export function CancelWithdrawal({ item }: { item: TransactionItem }) {
  const [open, setOpen] = useState(false);
  // One key per opening of the sheet: a retry after a lost answer is the same cancel.
  const [key, setKey] = useState(newIdempotencyKey);
  const cancel = useCancelWithdrawal();
  const { t, number } = useI18n();
  const amount = `${number(formatAmount(item.amount))} ${item.currency}`;
  const [before, after] = aroundSlot(
    t('wallet.cancel.body', { amount, address: SLOT, network: item.network ? ` (${item.network})` : '' }),
  );

  const close = () => {
    setOpen(false);
    cancel.reset();
  };
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        className="min-h-touch self-start rounded-lg px-3 text-[13px] font-semibold text-down hover:bg-down/10 -ml-3"
      >
        {t('wallet.cancel.button')}
      </button>
      <BottomSheet open={open} onClose={close} title={t('wallet.cancel.title')}>
        <div className="flex flex-col gap-4">
          <p className="text-sm">
            {before}
            <span className="break-all font-mono text-[13px]">{item.address}</span>
            {after}
          </p>
          {cancel.isError && <Notice tone="error">{errorMessage(cancel.error, t('wallet.cancel.failed'))}</Notice>}
          <div className="grid grid-cols-2 gap-3">
            <Button variant="secondary" onClick={close}>
              {t('wallet.cancel.keep')}
            </Button>
            <Button
              variant="danger"
              busy={cancel.isPending}
              onClick={() =>
                cancel.mutate(
                  { body: { transaction_id: item.transaction_id }, idempotencyKey: key },
                  {
                    onSuccess: () => {
                      setKey(newIdempotencyKey());
                      setOpen(false);
                    },
                  },
                )
              }
            >
              {t('wallet.cancel.confirm')}
            </Button>
          </div>
        </div>
      </BottomSheet>
    </>
  );
}
