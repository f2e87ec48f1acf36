import { type ComponentProps, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TChatMessage } from '#common/chat.ts';
import { useConfirm } from '#web/components/confirm-dialog.tsx';
import { useCredits } from '#web/lib/credits-store.ts';
import { useRootData } from '#web/lib/use-root-data.ts';
import { ChatBlocker } from './chat-blocker.tsx';
import { Composer, type TComposerModal } from './composer.tsx';
import { MessageList } from './message-list.tsx';
import { useDraft } from './use-draft.ts';
import { useConversationSync } from './use-conversation-sync.ts';
import { type TContent, useOutbox } from './use-outbox.ts';
import { lazyDialog } from '#web/components/lazy-dialog.tsx';
import type { GiftPicker as TGiftPicker } from './gift-picker.tsx';
import type { IcebreakerModal as TIcebreakerModal } from './icebreaker-modal.tsx';
import type { PhotoPicker as TPhotoPicker } from './photo-picker.tsx';

// The composer's pickers load when first opened (issue 32: react-bootstrap's Modal is not on the chat list's path).
const GiftPicker = lazyDialog<ComponentProps<typeof TGiftPicker>>(() =>
  import('./gift-picker.tsx').then((m) => ({ default: m.GiftPicker })),
);
const PhotoPicker = lazyDialog<ComponentProps<typeof TPhotoPicker>>(() =>
  import('./photo-picker.tsx').then((m) => ({ default: m.PhotoPicker })),
);
const IcebreakerModal = lazyDialog<ComponentProps<typeof TIcebreakerModal>>(() =>
  import('./icebreaker-modal.tsx').then((m) => ({ default: m.IcebreakerModal })),
);

export interface TConversationProps {
  conversationId: number | null;
  otherProfileId: number;
  /** The other member's name: icebreakers, typing indicator, photo descriptions. */
  otherName: string;
  initial: TChatMessage[];
  hasOlder: boolean;
  /** The other member has seen my messages up to this id. */
  readUpTo: number;
  messageLength: number;
  /** Site prices (spec §3 settings message_credits, photo_credits, gift_credits). */
  prices: { message: number; photo: number; gift: number };
  /** Called with the conversation id after the first message of a new conversation. */
  onStarted?: (conversationId: number) => void;
  /** Offer the icebreaker suggestions (a first message). */
  icebreakers?: boolean;
  /** The other member deleted their account: no composer, a note instead. */
  closed?: boolean;
}

/** The prices a conversation shows, from the site settings (spec §3). */
export function chatPrices(site: { messageCredits: number; photoCredits: number; giftCredits: number }) {
  return { message: site.messageCredits, photo: site.photoCredits, gift: site.giftCredits };
}

/**
 * Messages of one conversation with the composer: texts, gifts and photos; sending, failed-with-retry (the same
 * idempotency key, so a retry is charged once), load older, typing indicator, 'Seen', and the credit costs; paid
 * gifts and photos are confirmed first, and the draft is kept per conversation.
 */
export function Conversation(props: TConversationProps) {
  const { t } = useTranslation();
  const { conversationId, otherName } = props;
  const { messages, merge, readUpTo, typing } = useConversationSync({
    conversationId,
    otherProfileId: props.otherProfileId,
    initial: props.initial,
    initialReadUpTo: props.readUpTo,
    onStarted: props.onStarted,
    onOwnDelivered: (key) => outbox.drop(key),
  });
  // The draft survives leaving the page (to buy credits, say) for this tab's session.
  const [text, setText] = useDraft(conversationId, props.otherProfileId);
  const outbox = useOutbox({
    otherProfileId: props.otherProfileId,
    conversationId,
    merge,
    onStarted: props.onStarted,
    onTextBack: setText,
  });
  const [modal, setModal] = useState<TComposerModal | null>(null);
  const textarea = useRef<HTMLTextAreaElement>(null);
  const credits = useCredits(useRootData()?.user?.credits ?? 0);
  const { confirm, dialog } = useConfirm();
  const send = (content: TContent) => {
    setModal(null);
    outbox.queue(content);
  };
  /**
   * A gift or a photo costs more than a text: it goes out only after the member confirmed its price and the balance
   * after it. Without enough credits it is sent at once, so the refusal names the way out (buy credits).
   */
  const sendPaid = async (content: Exclude<TContent, { kind: 'text' }>) => {
    setModal(null);
    const price = content.kind === 'gift' ? props.prices.gift : props.prices.photo;
    if (price > 0 && credits >= price) {
      const isConfirmed = await confirm({
        title:
          content.kind === 'gift'
            ? t('chat.confirm_gift', { gift: t(`gifts.${content.gift}`), name: otherName })
            : t('chat.confirm_photo', { name: otherName }),
        body: (
          <>
            {content.kind === 'photo' ? (
              <img
                src={content.preview}
                alt=""
                width={120}
                height={120}
                className="rounded-2 d-block mx-auto mb-3"
                style={{ objectFit: 'cover' }}
              />
            ) : null}
            <p className="mb-1">{t('chat.confirm_price', { count: price })}</p>
            <p className="mb-0">{t('chat.confirm_after', { count: credits - price })}</p>
          </>
        ),
        confirmLabel: t('chat.confirm_send', { count: price }),
      });
      if (!isConfirmed) {
        if (content.kind === 'photo' && content.file) URL.revokeObjectURL(content.preview);
        return;
      }
    }
    send(content);
  };

  return (
    <div className="d-flex flex-column flex-grow-1 chat-screen" style={{ maxWidth: 800 }}>
      <MessageList
        conversationId={conversationId}
        messages={messages}
        merge={merge}
        hasOlder={props.hasOlder}
        readUpTo={readUpTo}
        outgoing={outbox.outgoing}
        onRetry={(item) => void outbox.retry(item)}
        otherName={otherName}
        typing={typing}
      />
      <div className="small text-body-secondary px-3" style={{ minHeight: '1.5em' }} aria-live="polite">
        {typing ? t('chat.typing', { name: otherName }) : ''}
      </div>
      {outbox.blocker ? <ChatBlocker blocker={outbox.blocker} /> : null}
      {props.closed ? (
        <p className="border-top p-3 mb-0 small text-body-secondary" role="note">
          {t('erasure.conversation_closed')}
        </p>
      ) : (
        <Composer
          conversationId={conversationId}
          text={text}
          onText={setText}
          onSend={(value) => send({ kind: 'text', text: value })}
          onOpen={setModal}
          textarea={textarea}
          messageLength={props.messageLength}
          messagePrice={props.prices.message}
          icebreakers={props.icebreakers}
        />
      )}
      <GiftPicker
        show={modal === 'gifts'}
        name={otherName}
        price={props.prices.gift}
        onPick={(gift) => void sendPaid({ kind: 'gift', gift })}
        onHide={() => setModal(null)}
      />
      <PhotoPicker
        show={modal === 'photos'}
        name={otherName}
        price={props.prices.photo}
        onPick={(choice) => void sendPaid({ kind: 'photo', ...choice })}
        onHide={() => setModal(null)}
      />
      <IcebreakerModal
        show={modal === 'icebreakers'}
        otherName={otherName}
        onPick={(opener) => {
          setText(opener);
          setModal(null);
        }}
        onHide={() => setModal(null)}
        textarea={textarea}
      />
      {dialog}
    </div>
  );
}
