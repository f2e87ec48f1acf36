import { type ReactNode, useCallback, useState } from 'react';
import { lazyDialog } from './lazy-dialog.tsx';

export interface TConfirmRequest {
  /** The question, as the dialog's title (e.g. "Delete this conversation?"). */
  title: string;
  /** What happens, in a sentence or two; a price and the balance after it for paid actions. */
  body?: ReactNode;
  /** The confirming button's label; it names the action ("Delete", "Send for 20 credits"), never just "OK". */
  confirmLabel: string;
  /** `danger` for what cannot be undone (delete, block, withdraw); `primary` otherwise. */
  variant?: 'danger' | 'primary';
}

export interface TPending extends TConfirmRequest {
  resolve: (isConfirmed: boolean) => void;
}

/** The dialog loads when a question is first asked (issue 32: react-bootstrap's Modal is not on every page's path). */
const ConfirmDialog = lazyDialog(() => import('./confirm-dialog-modal.tsx'));

/**
 * The app's own confirmation dialog, in place of the browser's `confirm()`: translated, styled, keyboard accessible
 * (react-bootstrap Modal: focus kept inside, Escape cancels, focus returns to the button that opened it). The
 * cancelling button has focus first, so Enter on a destructive question does not destroy.
 *
 * const { confirm, dialog } = useConfirm();
 * if (!(await confirm({ title: t('chat.delete_confirm'), confirmLabel: t('chat.delete'), variant: 'danger' }))) return;
 * … and render {dialog} once in the component.
 */
export function useConfirm(): { confirm: (request: TConfirmRequest) => Promise<boolean>; dialog: ReactNode } {
  // The last request stays after it is answered, so its text remains on screen while the dialog fades out.
  const [pending, setPending] = useState<{ request: TPending; isOpen: boolean } | null>(null);
  const confirm = useCallback(
    (request: TConfirmRequest) =>
      new Promise<boolean>((resolve) => {
        setPending({ request: { ...request, resolve }, isOpen: true });
      }),
    [],
  );
  const settle = (isConfirmed: boolean) => {
    if (!pending?.isOpen) return;
    pending.request.resolve(isConfirmed);
    setPending({ ...pending, isOpen: false });
  };
  return {
    confirm,
    dialog: <ConfirmDialog shown={pending?.request ?? null} show={pending?.isOpen ?? false} onSettle={settle} />,
  };
}
