import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TChatMessage } from '#common/chat.ts';
import { ChatBlocker } from './chat-blocker.tsx';
import { Composer, type TComposerModal } from './composer.tsx';
import { GiftPicker } from './gift-picker.tsx';
import { IcebreakerModal } from './icebreaker-modal.tsx';
import { MessageList } from './message-list.tsx';
import { PhotoPicker } from './photo-picker.tsx';
import { useConversationSync } from './use-conversation-sync.ts';
import { type TContent, useOutbox } from './use-outbox.ts';

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
 * idempotency key, so a retry is charged once), load older, typing indicator, 'Seen', and the credit costs.
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
  const [text, setText] = useState('');
  const outbox = useOutbox({
    otherProfileId: props.otherProfileId,
    conversationId,
    merge,
    onStarted: props.onStarted,
    onTextBack: setText,
  });
  const [modal, setModal] = useState<TComposerModal | null>(null);
  const textarea = useRef<HTMLTextAreaElement>(null);
  const send = (content: TContent) => {
    setModal(null);
    outbox.queue(content);
  };

  return (
    <div className="d-flex flex-column flex-grow-1" style={{ maxWidth: 800, minHeight: 0 }}>
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
        onPick={(gift) => send({ kind: 'gift', gift })}
        onHide={() => setModal(null)}
      />
      <PhotoPicker
        show={modal === 'photos'}
        name={otherName}
        price={props.prices.photo}
        onPick={(choice) => send({ kind: 'photo', ...choice })}
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
    </div>
  );
}
